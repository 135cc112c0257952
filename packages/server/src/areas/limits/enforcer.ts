import type { EffectiveLimits, PlanFeatures, RateLimitReason } from '@slugsmith/contract';
import { ApiError } from '../../platform/errors.js';
import { chain, type MaybePromise } from '../../platform/maybe-promise.js';
import { type PeriodWindow, periodWindow, type QuotaPeriod, secondsUntil } from './periods.js';
import {
  type GenerationCall,
  isOperation,
  OPERATION_KEYS,
  type Operation,
  type PlanCaller,
  PlanRefusal,
  staticRefusal,
} from './policy.js';
import {
  type Counter,
  type LimitStore,
  quotaCounter,
  type RequestCounters,
  type RequestLimiter,
  type RequestVerdict,
  requestCounters,
} from './store.js';

/** What remains of each limit after a call (response headers, product spec §3); −1 = unlimited. */
export interface Remaining {
  rpm: number;
  daily: number;
  monthly: number;
  /** The plan keys of §3 define no lifetime quota: always unlimited. */
  lifetime: number;
}

/** A call let through: what remains, and how to take its quota back if it fails. */
export interface Admission {
  plan: EffectiveLimits;
  remaining: Remaining;
  refund(): MaybePromise<void>;
}

/** A refusal that carries the rate-limit headers to answer with. */
export class LimitRefusal extends ApiError {
  constructor(
    cause: ApiError,
    readonly remaining: Remaining,
    readonly reason?: RateLimitReason,
    /** Seconds, on a 429. */
    readonly retryAfter?: number,
  ) {
    super(cause.status, cause.message, cause.details);
  }
}

export const LimitMessages = {
  rateLimited: (seconds: number) => `Rate limit exceeded. Please try again in ${seconds} seconds.`,
  quotaExceeded: 'Usage quota exceeded',
} as const;

/**
 * The grace added to a counter's life past its period's end, so that nodes whose clocks differ a
 * little still count into the same key.
 */
const COUNTER_GRACE_MS = 3600_000;

const quotaReason: Record<QuotaPeriod, RateLimitReason> = {
  day: 'daily-limit-exceeded',
  month: 'monthly-limit-exceeded',
};

interface Charge {
  period: QuotaPeriod;
  counter: Counter;
  limit: number;
  count: number;
  /** The counter after this call was added. */
  total: number;
  endsAt: number;
}

/** One quota of an organisation (an operation in a period) and its counter in the current window. */
class Quota {
  window!: PeriodWindow;
  counter!: Counter;

  constructor(
    readonly op: Operation,
    readonly period: QuotaPeriod,
    private readonly orgId: string,
    now: number,
  ) {
    this.enter(now);
  }

  /** This quota in the window that holds `now`: a new window and counter once `now` left the last. */
  at(now: number): this {
    if (now < this.window.startsAt || now >= this.window.endsAt) this.enter(now);
    return this;
  }

  private enter(now: number): void {
    this.window = periodWindow(this.period, now);
    this.counter = quotaCounter(this.op, this.period, this.window.id, this.orgId);
  }
}

/** An operation's quotas, one property per period: the hot path reads each by its own name. */
interface OperationQuotas {
  day: Quota;
  month: Quota;
}

/** What one plan features object limits, read once from it (see OrgCounters.plan). */
interface PlanCounting {
  features: PlanFeatures;
  requests: RequestLimiter;
  /** Each operation's daily and monthly limits; −1: unlimited. */
  quotaLimits: Record<Operation, { day: number; month: number }>;
}

/**
 * The counters of one organisation, built once (quota counters once per period window): their
 * names for Redis, their counts for the memory store, without a lookup by name per call.
 */
class OrgCounters {
  readonly requests: RequestCounters;
  readonly quotas: Record<Operation, OperationQuotas>;
  /**
   * The plan features last seen, as the hot path reads them (a plan's features are one object,
   * read anew when the plans cache refreshes it): fixed names on fixed shapes, where reading
   * `features[key]` with a key that changes between calls is a generic lookup each time.
   */
  private counting?: PlanCounting;
  /** What remained after this node's last answer for the organisation (undefined: none yet). */
  lastRemaining?: Remaining;

