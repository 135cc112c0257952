import type { SdkJwk } from '@slugsmith/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { closeApp, TestContext, testConfig } from './support/app.js';
import { signedHeaders } from './support/keys.js';

/**
 * Issue 30: no request of any kind from an anonymous client holds the event loop over 50 ms. Each
 * hostile request below is sent several times to the app in this thread, and what it costs is
 * this thread's CPU time while it is answered (process.threadCpuUsage), averaged over the
 * repetitions: the kernel accounts it by scheduler tick, so one short request reads 0 or a whole
 * tick, and the mean is the unbiased figure. CPU time, unlike wall time, does not grow while other
 * processes hold the machine's cores, and a request's CPU time bounds its longest block of the
 * loop.
 *
 * Left to their owners: the sign-in and sign-up pages and POST /account/password-strength
 * (auth/builtin, issue 30 item 4).
 */

const BUDGET_MS = 50;
const REPEATS = 8;

interface Case {
  name: string;
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  payload?: string;
  /** The status the request must get (it is refused or answered, never a 500). */
  status: number;
}

const deepArray = (length: number) => '['.repeat(length);
const deepObject = (length: number) => '{"a":'.repeat(Math.floor(length / 5));
const KiB = 1024;

function threadCpuMs(): number {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
}

describe('the event loop under anonymous hostile requests', () => {
  let ctx: TestContext;
  let consoleKey: SdkJwk;
  const origin = 'http://127.0.0.1:8080';

  beforeAll(async () => {
    const config = testConfig('pglite');
    ctx = new TestContext(await buildApp(config), config);
    const keys = await ctx.request('POST', '/api/v1/jwks', {
      body: { config: ctx.app.consoleConfig },
      headers: { origin },
    });
    expect(keys.status).toBe(200);
    consoleKey = keys.body[0].jwk;
  });
  afterAll(async () => {
    if (ctx) await closeApp(ctx.app, ctx.config);
  });

  const json = { 'content-type': 'application/json', origin };
  const signed = (path: string) => ({
    ...json,
    ...signedHeaders(consoleKey, 'slugsmith-console', 'POST', path),
  });

  const cases: (() => Case)[] = [
    () => ({
      name: '16 KiB of [',
      method: 'POST',
      url: '/api/v1/jwks',
      headers: json,
      payload: deepArray(16 * KiB - 1),
      status: 400,
    }),
    () => ({
      name: '16 KiB of {"a":',
      method: 'POST',
      url: '/api/v1/jwks',
      headers: json,
      payload: deepObject(16 * KiB - 1),
      status: 400,
    }),
    () => ({
      name: '1 MiB of [ (announced)',
      method: 'POST',
      url: '/api/v1/jwks',
      headers: json,
      payload: deepArray(1024 * KiB),
      status: 413,
    }),
    () => ({
      name: '1 MiB of [ (chunked)',
      method: 'POST',
      url: '/api/v1/jwks',
      headers: { ...json, 'transfer-encoding': 'chunked' },
      payload: deepArray(1024 * KiB),
      status: 413,
    }),
    () => ({
      name: '16 KiB wide array of objects',
      method: 'POST',
      url: '/api/v1/jwks',
      headers: json,
      payload: `[${Array.from({ length: 5400 }, () => '{}').join(',')}]`
        .slice(0, 16 * KiB - 1)
        .replace(/,?\{?\}?$/, ']'),
      status: 400,
    }),
    () => ({
      name: '16 KiB of escapes',
      method: 'POST',
      url: '/api/v1/jwks',
      headers: json,
      payload: `{"config":"${'\\u0000'.repeat(2700)}"}`,
      status: 400,
    }),
    () => ({
      name: 'analytics, 4 KiB of [',
      method: 'POST',
      url: '/api/v1/analytics',
      headers: json,
      payload: deepArray(4 * KiB - 1),
      status: 400,
    }),
    () => ({
      name: 'generation API, text/plain JSON without a key',
      method: 'POST',
      url: '/api/v1/gen/forge',
      headers: { 'content-type': 'text/plain', origin },
      payload: deepArray(16 * KiB - 1),
      status: 401,
    }),
    () => ({
      name: 'console forge, deep text/plain JSON',
      method: 'POST',
      url: '/api/v1/gen/forge',
      headers: { ...signed('/api/v1/gen/forge'), 'content-type': 'text/plain' },
      payload: deepArray(16 * KiB - 1),
      status: 400,
    }),
    () => ({
      name: 'console forge, 1,000 slugs',
      method: 'POST',
      url: '/api/v1/gen/forge',
      headers: signed('/api/v1/gen/forge'),
      payload: JSON.stringify({ pattern: '{adjective}-{noun}-{number:4d}', count: 1000 }),
      status: 200,
    }),
    () => ({
      name: 'console pattern-info, 1,024 characters of components',
      method: 'POST',
      url: '/api/v1/gen/pattern-info',
      headers: signed('/api/v1/gen/pattern-info'),
      payload: JSON.stringify({ pattern: '{adjective}-{noun}-'.repeat(60).slice(0, 1024) }),
      status: 400,
    }),
    () => ({
      name: 'webhook, 1 MiB with a wrong signature',
      method: 'POST',
      url: '/api/v1/billing/webhooks/local',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ data: 'x'.repeat(1000 * KiB) }),
      status: 400,
    }),
    () => ({
      name: 'password reset request, 16 KiB of [',
      method: 'POST',
      url: '/api/v1/account/password-reset',
      headers: json,
      payload: deepArray(16 * KiB - 1),
      status: 400,
    }),
    () => ({
      name: 'password strength, 16 KiB of {"a": (refused before any check)',
      method: 'POST',
      url: '/api/v1/account/password-strength',
      headers: json,
      payload: deepObject(16 * KiB - 1),
      status: 400,
    }),
    () => ({
      name: 'sandbox checkout form, 16 KiB of fields',
      method: 'POST',
      url: '/api/v1/billing/local/checkout/00000000-0000-0000-0000-000000000000',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'card=4242&'.repeat(1600),
      status: 404,
    }),
    () => ({
      name: 'documents, 8 KiB query',
      method: 'GET',
      url: `/api/v1/docs?q=${'a%20'.repeat(2000)}&tags=${'x,'.repeat(500)}`,
      status: 400,
    }),
  ];

  it(`answers each within ${BUDGET_MS} ms of CPU`, async () => {
    const costs: { name: string; ms: number; status: number }[] = [];
    for (const make of cases) {
      const measured: number[] = [];
      let status = 0;
      // The first is a warm-up (a route's first call compiles its schemas once).
      for (let i = 0; i <= REPEATS; i++) {
        const c = make();
        const started = threadCpuMs();
        const answer = await ctx.app.server.inject({
          method: c.method,
          url: c.url,
          headers: c.headers,
          payload: c.payload,
        });
        const ms = threadCpuMs() - started;
        status = answer.statusCode;
        expect(answer.statusCode, `${c.name}: ${answer.body.slice(0, 200)}`).toBe(c.status);
        if (i > 0) measured.push(ms);
      }
      costs.push({ name: make().name, ms: measured.reduce((a, b) => a + b, 0) / measured.length, status });
    }
    console.info(costs.map((c) => `${c.name}: ${c.ms.toFixed(2)} ms (${c.status})`).join('\n'));
    for (const c of costs) expect(c.ms, c.name).toBeLessThan(BUDGET_MS);
  }, 120_000);
});
