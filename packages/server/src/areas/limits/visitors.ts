import { RATE_LIMIT_HEADERS } from '@slugsmith/contract';
import type { FastifyReply } from 'fastify';
import { type Cache, CacheKind, type Caches } from '../../platform/cache.js';
import { ApiError } from '../../platform/errors.js';
import type { MaybePromise } from '../../platform/maybe-promise.js';
import { setRetryHeaders } from '../../platform/retry-headers.js';
import { LimitMessages } from './enforcer.js';
import { periodWindow, secondsUntil } from './periods.js';
import { type GenerationCall, isOperation, type PlanCaller, PlanRefusal } from './policy.js';
import { Counter, type LimitStore } from './store.js';
import { visitorSubject } from './visitor-address.js';

/**
 * Every anonymous visitor of the landing page and the playground signs with the same public SDK
 * config, so they share one organisation's plan: without a share of their own, one client could
 * spend the day's quota for everyone. These bounds hold each caller address (`request.ip`, which
 * follows TRUST_PROXY; an IPv6 address by its /64) to its own share, below the shared plan.
 */
export interface VisitorBounds {
  /** Limited calls (forge, pattern info, short links) per minute per address. */
  reqPerMinute: number;
  /** Slugs per UTC day per address. */
  slugsPerDay: number;
  /** Slugs per call. */
  maxPerRequest: number;
}

const MINUTE_MS = 60_000;
/** Past the day's end, so that nodes whose clocks differ a little count into the same key. */
const DAY_GRACE_MS = 3600_000;

/** A visitor's counter handles (the memory store keeps the counts in them). */
interface VisitorCounters {
  minute: Counter;
  day: Counter;
  dayEndsAt: number;
}

const visitorCounters = new CacheKind<VisitorCounters>({ ttlMs: 24 * 3600_000 + DAY_GRACE_MS, max: 100_000 });

/** What a visitor's call took from its share, and how to give it back (a refused or failed call). */
export interface VisitorCharge {
  /** Never fails: a store error is reported and the count left as it is. */
  refund(): MaybePromise<unknown>;
}

const NOTHING: VisitorCharge = { refund: () => {} };

function refusal(reply: FastifyReply, error: ApiError, reason: string, seconds: number): ApiError {
  setRetryHeaders(reply, reason, seconds);
  return error;
}

export class VisitorLimits {
  private readonly counters: Cache<VisitorCounters>;

  constructor(
    private readonly store: LimitStore,
    caches: Caches,
    private readonly bounds: VisitorBounds,
    /** The public console's SDK config: its callers are anonymous visitors. */
    private readonly consoleConfig: string,
    private readonly onStoreError?: (error: unknown) => void,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.counters = caches.of(visitorCounters);
  }

  /** Whether a caller is an anonymous visitor (signs with the public console's config). */
  applies(caller: PlanCaller & { slug?: string }): boolean {
    return caller.type === 'sdk-config' && caller.slug === this.consoleConfig;
  }

  private countersOf(ip: string, now: number): VisitorCounters {
    const address = visitorSubject(ip);
    const day = periodWindow('day', now);
    const cacheKey = `${day.id}\n${address}`;
    let counters = this.counters.get(cacheKey);
    if (!counters) {
      counters = {
        minute: new Counter(`visitor:rpm:${address}`),
        day: new Counter(`visitor:day:${day.id}:${address}`),
        dayEndsAt: day.endsAt,
      };
      this.counters.set(cacheKey, counters);
    }
    return counters;
  }

  /**
   * Takes the call from the address's share, or refuses it: 400-free checks first (a count over
   * the per-call maximum), then the minute's requests, then the day's slugs, each a 429 with
   * Retry-After and the reason in the rate-limit headers. A store that fails lets the call
   * through, as the plan's own counters do.
   */
  async admit(address: string, call: GenerationCall, reply: FastifyReply): Promise<VisitorCharge> {
    const { reqPerMinute, slugsPerDay, maxPerRequest } = this.bounds;
    const slugs = isOperation(call.kind) ? call.count : 0;
    if (slugs > maxPerRequest) {
      reply.header(RATE_LIMIT_HEADERS.reason, 'request-size-exceeded');
      throw new PlanRefusal(`Count is too large (maximum: ${maxPerRequest})`, 'request-size-exceeded', {
        limit: 'visitor_max_per_request',
        max: maxPerRequest,
      });
    }
    const now = this.now();
    const counters = this.countersOf(address, now);
    const requests = await this.counted(this.store.add(counters.minute, 1, now + MINUTE_MS, now));
    if (requests > reqPerMinute) {
      const m = counters.minute;
      const seconds = secondsUntil(m.live(now) ? m.endsAt : now + MINUTE_MS, now);
      throw refusal(
        reply,
        new ApiError(429, LimitMessages.rateLimited(seconds), {
          reason: 'rate-limit-exceeded',
          retry_after: seconds,
          limit: 'visitor_req_per_minute',
          max: reqPerMinute,
        }),
        'rate-limit-exceeded',
        seconds,
      );
    }
    if (slugs <= 0) return NOTHING;
    const day = counters.day;
    const total = await this.counted(this.store.add(day, slugs, counters.dayEndsAt + DAY_GRACE_MS, now));
    const charge: VisitorCharge = { refund: () => this.quietly(this.store.subtract(day, slugs, this.now())) };
    if (total <= slugsPerDay) return charge;
    await charge.refund();
    const seconds = secondsUntil(counters.dayEndsAt, now);
    throw refusal(
      reply,
      new ApiError(429, LimitMessages.quotaExceeded, {
        reason: 'daily-limit-exceeded',
        retry_after: seconds,
        limit: 'visitor_slugs_per_day',
        max: slugsPerDay,
      }),
      'daily-limit-exceeded',
      seconds,
    );
  }

  /** A store's count, or 0 when the store failed (reported, never the caller's error). */
  private async counted(answer: MaybePromise<number>): Promise<number> {
    try {
      return await answer;
    } catch (error) {
      this.onStoreError?.(error);
      return 0;
    }
  }

  private async quietly(done: MaybePromise<void>): Promise<void> {
    try {
      await done;
    } catch (error) {
      this.onStoreError?.(error);
    }
  }
}