  constructor(orgId: string, now: number) {
    this.requests = requestCounters(orgId);
    const quotas = (op: Operation) => ({
      day: new Quota(op, 'day', orgId, now),
      month: new Quota(op, 'month', orgId, now),
    });
    this.quotas = { forge: quotas('forge'), mint: quotas('mint'), slice: quotas('slice') };
  }

  plan(store: LimitStore, f: PlanFeatures): PlanCounting {
    if (this.counting?.features !== f) {
      const limits = (op: Operation) => ({
        day: f[OPERATION_KEYS[op].day],
        month: f[OPERATION_KEYS[op].month],
      });
      this.counting = {
        features: f,
        requests: store.requests(f.req_per_minute, f.burst_req_per_minute),
        quotaLimits: { forge: limits('forge'), mint: limits('mint'), slice: limits('slice') },
      };
    }
    return this.counting;
  }

  /** Whether any counter holds a count in this process (memory store) at `now`. */
  live(now: number): boolean {
    if (this.requests.minute.live(now) || this.requests.burst.live(now)) return true;
    return Object.values(this.quotas).some((q) => q.day.counter.live(now) || q.month.counter.live(now));
  }
}

/** How often organisations without a live count are dropped from memory. */
const SWEEP_MS = 60_000;

export interface PlanLimitsOptions {
  store: LimitStore;
  /**
   * The SaaS limits of an organisation (cached by the plans area: then answered at once; the
   * plans area also shares one read among the calls that miss together).
   */
  limitsOf(orgId: string): EffectiveLimits | Promise<EffectiveLimits>;
  /** The clock of the calendar periods; tests move it. */
  now?: () => number;
  /** Store failures let the call through (limits are not worth an outage); they are reported here. */
  onStoreError?: (error: unknown) => void;
}

/**
 * Plan enforcement for generation calls: feature switches and per-request maximums
 * (no counter), then requests per minute with burst and the operation's daily and monthly quotas
 * in slugs, counted in the store: process memory or Redis shared by every node.
 */
export class PlanLimits {
  /** The counters' store; other counts every node must share (key fetches) use it too. */
  readonly store: LimitStore;
  private readonly now: () => number;
  private readonly counters = new Map<string, OrgCounters>();
  private nextSweep = 0;

  constructor(private readonly options: PlanLimitsOptions) {
    this.store = options.store;
    // Read through Date at each call (not a saved reference), so that fake timers move it too.
    this.now = options.now ?? (() => Date.now());
  }

  get storeKind(): LimitStore['kind'] {
    return this.store.kind;
  }

  private countersOf(orgId: string, now: number): OrgCounters {
    if (now >= this.nextSweep) this.sweep(now);
    let counters = this.counters.get(orgId);
    if (!counters) {
      counters = new OrgCounters(orgId, now);
      this.counters.set(orgId, counters);
    }
    return counters;
  }

  /** Drops the organisations whose counts all ended (with Redis: all; their names are rebuilt). */
  private sweep(now: number): void {
    this.nextSweep = now + SWEEP_MS;
    for (const [orgId, counters] of this.counters) if (!counters.live(now)) this.counters.delete(orgId);
  }

