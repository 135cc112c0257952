import { eq, lt, type SQL, sql } from 'drizzle-orm';
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
  /** Sign-ups from one client address (the free count is SIGN_UPS_PER_ADDRESS). */
  signUpAddress: { free: 20, baseMs: 60_000, maxMs: 60 * 60_000, windowMs: 60 * 60_000 },
  /** Notices to one address that someone tried to sign up with it (the owner is not flooded). */
  signUpNotice: { free: 3, baseMs: 60 * 60_000, maxMs: 24 * 60 * 60_000, windowMs: 24 * 60 * 60_000 },
  /** Anonymous password-strength estimates from one client address (each costs the estimator). */
  passwordStrengthAddress: { free: 60, baseMs: 1_000, maxMs: 60_000, windowMs: 60_000 },
  /** Verification links asked for one account. */
  verificationRequest: { free: 3, baseMs: 60_000, maxMs: 60 * 60_000, windowMs: 24 * 60 * 60_000 },
} satisfies Record<string, ThrottleRule>;

/** The wait after the `attempts`-th counted attempt (0: none). */
export function delayAfter(rule: ThrottleRule, attempts: number): number {
  if (attempts < rule.free) return 0;
  return Math.min(rule.baseMs * 2 ** (attempts - rule.free), rule.maxMs);
}

/**
 * The answer to a reservation: `granted` attempts were counted before their work began (so
 * concurrent attempts cannot all pass the check), `wait` is how long the key now waits — the
 * wait this attempt causes when granted, the time left when refused.
 */
export interface Reservation {
  granted: boolean;
  wait: number;
}

export interface ThrottleStore {
  readonly kind: 'redis' | 'database';
  /** Milliseconds until `key` may be tried again (0: now). */
  waitMs(key: string, now?: number): Promise<number>;
  /**
   * Counts an attempt unless the key waits, in one atomic step: increment, then check. Refused
   * attempts are not counted.
   */
  reserve(key: string, rule: ThrottleRule, now?: number): Promise<Reservation>;
  /** Gives back a granted reservation (the attempt succeeded or never ran). */
  release(key: string, rule: ThrottleRule): Promise<void>;
  /** Forgets the key (a successful sign-in of the account). */
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

const REDIS_PREFIX = 'slugsmith:throttle:';

/** One hash per key (`n` attempts, `u` blocked until), updated by one script: atomic across nodes. */
const RESERVE_SCRIPT = `
local free, base, max, now, window = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
local blocked = tonumber(redis.call('HGET', KEYS[1], 'u') or '0')
if blocked > now then return {0, blocked - now} end
local n = redis.call('HINCRBY', KEYS[1], 'n', 1)
local wait = 0
if n >= free then
  wait = math.min(base * 2 ^ (n - free), max)
  redis.call('HSET', KEYS[1], 'u', now + wait)
end
redis.call('PEXPIRE', KEYS[1], window)
return {1, wait}`;

/** Takes one attempt back; below the free attempts nothing waits any more. */
const RELEASE_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local n = redis.call('HINCRBY', KEYS[1], 'n', -1)
if n < tonumber(ARGV[1]) then redis.call('HDEL', KEYS[1], 'u') end
if n <= 0 then redis.call('DEL', KEYS[1]) end
return n`;

export function redisThrottleStore(url: string): ThrottleStore {
  const redis = new Redis(url, { maxRetriesPerRequest: 2 });
  redis.on('error', () => {});
  return {
    kind: 'redis',
    async waitMs(key, now = Date.now()) {
      const until = Number(await redis.hget(REDIS_PREFIX + key, 'u'));
      return Number.isFinite(until) && until > now ? until - now : 0;
    },
    async reserve(key, rule, now = Date.now()) {
      const [granted, wait] = (await redis.eval(
        RESERVE_SCRIPT,
        1,
        REDIS_PREFIX + key,
        rule.free,
        rule.baseMs,
        rule.maxMs,
        now,
        rule.windowMs,
      )) as [number, number];
      return { granted: granted === 1, wait: Number(wait) };
    },
    async release(key, rule) {
      await redis.eval(RELEASE_SCRIPT, 1, REDIS_PREFIX + key, rule.free);
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

/**
 * One row per key. A reservation is one upsert whose update only happens while the key does not
 * wait (the row lock of ON CONFLICT serialises concurrent nodes); it sets the block in the same
 * statement, so no second attempt slips in between counting and blocking.
 */
export function databaseThrottleStore(db: Db): ThrottleStore {
  const waitMs = async (key: string, now = Date.now()) => {
    const [row] = await db
      .select({ until: authThrottle.blockedUntil, expires: authThrottle.expiresAt })
      .from(authThrottle)
      .where(eq(authThrottle.key, key));
    if (!row?.until || row.expires.getTime() <= now) return 0;
    return Math.max(0, row.until.getTime() - now);
  };
  return {
    kind: 'database',
    waitMs,
    async reserve(key, rule, now = Date.now()) {
      const at = new Date(now);
      const expires = new Date(now + rule.windowMs);
      const expired = sql`${authThrottle.expiresAt} <= ${at}`;
      const count = sql`(CASE WHEN ${expired} THEN 1 ELSE ${authThrottle.failures} + 1 END)`;
      const blockedAfter = (n: SQL) =>
        sql`CASE WHEN ${n} >= ${rule.free} THEN ${at}::timestamptz + least(${rule.baseMs}::float8 * power(2, ${n} - ${rule.free}), ${rule.maxMs}::float8) * interval '1 millisecond' END`;
      const [row] = await db
        .insert(authThrottle)
        .values({ key, failures: 1, blockedUntil: sql`${blockedAfter(sql`1`)}`, expiresAt: expires })
        .onConflictDoUpdate({
          target: authThrottle.key,
          set: { failures: count, blockedUntil: blockedAfter(count), expiresAt: expires },
          setWhere: sql`${expired} OR ${authThrottle.blockedUntil} IS NULL OR ${authThrottle.blockedUntil} <= ${at}`,
        })
        .returning({ failures: authThrottle.failures });
      // Now and then (one attempt in a hundred) the rows whose window ended are deleted.
      if (Math.random() < 0.01) await db.delete(authThrottle).where(lt(authThrottle.expiresAt, at));
      if (row) return { granted: true, wait: delayAfter(rule, row.failures) };
      return { granted: false, wait: Math.max(1, await waitMs(key, now)) };
    },
    async release(key, rule) {
      const left = sql`${authThrottle.failures} - 1`;
      await db
        .update(authThrottle)
        .set({
          failures: sql`greatest(${left}, 0)`,
          blockedUntil: sql`CASE WHEN ${left} < ${rule.free} THEN NULL ELSE ${authThrottle.blockedUntil} END`,
        })
        .where(eq(authThrottle.key, key));
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
