import { Redis } from 'ioredis';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';

/**
 * Where the counters of plan enforcement live, built on rate-limiter-flexible: process memory
 * (one node; the default) or Redis (`REDIS_URL`: every node shares the counts). With Redis, each
 * limiter keeps an in-memory twin as its insurance, so a Redis outage degrades to per-node limits
 * instead of failing generation calls.
 */
export interface LimitStore {
  readonly kind: 'memory' | 'redis';
  /** The requests-per-minute limiter for one (rpm, burst) pair of a plan. */
  requests(rpm: number, burst: number): RequestLimiter;
  /** Adds `n` to a counter kept until `expiresAt` (ms since the epoch); answers the new total. */
  add(key: string, n: number, expiresAt: number, now: number): Promise<number>;
  /** Takes back what `add` added (a refused or failed call). */
  subtract(key: string, n: number): Promise<void>;
  /** The counter's value (0 when absent). */
  get(key: string): Promise<number>;
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

export interface RequestLimiter {
  take(key: string): Promise<RequestVerdict>;
  /** The same answer without counting a request. */
  peek(key: string): Promise<RequestVerdict>;
}

/**
 * Burst: beyond `req_per_minute`, up to `burst_req_per_minute` requests may be made in one minute
 * by drawing on a pool of (burst − rpm) extra requests that fills again every BURST_WINDOW_S. A
 * client can burst to the higher rate once per window; sustained traffic is held to rpm.
 */
export const BURST_WINDOW_S = 600;
const MINUTE_S = 60;

/** Memory timers cannot run longer than 2^31 ms (about 24.8 days): longer counters are swept. */
const MAX_TIMER_S = 20 * 24 * 3600;

type LimiterFactory = (keyPrefix: string, points: number, duration: number) => RateLimiterAbstract;

class BurstyRequests implements RequestLimiter {
  constructor(
    private readonly rpm: number,
    private readonly main: RateLimiterAbstract,
    private readonly burst: RateLimiterAbstract | undefined,
  ) {}

  async take(key: string): Promise<RequestVerdict> {
    let refused: RateLimiterRes;
    try {
      const res = await this.main.consume(key, 1);
      return { allowed: true, remaining: res.remainingPoints, msBeforeNext: res.msBeforeNext };
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      refused = error;
    }
    if (!this.burst) return { allowed: false, remaining: 0, msBeforeNext: refused.msBeforeNext };
    try {
      const res = await this.burst.consume(key, 1);
      return { allowed: true, remaining: res.remainingPoints, msBeforeNext: refused.msBeforeNext };
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      return { allowed: false, remaining: 0, msBeforeNext: refused.msBeforeNext };
    }
  }

  async peek(key: string): Promise<RequestVerdict> {
    const res = await this.main.get(key);
    const remaining = Math.max(0, this.rpm - (res?.consumedPoints ?? 0));
    const msBeforeNext = res?.msBeforeNext ?? 0;
    if (remaining > 0 || !this.burst) return { allowed: remaining > 0, remaining, msBeforeNext };
    const b = await this.burst.get(key);
    const left = Math.max(0, this.burst.points - (b?.consumedPoints ?? 0));
    return { allowed: left > 0, remaining: left, msBeforeNext };
  }
}

class RateLimiterStore implements LimitStore {
  private readonly limiters = new Map<string, RequestLimiter>();
  private readonly counters: RateLimiterAbstract;
  /** Memory counters that outlive a timer: key → expiry, removed by `sweep`. */
  private readonly longLived = new Map<string, number>();
  private nextSweep = 0;

  constructor(
    readonly kind: 'memory' | 'redis',
    private readonly make: LimiterFactory,
    private readonly connection?: { ready(timeoutMs: number): Promise<boolean>; close(): Promise<void> },
  ) {
    // Counters are created with their period's own duration (`add`); the default only matters to
    // Redis, which needs a positive expiry on every write.
    this.counters = make('quota', Number.MAX_SAFE_INTEGER, 3600);
  }

  requests(rpm: number, burst: number): RequestLimiter {
    const id = `${rpm}/${burst}`;
    let limiter = this.limiters.get(id);
    if (!limiter) {
      const extra = burst < 0 ? 0 : burst - rpm;
      limiter = new BurstyRequests(
        rpm,
        this.make('rpm', rpm, MINUTE_S),
        extra > 0 ? this.make('burst', extra, BURST_WINDOW_S) : undefined,
      );
      this.limiters.set(id, limiter);
    }
    return limiter;
  }

  async add(key: string, n: number, expiresAt: number, now: number): Promise<number> {
    let seconds = Math.max(1, Math.ceil((expiresAt - now) / 1000));
    if (this.kind === 'memory' && seconds > MAX_TIMER_S) {
      this.sweep(now);
      this.longLived.set(key, expiresAt);
      seconds = 0; // no timer: the sweep removes it
    }
    const res = await this.counters.penalty(key, n, { customDuration: seconds });
    return res.consumedPoints;
  }

  async subtract(key: string, n: number): Promise<void> {
    await this.counters.reward(key, n);
  }

  async get(key: string): Promise<number> {
    return (await this.counters.get(key))?.consumedPoints ?? 0;
  }

  private sweep(now: number): void {
    if (now < this.nextSweep) return;
    this.nextSweep = now + 60_000;
    for (const [key, at] of this.longLived) {
      if (at <= now) {
        this.longLived.delete(key);
        void this.counters.delete(key);
      }
    }
  }

  async ready(timeoutMs: number): Promise<boolean> {
    return this.connection ? this.connection.ready(timeoutMs) : true;
  }

  async close(): Promise<void> {
    await this.connection?.close();
  }
}

/**
 * The in-memory twin of a Redis limiter, used only while Redis is unreachable: it clamps counter
 * lives to what a timer can hold (an outage longer than that loses the twin's counts, not Redis's).
 */
class InsuranceMemory extends RateLimiterMemory {
  override penalty(key: string | number, points?: number, options?: { customDuration?: number }) {
    return super.penalty(key, points, clampDuration(options));
  }
  override consume(key: string | number, points?: number, options?: { customDuration?: number }) {
    return super.consume(key, points, clampDuration(options));
  }
}

function clampDuration(options: { customDuration?: number } | undefined) {
  const d = options?.customDuration;
  return d === undefined ? options : { ...options, customDuration: Math.min(d, MAX_TIMER_S) };
}

export function memoryStore(): LimitStore {
  return new RateLimiterStore(
    'memory',
    (keyPrefix, points, duration) => new RateLimiterMemory({ keyPrefix, points, duration }),
  );
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
  return new RateLimiterStore(
    'redis',
    (keyPrefix, points, duration) =>
      new RateLimiterRedis({
        storeClient: client,
        keyPrefix: `slugsmith:${keyPrefix}`,
        points,
        duration,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new InsuranceMemory({ keyPrefix, points, duration }),
      }),
    {
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
    },
  );
}

export function limitStore(redisUrl: string | undefined): LimitStore {
  return redisUrl ? redisStore(redisUrl) : memoryStore();
}
