import { eq, lt, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { Db } from '../db/connect.js';
import { authThrottle } from '../db/schema.js';

/**
 * Growing delays for guessable requests (sign-in failures, reset and verification requests):
 * `free` attempts, then a wait of `baseMs`, doubling with every further attempt up to `maxMs`.
 * Counts are forgotten `windowMs` after the last attempt. Shared by every node: Redis when
 * REDIS_URL is set, else the database.
 */
export interface ThrottleRule {
  free: number;
  baseMs: number;
  maxMs: number;
  windowMs: number;
}

export const throttleRules = {
  /** Failed sign-ins of one account (by e-mail address, whether or not it exists). */
  signInAccount: { free: 5, baseMs: 30_000, maxMs: 15 * 60_000, windowMs: 24 * 60 * 60_000 },
  /** Failed sign-ins from one client address (several people may share it). */
  signInAddress: { free: 20, baseMs: 30_000, maxMs: 15 * 60_000, windowMs: 24 * 60 * 60_000 },
  /** Reset links asked for one e-mail address. */
  resetAccount: { free: 3, baseMs: 60_000, maxMs: 60 * 60_000, windowMs: 24 * 60 * 60_000 },
  /** Reset links asked from one client address (for any e-mail address). */
  resetAddress: { free: 20, baseMs: 60_000, maxMs: 60 * 60_000, windowMs: 24 * 60 * 60_000 },
  /** Verification links asked for one account. */
  verificationRequest: { free: 3, baseMs: 60_000, maxMs: 60 * 60_000, windowMs: 24 * 60 * 60_000 },
} satisfies Record<string, ThrottleRule>;

/** The wait after the `attempts`-th counted attempt (0: none). */
export function delayAfter(rule: ThrottleRule, attempts: number): number {
  if (attempts < rule.free) return 0;
  return Math.min(rule.baseMs * 2 ** (attempts - rule.free), rule.maxMs);
}

export interface ThrottleStore {
  readonly kind: 'redis' | 'database';
  /** Milliseconds until `key` may be tried again (0: now). */
  waitMs(key: string, now?: number): Promise<number>;
  /** Counts an attempt; answers the wait it causes. */
  hit(key: string, rule: ThrottleRule, now?: number): Promise<number>;
  /** Forgets the key (a successful sign-in of the account). */
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

const REDIS_PREFIX = 'slugsmith:throttle:';

/** One hash per key (`n` attempts, `u` blocked until), updated by one script: atomic across nodes. */
const HIT_SCRIPT = `
local n = redis.call('HINCRBY', KEYS[1], 'n', 1)
local free, base, max, now, window = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
local wait = 0
if n >= free then
  wait = math.min(base * 2 ^ (n - free), max)
  redis.call('HSET', KEYS[1], 'u', now + wait)
end
redis.call('PEXPIRE', KEYS[1], window)
return wait`;

export function redisThrottleStore(url: string): ThrottleStore {
  const redis = new Redis(url, { maxRetriesPerRequest: 2 });
  redis.on('error', () => {});
  return {
    kind: 'redis',
    async waitMs(key, now = Date.now()) {
      const until = Number(await redis.hget(REDIS_PREFIX + key, 'u'));
      return Number.isFinite(until) && until > now ? until - now : 0;
    },
    async hit(key, rule, now = Date.now()) {
      const wait = await redis.eval(
        HIT_SCRIPT,
        1,
        REDIS_PREFIX + key,
        rule.free,
        rule.baseMs,
        rule.maxMs,
        now,
        rule.windowMs,
      );
      return Number(wait);
    },
    async clear(key) {
      await redis.del(REDIS_PREFIX + key);
    },
    async close() {
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    },
  };
}

/** One row per key; the count is raised by one upsert, so concurrent nodes do not lose attempts. */
export function databaseThrottleStore(db: Db): ThrottleStore {
  return {
    kind: 'database',
    async waitMs(key, now = Date.now()) {
      const [row] = await db
        .select({ until: authThrottle.blockedUntil, expires: authThrottle.expiresAt })
        .from(authThrottle)
        .where(eq(authThrottle.key, key));
      if (!row?.until || row.expires.getTime() <= now) return 0;
      return Math.max(0, row.until.getTime() - now);
    },
    async hit(key, rule, now = Date.now()) {
      const expires = new Date(now + rule.windowMs);
      const [row] = await db
        .insert(authThrottle)
        .values({ key, failures: 1, expiresAt: expires })
        .onConflictDoUpdate({
          target: authThrottle.key,
          set: {
            failures: sql`CASE WHEN ${authThrottle.expiresAt} <= ${new Date(now)} THEN 1 ELSE ${authThrottle.failures} + 1 END`,
            expiresAt: expires,
          },
        })
        .returning({ failures: authThrottle.failures });
      const wait = delayAfter(rule, row?.failures ?? 1);
      if (wait > 0) {
        await db
          .update(authThrottle)
          .set({
            blockedUntil: sql`GREATEST(coalesce(${authThrottle.blockedUntil}, '-infinity'), ${new Date(now + wait)})`,
          })
          .where(eq(authThrottle.key, key));
      }
      // Now and then (one attempt in a hundred) the rows whose window ended are deleted.
      if (Math.random() < 0.01)
        await db.delete(authThrottle).where(lt(authThrottle.expiresAt, new Date(now)));
      return wait;
    },
    async clear(key) {
      await db.delete(authThrottle).where(eq(authThrottle.key, key));
    },
    async close() {},
  };
}

export function openThrottleStore(db: Db, redisUrl: string | undefined): ThrottleStore {
  return redisUrl ? redisThrottleStore(redisUrl) : databaseThrottleStore(db);
}

/** Seconds to announce in Retry-After (at least 1). */
export const retryAfterSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
