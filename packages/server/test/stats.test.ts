import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.js';
import { aggregateStats } from '../src/areas/stats/aggregate.js';
import { StatsService } from '../src/areas/stats/service.js';
import type { Config } from '../src/platform/config.js';
import { closeApp, TestContext, testConfig, testDatabases } from './support/app.js';
import { orgWithOwner } from './support/keys.js';

/** The statistics clock of these tests: calls are counted in the minute it names. */
let clock = Date.parse('2026-03-01T23:59:30Z');
const at = (iso: string) => {
  clock = Date.parse(iso);
};

async function rawRows(app: App): Promise<number> {
  const [row] = await app.database.rawTransaction((exec) =>
    exec('SELECT count(*)::int AS n FROM stats_minutes', []),
  );
  return Number(row.n);
}

/** Rows of one organisation, summed over its series and keys, as "event date_part period count/requests". */
async function orgRows(app: App, orgId: string): Promise<string[]> {
  const rows = await app.database.rawTransaction((exec) =>
    exec(
      `SELECT event_type, date_part, period_start, sum(total_count)::bigint AS c, sum(request_count)::bigint AS r,
              min(total_duration_us)::bigint AS d
       FROM stats WHERE org_id = $1 GROUP BY event_type, date_part, period_start`,
      [orgId],
    ),
  );
  for (const r of rows) expect(Number(r.d)).toBeGreaterThan(0);
  return rows
    .map(
      (r) =>
        `${r.event_type} ${r.date_part} ${new Date(r.period_start as string).toISOString().slice(0, 13)} ${r.c}/${r.r}`,
    )
    .sort();
}

