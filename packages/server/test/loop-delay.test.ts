import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { SdkJwk } from '@slugsmith/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { closeApp, TestContext, testConfig } from './support/app.js';
import { signedHeaders } from './support/keys.js';

/**
 * Issue 30: no request of any kind from an anonymous client holds the event loop over 50 ms. Each
 * hostile request below is sent a few times to the app in this thread; what it costs is this
 * thread's CPU time while it is answered (process.threadCpuUsage), the cheapest repetition
 * counted: what every repetition costs is what an attacker can buy, and CPU time (unlike wall
 * time) does not grow when other processes take the machine's cores. A request's CPU time bounds
 * its longest block of the loop. The loop's own delay is recorded alongside and printed.
 *
 * Left to their owners: the sign-in and sign-up pages and POST /account/password-strength
 * (auth/builtin, issue 30 item 4).
 */

const BUDGET_MS = 50;
const REPEATS = 3;

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
      name: 'documents, 8 KiB query',
      method: 'GET',
      url: `/api/v1/docs?q=${'a%20'.repeat(2000)}&tags=${'x,'.repeat(500)}`,
      status: 400,
    }),
  ];

  it(`answers each within ${BUDGET_MS} ms of CPU`, async () => {
    const delay = monitorEventLoopDelay({ resolution: 5 });
    const costs: { name: string; ms: number; status: number }[] = [];
    for (const make of cases) {
      let cheapest = Number.POSITIVE_INFINITY;
      let status = 0;
      // The first is a warm-up (a route's first call compiles its schemas once).
      for (let i = 0; i <= REPEATS; i++) {
        const c = make();
        if (i > 0) delay.enable();
        const started = threadCpuMs();
        const answer = await ctx.app.server.inject({
          method: c.method,
          url: c.url,
          headers: c.headers,
          payload: c.payload,
        });
        const ms = threadCpuMs() - started;
        delay.disable();
        status = answer.statusCode;
        expect(answer.statusCode, `${c.name}: ${answer.body.slice(0, 200)}`).toBe(c.status);
        if (i > 0) cheapest = Math.min(cheapest, ms);
      }
      costs.push({ name: make().name, ms: cheapest, status });
    }
    console.info(
      `${costs.map((c) => `${c.name}: ${c.ms.toFixed(1)} ms (${c.status})`).join('\n')}\n` +
        `loop delay while answering them (wall time: includes waiting for a core): p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms, max ${(delay.max / 1e6).toFixed(1)} ms`,
    );
    for (const c of costs) expect(c.ms, c.name).toBeLessThan(BUDGET_MS);
  }, 120_000);
});
