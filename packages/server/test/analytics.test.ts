import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { closeApp, TestContext, testConfig } from './support/app.js';

/** POST /analytics: the console's navigation trace (product spec §2.5), logged, never stored. */
describe('analytics events', () => {
  const lines: Record<string, unknown>[] = [];
  let ctx: TestContext;

  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    });
    const config = testConfig('pglite', { LOG_LEVEL: 'debug' });
    ctx = new TestContext(await buildApp(config, { logStream: stream }), config);
  });

  afterAll(async () => {
    if (ctx) await closeApp(ctx.app, ctx.config);
  });

  const post = (payload: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
    ctx.app.server.inject({
      method: 'POST',
      url: '/api/v1/analytics',
      headers: { ...headers, 'x-forwarded-for': '203.0.113.7' },
      payload,
      remoteAddress: '198.51.100.23',
    });

  it('accepts what the console sends without a token and logs it at debug level without personal data', async () => {
    const before = lines.length;
    const answer = await post(
      JSON.stringify({
        event: 'navigation',
        path: '/docs/getting-started?email=someone@example.com#top',
        referrer: 'https://search.example/results?q=someone@example.com',
        language: 'de-DE',
        at: '2026-11-23T20:00:00.000Z',
      }),
    );
    expect(answer.statusCode).toBe(202);
    expect(answer.body).toBe('');
    const logged = lines.slice(before);
    const event = logged.find((l) => l.msg === 'analytics event');
    expect(event).toMatchObject({
      level: 20,
      analytics: {
        event: 'navigation',
        path: '/docs/getting-started',
        referrer_host: 'search.example',
        language: 'de-DE',
      },
    });
    // No address, no request line, no query strings: nothing that names the visitor.
    const text = JSON.stringify(logged);
    expect(text).not.toContain('198.51.100.23');
    expect(text).not.toContain('203.0.113.7');
    expect(text).not.toContain('someone@example.com');
    expect(logged.filter((l) => l.req !== undefined || l.res !== undefined)).toEqual([]);
  });

  it('accepts the minimal body: a path', async () => {
    expect((await post(JSON.stringify({ path: '/' }))).statusCode).toBe(202);
  });

  it('answers bad bodies with 4xx, never 5xx, and logs no event for them', async () => {
    const before = lines.filter((l) => l.msg === 'analytics event').length;
    const bad: [string, Record<string, string>?][] = [
      ['{}'],
      [JSON.stringify({ path: 'no-slash' })],
      [JSON.stringify({ path: '' })],
      [JSON.stringify({ path: 42 })],
      [JSON.stringify({ path: '/', language: 'not a language!' })],
      [JSON.stringify({ path: '/', event: 'Drop Table' })],
      [JSON.stringify({ path: `/${'x'.repeat(2048)}` })],
      [JSON.stringify({ path: '/', referrer: 'x'.repeat(5000) })],
      ['{"path": "/"'],
      ['null'],
      ['[]'],
      ['path=/', { 'content-type': 'application/x-www-form-urlencoded' }],
      [JSON.stringify({ path: '/' }), { 'content-type': 'text/xml' }],
    ];
    for (const [payload, headers] of bad) {
      const answer = await post(payload, headers);
      expect(answer.statusCode, payload.slice(0, 60)).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, payload.slice(0, 60)).toBeLessThan(500);
    }
    expect(lines.filter((l) => l.msg === 'analytics event').length).toBe(before);
  });

  it('is a public route in the OpenAPI document', async () => {
    const doc = (await ctx.request('GET', '/api/openapi.json')).body;
    expect(doc.paths['/api/v1/analytics'].post.responses).toHaveProperty('202');
  });
});
