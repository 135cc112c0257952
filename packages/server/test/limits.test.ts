import { readFileSync } from 'node:fs';
import { RATE_LIMIT_HEADERS } from '@slugsmith/contract';
import { RateLimitError, Slugsmith } from '@slugsmith/sdk';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type App, buildApp } from '../src/app.js';
import type { Config } from '../src/platform/config.js';
import { closeApp, TestContext, testConfig, testDatabases } from './support/app.js';
import { orgWithOwner, signedHeaders } from './support/keys.js';
import { customPlan } from './support/plans.js';

/**
 * Plan enforcement over HTTP, on each database with each counter store: the x-slug-*
 * headers, 429s with reason and retry-after, per-request maximums, feature switches, pattern
 * complexity, slice windows; and two server nodes sharing their counts through Redis.
 */

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const stores = ['memory', 'redis'] as const;

/**
 * A client of the test Redis that fails at once when it is away. The store of the Redis rows
 * falls back to memory while Redis is unreachable, and every answer would look right: these rows
 * check Redis itself.
 */
async function testRedis(): Promise<Redis> {
  const client = new Redis(redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
  } catch (e) {
    client.disconnect();
    throw new Error(`Redis at ${redisUrl} is not reachable (${e}): the Redis rows need it (TEST_REDIS_URL)`);
  }
  return client;
}

/** The quota counters under `slugsmith:quota:<operation>:` in Redis, with their values. */
async function redisQuotas(redis: Redis, operation: string): Promise<Map<string, string>> {
  const keys = await redis.keys(`slugsmith:quota:${operation}:*`);
  const values = keys.length > 0 ? await redis.mget(keys) : [];
  return new Map(keys.map((k, i) => [k, values[i] ?? '']));
}

/**
 * Daily and monthly quotas start at 00:00 UTC: each test runs at one frozen instant (the app's
 * Date, not its timers), so a run across midnight or the 1st cannot split a test's counts between
 * two windows. Tests that cross a boundary on purpose set the time themselves; the two that sign
 * with SDK keys run on real time.
 */
function freezeDateInEachTest(): void {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

const H = RATE_LIMIT_HEADERS;
const remaining = (headers: Record<string, unknown>) => ({
  rpm: Number(headers[H.rpm]),
  daily: Number(headers[H.daily]),
  monthly: Number(headers[H.monthly]),
  lifetime: Number(headers[H.lifetime]),
});

/** A fetch that answers from the app in process (the SDK under test parses real answers). */
function injectFetch(app: App): typeof fetch {
  return async (input, init) => {
    const url = new URL(String(input));
    const sent: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => {
      sent[name] = value;
    });
    const r = await app.server.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: url.pathname + url.search,
      headers: sent,
      ...(init?.body ? { payload: String(init.body) } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(r.headers)) {
      if (value !== undefined) headers.set(name, String(value));
    }
    return new Response(r.body, { status: r.statusCode, headers });
  };
}

