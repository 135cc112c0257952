import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { Config } from '../src/platform/config.js';
import { closeApp, TestContext, testConfig, testDatabases } from './support/app.js';
import { orgWithOwner } from './support/keys.js';

/**
 * Calls of an org-wide key that name no series work on the organisation's default series (issue
 * 32 item 4): they count under that series exactly like calls that name it, so a series'
 * statistics agree with the organisation's totals.
 */

type Row = { date_part: string; event_type: string; total_count: number; request_count: number };

/** The all-time rows of a statistics answer, as "event count/requests". */
function totals(rows: Row[]): string[] {
  return rows
    .filter((r) => r.date_part === 'total')
    .map((r) => `${r.event_type} ${r.total_count}/${r.request_count}`)
    .sort();
}

for (const kind of testDatabases) {
  describe(`[${kind}] statistics of the default series`, () => {
    let ctx: TestContext;
    let config: Config;
    beforeAll(async () => {
      config = testConfig(kind);
      // No background flushes: the test flushes and aggregates when it reads.
      ctx = new TestContext(await buildApp(config, { stats: { timers: false } }), config);
    });
    afterAll(async () => {
      if (ctx) await closeApp(ctx.app, config);
    });

    async function settle(): Promise<void> {
      await ctx.app.stats.recorder.flush();
      expect(await ctx.app.stats.aggregate()).toMatchObject({ ran: true });
    }

    /** An organisation with two series whose default is the second (chosen, not merely the first). */
    async function orgWithDefault(name: string) {
      const a = await orgWithOwner(ctx, name);
      const first = await a.series('First', '{adjective}-{noun}-{number:4d}');
      const chosen = await a.series('Chosen', '{adjective}-{noun}-{number:4d}');
      const made = await ctx.request('PUT', `/api/v1/orgs/${a.org}/default-series`, {
        token: a.owner.token,
        body: { series: chosen.slug },
      });
      expect(made.status).toBe(200);
      const key = await a.apiKey({ name: 'org-wide' });
      const headers = { 'x-api-key': key.key };
      const call = (url: string, body?: object) => ctx.request('POST', `/api/v1${url}`, { headers, body });
      const stats = async (series: string) => {
        const r = await ctx.request('GET', `/api/v1/orgs/${a.org}/series/${series}/stats/latest`, {
          token: a.owner.token,
        });
        expect(r.status).toBe(200);
        return totals(r.body);
      };
      const orgStats = async () => {
        const r = await ctx.request('GET', `/api/v1/orgs/${a.org}/stats/latest`, { token: a.owner.token });
        expect(r.status).toBe(200);
        return totals(r.body);
      };
      return { ...a, first, chosen, headers, call, stats, orgStats };
    }

    it('counts mint, slice and reset without a series under the default series, as the organisation totals', async () => {
      const o = await orgWithDefault('stats-default');
      for (let i = 0; i < 3; i++) {
        expect((await o.call('/gen/mint', { count: 1 })).body).toHaveLength(1);
        expect((await o.call('/gen/slice', { count: 1, sequence: i })).body).toHaveLength(1);
        // A bare POST (no body at all) resets the default series too.
        expect((await o.call('/gen/reset', i === 0 ? undefined : {})).status).toBe(200);
      }
      for (let i = 0; i < 2; i++) {
        expect((await o.call('/gen/mint', { series: o.chosen.slug, count: 1 })).body).toHaveLength(1);
        expect(
          (await o.call('/gen/slice', { series: o.chosen.slug, count: 1, sequence: i })).body,
        ).toHaveLength(1);
        expect((await o.call('/gen/reset', { series: o.chosen.slug })).status).toBe(200);
      }
      await settle();

      const expected = ['mint 5/5', 'reset 5/5', 'slice 5/5'];
      expect(await o.stats(o.chosen.slug)).toEqual(expected);
      expect(await o.orgStats()).toEqual(expected);
      // The organisation's other series saw none of it.
      expect(await o.stats(o.first.slug)).toEqual([]);
      // The key's own statistics route answers the same for the series named or left to default.
      const named = await o.call('/gen/stats/latest', { series: o.chosen.slug });
      expect(totals(named.body)).toEqual(expected);
    });

    it('counts concurrent calls, with and without the series named, once each under the default series', async () => {
      const o = await orgWithDefault('stats-default-concurrent');
      const answers = await Promise.all(
        Array.from({ length: 24 }, (_, i) =>
          o.call('/gen/mint', i % 3 === 0 ? { series: o.chosen.slug, count: 2 } : { count: 2 }),
        ),
      );
      expect(answers.map((r) => r.status)).toEqual(Array(24).fill(200));
      await settle();

      expect(await o.stats(o.chosen.slug)).toEqual(['mint 48/24']);
      expect(await o.orgStats()).toEqual(['mint 48/24']);
    });

    it('counts streams without a series under the default series', async () => {
      const o = await orgWithDefault('stats-default-streams');
      // Streams need a paid plan.
      const admin = await ctx.admin();
      const subscribed = await ctx.request('POST', `/api/v1/admin/orgs/${o.org}/subscriptions`, {
        token: admin.token,
        body: { plan: 'pro' },
      });
      expect(subscribed.status).toBe(201);
      const stream = (url: string, payload: object) =>
        ctx.app.server.inject({ method: 'POST', url: `/api/v1${url}`, headers: o.headers, payload });
      const minted = await stream('/gen/mint/stream', { count: 7, batch_size: 3 });
      expect(minted.body.trim().split('\n')).toHaveLength(7);
      const sliced = await stream('/gen/slice/stream', { count: 4, sequence: 0, batch_size: 2 });
      expect(sliced.body.trim().split('\n')).toHaveLength(4);
      await settle();

      expect(await o.stats(o.chosen.slug)).toEqual(['mint 7/1', 'slice 4/1']);
      expect(await o.orgStats()).toEqual(['mint 7/1', 'slice 4/1']);
      expect(await o.stats(o.first.slug)).toEqual([]);
    });

    it("counts the console's mint, slice and reset of a series under it", async () => {
      const o = await orgWithDefault('stats-default-console');
      const path = `/api/v1/orgs/${o.org}/series/${o.first.slug}`;
      const asOwner = (url: string, body?: object) =>
        ctx.request('POST', url, { token: o.owner.token, body });
      expect((await asOwner(`${path}/mint`, { count: 3 })).body).toHaveLength(3);
      expect((await asOwner(`${path}/slice`, { count: 2, sequence: 0 })).body).toHaveLength(2);
      expect((await asOwner(`${path}/reset`)).status).toBe(200);
      await settle();

      expect(await o.stats(o.first.slug)).toEqual(['mint 3/1', 'reset 1/1', 'slice 2/1']);
      expect(await o.stats(o.chosen.slug)).toEqual([]);
      expect(await o.orgStats()).toEqual(['mint 3/1', 'reset 1/1', 'slice 2/1']);
    });
  });
}
