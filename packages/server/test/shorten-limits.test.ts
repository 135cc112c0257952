import { RATE_LIMIT_HEADERS } from '@slugsmith/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { closeApp, TestContext, testConfig, testDatabases } from './support/app.js';
import { orgWithOwner } from './support/keys.js';
import { customPlan } from './support/plans.js';

/**
 * POST /shorten stores what it is given: it is held to the forge limits of the caller's plan
 * (switch, rate, daily quota as one slug, pattern complexity) and to bounds on the rows an
 * organisation may store, in all and per day, that hold under concurrent calls.
 */
for (const kind of testDatabases) {
  describe(`[${kind}] short links under limits`, () => {
    let ctx: TestContext;
    beforeAll(async () => {
      const config = testConfig(kind, { SHORT_LINKS_PER_ORG: '8', SHORT_LINKS_PER_ORG_PER_DAY: '5' });
      ctx = new TestContext(await buildApp(config), config);
    });
    afterAll(async () => {
      if (ctx) await closeApp(ctx.app, ctx.config);
    });

    const shorten = (key: string, pattern = '{adjective}-{noun}') =>
      ctx.request('POST', '/api/v1/shorten', { body: { pattern }, headers: { 'x-api-key': key } });

    it('is refused once the forge quota is spent, and where forge is switched off', async () => {
      const a = await orgWithOwner(ctx, 'short-quota');
      await customPlan(ctx, a.org, { max_forge_per_day: 3 });
      const key = (await a.apiKey({ scopes: ['forge'] })).key;
      const forged = await ctx.request('POST', '/api/v1/gen/forge', {
        body: { pattern: '{noun}', count: 3 },
        headers: { 'x-api-key': key },
      });
      expect(forged.status).toBe(200);
      const refused = await shorten(key);
      expect(refused).toMatchObject({ status: 429, body: { details: { reason: 'daily-limit-exceeded' } } });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

      const b = await orgWithOwner(ctx, 'short-off');
      await customPlan(ctx, b.org, { forge_enabled: false });
      const off = await shorten((await b.apiKey({ scopes: ['forge'] })).key);
      expect(off).toMatchObject({ status: 429, body: { details: { reason: 'not-available' } } });
    });

    it('counts against the rate limit like forge', async () => {
      const a = await orgWithOwner(ctx, 'short-rate');
      await customPlan(ctx, a.org, { req_per_minute: 3, burst_req_per_minute: 3 });
      const key = (await a.apiKey({ scopes: ['forge'] })).key;
      const answers = await Promise.all(Array.from({ length: 5 }, () => shorten(key)));
      expect(answers.filter((r) => r.status === 200)).toHaveLength(3);
      const limited = answers.filter((r) => r.status === 429);
      expect(limited).toHaveLength(2);
      expect(limited[0].headers[RATE_LIMIT_HEADERS.reason]).toBe('rate-limit-exceeded');
    });

    it('refuses a pattern forge refuses as too complex, and stores nothing for it', async () => {
      const a = await orgWithOwner(ctx, 'short-complex');
      await customPlan(ctx, a.org, { max_pattern_components: 2 });
      const key = (await a.apiKey({ scopes: ['forge'] })).key;
      const pattern = '{adjective}-{adjective}-{noun}-{number:4d}';
      const forged = await ctx.request('POST', '/api/v1/gen/forge', {
        body: { pattern, count: 1 },
        headers: { 'x-api-key': key },
      });
      expect(forged.status).toBe(400);
      const refused = await shorten(key, pattern);
      expect(refused).toMatchObject({
        status: 400,
        body: { message: 'Pattern is too complex', details: { reason: 'pattern-too-complex' } },
      });
      expect(await storedRows(a.org)).toBe(0);
    });

    async function storedRows(org: string): Promise<number> {
      const result = (await ctx.app.database.db.execute(
        sql`SELECT count(*)::int AS n FROM short_links l JOIN organisations o ON o.id = l.org_id WHERE o.slug = ${org}`,
      )) as unknown as { rows: { n: number }[] };
      return Number(result.rows[0].n);
    }

    it('stores at most the daily bound under concurrent calls, then the total bound', async () => {
      const a = await orgWithOwner(ctx, 'short-rows');
      const other = await orgWithOwner(ctx, 'short-other');
      const key = (await a.apiKey({ scopes: ['forge'] })).key;
      const answers = await Promise.all(Array.from({ length: 12 }, () => shorten(key)));
      expect(answers.filter((r) => r.status === 200)).toHaveLength(5);
      const refused = answers.filter((r) => r.status !== 200);
      for (const r of refused) {
        expect(r).toMatchObject({
          status: 429,
          body: { details: { reason: 'daily-limit-exceeded', limit: 'short_links_per_org_per_day', max: 5 } },
        });
        expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect(await storedRows(a.org)).toBe(5);
      // Another organisation has its own bound.
      expect((await shorten((await other.apiKey({ scopes: ['forge'] })).key)).status).toBe(200);

      // Yesterday's links count towards the total only: 3 more today reach 8, then no more.
      await ctx.app.database.db.execute(
        sql`UPDATE short_links SET created_at = created_at - interval '1 day'
            WHERE org_id = (SELECT id FROM organisations WHERE slug = ${a.org})`,
      );
      const more = await Promise.all(Array.from({ length: 6 }, () => shorten(key)));
      expect(more.filter((r) => r.status === 200)).toHaveLength(3);
      for (const r of more.filter((x) => x.status !== 200)) {
        expect(r).toMatchObject({
          status: 409,
          body: { details: { reason: 'short-links-exhausted', limit: 'short_links_per_org', max: 8 } },
        });
      }
      expect(await storedRows(a.org)).toBe(8);
    });
  });
}
