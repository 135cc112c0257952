import { type AddressInfo, connect, createServer, type Server, type Socket } from 'node:net';
import { RATE_LIMIT_HEADERS } from '@slugsmith/contract';
import { until } from '@slugsmith/test-support';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { organisations } from '../src/db/schema.js';
import { closeApp, TestContext, testConfig, testDatabases } from './support/app.js';
import { orgWithOwner } from './support/keys.js';
import { customPlan } from './support/plans.js';

/**
 * A mint on Redis limits waits for one round trip, not two: the series update goes out while
 * Redis answers whether the plan admits the call (limits' `overlap`), and a refusal gives the
 * positions back, so no slug is lost to it and none is handed out twice.
 */

const redisUrl = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');

/** A TCP proxy to Redis whose answers the test can hold back, then let through in order. */
class HoldingProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private held: (() => void)[] | undefined;

  async start(): Promise<string> {
    const server = createServer((client) => {
      const upstream = connect(Number(redisUrl.port || 6379), redisUrl.hostname);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('error', () => socket.destroy());
      }
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
      client.on('data', (chunk) => upstream.write(chunk));
      upstream.on('data', (chunk) => {
        if (this.held) this.held.push(() => client.write(chunk));
        else client.write(chunk);
      });
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `redis://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  hold(): void {
    this.held = [];
  }

  /** Lets what was held through, in order. */
  release(): void {
    const held = this.held ?? [];
    this.held = undefined;
    for (const write of held) write();
  }

  async stop(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server?.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }
}

for (const kind of testDatabases) {
  describe(`[${kind}, redis] a mint overlaps its series update with the plan's answer`, () => {
    const proxy = new HoldingProxy();
    let ctx: TestContext;
    let redis: Redis;
    beforeAll(async () => {
      const config = testConfig(kind, { REDIS_URL: await proxy.start() });
      ctx = new TestContext(await buildApp(config), config);
      expect(ctx.app.server.planLimits.storeKind).toBe('redis');
      redis = new Redis(redisUrl.toString(), { maxRetriesPerRequest: 0 });
    });
    afterAll(async () => {
      redis?.disconnect();
      if (ctx) await closeApp(ctx.app, ctx.config);
      await proxy.stop();
    });

    async function minter(name: string, features: Record<string, number> = {}) {
      const a = await orgWithOwner(ctx, name);
      const { key } = await a.apiKey({});
      const series = await a.series('Overlap');
      if (Object.keys(features).length > 0) await customPlan(ctx, a.org, features);
      const post = (url: string, body: unknown) =>
        ctx.request('POST', `/api/v1${url}`, { body, headers: { 'x-api-key': key } });
      const mint = (count: number, slug = series.slug) => post('/gen/mint', { series: slug, count });
      const generated = async () => {
        const r = await ctx.request('GET', `/api/v1/orgs/${a.org}/series/${series.slug}`, {
          token: a.owner.token,
        });
        return BigInt(r.body.generated_count);
      };
      const slice = async (count: number) =>
        (await post('/gen/slice', { series: series.slug, sequence: 0, count })).body as string[];
      const [{ id: orgId }] = await ctx.app.database.db
        .select({ id: organisations.id })
        .from(organisations)
        .where(eq(organisations.slug, a.org));
      const dailyKey = async () => {
        const [key] = await redis.keys(`slugsmith:quota:mint:day:*:${orgId}`);
        if (!key) throw new Error('no daily mint counter in Redis');
        return key;
      };
      return { ...a, series, mint, generated, slice, dailyKey };
    }

    it('moves the series counter while Redis has not answered yet, and answers once it has', async () => {
      const m = await minter('overlap-order');
      expect((await m.mint(1)).status).toBe(200);
      proxy.hold();
      let r: Awaited<ReturnType<typeof m.mint>>;
      try {
        const answered = m.mint(2);
        let done = false;
        void answered.finally(() => {
          done = true;
        });
        // The update committed while the plan's answer was held back: the two went out together.
        await until(async () => (await m.generated()) === 3n, 'the series counter moved', {
          everyMs: 20,
          tries: 1_000,
        });
        expect(done).toBe(false);
        proxy.release();
        r = await answered;
      } finally {
        proxy.release();
      }
      expect(r.status).toBe(200);
      expect(r.body).toEqual((await m.slice(3)).slice(1));
      expect(Number(r.headers[RATE_LIMIT_HEADERS.rpm])).toBeGreaterThanOrEqual(0);
    });

    it('gives the positions back when Redis refuses what this node expected to admit', async () => {
      const m = await minter('overlap-refused', { max_mint_per_day: 5 });
      const first = await m.mint(3);
      expect(first.status).toBe(200);
      // Another node used the rest of the day meanwhile: this node still expects room for 2.
      await redis.incrby(await m.dailyKey(), 2);
      const refused = await m.mint(2);
      expect(refused.status).toBe(429);
      expect(refused.headers[RATE_LIMIT_HEADERS.reason]).toBe('daily-limit-exceeded');
      expect(await m.generated()).toBe(3n);
      // The next slug is the one at position 3: no gap, nothing handed out twice.
      await redis.incrby(await m.dailyKey(), -2);
      const next = await m.mint(1);
      expect(next.status).toBe(200);
      expect(await m.slice(4)).toEqual([...first.body, ...next.body]);
    });

    it('takes back the quota of a call that failed before the plan answered', async () => {
      const m = await minter('overlap-failed', { max_mint_per_day: 100 });
      expect((await m.mint(1)).status).toBe(200);
      const key = await m.dailyKey();
      expect(await redis.get(key)).toBe('1');
      const monitor = await redis.monitor();
      try {
        const refunded = new Promise<void>((resolve) => {
          monitor.on('monitor', (_time: string, args: string[]) => {
            if (args.includes(key) && args.includes('-5')) resolve();
          });
        });
        const missing = await m.mint(5, 'no-such-series');
        expect(missing.status).toBe(404);
        // The 404 went out before the plan's answer: its 5 slugs are counted, then given back.
        await refunded;
      } finally {
        monitor.disconnect();
      }
      await until(async () => (await redis.get(key)) === '1', 'the quota came back', { everyMs: 20 });
      expect((await m.mint(1)).status).toBe(200);
      expect(await redis.get(key)).toBe('2');
    });
  });
}