for (const kind of testDatabases) {
  describe(`[${kind}] statistics`, () => {
    let ctx: TestContext;
    let config: Config;
    beforeAll(async () => {
      config = testConfig(kind);
      ctx = new TestContext(await buildApp(config, { stats: { now: () => clock, timers: false } }), config);
    });
    afterAll(async () => {
      if (ctx) await closeApp(ctx.app, config);
    });

    it('counts a known sequence of calls into exactly the expected rows of every date part (UTC, weeks from Monday)', async () => {
      const a = await orgWithOwner(ctx, 'stats-sequence');
      // Streams need a paid plan.
      const admin = await ctx.admin();
      const subscribed = await ctx.request('POST', `/api/v1/admin/orgs/${a.org}/subscriptions`, {
        token: admin.token,
        body: { plan: 'pro' },
      });
      expect(subscribed.status).toBe(201);
      const series = await a.series('Tickets', '{adjective}-{noun}-{number:4d}');
      const key = await a.apiKey({ name: 'stats' });
      const headers = { 'x-api-key': key.key };
      const call = (url: string, body: unknown) => ctx.request('POST', `/api/v1${url}`, { headers, body });
      const stream = (url: string, body: unknown) =>
        ctx.app.server.inject({ method: 'POST', url: `/api/v1${url}`, headers, payload: body as object });
      const orgId = (
        (await ctx.app.database.rawTransaction((exec) =>
          exec('SELECT id FROM organisations WHERE slug = $1', [a.org]),
        )) as { id: string }[]
      )[0].id;

      // Sunday 1 March 2026, 23:59 UTC: the week began on Monday 23 February.
      at('2026-03-01T23:59:30Z');
      expect((await call('/gen/forge', { pattern: '{adjective}-{noun}', count: 5 })).body).toHaveLength(5);
      expect((await call('/gen/mint', { series: series.slug, count: 4 })).body).toHaveLength(4);
      // Monday 2 March, just after midnight: a new hour, day and week, the same month and year.
      at('2026-03-02T00:00:10Z');
      expect((await call('/gen/forge', { pattern: '{noun}', count: 3 })).body).toHaveLength(3);
      expect((await call('/gen/slice', { series: series.slug, count: 2, sequence: 100 })).body).toHaveLength(
        2,
      );
      const forged = await stream('/gen/forge/stream', { pattern: '{noun}-{number:3d}', count: 10 });
      expect(forged.body.trim().split('\n')).toHaveLength(10);
      expect((await call('/gen/reset', { series: series.slug })).status).toBe(200);
      // Refused calls are not counted.
      expect((await call('/gen/forge', { pattern: '{number:0d}', count: 1 })).status).toBe(400);
      at('2026-03-02T00:30:00Z');
      const consoleSlice = await ctx.request('POST', `/api/v1/orgs/${a.org}/series/${series.slug}/slice`, {
        token: a.owner.token,
        body: { count: 6, sequence: 0 },
      });
      expect(consoleSlice.body).toHaveLength(6);
      const minted = await stream('/gen/mint/stream', { series: series.slug, count: 7, batch_size: 3 });
      expect(minted.body.trim().split('\n')).toHaveLength(7);

      // Recording never writes on the request's path: nothing is in the database before a flush.
      expect(ctx.app.stats.recorder.pending).toBeGreaterThan(0);
      expect(await rawRows(ctx.app)).toBe(0);
      await ctx.app.stats.recorder.flush();
      expect(await rawRows(ctx.app)).toBeGreaterThan(0);
      expect(await ctx.app.stats.aggregate()).toMatchObject({ ran: true });
      expect(await rawRows(ctx.app)).toBe(0);

      const sun = '2026-03-01';
      const mon = '2026-03-02';
      expect(await orgRows(ctx.app, orgId)).toEqual(
        [
          `forge hour ${sun}T23 5/1`,
          `forge hour ${mon}T00 13/2`,
          `forge day ${sun}T00 5/1`,
          `forge day ${mon}T00 13/2`,
          'forge week 2026-02-23T00 5/1',
          `forge week ${mon}T00 13/2`,
          'forge month 2026-03-01T00 18/3',
          'forge year 2026-01-01T00 18/3',
          'forge total 1970-01-01T00 18/3',
          `mint hour ${sun}T23 4/1`,
          `mint hour ${mon}T00 7/1`,
          `mint day ${sun}T00 4/1`,
          `mint day ${mon}T00 7/1`,
          'mint week 2026-02-23T00 4/1',
          `mint week ${mon}T00 7/1`,
          'mint month 2026-03-01T00 11/2',
          'mint year 2026-01-01T00 11/2',
          'mint total 1970-01-01T00 11/2',
          `slice hour ${mon}T00 8/2`,
          `slice day ${mon}T00 8/2`,
          `slice week ${mon}T00 8/2`,
          'slice month 2026-03-01T00 8/2',
          'slice year 2026-01-01T00 8/2',
          'slice total 1970-01-01T00 8/2',
          `reset hour ${mon}T00 1/1`,
          `reset day ${mon}T00 1/1`,
          `reset week ${mon}T00 1/1`,
          'reset month 2026-03-01T00 1/1',
          'reset year 2026-01-01T00 1/1',
          'reset total 1970-01-01T00 1/1',
        ].sort(),
      );

      // The endpoints, read at 00:30 on Monday: the current period of every date part.
      const latest = await ctx.request('GET', `/api/v1/orgs/${a.org}/stats/latest`, { token: a.owner.token });
      expect(latest.status).toBe(200);
      const forgeRows = latest.body.filter((r: { event_type: string }) => r.event_type === 'forge');
      expect(
        forgeRows.map((r: { date_part: string; total_count: number }) => `${r.date_part} ${r.total_count}`),
      ).toEqual(['hour 13', 'day 13', 'week 13', 'month 18', 'year 18', 'total 18']);
      const total = forgeRows.find((r: { date_part: string }) => r.date_part === 'total');
      expect(total).toMatchObject({ request_count: 3, period_start: '1970-01-01T00:00:00.000Z' });
      expect(total.avg_duration_us).toBeCloseTo(total.total_duration_us / 18, 1);

      const seriesLatest = await ctx.request(
        'GET',
        `/api/v1/orgs/${a.org}/series/${series.slug}/stats/latest`,
        {
          token: a.owner.token,
        },
      );
      const seriesMonth = seriesLatest.body
        .filter((r: { date_part: string }) => r.date_part === 'month')
        .map((r: { event_type: string; total_count: number }) => `${r.event_type} ${r.total_count}`);
      expect(seriesMonth).toEqual(['mint 11', 'slice 8', 'reset 1']);

      // The key's own calls only: the console's slice of 6 had no key.
      const keyStats = await ctx.request('GET', `/api/v1/orgs/${a.org}/api-keys/${key.id}/stats`, {
        token: a.owner.token,
      });
      expect(
        keyStats.body
          .filter((r: { date_part: string }) => r.date_part === 'total')
          .map((r: { event_type: string; total_count: number }) => `${r.event_type} ${r.total_count}`),
      ).toEqual(['forge 18', 'mint 11', 'slice 2', 'reset 1']);

      // A history: the last two days of the series, oldest first.
      const history = await ctx.request(
        'GET',
        `/api/v1/orgs/${a.org}/series/${series.slug}/stats?date_part=day&periods=2`,
        {
          token: a.owner.token,
        },
      );
      expect(
        history.body.map(
          (r: { period_start: string; event_type: string; total_count: number }) =>
            `${r.period_start.slice(0, 10)} ${r.event_type} ${r.total_count}`,
        ),
      ).toEqual([`${sun} mint 4`, `${mon} mint 7`, `${mon} slice 8`, `${mon} reset 1`]);
      const oneDay = await ctx.request(
        'GET',
        `/api/v1/orgs/${a.org}/series/${series.slug}/stats?date_part=day&periods=1`,
        {
          token: a.owner.token,
        },
      );
      expect(oneDay.body.every((r: { period_start: string }) => r.period_start.startsWith(mon))).toBe(true);
      const badQuery = await ctx.request(
        'GET',
        `/api/v1/orgs/${a.org}/series/${series.slug}/stats?date_part=total`,
        {
          token: a.owner.token,
        },
      );
      expect(badQuery.status).toBe(400);

      // Key routes: the whole service (totals; only this organisation has calls here) or one
      // series (latest).
      const totals = await ctx.request('GET', '/api/v1/gen/stats/totals', { headers });
      expect(totals.body).toEqual(latest.body);
      const seriesByKey = await ctx.request('POST', '/api/v1/gen/stats/latest', {
        headers,
        body: { series: series.slug },
      });
      expect(seriesByKey.body).toEqual(seriesLatest.body);
      const unknownSeries = await ctx.request('POST', '/api/v1/gen/stats/latest', {
        headers,
        body: { series: 'nope' },
      });
      expect(unknownSeries.status).toBe(404);

      // The public ticker: every organisation together (only this one has calls here); reset rows
      // are there and named, for the ticker to leave out.
      const ticker = await ctx.request('GET', '/api/v1/stats/total');
      expect(ticker.status).toBe(200);
      expect(ticker.body).toEqual(latest.body);
      expect(ticker.body.some((r: { event_type: string }) => r.event_type === 'reset')).toBe(true);

      // Members only; another organisation's member sees nothing.
      const stranger = await ctx.person('stats-stranger');
      expect(
        (await ctx.request('GET', `/api/v1/orgs/${a.org}/stats/latest`, { token: stranger.token })).status,
      ).toBe(404);
    });

    it('a known sequence of calls split across two nodes, aggregated concurrently, gives exactly the expected rows', async () => {
      const a = await orgWithOwner(ctx, 'stats-two-nodes');
      const series = await a.series('Split', '{adjective}-{noun}-{number:4d}');
      const key = await a.apiKey({ name: 'split' });
      const headers = { 'x-api-key': key.key };
      const orgId = (
        (await ctx.app.database.rawTransaction((exec) =>
          exec('SELECT id FROM organisations WHERE slug = $1', [a.org]),
        )) as { id: string }[]
      )[0].id;

      // Node B: on PostgreSQL a second app on the same schema, called over HTTP like node A; on
      // PGlite (one process owns the data) a second statistics service over the same database,
      // which records B's share as B's route hooks would.
      type Call = { event: 'forge' | 'mint' | 'slice' | 'reset'; body: Record<string, unknown> };
      const viaHttp = (node: TestContext) => async (call: Call) => {
        const r = await node.request('POST', `/api/v1/gen/${call.event}`, { headers, body: call.body });
        expect(r.status).toBe(200);
        if (call.event !== 'reset') expect(r.body).toHaveLength(call.body.count as number);
      };
      let nodeB: { stats: StatsService; call: (call: Call) => Promise<void>; close: () => Promise<void> };
      if (kind === 'postgres') {
        const configB = testConfig(kind, { DATABASE_SCHEMA: (config.database as { schema: string }).schema });
        const appB = await buildApp(configB, { stats: { now: () => clock, timers: false } });
        nodeB = {
          stats: appB.stats,
          call: viaHttp(new TestContext(appB, configB)),
          close: () => appB.server.close(),
        };
      } else {
        const stats = new StatsService(ctx.app.database, ctx.app.server.log, {
          now: () => clock,
          timers: false,
        });
        nodeB = {
          stats,
          call: async ({ event, body }) => {
            stats.recorder.record({
              orgId,
              seriesId: null,
              seriesSlug: event === 'forge' ? null : series.slug,
              keyId: key.id,
              event,
              count: event === 'reset' ? 1 : (body.count as number),
              durationUs: 250,
            });
          },
          close: () => stats.stop(),
        };
      }
      const A = viaHttp(ctx);
      const B = nodeB.call;
      const forge = (count: number): Call => ({ event: 'forge', body: { pattern: '{noun}', count } });
      const mint = (count: number): Call => ({ event: 'mint', body: { series: series.slug, count } });

      try {
        // Sunday 1 March 2026, the last minute: the week began on Monday 23 February.
        at('2026-03-01T23:59:30Z');
        await A(forge(5));
        await B(mint(4));
        // Monday 2 March: a new hour, day and week.
        at('2026-03-02T00:00:10Z');
        await B(forge(3));
        await A({ event: 'slice', body: { series: series.slug, count: 2, sequence: 100 } });
        await B({ event: 'reset', body: { series: series.slug } });
        // The last second of March (Tuesday) and the first of April (Wednesday, the same week).
        at('2026-03-31T23:59:59Z');
        await A(forge(1));
        at('2026-04-01T00:00:00Z');
        await B(forge(2));
        // New Year's Eve (Thursday) and New Year's Day (Friday): a new year, the same week.
        at('2026-12-31T23:59:00Z');
        await B(mint(6));
        at('2027-01-01T00:00:00Z');
        await A(mint(1));

        // Each node holds its own share until it writes it.
        expect(ctx.app.stats.recorder.pending).toBe(4);
        expect(nodeB.stats.recorder.pending).toBe(5);
        // Both nodes flush and aggregate at once, twice over.
        const runs = await Promise.all([
          ctx.app.stats.aggregate(),
          nodeB.stats.aggregate(),
          nodeB.stats.recorder.flush(),
          ctx.app.stats.aggregate(),
          nodeB.stats.aggregate(),
        ]);
        expect(runs.some((r) => typeof r === 'object' && r.ran)).toBe(true);
        expect(ctx.app.stats.recorder.pending).toBe(0);
        expect(nodeB.stats.recorder.pending).toBe(0);
        while ((await rawRows(ctx.app)) > 0) await nodeB.stats.aggregate();
      } finally {
        await nodeB.close();
      }

      expect(await orgRows(ctx.app, orgId)).toEqual(
        [
          'forge hour 2026-03-01T23 5/1',
          'forge hour 2026-03-02T00 3/1',
          'forge hour 2026-03-31T23 1/1',
          'forge hour 2026-04-01T00 2/1',
          'forge day 2026-03-01T00 5/1',
          'forge day 2026-03-02T00 3/1',
          'forge day 2026-03-31T00 1/1',
          'forge day 2026-04-01T00 2/1',
          'forge week 2026-02-23T00 5/1',
          'forge week 2026-03-02T00 3/1',
          'forge week 2026-03-30T00 3/2',
          'forge month 2026-03-01T00 9/3',
          'forge month 2026-04-01T00 2/1',
          'forge year 2026-01-01T00 11/4',
          'forge total 1970-01-01T00 11/4',
          'mint hour 2026-03-01T23 4/1',
          'mint hour 2026-12-31T23 6/1',
          'mint hour 2027-01-01T00 1/1',
          'mint day 2026-03-01T00 4/1',
          'mint day 2026-12-31T00 6/1',
          'mint day 2027-01-01T00 1/1',
          'mint week 2026-02-23T00 4/1',
          'mint week 2026-12-28T00 7/2',
          'mint month 2026-03-01T00 4/1',
          'mint month 2026-12-01T00 6/1',
          'mint month 2027-01-01T00 1/1',
          'mint year 2026-01-01T00 10/2',
          'mint year 2027-01-01T00 1/1',
          'mint total 1970-01-01T00 11/3',
          'slice hour 2026-03-02T00 2/1',
          'slice day 2026-03-02T00 2/1',
          'slice week 2026-03-02T00 2/1',
          'slice month 2026-03-01T00 2/1',
          'slice year 2026-01-01T00 2/1',
          'slice total 1970-01-01T00 2/1',
          'reset hour 2026-03-02T00 1/1',
          'reset day 2026-03-02T00 1/1',
          'reset week 2026-03-02T00 1/1',
          'reset month 2026-03-01T00 1/1',
          'reset year 2026-01-01T00 1/1',
          'reset total 1970-01-01T00 1/1',
        ].sort(),
      );
    });

    it('folds every minute row exactly once while two nodes aggregate concurrently', async () => {
      // Node B: a second app on the same PostgreSQL schema, or on PGlite (one process owns the
      // data) a second statistics service over the same database.
      let nodeB: { stats: StatsService; close: () => Promise<void> };
      if (kind === 'postgres') {
        const configB = testConfig(kind, { DATABASE_SCHEMA: (config.database as { schema: string }).schema });
        const appB = await buildApp(configB, { stats: { now: () => clock, timers: false } });
        nodeB = { stats: appB.stats, close: () => appB.server.close() };
      } else {
        const stats = new StatsService(ctx.app.database, ctx.app.server.log, {
          now: () => clock,
          timers: false,
        });
        nodeB = { stats, close: () => stats.stop() };
      }
      const nodes = [ctx.app.stats, nodeB.stats];
      const orgs = [randomUUID(), randomUUID()];
      const seriesIds = [randomUUID(), null];
      const events = ['forge', 'mint', 'slice', 'reset'] as const;
      const expected = new Map<string, { count: number; requests: number }>();
      const globalBefore = await globalTotals(ctx.app);

      let seed = 7;
      const random = (n: number) => {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        // The high bits: the low bits of this generator repeat with a short period.
        return Math.floor((seed / 2 ** 31) * n);
      };
      for (let round = 0; round < 6; round++) {
        for (let i = 0; i < 300; i++) {
          // Minutes spread over two years, so every date part has several periods.
          at(
            new Date(
              Date.parse('2025-12-20T00:00:00Z') + random(60 * 24 * 40) * 60_000 + random(60_000),
            ).toISOString(),
          );
          const event = events[random(4)];
          const count = event === 'reset' ? 1 : 1 + random(50);
          const orgId = orgs[random(2)];
          nodes[random(2)].recorder.record({
            orgId,
            seriesId: seriesIds[random(2)],
            keyId: null,
            event,
            count,
            durationUs: 10 + random(1000),
          });
          const e = expected.get(event) ?? { count: 0, requests: 0 };
          e.count += count;
          e.requests += 1;
          expected.set(event, e);
        }
        // Flushes and aggregations of both nodes, all at once.
        const runs = await Promise.all([
          nodes[0].aggregate(),
          nodes[1].aggregate(),
          nodes[1].recorder.flush(),
          nodes[0].aggregate(),
          nodes[1].aggregate(),
        ]);
        expect(runs.filter((r) => typeof r === 'object' && r.ran).length).toBeGreaterThan(0);
      }
      // The last calls of node B are written when it shuts down.
      at('2026-01-15T12:00:00Z');
      nodeB.stats.recorder.record({
        orgId: orgs[0],
        seriesId: null,
        keyId: null,
        event: 'forge',
        count: 9,
        durationUs: 5,
      });
      const forge = expected.get('forge') ?? { count: 0, requests: 0 };
      expected.set('forge', { count: forge.count + 9, requests: forge.requests + 1 });
      await nodeB.close();
      while ((await rawRows(ctx.app)) > 0) await ctx.app.stats.aggregate();

      // Every date part adds up to the same totals: each minute row landed once in each.
      const rows = await ctx.app.database.rawTransaction((exec) =>
        exec(
          `SELECT event_type, date_part, sum(total_count)::bigint AS c, sum(request_count)::bigint AS r,
                  count(DISTINCT period_start)::int AS periods
           FROM stats WHERE org_id = ANY($1::uuid[]) GROUP BY event_type, date_part`,
          [orgs],
        ),
      );
      expect(rows).toHaveLength(events.length * 6);
      for (const r of rows) {
        const e = expected.get(r.event_type as string);
        expect(`${r.event_type} ${r.date_part} ${r.c}/${r.r}`).toBe(
          `${r.event_type} ${r.date_part} ${e?.count}/${e?.requests}`,
        );
        if (r.date_part === 'day') expect(r.periods).toBeGreaterThan(30);
        if (r.date_part === 'year') expect(r.periods).toBe(2);
        if (r.date_part === 'total') expect(r.periods).toBe(1);
      }
      // The all-organisations rows grew by the same amounts.
      const globalAfter = await globalTotals(ctx.app);
      for (const event of events) {
        expect((globalAfter.get(event) ?? 0) - (globalBefore.get(event) ?? 0)).toBe(
          expected.get(event)?.count,
        );
      }
    });

    it('works off a backlog in bounded transactions, each raw row once', async () => {
      const orgId = randomUUID();
      at('2026-06-10T10:00:00Z');
      for (let i = 0; i < 20; i++) {
        at(new Date(Date.parse('2026-06-10T10:00:00Z') + i * 60_000).toISOString());
        ctx.app.stats.recorder.record({
          orgId,
          seriesId: null,
          keyId: null,
          event: 'mint',
          count: 2,
          durationUs: 3,
        });
      }
      expect(await ctx.app.stats.recorder.flush()).toBe(20);
      expect(await aggregateStats(ctx.app.database, 7)).toEqual({ ran: true, claimed: 7 });
      expect(await rawRows(ctx.app)).toBe(13);
      expect(await aggregateStats(ctx.app.database, 7)).toEqual({ ran: true, claimed: 7 });
      expect(await ctx.app.stats.aggregate()).toEqual({ ran: true, claimed: 6 });
      expect(await orgRows(ctx.app, orgId)).toEqual(
        [
          'mint hour 2026-06-10T10 40/20',
          'mint day 2026-06-10T00 40/20',
          'mint week 2026-06-08T00 40/20',
          'mint month 2026-06-01T00 40/20',
          'mint year 2026-01-01T00 40/20',
          'mint total 1970-01-01T00 40/20',
        ].sort(),
      );
    });

    it("leaves the site's own widgets (system organisations) out of the public figures", async () => {
      const [system] = await ctx.app.database.rawTransaction((exec) =>
        exec(`SELECT org_id FROM system_organisations WHERE purpose = 'public-console'`, []),
      );
      const customer = randomUUID();
      at('2026-07-01T10:00:00Z');
      const before = await globalTotals(ctx.app);
      for (const [orgId, count] of [
        [system?.org_id as string, 383],
        [customer, 5],
      ] as const)
        ctx.app.stats.recorder.record({
          orgId,
          seriesId: null,
          keyId: null,
          event: 'forge',
          count,
          durationUs: 9,
        });
      await ctx.app.stats.recorder.flush();
      while ((await rawRows(ctx.app)) > 0) await ctx.app.stats.aggregate();
      const after = await globalTotals(ctx.app);
      expect((after.get('forge') ?? 0) - (before.get('forge') ?? 0)).toBe(5);
      // The site's own calls are still its organisation's.
      expect(await orgRows(ctx.app, system?.org_id as string)).toContain('forge total 1970-01-01T00 383/1');
    });
  });
}

async function globalTotals(app: App): Promise<Map<string, number>> {
  const rows = await app.database.rawTransaction((exec) =>
    exec(
      `SELECT event_type, total_count FROM stats
       WHERE org_id = '00000000-0000-0000-0000-000000000000' AND date_part = 'total'`,
      [],
    ),
  );
  return new Map(rows.map((r) => [r.event_type as string, Number(r.total_count)]));
}
