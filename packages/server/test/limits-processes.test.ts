import { randomBytes } from 'node:crypto';
import { RATE_LIMIT_HEADERS } from '@slugsmith/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dropSchema,
  freePort,
  post,
  type ServerProcess,
  seedOrgAndKey,
  startServer,
  stopServer,
} from '../scripts/support.js';
import { testDatabases } from './support/app.js';

/**
 * Plan limits shared by two server PROCESSES (not two apps in one process, which would share
 * module-global caches): `src/main.ts` started twice by the scripts' own spawner, on one
 * PostgreSQL schema and one Redis. The organisation is new (its id names its Redis keys) and its
 * plan allows a handful of requests a minute, so the count is exact whatever else uses the Redis.
 */

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const H = RATE_LIMIT_HEADERS;
const RPM = 5;

describe.runIf(testDatabases.includes('postgres'))('[postgres, redis] two server processes', () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const servers: ServerProcess[] = [];
  beforeAll(async () => {
    const env = { REDIS_URL: redisUrl, LOG_LEVEL: 'error' };
    // One after the other: the first migrates and seeds the schema, the second finds it ready.
    servers.push(await startServer(schema, await freePort(), env));
    servers.push(await startServer(schema, await freePort(), env));
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => stopServer(s)));
    await dropSchema(schema);
  });

  it(`share one allowance of ${RPM} requests a minute and the daily quota through Redis`, async () => {
    // The servers run on the real clock, out of reach of a fake one: a run that would straddle
    // 00:00 UTC starts after it instead, so all its calls count in one day.
    await untilClearOfMidnight(60_000);
    const [a, b] = servers;
    expect(a.child.pid).not.toBe(b.child.pid);
    const { apiKey } = await seedOrgAndKey(schema, {
      req_per_minute: RPM,
      burst_req_per_minute: RPM,
      max_forge_per_day: 1_000,
    });
    const forge = (server: ServerProcess) =>
      post(`${server.url}/api/v1/gen/forge`, apiKey, { pattern: '{noun}', count: 10 });

    const seen: { node: string; status: number; rpm: string | null; daily: string | null }[] = [];
    // Alternately: a, b, a, b, a — every request of the minute's allowance — then one more on each.
    const order = [a, b, a, b, a, b, a];
    for (const [i, server] of order.entries()) {
      const r = await forge(server);
      seen.push({
        node: server === a ? 'a' : 'b',
        status: r.status,
        rpm: r.headers.get(H.rpm),
        daily: r.headers.get(H.daily),
      });
      const body = (await r.json()) as unknown;
      if (i < RPM) {
        expect(body).toHaveLength(10);
      } else {
        expect(r.headers.get(H.reason)).toBe('rate-limit-exceeded');
        const retry = Number(r.headers.get(H.retryAfter));
        expect(retry).toBeGreaterThanOrEqual(1);
        expect(retry).toBeLessThanOrEqual(60);
        expect(body).toMatchObject({
          code: 429,
          message: `Rate limit exceeded. Please try again in ${retry} seconds.`,
          details: { reason: 'rate-limit-exceeded', limit: 'req_per_minute' },
        });
      }
    }
    // Each node alone would have allowed 5: together they allowed exactly 5, and the slugs of
    // each admitted call were counted once in the shared daily quota (refused calls took none).
    expect(seen).toEqual([
      { node: 'a', status: 200, rpm: '4', daily: '990' },
      { node: 'b', status: 200, rpm: '3', daily: '980' },
      { node: 'a', status: 200, rpm: '2', daily: '970' },
      { node: 'b', status: 200, rpm: '1', daily: '960' },
      { node: 'a', status: 200, rpm: '0', daily: '950' },
      { node: 'b', status: 429, rpm: '0', daily: '950' },
      { node: 'a', status: 429, rpm: '0', daily: '950' },
    ]);
  });
});

/** Waits past the next 00:00 UTC when it is less than `marginMs` away. */
async function untilClearOfMidnight(marginMs: number): Promise<void> {
  const now = Date.now();
  const toMidnight = 86_400_000 - (now % 86_400_000);
  if (toMidnight < marginMs) await new Promise((resolve) => setTimeout(resolve, toMidnight + 1_000));
}