for (const kind of testDatabases) {
  for (const store of stores) {
    describe(`[${kind}, ${store}] plan enforcement of generation calls`, () => {
      let ctx: TestContext | undefined;
      const c = () => {
        if (!ctx) throw new Error('app not started');
        return ctx;
      };
      let redis: Redis | undefined;
      freezeDateInEachTest();
      beforeAll(async () => {
        if (store === 'redis') redis = await testRedis();
        const config = testConfig(kind, store === 'redis' ? { REDIS_URL: redisUrl } : {});
        ctx = new TestContext(await buildApp(config), config);
        expect(ctx.app.server.planLimits.storeKind).toBe(store);
      });
      afterAll(async () => {
        redis?.disconnect();
        if (ctx) await closeApp(ctx.app, ctx.config);
      });

      async function keyed(name: string) {
        const a = await orgWithOwner(c(), name);
        const { key } = await a.apiKey({});
        const post = (url: string, body: unknown) =>
          c().request('POST', `/api/v1${url}`, { body, headers: { 'x-api-key': key } });
        return { ...a, key, post };
      }

      it.runIf(store === 'redis')('counts in Redis itself, not in the memory it falls back to', async () => {
        const r = redis as Redis;
        const before = await redisQuotas(r, 'forge');
        const a = await keyed('limits-in-redis');
        const forged = await a.post('/gen/forge', { pattern: '{adjective}-{noun}', count: 7 });
        expect(forged.status).toBe(200);
        const after = await redisQuotas(r, 'forge');
        const added = [...after].filter(([k]) => !before.has(k));
        // The day's and the month's counters of this organisation, each at 7.
        expect(
          added.filter(([k, v]) => /^slugsmith:quota:forge:(day|month):/.test(k) && v === '7'),
        ).toHaveLength(2);
        const orgId = (added[0]?.[0] ?? '').split(':').at(-1);
        expect(await r.exists(`slugsmith:rpm:${orgId}`)).toBe(1);
      });

      it('every generation answer carries what remains, and it goes down (Free plan)', async () => {
        const a = await keyed('limits-headers');
        const first = await a.post('/gen/forge', { pattern: '{adjective}-{noun}', count: 2 });
        expect(first.status).toBe(200);
        expect(remaining(first.headers)).toEqual({ rpm: 59, daily: 998, monthly: 9_998, lifetime: -1 });
        const second = await a.post('/gen/forge', { pattern: '{adjective}-{noun}', count: 3 });
        expect(remaining(second.headers)).toEqual({ rpm: 58, daily: 995, monthly: 9_995, lifetime: -1 });

        // Mint counts against mint's own quotas; reset and pattern-info only against the minute.
        const s = await a.series('Limits', '{adjective}-{noun}');
        const minted = await a.post('/gen/mint', { series: s.slug, count: 4 });
        expect(remaining(minted.headers)).toEqual({ rpm: 57, daily: 996, monthly: 9_996, lifetime: -1 });
        const sliced = await a.post('/gen/slice', { series: s.slug, count: 5 });
        expect(remaining(sliced.headers)).toMatchObject({ rpm: 56, daily: 995 });
        const info = await a.post('/gen/pattern-info', { pattern: '{noun}' });
        expect(remaining(info.headers)).toEqual({ rpm: 55, daily: -1, monthly: -1, lifetime: -1 });
        const reset = await a.post('/gen/reset', { series: s.slug });
        expect(reset.status).toBe(200);
        expect(remaining(reset.headers).rpm).toBe(54);
      });

      it('refuses more slugs per request than the plan allows (429 request-size-exceeded) and counts none of them', async () => {
        const a = await keyed('limits-size');
        const r = await a.post('/gen/forge', { pattern: '{noun}', count: 101 });
        expect(r.status).toBe(429);
        expect(r.headers[H.reason]).toBe('request-size-exceeded');
        expect(r.headers[H.retryAfter]).toBeUndefined();
        expect(r.body).toMatchObject({
          code: 429,
          message: 'Count is too large (maximum: 100)',
          details: { reason: 'request-size-exceeded', limit: 'max_forge_per_request', max: 100 },
        });
        expect(remaining(r.headers)).toEqual({ rpm: 60, daily: 1_000, monthly: 10_000, lifetime: -1 });
      });

      it('refuses what the plan switches off (429 not-available): streams and SDK keys on Free, forge on a plan without it', async () => {
        // Real time: an SDK key takes effect at the database's now(), after a frozen Date; no count
        // here spans two calls.
        vi.useRealTimers();
        const a = await keyed('limits-switches');
        const stream = await a.post('/gen/forge/stream', { pattern: '{noun}', count: 5 });
        expect(stream.status).toBe(429);
        expect(stream.headers[H.reason]).toBe('not-available');
        expect(stream.body).toMatchObject({
          message: 'Forge streaming is not available on the Free plan',
          details: { reason: 'not-available', feature: 'forge_stream_enabled' },
        });
        expect(remaining(stream.headers).daily).toBe(1_000);

        const config = await a.sdkConfig({});
        const path = '/api/v1/gen/forge';
        const signed = await c().request('POST', path, {
          body: { pattern: '{noun}', count: 1 },
          headers: signedHeaders(config.keys[0].jwk, config.slug, 'POST', path),
        });
        expect(signed.status).toBe(429);
        expect(signed.body.details).toMatchObject({ reason: 'not-available', feature: 'sdk_access' });

        await customPlan(c(), a.org, { forge_enabled: false });
        const off = await a.post('/gen/forge', { pattern: '{noun}', count: 1 });
        expect(off.status).toBe(429);
        expect(off.body.message).toMatch(/^Forge is not available on the Test test-[0-9a-f]+ plan$/);
        expect(off.body.details).toMatchObject({ reason: 'not-available', feature: 'forge_enabled' });
        // Mint is still on.
        const s = await a.series('Still minting');
        expect((await a.post('/gen/mint', { series: s.slug, count: 1 })).status).toBe(200);
      });

      it('refuses patterns beyond the plan’s components and complexity: Pattern is too complex', async () => {
        const a = await keyed('limits-complex');
        // Free: at most 8 components.
        const nine = Array.from({ length: 9 }, () => '{noun}').join('-');
        const many = await a.post('/gen/forge', { pattern: nine, count: 1 });
        expect(many.status).toBe(400);
        expect(many.body).toMatchObject({
          message: 'Pattern is too complex',
          details: { limit: 'max_pattern_components', max: 8 },
        });
        // Decided from the parse alone: such a pattern is refused before any word is looked up.
        const unknown = Array.from({ length: 9 }, () => '{nosuchkind}').join('-');
        const unread = await a.post('/gen/forge', { pattern: unknown, count: 1 });
        expect(unread.status).toBe(400);
        expect(unread.body).toMatchObject({ message: 'Pattern is too complex', details: { components: 9 } });
        const info = await a.post('/gen/pattern-info', { pattern: '{adjective}-{noun}-{number:4d}' });
        const { complexity } = info.body as { complexity: number };
        await customPlan(c(), a.org, { max_pattern_complexity: complexity - 1 });
        const complex = await a.post('/gen/forge', { pattern: '{adjective}-{noun}-{number:4d}', count: 1 });
        expect(complex.status).toBe(400);
        expect(complex.body).toMatchObject({
          message: 'Pattern is too complex',
          details: { limit: 'max_pattern_complexity', max: complexity - 1, complexity },
        });
        // Pattern info is refused alike, before compiling; the refusal names the complexity.
        const refusedInfo = await a.post('/gen/pattern-info', { pattern: '{adjective}-{noun}-{number:4d}' });
        expect(refusedInfo.body).toEqual(complex.body);
        expect((await a.post('/gen/forge', { pattern: '{adjective}-{noun}', count: 1 })).status).toBe(200);
      });

      it('holds series to the same pattern limits as forge, on create and update (console and /gen/series)', async () => {
        const a = await keyed('limits-series-pattern');
        const nine = Array.from({ length: 9 }, () => '{noun}').join('-');
        const tooMany = {
          code: 400,
          message: 'Pattern is too complex',
          details: { reason: 'pattern-too-complex', limit: 'max_pattern_components', max: 8, components: 9 },
        };
        // Free: at most 8 components; forge says so, and so do both ways of creating a series.
        const forged = await a.post('/gen/forge', { pattern: nine, count: 1 });
        expect(forged.status).toBe(400);
        expect(forged.body).toMatchObject(tooMany);
        const consoleCreate = await c().request('POST', `/api/v1/orgs/${a.org}/series`, {
          token: a.owner.token,
          body: { name: 'Nine', pattern: nine },
        });
        expect(consoleCreate.status).toBe(400);
        expect(consoleCreate.body).toEqual(forged.body);
        const keyCreate = await a.post('/gen/series', { name: 'Nine', pattern: nine });
        expect(keyCreate.status).toBe(400);
        expect(keyCreate.body).toEqual(forged.body);
        const listed = await c().request('GET', `/api/v1/orgs/${a.org}/series`, { token: a.owner.token });
        expect(listed.body).toEqual([]);

        // Eight components pass; changing the pattern to nine is refused on both update paths.
        const eight = Array.from({ length: 8 }, () => '{noun}').join('-');
        const s = await a.series('Eight', eight);
        const consoleUpdate = await c().request('PUT', `/api/v1/orgs/${a.org}/series/${s.slug}`, {
          token: a.owner.token,
          body: { pattern: nine },
        });
        expect(consoleUpdate.status).toBe(400);
        expect(consoleUpdate.body).toEqual(forged.body);
        const keyUpdate = await c().request('PUT', '/api/v1/gen/series', {
          body: { series: s.slug, name: 'Nine', pattern: nine },
          headers: { 'x-api-key': a.key },
        });
        expect(keyUpdate.status).toBe(400);
        expect(keyUpdate.body).toEqual(forged.body);
        const kept = await c().request('GET', `/api/v1/orgs/${a.org}/series/${s.slug}`, {
          token: a.owner.token,
        });
        expect(kept.body).toMatchObject({ name: 'Eight', pattern: eight });

        // Complexity: a plan that allows one less than the pattern has refuses it as a series too.
        const pattern = '{adjective}-{noun}-{number:4d}';
        const { complexity } = (await a.post('/gen/pattern-info', { pattern })).body as {
          complexity: number;
        };
        await customPlan(c(), a.org, { max_pattern_complexity: complexity - 1 });
        const tooComplex = {
          code: 400,
          message: 'Pattern is too complex',
          details: {
            reason: 'pattern-too-complex',
            limit: 'max_pattern_complexity',
            max: complexity - 1,
            complexity,
          },
        };
        expect((await a.post('/gen/forge', { pattern, count: 1 })).body).toEqual(tooComplex);
        // Nor is it compiled to answer pattern-info or the capacity call.
        expect((await a.post('/gen/pattern-info', { pattern })).body).toEqual(tooComplex);
        expect((await a.post('/forge/capacity', { pattern })).body).toEqual(tooComplex);
        const complexCreate = await a.post('/gen/series', { name: 'Complex', pattern });
        expect(complexCreate.status).toBe(400);
        expect(complexCreate.body).toEqual(tooComplex);
        const complexUpdate = await c().request('PUT', `/api/v1/orgs/${a.org}/series/${s.slug}`, {
          token: a.owner.token,
          body: { pattern },
        });
        expect(complexUpdate.status).toBe(400);
        expect(complexUpdate.body).toEqual(tooComplex);
        // A rename leaves the pattern alone and is not checked; a simpler pattern is accepted.
        const renamed = await c().request('PUT', `/api/v1/orgs/${a.org}/series/${s.slug}`, {
          token: a.owner.token,
          body: { name: 'Renamed' },
        });
        expect(renamed.status).toBe(200);
        const simple = await a.post('/gen/series', { name: 'Simple', pattern: '{adjective}-{noun}' });
        expect(simple.status).toBe(201);
      });

      it('refuses streams past max_{op}_per_stream_request (429) and lets the maximum through', async () => {
        const a = await keyed('limits-stream-size');
        await customPlan(c(), a.org, { max_forge_per_stream_request: 50, max_forge_per_day: 1_000 });
        const r = await a.post('/gen/forge/stream', { pattern: '{noun}-{number:4d}', count: 51 });
        expect(r.status).toBe(429);
        expect(r.body).toMatchObject({
          message: 'Count is too large (maximum: 50)',
          details: { reason: 'request-size-exceeded', limit: 'max_forge_per_stream_request', max: 50 },
        });
        expect(remaining(r.headers).daily).toBe(1_000);
        // The plain maximum (10,000 on this plan) is not the stream's.
        expect((await a.post('/gen/forge', { pattern: '{noun}-{number:4d}', count: 51 })).status).toBe(200);
        const streamed = await c().app.server.inject({
          method: 'POST',
          url: '/api/v1/gen/forge/stream',
          headers: { 'x-api-key': a.key },
          payload: { pattern: '{noun}-{number:4d}', count: 50 },
        });
        expect(streamed.statusCode).toBe(200);
        expect(streamed.body.trim().split('\n')).toHaveLength(50);
        // Charged the count it asked for: 51 + 50.
        expect(remaining(streamed.headers).daily).toBe(1_000 - 51 - 50);
      });

      it('refuses a slice that starts more than slice_window_back positions behind the series', async () => {
        const a = await keyed('limits-window-back');
        await customPlan(c(), a.org, { slice_window_back: 5, max_slice_per_day: 100 });
        const s = await a.series('Behind', '{adjective}-{noun}-{number:4d}');
        expect((await a.post('/gen/mint', { series: s.slug, count: 20 })).status).toBe(200);
        const far = await a.post('/gen/slice', { series: s.slug, sequence: 14, count: 1 });
        expect(far.status).toBe(429);
        expect(far.headers[H.reason]).toBe('request-size-exceeded');
        expect(far.body).toMatchObject({
          message: 'The slice starts too far behind the series position (at most 5 positions back)',
          details: { reason: 'request-size-exceeded', limit: 'slice_window_back', max: 5, position: '20' },
        });
        // Its slug went back to the quota.
        const near = await a.post('/gen/slice', { series: s.slug, sequence: 15, count: 5 });
        expect(near.status).toBe(200);
        expect(near.body).toHaveLength(5);
        expect(remaining(near.headers).daily).toBe(95);
      });

      it('api_key_access=false refuses API keys (429 not-available) but not signed SDK requests', async () => {
        // Real time: an SDK key takes effect at the database's now(), after a frozen Date; no count
        // here spans two calls.
        vi.useRealTimers();
        const a = await keyed('limits-no-api-keys');
        await customPlan(c(), a.org, { api_key_access: false });
        const r = await a.post('/gen/forge', { pattern: '{noun}', count: 1 });
        expect(r.status).toBe(429);
        expect(r.body.message).toMatch(/^API key access is not available on the Test test-[0-9a-f]+ plan$/);
        expect(r.body.details).toMatchObject({ reason: 'not-available', feature: 'api_key_access' });
        expect(r.headers[H.reason]).toBe('not-available');
        expect((await a.post('/gen/mint', { count: 1 })).status).toBe(429);
        const config = await a.sdkConfig({});
        const path = '/api/v1/gen/forge';
        const signed = await c().request('POST', path, {
          body: { pattern: '{noun}', count: 1 },
          headers: signedHeaders(config.keys[0].jwk, config.slug, 'POST', path),
        });
        expect(signed.status).toBe(200);
        expect(signed.body).toHaveLength(1);
      });

      it('mint_enabled=false refuses mint (429 not-available), forge goes on', async () => {
        const a = await keyed('limits-no-mint');
        const s = await a.series('No mint');
        await customPlan(c(), a.org, { mint_enabled: false });
        const r = await a.post('/gen/mint', { series: s.slug, count: 1 });
        expect(r.status).toBe(429);
        expect(r.body.message).toMatch(/^Mint is not available on the Test test-[0-9a-f]+ plan$/);
        expect(r.body.details).toMatchObject({ reason: 'not-available', feature: 'mint_enabled' });
        const stream = await a.post('/gen/mint/stream', { series: s.slug, count: 1 });
        expect(stream.status).toBe(429);
        expect(stream.body.details).toMatchObject({ feature: 'mint_enabled' });
        const info = await c().request('GET', `/api/v1/orgs/${a.org}/series/${s.slug}`, {
          token: a.owner.token,
        });
        expect(info.body.generated_count).toBe('0');
        expect((await a.post('/gen/forge', { pattern: '{noun}', count: 1 })).status).toBe(200);
      });

      it('refuses a mint past max_mint_per_request (429) without using the series up', async () => {
        const a = await keyed('limits-mint-size');
        await customPlan(c(), a.org, { max_mint_per_request: 7, max_mint_per_day: 100 });
        const s = await a.series('Seven');
        const r = await a.post('/gen/mint', { series: s.slug, count: 8 });
        expect(r.status).toBe(429);
        expect(r.body).toMatchObject({
          message: 'Count is too large (maximum: 7)',
          details: { reason: 'request-size-exceeded', limit: 'max_mint_per_request', max: 7 },
        });
        expect(remaining(r.headers).daily).toBe(100);
        const info = await c().request('GET', `/api/v1/orgs/${a.org}/series/${s.slug}`, {
          token: a.owner.token,
        });
        expect(info.body.generated_count).toBe('0');
        const ok = await a.post('/gen/mint', { series: s.slug, count: 7 });
        expect(ok.status).toBe(200);
        expect(ok.body).toHaveLength(7);
        expect(remaining(ok.headers).daily).toBe(93);
      });

      it('answers 429 monthly-limit-exceeded until the 1st (UTC), then counts again (clock moved)', async () => {
        const a = await keyed('limits-monthly');
        await customPlan(c(), a.org, { max_forge_per_month: 10, max_forge_per_day: -1 });
        const forge = (count: number) => a.post('/gen/forge', { pattern: '{noun}', count });
        // Only Date is faked (frozen where it is set): timers, sockets and the database run as usual.
        vi.useFakeTimers({ toFake: ['Date'] });
        try {
          const year = new Date().getUTCFullYear() + 2;
          vi.setSystemTime(Date.UTC(year, 0, 31, 23, 59, 30));
          const first = await forge(6);
          expect(first.status).toBe(200);
          expect(remaining(first.headers)).toMatchObject({ daily: -1, monthly: 4 });
          const refused = await forge(5);
          expect(refused.status).toBe(429);
          expect(refused.body).toMatchObject({
            message: 'Usage quota exceeded',
            details: {
              reason: 'monthly-limit-exceeded',
              limit: 'max_forge_per_month',
              max: 10,
              retry_after: 30,
            },
          });
          expect(refused.headers[H.reason]).toBe('monthly-limit-exceeded');
          expect(refused.headers[H.retryAfter]).toBe('30');
          expect(remaining(refused.headers).monthly).toBe(4);
          expect(remaining((await forge(4)).headers).monthly).toBe(0);
          expect((await forge(1)).status).toBe(429);

          vi.setSystemTime(Date.UTC(year, 1, 1, 0, 0, 1));
          const next = await forge(5);
          expect(next.status).toBe(200);
          expect(remaining(next.headers).monthly).toBe(5);
        } finally {
          vi.useRealTimers();
        }
      });

      it('answers 429 past the requests per minute (with burst), with reason, retry-after and the SDK’s RateLimitError', async () => {
        const a = await keyed('limits-rpm');
        await customPlan(c(), a.org, { req_per_minute: 2, burst_req_per_minute: 3 });
        const rpm: number[] = [];
        for (let i = 0; i < 3; i++) {
          const r = await a.post('/gen/forge', { pattern: '{noun}', count: 1 });
          expect(r.status).toBe(200);
          rpm.push(remaining(r.headers).rpm);
        }
        expect(rpm).toEqual([1, 0, 0]);
        const refused = await a.post('/gen/forge', { pattern: '{noun}', count: 1 });
        expect(refused.status).toBe(429);
        const seconds = Number(refused.headers[H.retryAfter]);
        expect(seconds).toBeGreaterThanOrEqual(1);
        expect(seconds).toBeLessThanOrEqual(60);
        expect(refused.headers[H.reason]).toBe('rate-limit-exceeded');
        expect(refused.headers['retry-after']).toBe(String(seconds));
        expect(refused.body).toMatchObject({
          code: 429,
          message: `Rate limit exceeded. Please try again in ${seconds} seconds.`,
          details: { reason: 'rate-limit-exceeded', retry_after: seconds },
        });
        expect(remaining(refused.headers).rpm).toBe(0);

        const client = Slugsmith.withApiKey({
          baseUrl: 'http://slugsmith.test',
          apiKey: a.key,
          fetch: injectFetch(c().app),
        });
        const error = await client.forge({ pattern: '{noun}', count: 1 }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(RateLimitError);
        const limited = error as RateLimitError;
        expect(limited.status).toBe(429);
        expect(limited.reason).toBe('rate-limit-exceeded');
        expect(limited.retryAfter).toBeGreaterThanOrEqual(1);
        expect(limited.message).toMatch(
          /^Rate limit exceeded: Rate limit exceeded\. Please try again in \d+ seconds\.$/,
        );
        expect(limited.limits).toEqual({
          rpmRemaining: 0,
          dailyRemaining: -1,
          monthlyRemaining: -1,
          lifetimeRemaining: -1,
        });
      });

      it('answers 429 Usage quota exceeded past the daily quota in slugs; failed calls give theirs back', async () => {
        const a = await keyed('limits-daily');
        await customPlan(c(), a.org, {
          max_forge_per_day: 10,
          max_slice_per_day: 50,
          slice_window_forward: 10,
        });
        expect(remaining((await a.post('/gen/forge', { pattern: '{noun}', count: 6 })).headers).daily).toBe(
          4,
        );
        const refused = await a.post('/gen/forge', { pattern: '{noun}', count: 5 });
        expect(refused.status).toBe(429);
        expect(refused.body).toMatchObject({
          message: 'Usage quota exceeded',
          details: { reason: 'daily-limit-exceeded', limit: 'max_forge_per_day', max: 10 },
        });
        expect(refused.headers[H.reason]).toBe('daily-limit-exceeded');
        const now = new Date();
        const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
        const retry = Number(refused.headers[H.retryAfter]);
        expect(Math.abs(retry - (midnight - now.getTime()) / 1000)).toBeLessThan(30);
        expect(remaining(refused.headers).daily).toBe(4);
        // The documentation's sample of this refusal (content/docs/rate-limits) is what is answered.
        const doc = readFileSync(new URL('../../../content/docs/rate-limits/en.md', import.meta.url), 'utf8');
        const sample = /```http\n([\s\S]*?)\n```/.exec(doc)?.[1] ?? '';
        expect(sample).toContain(`${H.reason}: daily-limit-exceeded`);
        const sampleBody = JSON.parse(sample.slice(sample.indexOf('{')));
        expect(refused.body).toMatchObject({
          code: sampleBody.code,
          message: sampleBody.message,
          details: { reason: sampleBody.details.reason, limit: sampleBody.details.limit },
        });
        expect(Object.keys(refused.body.details).sort()).toEqual(Object.keys(sampleBody.details).sort());
        const sampleHeaders = [...sample.matchAll(/^(x-slug-[a-z-]+|retry-after):/gm)].map((m) => m[1]);
        expect(sampleHeaders.length).toBeGreaterThanOrEqual(6);
        for (const name of sampleHeaders) expect(refused.headers, name).toHaveProperty(name);
        expect(refused.headers[H.lifetime]).toBe('-1');
        expect(remaining((await a.post('/gen/forge', { pattern: '{noun}', count: 4 })).headers).daily).toBe(
          0,
        );

        // A slice past the plan's window is refused after its slugs were counted: they come back.
        const s = await a.series('Window');
        const far = await a.post('/gen/slice', { series: s.slug, count: 20 });
        expect(far.status).toBe(429);
        expect(far.headers[H.reason]).toBe('request-size-exceeded');
        expect(far.body.details).toMatchObject({ limit: 'slice_window_forward', max: 10 });
        const near = await a.post('/gen/slice', { series: s.slug, count: 10 });
        expect(near.status).toBe(200);
        expect(remaining(near.headers).daily).toBe(40);
      });
    });
  }
}

describe.runIf(testDatabases.includes('postgres'))('[postgres, redis] two server nodes', () => {
  let configA: Config;
  let nodes: TestContext[] = [];
  let redis: Redis | undefined;
  freezeDateInEachTest();
  beforeAll(async () => {
    redis = await testRedis();
    configA = testConfig('postgres', { REDIS_URL: redisUrl });
    // The second node works on the same database schema and the same Redis.
    const configB: Config = { ...configA };
    const a = await buildApp(configA);
    const b = await buildApp(configB);
    nodes = [new TestContext(a, configA), new TestContext(b, configB)];
  });
  afterAll(async () => {
    redis?.disconnect();
    if (nodes[1]) await nodes[1].app.server.close();
    if (nodes[0]) await closeApp(nodes[0].app, configA);
  });

  it('share requests per minute and quotas through Redis', async () => {
    const [a, b] = nodes;
    const org = await orgWithOwner(a, 'two-nodes');
    const { key } = await org.apiKey({});
    await customPlan(a, org.org, { req_per_minute: 4, burst_req_per_minute: 4, max_forge_per_day: 100 });
    const forge = (node: TestContext) =>
      node.request('POST', '/api/v1/gen/forge', {
        body: { pattern: '{noun}', count: 10 },
        headers: { 'x-api-key': key },
      });
    const seen = [];
    for (const node of [a, b, a, b]) {
      const r = await forge(node);
      expect(r.status).toBe(200);
      seen.push(remaining(r.headers));
    }
    expect(seen.map((r) => [r.rpm, r.daily])).toEqual([
      [3, 90],
      [2, 80],
      [1, 70],
      [0, 60],
    ]);
    const refused = await forge(b);
    expect(refused.status).toBe(429);
    expect(refused.headers[H.reason]).toBe('rate-limit-exceeded');
    expect((await forge(a)).status).toBe(429);
  });
});

describe(`[${testDatabases[0]}] an app built without plan limits (benchmarks' baseline)`, () => {
  let ctx: TestContext | undefined;
  beforeAll(async () => {
    const config = testConfig(testDatabases[0]);
    ctx = new TestContext(await buildApp(config, { benchmarkWithout: ['limits', 'stats'] }), config);
  });
  afterAll(async () => {
    if (ctx) await closeApp(ctx.app, ctx.config);
  });

  it('puts no limits hooks on generation routes: no x-slug headers, no plan maximums', async () => {
    const c = ctx as TestContext;
    const a = await orgWithOwner(c, 'limits-off');
    const { key } = await a.apiKey({});
    // The Free plan would refuse 101 slugs (and a stream) with a 400 (403).
    const r = await c.request('POST', '/api/v1/gen/forge', {
      body: { pattern: '{noun}', count: 101 },
      headers: { 'x-api-key': key },
    });
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(101);
    for (const name of Object.values(H)) expect(r.headers, name).not.toHaveProperty(name);
    const stream = await c.app.server.inject({
      method: 'POST',
      url: '/api/v1/gen/forge/stream',
      headers: { 'x-api-key': key },
      payload: { pattern: '{noun}', count: 3 },
    });
    expect(stream.statusCode).toBe(200);
    // Statistics recording is off too.
    expect(c.app.stats.recorder.pending).toBe(0);
  });
});
