/**
 * The nodes of an on-premise install (a server started with LICENSE): each registers, heartbeats
 * and holds one of the licence's `max_nodes` slots while it serves generation calls. The unique
 * slot is the last guard against two nodes on one slot; claims are serialised by an advisory lock.
 */
export const sql = /* sql */ `
CREATE TABLE install_nodes (
  id uuid PRIMARY KEY,
  host text NOT NULL,
  pid integer NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  heartbeat_at timestamptz NOT NULL DEFAULT now(),
  slot integer CHECK (slot >= 1)
);
CREATE UNIQUE INDEX install_nodes_slot_idx ON install_nodes (slot);
`;
