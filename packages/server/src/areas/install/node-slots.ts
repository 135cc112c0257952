import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Database } from '../../db/connect.js';

/**
 * The concurrent-node count of an install. Each node holds one slot of 1..max_nodes while it
 * serves generation calls. Two bounds, in beats of the heartbeat interval:
 *
 * - a node serves only until SERVE_BEATS after the START of its last confirmed heartbeat (its own
 *   monotonic clock: a node cut off from the database stops serving on its own);
 * - another node may take the slot only once the row's `heartbeat_at` (the database's time of that
 *   heartbeat, never earlier than its start) is FREE_BEATS old, under an advisory lock.
 *
 * Both bounds are counted in the HOLDER's interval, which each node writes into its row: a node
 * with a short interval frees a slow node's slot only FREE_BEATS of the slow node's beats later
 * (nodes started with different LICENSE_HEARTBEAT_SECONDS). FREE_BEATS > SERVE_BEATS, so a slot
 * is taken strictly after its last holder stopped serving: never max_nodes + 1 serving. A node that dies frees its slot FREE_BEATS after its last beat, and
 * a waiting node takes it at its next beat (within FREE_BEATS + 1 intervals: 25 s by default).
 */
export const SERVE_BEATS = 3;
export const FREE_BEATS = 4;

/** A row whose holder has missed FREE_BEATS of its own heartbeat interval. */
const STALE = `heartbeat_at < now() - make_interval(secs => ${FREE_BEATS} * heartbeat_ms / 1000.0)`;

export interface InstallNode {
  id: string;
  host: string;
  pid: number;
  started_at: Date;
  heartbeat_at: Date;
  slot: number | null;
}

export class NodeSlots {
  readonly id = randomUUID();
  readonly host = hostname();
  readonly startedAt = new Date();
  private slot: number | null = null;
  /** performance.now() until which this node may serve. */
  private servingUntil = 0;

  constructor(
    private readonly database: Database,
    readonly heartbeatMs: number,
  ) {}

  /** The slot this node serves on, while its heartbeat is fresh; null otherwise. */
  servingSlot(): number | null {
    return this.slot !== null && performance.now() < this.servingUntil ? this.slot : null;
  }

  /** One heartbeat: keeps the slot held, else claims a free one (or registers as waiting). */
  async beat(maxNodes: number): Promise<number | null> {
    const started = performance.now();
    if (this.slot !== null && this.slot <= maxNodes) {
      const kept = await this.exec(
        'UPDATE install_nodes SET heartbeat_at = now(), heartbeat_ms = $3 WHERE id = $1 AND slot = $2 RETURNING slot',
        [this.id, this.slot, this.heartbeatMs],
      );
      if (kept.length === 1) {
        this.servingUntil = started + SERVE_BEATS * this.heartbeatMs;
        return this.slot;
      }
    }
    // Lost (found stale by another node) or beyond a renewed licence's max_nodes: claim anew.
    this.slot = null;
    this.servingUntil = 0;
    const slot = await this.claim(maxNodes);
    if (slot !== null) {
      this.servingUntil = started + SERVE_BEATS * this.heartbeatMs;
      this.slot = slot;
    }
    return slot;
  }

  private async claim(maxNodes: number): Promise<number | null> {
    const rows = await this.database.rawTransaction(async (exec) => {
      // Serialises the claims of every node of this install (its schema).
      await exec(
        `SELECT pg_advisory_xact_lock(hashtext(current_schema() || ':slugsmith-install-slots'))`,
        [],
      );
      // now() is this transaction's start, before the lock was granted: staleness errs late.
      // Stale by the row's own interval, never by this node's.
      await exec(`DELETE FROM install_nodes WHERE ${STALE}`, []);
      return exec(
        `INSERT INTO install_nodes (id, host, pid, started_at, heartbeat_at, slot, heartbeat_ms)
         SELECT $1, $2, $3, $4, now(), min(s), $6 FROM generate_series(1, $5::int) AS s
          WHERE s NOT IN (SELECT slot FROM install_nodes WHERE slot IS NOT NULL AND id <> $1)
         ON CONFLICT (id) DO UPDATE SET heartbeat_at = now(), slot = excluded.slot,
           heartbeat_ms = excluded.heartbeat_ms
         RETURNING slot`,
        [this.id, this.host, process.pid, this.startedAt.toISOString(), maxNodes, this.heartbeatMs],
      );
    });
    return (rows[0]?.slot as number | null | undefined) ?? null;
  }

  /**
   * PGlite is one process by design (its data directory is locked): rows left by an earlier run
   * that was killed belong to no living node, so the restarted node need not wait them out.
   */
  async forgetEarlierRuns(): Promise<void> {
    if (this.database.kind === 'pglite') await this.exec('DELETE FROM install_nodes', []);
  }

  /** Gives the slot back at once (graceful stop): another node may take it at its next beat. */
  async deregister(): Promise<void> {
    this.slot = null;
    this.servingUntil = 0;
    await this.exec('DELETE FROM install_nodes WHERE id = $1', [this.id]);
  }

  /** Every registered node, serving ones first; stale rows (not yet cleared) are left out. */
  async list(): Promise<InstallNode[]> {
    const rows = await this.exec(
      `SELECT id, host, pid, started_at, heartbeat_at, slot FROM install_nodes
        WHERE NOT (${STALE})
        ORDER BY slot NULLS LAST, started_at`,
      [],
    );
    return rows as unknown as InstallNode[];
  }

  private exec(sql: string, params: unknown[]): Promise<Record<string, unknown>[]> {
    return this.database.rawTransaction((exec) => exec(sql, params));
  }
}
