import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.js';
import { databaseReplayStore, replayKey } from '../src/auth/replays.js';
import { replaySignatures } from '../src/db/schema.js';
import type { Config } from '../src/platform/config.js';
import { closeApp, describeEachDatabase, TestContext, testConfig, testDatabases } from './support/app.js';
import { orgWithOwner, signedHeaders } from './support/keys.js';
import { unlimitedPlan } from './support/plans.js';

const testRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const forge = { method: 'POST', path: '/api/v1/gen/forge', body: { pattern: '{noun}', count: 1 } } as const;

/** A signed forge request sent with exactly these headers (a captured request, replayed). */
async function send(ctx: TestContext, headers: Record<string, string>) {
  return ctx.request(forge.method, forge.path, { body: forge.body, headers });
}

/** An organisation on a plan with SDK access (Free has none). */
async function sdkOrg(ctx: TestContext, name: string) {
  const a = await orgWithOwner(ctx, name);
  await unlimitedPlan(ctx, a.org);
  return a;
}

/** An SDK config on `first`, and a request signed with it that `first` accepts. */
async function acceptedOnce(first: TestContext) {
  const a = await sdkOrg(first, 'replay');
  const config = await a.sdkConfig({});
  const headers = signedHeaders(config.keys[0].jwk, config.slug, forge.method, forge.path);
  expect((await send(first, headers)).status).toBe(200);
  return { config, headers };
}

const replayed = { status: 401, body: { message: 'Request signature was already used' } };

/**
 * Replay protection is shared: a signature accepted by one node is refused by every other node on
 * the same PostgreSQL (or the same Redis), and still refused after a restart on PGlite.
 */
describe('replayed signatures across nodes', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  /** Two app instances on one configuration (one database schema), closed after the file. */
  async function twoNodes(config: Config): Promise<[TestContext, TestContext]> {
    const a = await buildApp(config);
    const b = await buildApp(config);
    cleanups.push(async () => {
      await b.server.close();
      await closeApp(a, config);
    });
    return [new TestContext(a, config), new TestContext(b, config)];
  }

  async function storedSignatures(app: App): Promise<number> {
    const [row] = await app.database.db.select({ n: count() }).from(replaySignatures);
    return Number(row.n);
  }

  if (testDatabases.includes('postgres')) {
    it('[postgres] the second node refuses a signature the first accepted (database store)', async () => {
      const [first, second] = await twoNodes(testConfig('postgres'));
      expect(first.app.replays.kind).toBe('database');
      const { config, headers } = await acceptedOnce(first);
      expect(await send(second, headers)).toMatchObject(replayed);
      expect(await send(first, headers)).toMatchObject(replayed);
      // The second node itself works: a fresh signature passes there.
      const fresh = signedHeaders(config.keys[0].jwk, config.slug, forge.method, forge.path);
      expect((await send(second, fresh)).status).toBe(200);
      expect(await storedSignatures(first.app)).toBeGreaterThanOrEqual(2);
    });

    it('[postgres] two nodes on one Redis refuse the replay (Redis store, no database rows)', async () => {
      const [first, second] = await twoNodes(testConfig('postgres', { REDIS_URL: testRedisUrl }));
      expect(first.app.replays.kind).toBe('redis');
      const { headers } = await acceptedOnce(first);
      expect(await send(second, headers)).toMatchObject(replayed);
      expect(await storedSignatures(first.app)).toBe(0);
      // The key expires by itself once the timestamp has left the window.
      const redis = new Redis(testRedisUrl);
      try {
        const stored = replayKey(Buffer.from(headers['x-signature'], 'base64url'));
        const ttl = await redis.pttl(`slugsmith:replay:${stored}`);
        expect(ttl).toBeGreaterThan(5 * 60_000 - 10_000);
        expect(ttl).toBeLessThanOrEqual(5 * 60_000 + 1_000);
      } finally {
        redis.disconnect();
      }
    });

    it('[postgres] refuses signed requests with 503 while the replay Redis is unreachable', async () => {
      const config = testConfig('postgres', { REDIS_URL: 'redis://127.0.0.1:1' });
      const app = await buildApp(config);
      cleanups.push(() => closeApp(app, config));
      const ctx = new TestContext(app, config);
      const a = await sdkOrg(ctx, 'replay-down');
      const sdk = await a.sdkConfig({});
      const headers = signedHeaders(sdk.keys[0].jwk, sdk.slug, forge.method, forge.path);
      expect(await send(ctx, headers)).toMatchObject({
        status: 503,
        body: { message: 'Service unavailable' },
      });
      // API keys do not need the replay store.
      const key = await a.apiKey({ scopes: ['forge'] });
      const viaKey = await ctx.request('POST', forge.path, {
        body: forge.body,
        headers: { 'x-api-key': key.key },
      });
      expect(viaKey.status).toBe(200);
    });

    it('[postgres] nodes racing on one signature let exactly one request through', async () => {
      const [first, second] = await twoNodes(testConfig('postgres'));
      const a = await sdkOrg(first, 'replay-race');
      const config = await a.sdkConfig({});
      const headers = signedHeaders(config.keys[0].jwk, config.slug, forge.method, forge.path);
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) => send(i % 2 ? first : second, headers)),
      );
      expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
      expect(answers.filter((r) => r.status === 401)).toHaveLength(7);
    });
  }

  if (testDatabases.includes('pglite')) {
    it('[pglite] a signature accepted before a restart is refused after it', async () => {
      const dir = await mkdtemp(join(tmpdir(), 'slugsmith-replay-'));
      cleanups.push(() => rm(dir, { recursive: true, force: true }));
      const config = testConfig('pglite', { DATA_DIR: dir });
      const before = new TestContext(await buildApp(config), config);
      const { headers } = await acceptedOnce(before);
      await before.app.server.close();
      const after = new TestContext(await buildApp(config), config);
      cleanups.push(() => after.app.server.close());
      expect(await send(after, headers)).toMatchObject(replayed);
    });

    it('[pglite] an expired row is purged and may be taken over; a live one may not', async () => {
      const config = testConfig('pglite');
      const app = await buildApp(config);
      cleanups.push(() => app.server.close());
      const store = databaseReplayStore(app.database.db);
      const now = Date.now();
      expect(await store.firstUse('sig-a', now + 1_000, now)).toBe(true);
      expect(await store.firstUse('sig-a', now + 1_000, now + 10)).toBe(false);
      // Past its expiry the row no longer blocks (the timestamp check refuses such requests anyway).
      expect(await store.firstUse('sig-a', now + 5_000, now + 2_000)).toBe(true);
      expect(await store.firstUse('sig-b', now + 1_000, now + 2_000)).toBe(true);
      // The next purge (due after a minute) deletes what expired.
      expect(await store.firstUse('sig-c', now + 200_000, now + 120_000)).toBe(true);
      await store.close();
      const left = await app.database.db.select().from(replaySignatures);
      expect(left.map((r) => r.signature).sort()).toEqual(['sig-c']);
    });
  }
});