  /**
   * Admits the call, or refuses it with a LimitRefusal (400 or 429) that carries the headers,
   * always as a rejected promise. With cached limits and the memory store the admission is answered
   * at once, without a promise.
   */
  admit(key: PlanCaller, call: GenerationCall): MaybePromise<Admission> {
    try {
      const plan = this.options.limitsOf(key.orgId);
      if (plan instanceof Promise) return plan.then((p) => this.admitOn(p, key, call));
      return this.admitOn(plan, key, call);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  private admitOn(plan: EffectiveLimits, key: PlanCaller, call: GenerationCall): MaybePromise<Admission> {
    const f = plan.limits;
    const now = this.now();
    const counters = this.countersOf(key.orgId, now);
    const refusal = staticRefusal(plan, key, call);
    if (refusal) {
      return chain(this.peek(counters, f, call, now), (remaining) => {
        throw new LimitRefusal(
          refusal,
          remaining,
          refusal instanceof PlanRefusal ? refusal.reason : undefined,
        );
      });
    }
    const requests = this.takeRequest(counters, f, now);
    const charges = this.charge(counters, f, call, now);
    if (requests instanceof Promise || charges instanceof Promise) {
      return Promise.all([requests, charges]).then(([r, c]) => this.settle(plan, counters, call, now, r, c));
    }
    return this.settle(plan, counters, call, now, requests, charges);
  }

  /**
   * Whether this call would most likely be admitted, judged without asking the store: the plan is
   * cached, nothing refuses it outright, and this node's last answer for the organisation left room
   * for it. Callers may then start the call's work while the store answers (see RouteLimits.overlap).
   */
  likelyAdmits(key: PlanCaller, call: GenerationCall): boolean {
    const plan = this.options.limitsOf(key.orgId);
    if (plan instanceof Promise) {
      plan.catch(() => {});
      return false;
    }
    if (staticRefusal(plan, key, call)) return false;
    const last = this.counters.get(key.orgId)?.lastRemaining;
    if (!last) return true;
    const room = (left: number, need: number) => left < 0 || left >= need;
    return room(last.rpm, 1) && room(last.daily, call.count) && room(last.monthly, call.count);
  }

  /** The admission once the counters answered, or the refusal (its quota taken back first). */
  private settle(
    plan: EffectiveLimits,
    counters: OrgCounters,
    call: GenerationCall,
    now: number,
    requests: RequestVerdict,
    charges: Charge[],
  ): MaybePromise<Admission> {
    const remaining: Remaining = {
      rpm: requests.remaining,
      daily: remainingOf(charges, 'day', false),
      monthly: remainingOf(charges, 'month', false),
      lifetime: -1,
    };
    counters.lastRemaining = requests.allowed && !exceededOf(charges) ? remaining : REFUSED;
    if (!requests.allowed) {
      const seconds = secondsUntil(now + requests.msBeforeNext, now);
      const refusal = new LimitRefusal(
        new ApiError(429, LimitMessages.rateLimited(seconds), {
          reason: 'rate-limit-exceeded',
          retry_after: seconds,
          limit: 'req_per_minute',
        }),
        {
          ...remaining,
          rpm: 0,
          daily: remainingOf(charges, 'day', true),
          monthly: remainingOf(charges, 'month', true),
        },
        'rate-limit-exceeded',
        seconds,
      );
      return chain(this.takeBack(charges, now), () => {
        throw refusal;
      });
    }
    const exceeded = exceededOf(charges);
    if (exceeded) {
      const seconds = secondsUntil(exceeded.endsAt, now);
      const reason = quotaReason[exceeded.period];
      const refusal = new LimitRefusal(
        new ApiError(429, LimitMessages.quotaExceeded, {
          reason,
          retry_after: seconds,
          limit: isOperation(call.kind) ? OPERATION_KEYS[call.kind][exceeded.period] : undefined,
          max: exceeded.limit,
        }),
        {
          ...remaining,
          daily: remainingOf(charges, 'day', true),
          monthly: remainingOf(charges, 'month', true),
        },
        reason,
        seconds,
      );
      return chain(this.takeBack(charges, now), () => {
        throw refusal;
      });
    }
    return { plan, remaining, refund: () => this.takeBack(charges, this.now()) };
  }

  /** Store failures let the call through (reported): these stand for the answers that failed. */
  private readonly uncounted = (error: unknown): RequestVerdict => {
    this.options.onStoreError?.(error);
    return UNCOUNTED;
  };
  private readonly uncharged = (error: unknown): Charge[] => {
    this.options.onStoreError?.(error);
    return NO_CHARGES;
  };
  private readonly reported = (error: unknown): void => {
    this.options.onStoreError?.(error);
  };

  private takeRequest(counters: OrgCounters, f: PlanFeatures, now: number): MaybePromise<RequestVerdict> {
    if (!requestsLimited(f)) return UNCOUNTED;
    try {
      const verdict = counters.plan(this.store, f).requests.take(counters.requests, now);
      return verdict instanceof Promise ? verdict.catch(this.uncounted) : verdict;
    } catch (error) {
      return this.uncounted(error);
    }
  }

  /** Adds the call's slugs to each limited quota of its operation (both periods at once). */
  private charge(
    counters: OrgCounters,
    f: PlanFeatures,
    call: GenerationCall,
    now: number,
  ): MaybePromise<Charge[]> {
    if (!isOperation(call.kind) || call.count <= 0) return NO_CHARGES;
    try {
      const limits = counters.plan(this.store, f).quotaLimits[call.kind];
      const quotas = counters.quotas[call.kind];
      const charges: MaybePromise<Charge>[] = [];
      if (limits.day >= 0) charges.push(this.chargeOne(quotas.day, limits.day, call.count, now));
      if (limits.month >= 0) charges.push(this.chargeOne(quotas.month, limits.month, call.count, now));
      if (!charges.some((c) => c instanceof Promise)) return charges as Charge[];
      return Promise.all(charges).catch(this.uncharged);
    } catch (error) {
      return this.uncharged(error);
    }
  }

  private chargeOne(quota: Quota, limit: number, count: number, now: number): MaybePromise<Charge> {
    const { window, counter, period } = quota.at(now);
    const total = this.store.add(counter, count, window.endsAt + COUNTER_GRACE_MS, now);
    if (total instanceof Promise) {
      return total.then((t) => ({ period, counter, limit, count, total: t, endsAt: window.endsAt }));
    }
    return { period, counter, limit, count, total, endsAt: window.endsAt };
  }

  private takeBack(charges: Charge[], now: number): MaybePromise<void> {
    if (charges.length === 0) return;
    try {
      const done = charges.map((c) => this.store.subtract(c.counter, c.count, now));
      if (done.some((d) => d instanceof Promise)) return Promise.all(done).then(() => {}, this.reported);
    } catch (error) {
      this.reported(error);
    }
  }

  /** What remains, without counting anything (headers of a refused call). */
  private async peek(
    counters: OrgCounters,
    f: PlanFeatures,
    call: GenerationCall,
    now: number,
  ): Promise<Remaining> {
    try {
      const counting = counters.plan(this.store, f);
      const rpm = requestsLimited(f) ? (await counting.requests.peek(counters.requests, now)).remaining : -1;
      const left = async (period: QuotaPeriod) => {
        if (!isOperation(call.kind)) return -1;
        const limit = counting.quotaLimits[call.kind][period];
        if (limit < 0) return -1;
        const used = await this.store.get(counters.quotas[call.kind][period].at(now).counter, now);
        return Math.max(0, limit - used);
      };
      const [daily, monthly] = await Promise.all([left('day'), left('month')]);
      return { rpm, daily, monthly, lifetime: -1 };
    } catch (error) {
      this.options.onStoreError?.(error);
      return { rpm: -1, daily: -1, monthly: -1, lifetime: -1 };
    }
  }

  /** Waits for the store's connection (Redis); false when it did not come up in time. */
  ready(timeoutMs: number): Promise<boolean> {
    return this.store.ready(timeoutMs);
  }

  close(): Promise<void> {
    return this.store.close();
  }
}

/** What an organisation has left once a call was refused (see likelyAdmits). */
const REFUSED: Remaining = { rpm: 0, daily: 0, monthly: 0, lifetime: 0 };

/** The verdict of a plan whose requests are not counted (and of a store that failed). */
const UNCOUNTED: RequestVerdict = { allowed: true, remaining: -1, msBeforeNext: 0 };

/** An unlimited rpm, or an unlimited burst (which lifts the per-minute cap too), counts nothing. */
function requestsLimited(f: PlanFeatures): boolean {
  return f.req_per_minute >= 0 && f.burst_req_per_minute !== -1;
}

/** Charges of a call that counts no quota (shared, never changed). */
const NO_CHARGES: Charge[] = [];

/** The first quota the call took over its limit, if any. */
function exceededOf(charges: Charge[]): Charge | undefined {
  for (const c of charges) if (c.total > c.limit) return c;
  return undefined;
}

/** What a quota has left after the call (or, when the call is refused, without it); −1 = none. */
function remainingOf(charges: Charge[], period: QuotaPeriod, withoutCall: boolean): number {
  for (const c of charges) {
    if (c.period !== period) continue;
    const used = withoutCall ? c.total - c.count : c.total;
    return Math.max(0, c.limit - used);
  }
  return -1;
}
