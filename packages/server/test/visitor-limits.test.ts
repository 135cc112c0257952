import { randomInt } from 'node:crypto';
import { RATE_LIMIT_HEADERS, type SdkJwk } from '@slugsmith/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { closeApp, TestContext, testConfig, testDatabases } from './support/app.js';
import { signedHeaders } from './support/keys.js';

/**
 * Anonymous visitors (the landing page and playground) all sign with the public console's SDK
 * config and share its plan: each caller address has its own share below it — calls per minute,
 * slugs per day, slugs per call — so that one client cannot spend the day for everyone.
 */

const CONSOLE = 'slugsmith-console';
const ORIGIN = 'http://127.0.0.1:8080'; // PUBLIC_URL of the test configuration
const BOUNDS = { VISITOR_REQ_PER_MINUTE: '5', VISITOR_SLUGS_PER_DAY: '50', VISITOR_MAX_PER_REQUEST: '20' };

for (const kind of testDatabases) {
  describe(`[${kind}] anonymous visitors' shares`, () => {
    let ctx: TestContext;
    let jwk: SdkJwk;
    beforeAll(async () => {
      const config = testConfig(kind, BOUNDS);
      ctx = new TestContext(await buildApp(config), config);
      jwk = await consoleKey(ctx);
    });
    afterAll(async () => {
      if (ctx) await closeApp(ctx.app, ctx.config);
    });

    const forge = (address: string, count: number, pattern = '{adjective}-{noun}', headers = {}) =>
      signedCall(ctx, jwk, address, '/api/v1/gen/forge', { pattern, count }, headers);

    it('holds one address to its slugs per call and per day while another still forges', async () => {
      const a = '203.0.113.10';
      const tooMany = await forge(a, 21);
      expect(tooMany).toMatchObject({
        status: 429,
        body: { details: { reason: 'request-size-exceeded', limit: 'visitor_max_per_request', max: 20 } },
      });
      expect((await forge(a, 20)).status).toBe(200);
      expect((await forge(a, 20)).status).toBe(200);
      const spent = await forge(a, 20);
      expect(spent).toMatchObject({
        status: 429,
        body: { details: { reason: 'daily-limit-exceeded', limit: 'visitor_slugs_per_day', max: 50 } },
      });
      expect(spent.headers[RATE_LIMIT_HEADERS.reason]).toBe('daily-limit-exceeded');
      const retryAfter = Number(spent.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
      // What is left of the day is still there (a refused call took nothing).
      expect((await forge(a, 10)).status).toBe(200);

      const b = '203.0.113.11';
      const other = await forge(b, 20);
      expect(other.status).toBe(200);
      expect(other.body).toHaveLength(20);
    });

    it('counts calls per minute per address, concurrent ones too', async () => {
      const c = '203.0.113.20';
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          signedCall(ctx, jwk, c, '/api/v1/gen/pattern-info', { pattern: '{noun}' }),
        ),
      );
      expect(answers.filter((r) => r.status === 200)).toHaveLength(5);
      const limited = answers.filter((r) => r.status === 429);
      expect(limited).toHaveLength(3);
      for (const r of limited) {
        expect(r.body.details).toMatchObject({
          reason: 'rate-limit-exceeded',
          limit: 'visitor_req_per_minute',
        });
        expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect((await forge('203.0.113.21', 1)).status).toBe(200);
    });

    it('concurrent forges from one address take at most the day', async () => {
      const d = '203.0.113.30';
      const answers = await Promise.all(Array.from({ length: 5 }, () => forge(d, 20)));
      expect(answers.filter((r) => r.status === 200)).toHaveLength(2);
      expect(answers.filter((r) => r.status === 429)).toHaveLength(3);
    });

    it('gives the share back when the plan refuses the call', async () => {
      const e = '203.0.113.40';
      // Nine components: over the public-console plan's eight.
      const complex = Array.from({ length: 9 }, () => '{noun}').join('-');
      for (let i = 0; i < 3; i++) expect((await forge(e, 20, complex)).status).toBe(400);
      expect((await forge(e, 20)).status).toBe(200);
      expect((await forge(e, 20)).status).toBe(200);
    });

    it('counts an IPv6 network (/64) as one visitor', async () => {
      for (const [ip, n] of [
        ['2001:db8:5:6::1', 20],
        ['2001:db8:5:6::2', 20],
        ['2001:db8:5:6:ffff::3', 10],
      ] as const) {
        expect((await forge(ip, n)).status).toBe(200);
      }
      expect((await forge('2001:db8:5:6::99', 1)).status).toBe(429);
      expect((await forge('2001:db8:5:7::1', 20)).status).toBe(200);
    });

    it('is not fooled by X-Forwarded-For when no proxy is trusted', async () => {
      const f = '203.0.113.50';
      for (const n of [20, 20, 10]) expect((await forge(f, n)).status).toBe(200);
      const spoofed = await forge(f, 1, undefined, { 'x-forwarded-for': '198.51.100.9' });
      expect(spoofed.status).toBe(429);
    });

    it('applies to the console only: an organisation’s own keys are held to their plan alone', async () => {
      const owner = await ctx.person('visitor-owner');
      const org = await ctx.request('POST', '/api/v1/orgs', {
        token: owner.token,
        body: { name: 'Own keys' },
      });
      const key = await ctx.request('POST', `/api/v1/orgs/${org.body.slug}/api-keys`, {
        token: owner.token,
        body: { name: 'k', scopes: ['forge'] },
      });
      const answer = await ctx.app.server.inject({
        method: 'POST',
        url: '/api/v1/gen/forge',
        remoteAddress: '203.0.113.10',
        headers: { 'x-api-key': key.body.key },
        payload: { pattern: '{noun}', count: 100 },
      });
      expect(answer.statusCode).toBe(200);
    });
  });

  describe(`[${kind}] anonymous visitors behind a trusted proxy`, () => {
    let ctx: TestContext;
    let jwk: SdkJwk;
    beforeAll(async () => {
      const config = testConfig(kind, { ...BOUNDS, TRUST_PROXY: 'true' });
      ctx = new TestContext(await buildApp(config), config);
      jwk = await consoleKey(ctx);
    });
    afterAll(async () => {
      if (ctx) await closeApp(ctx.app, ctx.config);
    });

    it('gives each forwarded address its own share', async () => {
      const proxy = '10.0.0.1';
      const as = (visitor: string, count: number) =>
        signedCall(
          ctx,
          jwk,
          proxy,
          '/api/v1/gen/forge',
          { pattern: '{noun}', count },
          { 'x-forwarded-for': visitor },
        );
      for (const n of [20, 20, 10]) expect((await as('198.51.100.1', n)).status).toBe(200);
      expect((await as('198.51.100.1', 1)).status).toBe(429);
      expect((await as('198.51.100.2', 20)).status).toBe(200);
    });
  });
}

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe("anonymous visitors' shares on two nodes sharing Redis", () => {
  const nodes: { ctx: TestContext; jwk: SdkJwk }[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      const config = testConfig('pglite', { ...BOUNDS, REDIS_URL: redisUrl });
      const ctx = new TestContext(await buildApp(config), config);
      nodes.push({ ctx, jwk: await consoleKey(ctx) });
    }
  });
  afterAll(async () => {
    for (const { ctx } of nodes) await closeApp(ctx.app, ctx.config);
  });

  it('counts one address on both nodes together', async () => {
    // Redis outlives the test: an address of its own, so that earlier runs' counts stay out of it.
    const address = `198.18.${randomInt(256)}.${randomInt(256)}`;
    const forge = (node: number, count: number) =>
      signedCall(nodes[node].ctx, nodes[node].jwk, address, '/api/v1/gen/forge', {
        pattern: '{noun}',
        count,
      });
    expect((await forge(0, 20)).status).toBe(200);
    expect((await forge(1, 20)).status).toBe(200);
    expect((await forge(0, 20)).status).toBe(429);
    expect((await forge(1, 10)).status).toBe(200);
    const spent = await forge(1, 1);
    expect(spent).toMatchObject({ status: 429, body: { details: { limit: 'visitor_slugs_per_day' } } });
  });
});

async function consoleKey(ctx: TestContext): Promise<SdkJwk> {
  const keys = await ctx.request('POST', '/api/v1/jwks', {
    body: { config: CONSOLE },
    headers: { origin: ORIGIN },
  });
  if (keys.status !== 200) throw new Error(`no console keys: ${JSON.stringify(keys.body)}`);
  return keys.body[0].jwk;
}

/** A call signed with the console's key, as a browser on the console's origin at `address` makes it. */
async function signedCall(
  ctx: TestContext,
  jwk: SdkJwk,
  address: string,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const answer = await ctx.app.server.inject({
    method: 'POST',
    url,
    remoteAddress: address,
    headers: { origin: ORIGIN, ...signedHeaders(jwk, CONSOLE, 'POST', url), ...headers },
    payload: body as object,
  });
  return {
    status: answer.statusCode,
    headers: answer.headers,
    body: answer.body ? answer.json() : undefined,
  };
}