/** The order of the P-256 group: (r, s) and (r, n − s) both verify. */
const N = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;

/** The same signature with s replaced by n − s, canonically encoded. */
function mirrored(signature: string): string {
  const bytes = Buffer.from(signature, 'base64url');
  const s = BigInt(`0x${bytes.subarray(32).toString('hex')}`);
  const other = Buffer.from((N - s).toString(16).padStart(64, '0'), 'hex');
  return Buffer.concat([bytes.subarray(0, 32), other]).toString('base64url');
}

/** The last character with other values in its four unused bits (64 bytes: 2 bits used). */
function otherUnusedBits(signature: string): string[] {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const last = alphabet.indexOf(signature.at(-1) as string);
  return [1, 2, 7, 15].map((bits) => signature.slice(0, -1) + alphabet[(last & 0b110000) | bits]);
}

/**
 * One request, one signature: whatever spelling it is sent in. Only canonical unpadded base64url
 * of 64 bytes is read, and the replay store knows a signature by r‖min(s, n − s).
 */
describeEachDatabase('a signature sent again in another spelling', (ctx) => {
  /** Signed headers whose signature has a - or _ (so the +/ alphabet spells it differently). */
  function headersWithUrlAlphabet(jwk: Parameters<typeof signedHeaders>[0], slug: string) {
    for (;;) {
      const headers = signedHeaders(jwk, slug, forge.method, forge.path);
      if (/[-_]/.test(headers['x-signature'])) return headers;
    }
  }

  it('refuses every re-encoding and the mirrored (r, n − s) after the signature was used', async () => {
    const a = await sdkOrg(ctx(), 'respelled');
    const config = await a.sdkConfig({});
    const headers = headersWithUrlAlphabet(config.keys[0].jwk, config.slug);
    const S = headers['x-signature'];
    expect((await send(ctx(), headers)).status).toBe(200);
    expect(await send(ctx(), headers)).toMatchObject(replayed);
    const variants: Record<string, string> = {
      padded: `${S}==`,
      'standard alphabet': S.replaceAll('-', '+').replaceAll('_', '/'),
      'junk character': `${S.slice(0, 40)}.${S.slice(40)}`,
      'space inside': `${S.slice(0, 40)} ${S.slice(40)}`,
      ...Object.fromEntries(otherUnusedBits(S).map((v, i) => [`unused bits ${i}`, v])),
    };
    for (const [name, signature] of Object.entries(variants)) {
      expect(signature, name).not.toBe(S);
      const r = await send(ctx(), { ...headers, 'x-signature': signature });
      expect(r, name).toMatchObject({ status: 401, body: { message: 'Invalid signature' } });
    }
    const mirror = mirrored(S);
    expect(mirror).not.toBe(S);
    expect(await send(ctx(), { ...headers, 'x-signature': mirror })).toMatchObject(replayed);
  });

  it('accepts a high-s signature (WebCrypto makes both halves), once, in either form', async () => {
    const a = await sdkOrg(ctx(), 'high-s');
    const config = await a.sdkConfig({});
    const headers = signedHeaders(config.keys[0].jwk, config.slug, forge.method, forge.path);
    const mirror = mirrored(headers['x-signature']);
    expect((await send(ctx(), { ...headers, 'x-signature': mirror })).status).toBe(200);
    expect(await send(ctx(), headers)).toMatchObject(replayed);
  });
});
