import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import { chain, type MaybePromise } from '../../platform/maybe-promise.js';

/**
 * Where the counters of plan enforcement live: process memory (one node; the default) or Redis
 * (`REDIS_URL`: every node shares the counts, through rate-limiter-flexible, which keeps an
 * in-memory twin as its insurance so a Redis outage degrades to per-node limits instead of
 * failing generation calls).
 *
 * Answers are `MaybePromise`s: the memory store answers at once.
 */
export interface LimitStore {
  readonly kind: 'memory' | 'redis';
  /** The requests-per-minute limiter for one (rpm, burst) pair of a plan. */
  requests(rpm: number, burst: number): RequestLimiter;
  /**
   * Adds `n` to a quota counter (a `quotaKey`) kept until `expiresAt` (ms since the epoch);
   * answers the new total.
   */
  add(key: string, n: number, expiresAt: number, now: number): MaybePromise<number>;
  /** Takes back what `add` added (a refused or failed call). */
  subtract(key: string, n: number, now: number): MaybePromise<void>;
  /** The counter's value (0 when absent). */
  get(key: string, now: number): MaybePromise<number>;
  /** Resolves once the store is connected (true) or after `timeoutMs` without (false). */
  ready(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

export interface RequestVerdict {
  allowed: boolean;
  /** Requests left now: in the minute's allowance, or once it is spent, in the burst pool. */
  remaining: number;
  /** Until the minute's allowance starts again (ms); meaningful when refused. */
  msBeforeNext: number;
}

/**
 * The counter names of one subject's requests. Callers keep them (one per organisation): a key
 * string built per call would be hashed anew by every lookup.
 */
export interface RequestKeys {
  minute: string;
  burst: string;
}

export function requestKeys(subject: string): RequestKeys {
  return { minute: `rpm:${subject}`, burst: `burst:${subject}` };
}

/** The counter name of a quota: operation, period and its window, subject (the same in Redis). */
export function quotaKey(operation: string, period: string, windowId: string, subject: string): string {
  return `quota:${operation}:${period}:${windowId}:${subject}`;
}

export interface RequestLimiter {
  take(keys: RequestKeys, now: number): MaybePromise<RequestVerdict>;
  /** The same answer without counting a request. */
  peek(keys: RequestKeys, now: number): MaybePromise<RequestVerdict>;
}

/**
 * Burst: beyond `req_per_minute`, up to `burst_req_per_minute` requests may be made in one minute
 * by drawing on a pool of (burst − rpm) extra requests that fills again every BURST_WINDOW_S. A
 * client can burst to the higher rate once per window; sustained traffic is held to rpm.
 */
export const BURST_WINDOW_S = 600;
const MINUTE_S = 60;

/** A counter in a fixed window that starts with its first addition. */
interface Count {
  total: number;
  /** Until the window ends (ms). */
  msLeft: number;
}

/**
 * The two backends: counters by key, each in a fixed window of `seconds` from its first add.
 * `now` is the caller's clock (memory windows expire by it; Redis keeps its own).
 */
interface Counters {
  add(key: string, n: number, seconds: number, now: number): MaybePromise<Count>;
  get(key: string, now: number): MaybePromise<Count | undefined>;
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

  take(keys: RequestKeys, now: number): MaybePromise<RequestVerdict> {
    const minute = this.counters.add(keys.minute, 1, MINUTE_S, now);
    if (minute instanceof Promise) return minute.then((m) => this.verdict(m, keys, now));
    return this.verdict(minute, keys, now);
  }

  /** Within the minute's allowance, or else drawing on the burst pool. */
  private verdict(minute: Count, keys: RequestKeys, now: number): MaybePromise<RequestVerdict> {
    if (minute.total <= this.rpm) {
      return { allowed: true, remaining: this.rpm - minute.total, msBeforeNext: minute.msLeft };
    }
    if (this.extra <= 0) return { allowed: false, remaining: 0, msBeforeNext: minute.msLeft };
    return chain(this.counters.add(keys.burst, 1, BURST_WINDOW_S, now), (pool) =>
      pool.total <= this.extra
        ? { allowed: true, remaining: this.extra - pool.total, msBeforeNext: minute.msLeft }
        : { allowed: false, remaining: 0, msBeforeNext: minute.msLeft },
    );
  }

  peek(keys: RequestKeys, now: number): MaybePromise<RequestVerdict> {
    return chain(this.counters.get(keys.minute, now), (minute) => {
      const remaining = Math.max(0, this.rpm - (minute?.total ?? 0));
      const msBeforeNext = minute?.msLeft ?? 0;
      if (remaining > 0 || this.extra <= 0) return { allowed: remaining > 0, remaining, msBeforeNext };
      return chain(this.counters.get(keys.burst, now), (pool) => {
        const left = Math.max(0, this.extra - (pool?.total ?? 0));
        return { allowed: left > 0, remaining: left, msBeforeNext };
      });
    });
  }
}

const totalOf = (count: Count) => count.total;

class CounterStore implements LimitStore {
  /** By rpm, then burst (numbers as keys: no string to build per call). */
  private readonly limiters = new Map<number, Map<number, RequestLimiter>>();

  constructor(
    readonly kind: 'memory' | 'redis',
    private readonly counters: Counters,
    private readonly connection?: { ready(timeoutMs: number): Promise<boolean>; close(): Promise<void> },
  ) {}

  requests(rpm: number, burst: number): RequestLimiter {
    let byBurst = this.limiters.get(rpm);
    if (!byBurst) {
      byBurst = new Map();
      this.limiters.set(rpm, byBurst);
    }
    let limiter = byBurst.get(burst);
    if (!limiter) {
      limiter = new BurstyRequests(this.counters, rpm, burst);
      byBurst.set(burst, limiter);
    }
    return limiter;
  }

  add(key: string, n: number, expiresAt: number, now: number): MaybePromise<number> {
    const seconds = Math.max(1, Math.ceil((expiresAt - now) / 1000));
    const count = this.counters.add(key, n, seconds, now);
    return count instanceof Promise ? count.then(totalOf) : count.total;
  }

  subtract(key: string, n: number, now: number): MaybePromise<void> {
    // A counter that expired meanwhile comes back negative for a moment of its new window: the
    // window is named by its period, so none is reused after its end.
    return chain(this.counters.add(key, -n, 1, now), () => undefined);
  }

  get(key: string, now: number): MaybePromise<number> {
    return chain(this.counters.get(key, now), (count) => count?.total ?? 0);
  }

  async ready(timeoutMs: number): Promise<boolean> {
    return this.connection ? this.connection.ready(timeoutMs) : true;
  }

  async close(): Promise<void> {
    await this.connection?.close();
  }
}

/** How often the memory counters drop the windows that ended (they are not read after). */
const SWEEP_MS = 60_000;

/**
 * Counters in this process: a map, answered at once, expiring by the callers' clock. Ended
 * windows are replaced when next used and swept once a minute.
 */
class MemoryCounters implements Counters {
  private readonly windows = new Map<string, { total: number; endsAt: number }>();
  private nextSweep = 0;

  add(key: string, n: number, seconds: number, now: number): Count {
    if (now >= this.nextSweep) this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      window = { total: 0, endsAt: now + seconds * 1000 };
      this.windows.set(key, window);
    }
    window.total += n;
    return { total: window.total, msLeft: window.endsAt - now };
  }

  get(key: string, now: number): Count | undefined {
    const window = this.windows.get(key);
    return window && window.endsAt > now ? { total: window.total, msLeft: window.endsAt - now } : undefined;
  }

  private sweep(now: number): void {
    this.nextSweep = now + SWEEP_MS;
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
  }
}

export function memoryStore(): LimitStore {
  return new CounterStore('memory', new MemoryCounters());
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
    add: async (key, n, seconds) => {
      const res = await limiter.penalty(key, n, { customDuration: seconds });
      return { total: res.consumedPoints, msLeft: res.msBeforeNext };
    },
    get: async (key) => {
      const res = await limiter.get(key);
      return res ? { total: res.consumedPoints, msLeft: res.msBeforeNext } : undefined;
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
