import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_BEATS, NodeSlots, SERVE_BEATS } from '../src/areas/install/node-slots.js';
import { type Database, openDatabase } from '../src/db/connect.js';
import { migrate } from '../src/db/migrate.js';

/**
 * The slot rules of an install's nodes, step by step on one database (three NodeSlots stand for
 * three nodes; heartbeats are aged in the table instead of waited for). The same rules across
 * processes on PostgreSQL: install-nodes.test.ts.
 */
describe('[pglite] licence slots of concurrent nodes', () => {
  const BEAT_MS = 1_000;
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    await migrate(database);
  });
  afterAll(async () => database?.close());

  /** Makes a node's last heartbeat `beats` heartbeats old. */
  const age = (node: NodeSlots, beats: number) =>
    database.rawTransaction((exec) =>
      exec(`UPDATE install_nodes SET heartbeat_at = now() - make_interval(secs => $2) WHERE id = $1`, [
        node.id,
        (beats * BEAT_MS) / 1000,
      ]),
    );

  it('hands out max_nodes slots, frees a silent node’s only after the free bound, follows a renewal and a clean stop', async () => {
    expect(FREE_BEATS).toBeGreaterThan(SERVE_BEATS);
    const [a, b, c] = [0, 1, 2].map(() => new NodeSlots(database, BEAT_MS)) as [
      NodeSlots,
      NodeSlots,
      NodeSlots,
    ];
    expect([await a.beat(2), await b.beat(2), await c.beat(2)]).toEqual([1, 2, null]);
    expect([a.servingSlot(), c.servingSlot()]).toEqual([1, null]);

    // a falls silent: its slot stays its own until FREE_BEATS have passed.
    await age(a, FREE_BEATS - 0.1);
    expect(await c.beat(2)).toBeNull();
    await age(a, FREE_BEATS + 0.1);
    expect(await c.beat(2)).toBe(1);
    // a comes back: its row is gone and no slot is free, so it waits and does not serve.
    expect(await a.beat(2)).toBeNull();
    expect(a.servingSlot()).toBeNull();
    expect((await a.list()).map((n) => [n.id, n.slot])).toEqual([
      [c.id, 1],
      [b.id, 2],
      [a.id, null],
    ]);

    // A renewed licence for one node: the node on slot 2 gives it up, slot 1 stays.
    expect(await b.beat(1)).toBeNull();
    expect(await c.beat(1)).toBe(1);
    // A clean stop frees the slot at once.
    await c.deregister();
    expect(await a.beat(1)).toBe(1);
  });

  it('nodes with different heartbeat intervals: a slot is freed by its holder’s interval, never by the claimant’s', async () => {
    const slow = new NodeSlots(database, 60_000);
    const fast = new NodeSlots(database, 200);
    await slow.forgetEarlierRuns();
    expect(await slow.beat(1)).toBe(1);
    /** Makes the slow node's last heartbeat `seconds` old. */
    const ageSlow = (seconds: number) =>
      database.rawTransaction((exec) =>
        exec(`UPDATE install_nodes SET heartbeat_at = now() - make_interval(secs => $2) WHERE id = $1`, [
          slow.id,
          seconds,
        ]),
      );
    // Far beyond FREE_BEATS of the fast node's 0.2 s, within SERVE_BEATS of the slow node's 60 s:
    // the slow node still serves, so its slot is not free.
    await ageSlow(SERVE_BEATS * 60 - 1);
    expect(slow.servingSlot()).toBe(1);
    expect(await fast.beat(1)).toBeNull();
    expect(fast.servingSlot()).toBeNull();
    expect((await fast.list()).map((n) => [n.id, n.slot])).toEqual([
      [slow.id, 1],
      [fast.id, null],
    ]);
    // FREE_BEATS of the holder's own interval: the slot is free.
    await ageSlow(FREE_BEATS * 60 + 1);
    expect(await fast.beat(1)).toBe(1);
    // The other way round: the slow node frees the fast node's slot after 4 × 0.2 s, not 4 × 60 s.
    expect(await slow.beat(1)).toBeNull();
    await database.rawTransaction((exec) =>
      exec(`UPDATE install_nodes SET heartbeat_at = now() - interval '1 second' WHERE id = $1`, [fast.id]),
    );
    expect(await slow.beat(1)).toBe(1);
    await Promise.all([slow.deregister(), fast.deregister()]);
  });

  it('a node serves only until SERVE_BEATS after its last heartbeat began', async () => {
    const quick = new NodeSlots(database, 40);
    await quick.forgetEarlierRuns();
    expect(await quick.beat(1)).toBe(1);
    expect(quick.servingSlot()).toBe(1);
    await new Promise((r) => setTimeout(r, SERVE_BEATS * 40 + 20));
    expect(quick.servingSlot()).toBeNull();
    expect(await quick.beat(1)).toBe(1);
    expect(quick.servingSlot()).toBe(1);
  });
});
