import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databaseUrl,
  dropSchema,
  freePort,
  type ServerProcess,
  startServer,
  stopServer,
} from '../scripts/support.js';
import { hashPassword } from '../src/auth/builtin/passwords.js';
import { testDatabases } from './support/app.js';
import { OidcFlow } from './support/oidc-flow.js';

/**
 * Brute force against two server PROCESSES sharing one PostgreSQL schema and one Redis: the
 * failures counted on one node hold on the other, so alternating nodes gains an attacker nothing.
 */
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe.runIf(testDatabases.includes('postgres'))(
  '[postgres, redis] sign-in throttled across two processes',
  () => {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const servers: ServerProcess[] = [];
    const email = `brute-${randomBytes(3).toString('hex')}@example.com`;
    const password = 'correct horse battery';

    beforeAll(async () => {
      const env = { REDIS_URL: redisUrl, LOG_LEVEL: 'error', ADMIN_PASSWORD: 'operator chosen secret' };
      servers.push(await startServer(schema, await freePort(), env));
      servers.push(await startServer(schema, await freePort(), env));
      await insertUser(email);
    });

    async function insertUser(address: string) {
      const client = new pg.Client({ connectionString: databaseUrl, options: `-c search_path=${schema}` });
      await client.connect();
      await client.query('INSERT INTO local_users (email, password_hash) VALUES ($1, $2)', [
        address,
        await hashPassword(password),
      ]);
      await client.end();
    }
    afterAll(async () => {
      await Promise.all(servers.map((s) => stopServer(s)));
      await dropSchema(schema);
      // Counts of this run's client address go, so later runs on this Redis start from zero.
      const redis = new Redis(redisUrl);
      const keys = await redis.keys('slugsmith:throttle:sign-in:address:*');
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    });

    async function attempt(server: ServerProcess, pw: string) {
      const flow = new OidcFlow(server.url);
      await flow.start();
      const r = await flow.signIn(email, pw);
      return { status: r.status, retryAfter: r.headers.get('retry-after'), text: await r.text() };
    }

    it('five failures over both nodes make both wait, even for the right password', async () => {
      const [a, b] = servers as [ServerProcess, ServerProcess];
      expect(a.child.pid).not.toBe(b.child.pid);
      const seen: number[] = [];
      for (const [i, server] of [a, b, a, b, a].entries())
        seen.push((await attempt(server, `guess ${i}`)).status);
      expect(seen).toEqual([401, 401, 401, 401, 429]);
      // The count lives in Redis (not in either process, nor only in the database).
      const redis = new Redis(redisUrl);
      expect(await redis.hget(`slugsmith:throttle:sign-in:account:${email}`, 'n')).toBe('5');
      await redis.quit();
      for (const server of [b, a]) {
        const right = await attempt(server, password);
        expect(right.status).toBe(429);
        expect(Number(right.retryAfter)).toBeGreaterThan(20);
        expect(right.text).toContain('Too many attempts. Try again in 1 min.');
      }
    });

    it('40 guesses at once over both nodes: at most 5 checked, the right one never beyond them', async () => {
      const redis = new Redis(redisUrl);
      for (const rightAt of [39, 0]) {
        const target = `race-${randomBytes(3).toString('hex')}@example.com`;
        await insertUser(target);
        const addressKeys = await redis.keys('slugsmith:throttle:sign-in:address:*');
        if (addressKeys.length > 0) await redis.del(...addressKeys);
        const flows = await Promise.all(
          Array.from({ length: 40 }, async (_, i) => {
            const flow = new OidcFlow((servers[i % 2] as ServerProcess).url);
            await flow.start();
            return flow;
          }),
        );
        const statuses = await Promise.all(
          flows.map(
            async (flow, i) => (await flow.signIn(target, i === rightAt ? password : `g${i}`)).status,
          ),
        );
        const signedIn = statuses.filter((s) => s === 303 || s === 302).length;
        expect(signedIn + statuses.filter((s) => s === 401 || s === 429).length, String(statuses)).toBe(40);
        // Checked guesses: the failures the address still counts, plus a success (given back).
        const [addressKey] = await redis.keys('slugsmith:throttle:sign-in:address:*');
        const counted = addressKey ? Number(await redis.hget(addressKey, 'n')) : 0;
        expect(counted + signedIn, String(statuses)).toBeLessThanOrEqual(5);
        if (signedIn === 0)
          expect(await redis.hget(`slugsmith:throttle:sign-in:account:${target}`, 'n')).toBe('5');
      }
      await redis.quit();
    });
  },
);
