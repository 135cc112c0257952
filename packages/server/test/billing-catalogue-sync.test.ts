import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { releaseLease, takeLease } from '../src/areas/billing/lease.js';
import type { ProviderRuntime } from '../src/areas/billing/provider.js';
import { Billing } from '../src/areas/billing/service.js';
import { billingLeases } from '../src/db/schema.js';
import { describeEachDatabase, type TestContext } from './support/app.js';

/**
 * The catalogue sync runs once across nodes: each `Billing` below is one node's (its own
 * in-process single flight), all on one database, so only the lease in the database keeps them
 * from syncing together. The provider is the app's local sandbox, counted and slowed down.
 */

const LEASE = 'catalogue-sync';

function countingNodes(ctx: TestContext, count: number) {
  const real = ctx.app.billing.provider;
  const counter = { syncs: 0 };
  const provider: ProviderRuntime = {
    ...real,
    async syncCatalogue(items, known) {
      counter.syncs++;
      await sleep(200);
      return real.syncCatalogue(items, known);
    },
  };
  const nodes = Array.from({ length: count }, () => new Billing(provider, ctx.app.billing.deps));
  return { nodes, counter };
}

describeEachDatabase('catalogue sync across nodes', (ctx) => {
  it('three nodes asked together sync once; the others answer that sync as joined', async () => {
    const { nodes, counter } = countingNodes(ctx(), 3);
    const results = await Promise.all([...nodes.map((n) => n.syncCatalogue()), nodes[0]?.syncCatalogue()]);
    expect(counter.syncs).toBe(1);
    // Node 0 asked twice: one sync on that node, the same answer.
    expect(results[3]).toBe(results[0]);
    // One node synced; the other two waited for it.
    expect(results.slice(0, 3).filter((r) => r?.joined === false)).toHaveLength(1);
    const prices = new Set(results.map((r) => JSON.stringify(r?.prices.map((p) => p.providerId).sort())));
    expect(prices.size).toBe(1);
    expect(results[0]?.prices.length).toBeGreaterThan(0);
    // The lease is let go: the next sync runs at once.
    await nodes[1]?.syncCatalogue();
    expect(counter.syncs).toBe(2);
  });

  it('waits while another node holds the lease, then answers its result without syncing again', async () => {
    const { nodes, counter } = countingNodes(ctx(), 1);
    const [node] = nodes;
    if (!node) throw new Error('no node');
    await node.syncCatalogue();
    expect(await takeLease(ctx().app.database.db, LEASE, 'other-node', 60_000)).toBe(true);
    let done = false;
    const waiting = node.syncCatalogue().then((r) => {
      done = true;
      return r;
    });
    await sleep(400);
    expect(done).toBe(false);
    await releaseLease(ctx().app.database.db, LEASE, 'other-node');
    const result = await waiting;
    expect(result.joined).toBe(true);
    expect(counter.syncs).toBe(1);
  });

  it('takes over the lease of a node that died holding it once it expired', async () => {
    const { nodes, counter } = countingNodes(ctx(), 1);
    await ctx()
      .app.database.db.insert(billingLeases)
      .values({ name: LEASE, holder: 'dead-node', expiresAt: new Date(Date.now() - 1000) });
    const result = await nodes[0]?.syncCatalogue();
    expect(result?.joined).toBe(false);
    expect(counter.syncs).toBe(1);
  });

  it('staff sync the catalogue now and read the outcome; others may not', async () => {
    const c = ctx();
    const admin = await c.admin();
    const synced = await c.request('POST', '/api/v1/admin/local/catalogue/sync', { token: admin.token });
    expect(synced.status, JSON.stringify(synced.body)).toBe(200);
    expect(synced.body).toMatchObject({ provider: 'local', joined: false });
    expect(synced.body.prices).toBeGreaterThan(0);
    expect(synced.body.products).toBeGreaterThan(0);
    expect(Date.parse(synced.body.finished_at)).toBeGreaterThan(Date.now() - 60_000);
    const other = await c.request('POST', '/api/v1/admin/paddle/catalogue/sync', { token: admin.token });
    expect(other).toMatchObject({ status: 404, body: { message: 'Unknown payment provider' } });
    const person = await c.person('catalogue-not-staff');
    expect(
      (await c.request('POST', '/api/v1/admin/local/catalogue/sync', { token: person.token })).status,
    ).toBe(403);
    expect((await c.request('POST', '/api/v1/admin/local/catalogue/sync')).status).toBe(401);
  });
});
