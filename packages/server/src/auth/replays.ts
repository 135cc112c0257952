import { lt, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { Db } from '../db/connect.js';
import { replaySignatures } from '../db/schema.js';

/** The order of the P-256 group. */
const P256_N = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;

/**
 * What the replay store remembers of a signature (r‖s, 64 bytes): r‖min(s, n−s). ECDSA accepts
 * (r, s) and (r, n−s) alike and WebCrypto produces both, so both spellings are one signature.
 */
export function replayKey(signature: Uint8Array): string {
  const r = Buffer.from(signature.subarray(0, 32));
  const s = BigInt(`0x${Buffer.from(signature.subarray(32, 64)).toString('hex')}`);
  const low = s > P256_N - s ? P256_N - s : s;
  const lowBytes = Buffer.from(low.toString(16).padStart(64, '0'), 'hex');
  return Buffer.concat([r, lowBytes]).toString('base64url');
}

/**
 * Where the signatures of signed requests are remembered (as their `replayKey`), so that a signature is accepted once
 * across every node: Redis when REDIS_URL is set, else the database all nodes share.
 */
export interface ReplayStore {
  readonly kind: 'redis' | 'database';
  /**
   * True the first time `signature` (a `replayKey`) is offered; it is remembered until `expiresAt` (ms since the
   * epoch), when its timestamp has left the accepted window and the timestamp check refuses it.
   */
  firstUse(signature: string, expiresAt: number, now: number): Promise<boolean>;
  close(): Promise<void>;
}

const REDIS_PREFIX = 'slugsmith:replay:';

/** `SET key 1 NX PX ttl`: the key expires by itself, and only the first SET answers OK. */
export function redisReplayStore(url: string): ReplayStore {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  // A lost connection is retried by the client; a failing command fails its request (503 path).
  redis.on('error', () => {});
  return {
    kind: 'redis',
    async firstUse(signature, expiresAt, now) {
      const ttl = Math.max(1, Math.ceil(expiresAt - now));
      return (await redis.set(REDIS_PREFIX + signature, '1', 'PX', ttl, 'NX')) === 'OK';
    },
    async close() {
      // A client still (re)connecting has nothing to flush: drop it instead of waiting.
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    },
  };
}

/** Expired rows are deleted at most this often per node, by the request that finds it due. */
const PURGE_EVERY_MS = 60_000;

/**
 * One row per signature: `INSERT … ON CONFLICT` makes the database decide which of two nodes saw
 * it first. A row whose time is up (not purged yet) is taken over by the new use.
 */
export function databaseReplayStore(db: Db): ReplayStore {
  let lastPurge = 0;
  let purging: Promise<unknown> = Promise.resolve();
  return {
    kind: 'database',
    async firstUse(signature, expiresAt, now) {
      if (now - lastPurge > PURGE_EVERY_MS) {
        lastPurge = now;
        // Not awaited by the request; close() waits for it.
        purging = db
          .delete(replaySignatures)
          .where(lt(replaySignatures.expiresAt, new Date(now)))
          .catch(() => {});
      }
      const rows = await db
        .insert(replaySignatures)
        .values({ signature, expiresAt: new Date(expiresAt) })
        .onConflictDoUpdate({
          target: replaySignatures.signature,
          set: { expiresAt: new Date(expiresAt) },
          setWhere: sql`${replaySignatures.expiresAt} <= ${new Date(now)}`,
        })
        .returning({ signature: replaySignatures.signature });
      return rows.length === 1;
    },
    async close() {
      await purging;
    },
  };
}

export function openReplayStore(db: Db, redisUrl: string | undefined): ReplayStore {
  return redisUrl ? redisReplayStore(redisUrl) : databaseReplayStore(db);
}
