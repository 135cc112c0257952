import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import type { Config } from '../src/platform/config.js';
import { closeApp, describeEachDatabase, TestContext, testConfig, testDatabases } from './support/app.js';
import { orgWithOwner } from './support/keys.js';
import { unlimitedPlan } from './support/plans.js';

/**
 * POST /orgs/{org}/series/{series}/mint: the console's mint (the playground's Mint tab). It
 * reserves through the same mint service as POST /gen/mint, so it hands out the series' next
 * positions, never one twice, and only to the organisation's admins and owners.
 */
describeEachDatabase('console mint of a series', (ctx) => {
  const mintUrl = (org: string, series: string) => `/api/v1/orgs/${org}/series/${series}/mint`;
  const sliceUrl = (org: string, series: string) => `/api/v1/orgs/${org}/series/${series}/slice`;

  it('hands out the next positions of the series and counts them as generated', async () => {
    const a = await orgWithOwner(ctx(), 'console-mint');
    const s = await a.series('Tickets', '{adjective}-{noun}-{number:3d}');
    const first = await ctx().request('POST', mintUrl(a.org, s.slug), {
      token: a.owner.token,
      body: { count: 3 },
    });
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(3);
    const second = await ctx().request('POST', mintUrl(a.org, s.slug), {
      token: a.owner.token,
      body: { count: 2 },
    });
    expect(second.body).toHaveLength(2);
    // The window from position 0 is exactly what was minted, in order.
    const window = await ctx().request('POST', sliceUrl(a.org, s.slug), {
      token: a.owner.token,
      body: { count: 5, sequence: 0 },
    });
    expect(window.body).toEqual([...first.body, ...second.body]);
    const info = await ctx().request('GET', `/api/v1/orgs/${a.org}/series/${s.slug}`, {
      token: a.owner.token,
    });
    expect(info.body.generated_count).toBe('5');
    // Counted in the usage statistics like any mint (two requests, five slugs).
    await ctx().app.stats.recorder.flush();
    await ctx().app.stats.aggregate();
    const latest = await ctx().request('GET', `/api/v1/orgs/${a.org}/series/${s.slug}/stats/latest`, {
      token: a.owner.token,
    });
    expect(latest.body).toContainEqual(
      expect.objectContaining({ event_type: 'mint', date_part: 'total', total_count: 5, request_count: 2 }),
    );
  });

  it('never hands out a position twice to concurrent mints', async () => {
    const a = await orgWithOwner(ctx(), 'console-mint-race');
    const s = await a.series('Race', '{adjective}-{noun}-{number:4d}');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        ctx().request('POST', mintUrl(a.org, s.slug), { token: a.owner.token, body: { count: 4 } }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const all = answers.flatMap((r) => r.body as string[]);
    expect(all).toHaveLength(24);
    expect(new Set(all).size).toBe(24);
    const window = await ctx().request('POST', sliceUrl(a.org, s.slug), {
      token: a.owner.token,
      body: { count: 24, sequence: 0 },
    });
    expect([...window.body].sort()).toEqual([...all].sort());
  });

  it('lets admins mint and refuses members, strangers and callers without a token', async () => {
    const a = await orgWithOwner(ctx(), 'console-mint-roles');
    const s = await a.series('Roles');
    const [admin, member, stranger] = await Promise.all(
      ['mint-admin', 'mint-member', 'mint-stranger'].map((n) => ctx().person(n)),
    );
    for (const [p, role] of [
      [admin, 'admin'],
      [member, 'member'],
    ] as const) {
      await ctx().join(a.org, a.owner, p, role);
    }
    const url = mintUrl(a.org, s.slug);
    const body = { count: 1 };
    expect((await ctx().request('POST', url, { token: admin.token, body })).body).toHaveLength(1);
    expect(await ctx().request('POST', url, { token: member.token, body })).toMatchObject({
      status: 403,
      body: { code: 403, details: { required_role: 'admin' } },
    });
    expect((await ctx().request('POST', url, { token: stranger.token, body })).status).toBe(404);
    expect((await ctx().request('POST', url, { body })).status).toBe(401);
    // The refused calls consumed nothing.
    const info = await ctx().request('GET', `/api/v1/orgs/${a.org}/series/${s.slug}`, {
      token: a.owner.token,
    });
    expect(info.body.generated_count).toBe('1');
  });

  it('refuses bad counts, unknown series and an exhausted series without consuming', async () => {
    const a = await orgWithOwner(ctx(), 'console-mint-bad');
    // Ten positions in all.
    const s = await a.series('Small', 'n{number:1d}');
    expect(s.capacity).toBe('10');
    const url = mintUrl(a.org, s.slug);
    const token = a.owner.token;
    for (const body of [
      { count: 0 },
      { count: -1 },
      { count: 1.5 },
      { count: '3' },
      {},
      { count: 1, x: 1 },
    ]) {
      const r = await ctx().request('POST', url, { token, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.code).toBe(400);
    }
    // The organisation's plan (Free) holds console mints to its per-request maximum, as /gen/mint.
    expect((await ctx().request('POST', url, { token, body: { count: 10_001 } })).body).toMatchObject({
      code: 429,
      message: 'Count is too large (maximum: 100)',
      details: { reason: 'request-size-exceeded', limit: 'max_mint_per_request' },
    });
    expect(
      (await ctx().request('POST', mintUrl(a.org, 'no-such-series'), { token, body: { count: 1 } })).status,
    ).toBe(404);
    expect((await ctx().request('POST', url, { token, body: { count: 8 } })).body).toHaveLength(8);
    const over = await ctx().request('POST', url, { token, body: { count: 3 } });
    expect(over).toMatchObject({
      status: 409,
      body: { details: { reason: 'series_exhausted', requested: 3, remaining: '2' } },
    });
    expect((await ctx().request('POST', url, { token, body: { count: 2 } })).body).toHaveLength(2);
  });
});

/**
 * Two server nodes on one PostgreSQL schema mint from the same series at the same time. Inside
 * one app, reservations of a series are queued behind each other, so only the database keeps two
 * nodes apart: the second app is built from a fresh copy of the server's modules (nothing of the
 * first one's module state shared, as with two processes).
 */
describe.runIf(testDatabases.includes('postgres'))('[postgres] two apps minting from one series', () => {
  let config: Config;
  let nodes: TestContext[] = [];
  beforeAll(async () => {
    config = testConfig('postgres');
    const first = await buildApp(config);
    vi.resetModules();
    const fresh = (await import('../src/app.js')) as typeof import('../src/app.js');
    expect(fresh.buildApp).not.toBe(buildApp);
    // The second node finds the schema migrated and seeded by the first.
    const second = await fresh.buildApp({ ...config });
    nodes = [new TestContext(first, config), new TestContext(second, { ...config })];
  });
  afterAll(async () => {
    if (nodes[1]) await nodes[1].app.server.close();
    if (nodes[0]) await closeApp(nodes[0].app, config);
  });

  it('hands out every position once, with no gap, when both nodes mint concurrently', async () => {
    const [a, b] = nodes;
    const org = await orgWithOwner(a, 'two-node-mint');
    await unlimitedPlan(a, org.org);
    // No two words are neighbours, so no position is skipped as an awkward pair: every position
    // reserved is handed out, and the counter equals the slugs.
    const s = await org.series('Shared', '{adjective}-{number:4d}-{noun}');
    const { key } = await org.apiKey({ scopes: ['mint', 'slice'] });
    const mint = (node: TestContext, count: number) =>
      node.request('POST', '/api/v1/gen/mint', {
        body: { series: s.slug, count },
        headers: { 'x-api-key': key },
      });
    // Uneven counts, interleaved between the nodes, all in flight together.
    const counts = Array.from({ length: 24 }, (_, i) => 1 + (i % 7));
    const answers = await Promise.all(counts.map((count, i) => mint(i % 2 === 0 ? a : b, count)));
    expect(answers.map((r) => r.status)).toEqual(counts.map(() => 200));
    const total = counts.reduce((x, y) => x + y, 0);
    const all = answers.flatMap((r) => r.body as string[]);
    expect(answers.map((r) => r.body.length)).toEqual(counts);
    // No duplicates.
    expect(new Set(all).size).toBe(total);
    // No gap: the answers are exactly positions 0 .. total-1, each request a run of consecutive ones.
    const window = await b.request('POST', '/api/v1/gen/slice', {
      body: { series: s.slug, count: total, sequence: 0 },
      headers: { 'x-api-key': key },
    });
    expect(window.status).toBe(200);
    expect([...window.body].sort()).toEqual([...all].sort());
    const position = new Map((window.body as string[]).map((slug, i) => [slug, i]));
    for (const r of answers) {
      const at = (r.body as string[]).map((slug) => position.get(slug) as number);
      expect(at).toEqual(at.map((_, i) => at[0] + i));
    }
    const info = await a.request('GET', `/api/v1/orgs/${org.org}/series/${s.slug}`, {
      token: org.owner.token,
    });
    expect(info.body.generated_count).toBe(String(total));
  });
});
