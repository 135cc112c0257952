/**
 * Each install node records its own heartbeat interval: the slot it holds is freed only after
 * FREE_BEATS of THAT interval, whatever the interval of the node that frees it (nodes configured
 * with different LICENSE_HEARTBEAT_SECONDS never serve on one slot). A row written before this
 * column existed counts as the longest allowed interval (60 s), which errs towards keeping it.
 */
export const sql = /* sql */ `
ALTER TABLE install_nodes ADD COLUMN heartbeat_ms integer NOT NULL DEFAULT 60000 CHECK (heartbeat_ms > 0);
`;
