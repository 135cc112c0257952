import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { installBodyLimits } from '../src/platform/body-limits.js';
import { nestsDeeperThan } from '../src/platform/json-depth.js';
import { closeApp, TestContext, testConfig } from './support/app.js';

/**
 * Issue 30, item 5: request bodies are bounded per route (a few kB unless the route declares a
 * large body) and JSON nesting is bounded before any parser or schema walks it.
 */

const nested = (depth: number, open = '[', close = ']', inner = '1') =>
  `${open.repeat(depth)}${inner}${close.repeat(depth)}`;
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

describe('nestsDeeperThan', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(nestsDeeperThan(nested(3), 3)).toBe(false);
    expect(nestsDeeperThan(nested(4), 3)).toBe(true);
    expect(nestsDeeperThan(deepObject(4), 3)).toBe(true);
    expect(nestsDeeperThan('{"a":[{"b":[]}]}', 4)).toBe(false);
    expect(nestsDeeperThan('{"a":[{"b":[]}]}', 3)).toBe(true);
    expect(nestsDeeperThan(JSON.stringify({ text: '[[[[[[[[[[{{{{{{' }), 2)).toBe(false);
    // An escaped quote does not end the string: the brackets after it are still text.
    expect(nestsDeeperThan(JSON.stringify({ text: 'say \\" [[[[[[ "' }), 2)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify(['\\', [[['x']]]]), 3)).toBe(true);
    // Siblings do not add up: depth is how deep, not how many.
    expect(nestsDeeperThan(`[${Array.from({ length: 1000 }, () => '[1]').join(',')}]`, 2)).toBe(false);
  });

  it('stops at the first level too deep', () => {
    // A megabyte of `[` is answered after reading maxDepth + 1 characters of it.
    const huge = '['.repeat(8 * 1024 * 1024);
    const started = performance.now();
    for (let i = 0; i < 1000; i++) nestsDeeperThan(huge, 32);
    // 1,000 refusals of 8 MiB each; a scan of the whole text would take seconds per refusal.
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('a route with its own body limit above the default', () => {
  it('is refused at start unless it declares a large body', async () => {
    const app = Fastify();
    installBodyLimits(app, { defaultBytes: 1024, largeBytes: 4096 });
    expect(() => app.post('/drift', { bodyLimit: 2048, config: {}, handler: async () => ({}) })).toThrow(
      /above the default/,
    );
    await app.close();
  });
});

describe('body limits and JSON depth in the app', () => {
  let ctx: TestContext;
  const DEFAULT = 16 * 1024;

  beforeAll(async () => {
    const config = testConfig('pglite');
    ctx = new TestContext(await buildApp(config), config);
  });
  afterAll(async () => {
    if (ctx) await closeApp(ctx.app, ctx.config);
  });

  const post = (url: string, payload: string, headers: Record<string, string> = {}) =>
    ctx.app.server.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', ...headers },
      payload,
    });

  it('defaults to 16 KiB and 32 levels', () => {
    expect(ctx.config.http).toMatchObject({
      bodyLimitBytes: DEFAULT,
      largeBodyLimitBytes: 1024 * 1024,
      jsonMaxDepth: 32,
    });
  });

  it('every route takes at most the default unless it declares a large body', () => {
    const records = ctx.app.bodyLimits;
    // The route table is all there: the walk below is not over an empty list.
    expect(records.length).toBeGreaterThan(100);
    for (const r of records) {
      if (r.source === 'large') continue;
      expect(r.bytes, `${r.method} ${r.url}`).toBeLessThanOrEqual(DEFAULT);
    }
    const large = records
      .filter((r) => r.source === 'large')
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    // Each is a declared exception: a document's text, an install's revocation list file, the
    // payment provider's events.
    expect(large).toEqual([
      'POST /api/v1/admin/docs',
      'POST /api/v1/admin/install/revocations',
      'POST /api/v1/billing/webhooks/:provider',
      'PUT /api/v1/admin/docs/:id/tr/:lang',
    ]);
  });

  it('refuses a body over the default with 413 in the house format on public routes', async () => {
    const big = JSON.stringify({ config: 'x'.repeat(DEFAULT) });
    for (const url of ['/api/v1/jwks', '/api/v1/account/password-strength']) {
      const answer = await post(url, big, { origin: 'http://127.0.0.1:8080' });
      expect(answer.statusCode, url).toBe(413);
      expect(answer.json()).toMatchObject({ code: 413, message: 'Payload too large' });
    }
    // Sent in chunks without a length: counted as it arrives, refused all the same.
    const chunked = await ctx.app.server.inject({
      method: 'POST',
      url: '/api/v1/jwks',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      payload: big,
    });
    expect(chunked.statusCode).toBe(413);
  });

  it('refuses deep arrays and objects before parsing, with 400 and the bound', async () => {
    for (const body of [nested(100_000), deepObject(10_000), nested(33), `{"config":${nested(40)}}`]) {
      const answer = await post('/api/v1/jwks', body.slice(0, DEFAULT - 1));
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({
        code: 400,
        message: 'Invalid format',
        details: { reason: 'bad_request', problem: 'JSON nested deeper than 32 levels', max_depth: 32 },
      });
    }
    // The generation API's text/plain JSON (what fetch sends by default) has the same bound.
    const asText = await post('/api/v1/gen/forge', nested(1000), { 'content-type': 'text/plain' });
    // Refused by the access check first (no key): a deep body never reaches a parser anonymously.
    expect(asText.statusCode).toBe(401);
  });

  it('accepts bodies within the bounds', async () => {
    // 32 levels is within the bound: the parser reads it and the route's schema refuses its shape.
    const deepButAllowed = await post('/api/v1/jwks', `{"config":${nested(31)}}`);
    expect(deepButAllowed.statusCode).toBe(400);
    expect(deepButAllowed.json().details).toHaveProperty('issues');
    const analytics = await post(
      '/api/v1/analytics',
      JSON.stringify({ event: 'navigation', path: '/docs', language: 'en-GB', at: new Date().toISOString() }),
    );
    expect(analytics.statusCode).toBe(202);
    // Fastify's own prototype-poisoning check is kept behind the depth check.
    const poisoned = await post('/api/v1/jwks', '{"config":"c","__proto__":{"x":1}}');
    expect(poisoned.statusCode).toBe(400);
    // A document's text may be large: 600 kB of it is taken where it is declared.
    const { token } = await ctx.admin();
    const content = `# Large\n\n${'Lorem ipsum dolor sit amet. '.repeat(22_000)}`;
    expect(content.length).toBeGreaterThan(600_000);
    const put = await ctx.request('PUT', '/api/v1/admin/docs/getting-started/tr/en', {
      token,
      body: { title: 'Getting started', content },
    });
    expect(put.status).toBe(200);
    // …and the same body is too large for a route that takes the default.
    const elsewhere = await ctx.request('POST', '/api/v1/admin/docs/tags', {
      token,
      body: { name: 'x', content },
    });
    expect(elsewhere.status).toBe(413);
  });

  it('reads a large webhook body before its signature refuses it', async () => {
    const event = JSON.stringify({ event_id: 'e', data: { items: 'x'.repeat(200_000) } });
    const answer = await ctx.app.server.inject({
      method: 'POST',
      url: '/api/v1/billing/webhooks/local',
      headers: { 'content-type': 'application/json', 'x-sandbox-signature': 'ts=1;h1=00' },
      payload: event,
    });
    expect(answer.statusCode).toBe(400);
  });
});
