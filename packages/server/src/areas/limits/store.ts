import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import { chain, type MaybePromise } from '../../platform/maybe-promise.js';

/**
 * Where the counters of plan enforcement live: process memory (one node; the default) or Redis
 * (`REDIS_URL`: every node shares the counts, through rate-limiter-flexible, which keeps an
 * in-memory twin as its insurance so a Redis outage degrades to per-node limits instead of
 * failing generation calls).
 *
 * Answers are `MaybePromise`s: the memory store answers at once. Counters are named by handles
 * (`Counter`) that callers build once and keep: Redis reads their key, the memory store keeps the
 * count in the handle itself (no lookup by name on the hot path).
 */
export interface LimitStore {
  readonly kind: 'memory' | 'redis';
  /** The requests-per-minute limiter for one (rpm, burst) pair of a plan (callers keep it). */
  requests(rpm: number, burst: number): RequestLimiter;
  /**
   * Adds `n` to a quota counter kept until `expiresAt` (ms since the epoch); answers the new total.
   */
  add(counter: Counter, n: number, expiresAt: number, now: number): MaybePromise<number>;
  /** Takes back what `add` added (a refused or failed call). */
  subtract(counter: Counter, n: number, now: number): MaybePromise<void>;
  /** The counter's value (0 when absent). */
  get(counter: Counter, now: number): MaybePromise<number>;
  /** Resolves once the store is connected (true) or after `timeoutMs` without (false). */
  ready(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * One counter: its name (the Redis key, under `slugsmith:`) and, in the memory store, its value
 * in a fixed window that starts with its first addition.
 */
export class Counter {
  total = 0;
  /** When the memory window ends (ms since the epoch); 0: never started. */
  endsAt = 0;
  constructor(readonly key: string) {}

  /** Whether the memory store holds a live count here (a Redis counter never does). */
  live(now: number): boolean {
    return now < this.endsAt;
  }
}

export interface RequestVerdict {
  allowed: boolean;
  /** Requests left now: in the minute's allowance, or once it is spent, in the burst pool. */
  remaining: number;
  /** Until the minute's allowance starts again (ms); meaningful when refused. */
  msBeforeNext: number;
}

/** The request counters of one subject. Callers keep them (one pair per organisation). */
export interface RequestCounters {
  minute: Counter;
  burst: Counter;
}

export function requestCounters(subject: string): RequestCounters {
  return { minute: new Counter(`rpm:${subject}`), burst: new Counter(`burst:${subject}`) };
}

/** The counter of a quota: operation, period and its window, subject (the same key in Redis). */
export function quotaCounter(operation: string, period: string, windowId: string, subject: string): Counter {
  return new Counter(`quota:${operation}:${period}:${windowId}:${subject}`);
}

export interface RequestLimiter {
  take(pair: RequestCounters, now: number): MaybePromise<RequestVerdict>;
  /** The same answer without counting a request. */
  peek(pair: RequestCounters, now: number): MaybePromise<RequestVerdict>;
}

/**
 * Burst: beyond `req_per_minute`, up to `burst_req_per_minute` requests may be made in one minute
 * by drawing on a pool of (burst − rpm) extra requests that fills again every BURST_WINDOW_S. A
 * client can burst to the higher rate once per window; sustained traffic is held to rpm.
 */
export const BURST_WINDOW_S = 600;
const MINUTE_S = 60;

/** A counter's value in its window. */
interface Count {
  total: number;
  /** When the window ends (ms since the epoch). */
  endsAt: number;
}

/**
 * The two backends: counters in a fixed window of `seconds` from their first add. `now` is the
 * caller's clock (memory windows end by it; Redis keeps its own).
 */
interface Counters {
  add(counter: Counter, n: number, seconds: number, now: number): MaybePromise<Count>;
  get(counter: Counter, now: number): MaybePromise<Count | undefined>;
}

class BurstyRequests implements RequestLimiter {
  private readonly extra: number;

  constructor(
    private readonly counters: Counters,
    private readonly rpm: number,
    burst: number,
  ) {
    this.extra = burst < 0 ? 0 : burst - rpm;
  }

  take(pair: RequestCounters, now: number): MaybePromise<RequestVerdict> {
    const minute = this.counters.add(pair.minute, 1, MINUTE_S, now);
    if (minute instanceof Promise)
      return minute.then((m) => this.verdict(m.total, m.endsAt - now, pair, now));
    return this.verdict(minute.total, minute.endsAt - now, pair, now);
  }

  /** Within the minute's allowance, or else drawing on the burst pool. */
  private verdict(
    used: number,
    msLeft: number,
    pair: RequestCounters,
    now: number,
  ): MaybePromise<RequestVerdict> {
    if (used <= this.rpm) return { allowed: true, remaining: this.rpm - used, msBeforeNext: msLeft };
    if (this.extra <= 0) return { allowed: false, remaining: 0, msBeforeNext: msLeft };
    return chain(this.counters.add(pair.burst, 1, BURST_WINDOW_S, now), (pool) =>
      pool.total <= this.extra
        ? { allowed: true, remaining: this.extra - pool.total, msBeforeNext: msLeft }
        : { allowed: false, remaining: 0, msBeforeNext: msLeft },
    );
  }

  peek(pair: RequestCounters, now: number): MaybePromise<RequestVerdict> {
    return chain(this.counters.get(pair.minute, now), (minute) => {
      const remaining = Math.max(0, this.rpm - (minute?.total ?? 0));
      const msBeforeNext = minute ? minute.endsAt - now : 0;
      if (remaining > 0 || this.extra <= 0) return { allowed: remaining > 0, remaining, msBeforeNext };
      return chain(this.counters.get(pair.burst, now), (pool) => {
        const left = Math.max(0, this.extra - (pool?.total ?? 0));
        return { allowed: left > 0, remaining: left, msBeforeNext };
      });
    });
  }
}

const totalOf = (count: Count) => count.total;

class CounterStore implements LimitStore {
  constructor(
    readonly kind: 'memory' | 'redis',
    private readonly counters: Counters,
    private readonly connection?: { ready(timeoutMs: number): Promise<boolean>; close(): Promise<void> },
  ) {}

  requests(rpm: number, burst: number): RequestLimiter {
    return new BurstyRequests(this.counters, rpm, burst);
  }

  add(counter: Counter, n: number, expiresAt: number, now: number): MaybePromise<number> {
    const seconds = Math.max(1, Math.ceil((expiresAt - now) / 1000));
    const count = this.counters.add(counter, n, seconds, now);
    return count instanceof Promise ? count.then(totalOf) : count.total;
  }

  subtract(counter: Counter, n: number, now: number): MaybePromise<void> {
    // A quota window is named by its period, so none is reused after its end: a window that ended
    // meanwhile (Redis: expired) briefly comes back negative, and is never counted into again.
    return chain(this.counters.add(counter, -n, 1, now), () => undefined);
  }

  get(counter: Counter, now: number): MaybePromise<number> {
    return chain(this.counters.get(counter, now), (count) => count?.total ?? 0);
  }

  async ready(timeoutMs: number): Promise<boolean> {
    return this.connection ? this.connection.ready(timeoutMs) : true;
  }

  async close(): Promise<void> {
    await this.connection?.close();
  }
}

/**
 * Counters in this process, kept in the handles themselves: answered at once, windows ending by
 * the callers' clock. Whoever keeps the handles keeps the counts (see OrgCounters).
 */
const memoryCounters: Counters = {
  add(counter, n, seconds, now) {
    if (!counter.live(now)) {
      counter.total = 0;
      counter.endsAt = now + seconds * 1000;
    }
    counter.total += n;
    // The handle is its own answer (read at once by the caller): no object per call.
    return counter;
  },
  get(counter, now) {
    return counter.live(now) ? counter : undefined;
  },
};

export function memoryStore(): LimitStore {
  return new CounterStore('memory', memoryCounters);
}

/** Memory timers cannot run longer than 2^31 ms (about 24.8 days). */
const MAX_TIMER_S = 20 * 24 * 3600;

/**
 * The in-memory twin of the Redis counters, used only while Redis is unreachable: it clamps
 * counter lives to what a timer can hold (an outage longer than that loses the twin's counts).
 */
class InsuranceMemory extends RateLimiterMemory {
  override penalty(key: string | number, points?: number, options?: { customDuration?: number }) {
    const d = options?.customDuration;
    return super.penalty(
      key,
      points,
      d === undefined ? options : { customDuration: Math.min(d, MAX_TIMER_S) },
    );
  }
}

/** Counters in Redis under `slugsmith:` keys, shared by every node that uses the same Redis. */
export function redisStore(url: string): LimitStore {
  const client = new Redis(url, {
    // Fail fast to the insurance limiter instead of queueing calls while Redis is away.
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    lazyConnect: false,
    // The two or three counters of one call (and of calls arriving together) share one write.
    enableAutoPipelining: true,
  });
  // Connection errors are retried by ioredis and covered by the insurance limiters.
  client.on('error', () => {});
  // Only `penalty` (add, whatever the total) and `get` are used: the limits are decided above.
  const options = { keyPrefix: 'slugsmith', points: Number.MAX_SAFE_INTEGER, duration: MINUTE_S };
  const limiter = new RateLimiterRedis({
    ...options,
    storeClient: client,
    rejectIfRedisNotReady: true,
    insuranceLimiter: new InsuranceMemory(options),
  });
  const counters: Counters = {
    add: async (counter, n, seconds, now) => {
      const res = await limiter.penalty(counter.key, n, { customDuration: seconds });
      return { total: res.consumedPoints, endsAt: now + res.msBeforeNext };
    },
    get: async (counter, now) => {
      const res = await limiter.get(counter.key);
      return res ? { total: res.consumedPoints, endsAt: now + res.msBeforeNext } : undefined;
    },
  };
  return new CounterStore('redis', counters, {
    ready: (timeoutMs) =>
      new Promise<boolean>((resolve) => {
        if (client.status === 'ready') return resolve(true);
        const timer = setTimeout(() => {
          client.off('ready', onReady);
          resolve(false);
        }, timeoutMs);
        const onReady = () => {
          clearTimeout(timer);
          resolve(true);
        };
        client.once('ready', onReady);
      }),
    close: async () => {
      await client.quit().catch(() => client.disconnect());
    },
  });
}

export function limitStore(redisUrl: string | undefined): LimitStore {
  return redisUrl ? redisStore(redisUrl) : memoryStore();
}
