import { randomUUID } from 'node:crypto';
import type { EffectiveLimits, PlanFeatures } from '@slugsmith/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LimitRefusal, PlanLimits } from '../src/areas/limits/enforcer.js';
import type { GenerationCall } from '../src/areas/limits/policy.js';
import { BURST_WINDOW_S, type LimitStore, memoryStore, redisStore } from '../src/areas/limits/store.js';
import { NO_PLAN_FEATURES } from '../src/areas/plans/features.js';
import type { CallerKey } from '../src/auth/keys.js';

/**
 * The counting part of plan enforcement with a controllable clock, on both stores: burst, UTC
 * day and month roll-over, refunds. (The HTTP behaviour is in limits.test.ts.)
 */

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const everything: PlanFeatures = {
  ...NO_PLAN_FEATURES,
  api_access: true,
  api_key_access: true,
  sdk_access: true,
  forge_enabled: true,
  mint_enabled: true,
  slice_enabled: true,
  req_per_minute: -1,
  burst_req_per_minute: -1,
  max_forge_per_day: -1,
  max_forge_per_month: -1,
  max_forge_per_request: -1,
  max_pattern_components: -1,
  max_pattern_complexity: -1,
};

function keyOf(orgId: string): CallerKey {
  return {
    type: 'api-key',
    id: randomUUID(),
    slug: 'sk_test',
    orgId,
    orgSlug: 'test',
    seriesId: null,
    seriesSlug: null,
    scopes: ['forge'],
    enabled: true,
  };
}

const forge = (count: number): GenerationCall => ({ kind: 'forge', stream: false, count });

/** An enforcer over `store` for one fresh organisation on a plan with `changes`, and its clock. */
function planWith(changes: Partial<PlanFeatures>): EffectiveLimits {
  return {
    plan_type: 'saas',
    plan: 'test',
    plan_name: 'Test',
    custom_features: false,
    limits: { ...everything, ...changes },
  };
}

function setup(store: LimitStore, changes: Partial<PlanFeatures>, start: number) {
  const clock = { now: start };
  const plan = planWith(changes);
  const limits = new PlanLimits({ store, limitsOf: async () => plan, now: () => clock.now });
  const key = keyOf(randomUUID());
  return { clock, limits, key };
}

async function refusal(promise: unknown): Promise<LimitRefusal> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof LimitRefusal) return error;
    throw error;
  }
  throw new Error('the call was admitted');
}

const stores: [string, () => LimitStore][] = [
  ['memory', memoryStore],
  ['redis', () => redisStore(redisUrl)],
];

for (const [name, make] of stores) {
  describe(`[${name}] plan enforcement counters`, () => {
    const store = make();
    beforeAll(async () => {
      // The Redis runs must count in Redis, not in the in-memory insurance.
      expect(await store.ready(5_000)).toBe(true);
    });
    afterAll(() => store.close());

    it('allows req_per_minute, then the burst pool up to burst_req_per_minute, then refuses', async () => {
      const { limits, key } = setup(store, { req_per_minute: 3, burst_req_per_minute: 5 }, Date.now());
      const seen: number[] = [];
      for (let i = 0; i < 5; i++) seen.push((await limits.admit(key, forge(1))).remaining.rpm);
      // The minute's allowance (2, 1, 0 left), then the burst pool of 5 − 3 (1, 0 left).
      expect(seen).toEqual([2, 1, 0, 1, 0]);
      const refused = await refusal(limits.admit(key, forge(1)));
      expect(refused.status).toBe(429);
      expect(refused.reason).toBe('rate-limit-exceeded');
      expect(refused.retryAfter).toBeGreaterThanOrEqual(1);
      expect(refused.retryAfter).toBeLessThanOrEqual(60);
      expect(refused.message).toBe(`Rate limit exceeded. Please try again in ${refused.retryAfter} seconds.`);
      expect(refused.remaining.rpm).toBe(0);
    });

    it('without burst headroom the minute allowance is the limit', async () => {
      const { limits, key } = setup(store, { req_per_minute: 2, burst_req_per_minute: 2 }, Date.now());
      await limits.admit(key, forge(1));
      await limits.admit(key, forge(1));
      expect((await refusal(limits.admit(key, forge(1)))).reason).toBe('rate-limit-exceeded');
    });

    it('counts slugs per UTC day and starts again at 00:00 UTC; the month keeps counting', async () => {
      const start = Date.UTC(2026, 0, 30, 23, 59, 30);
      const { clock, limits, key } = setup(store, { max_forge_per_day: 10, max_forge_per_month: 25 }, start);
      expect((await limits.admit(key, forge(4))).remaining).toEqual({
        rpm: -1,
        daily: 6,
        monthly: 21,
        lifetime: -1,
      });
      expect((await limits.admit(key, forge(4))).remaining.daily).toBe(2);
      const refused = await refusal(limits.admit(key, forge(3)));
      expect(refused.status).toBe(429);
      expect(refused.message).toBe('Usage quota exceeded');
      expect(refused.reason).toBe('daily-limit-exceeded');
      expect(refused.retryAfter).toBe(30); // until 2026-01-31T00:00:00Z
      // The refused slugs were not counted.
      expect(refused.remaining).toMatchObject({ daily: 2, monthly: 17 });
      expect((await limits.admit(key, forge(2))).remaining).toMatchObject({ daily: 0, monthly: 15 });

      clock.now = Date.UTC(2026, 0, 31, 0, 0, 0);
      expect((await limits.admit(key, forge(1))).remaining).toMatchObject({ daily: 9, monthly: 14 });
      await limits.admit(key, forge(10 - 1));
      clock.now = Date.UTC(2026, 0, 31, 23, 0, 0);
      // Same day: the daily quota is spent (daily is checked before monthly).
      expect((await refusal(limits.admit(key, forge(1)))).reason).toBe('daily-limit-exceeded');
    });

    it('refuses past the monthly quota until the 1st of the next month (UTC)', async () => {
      const start = Date.UTC(2026, 1, 27, 12, 0, 0); // 27 February 2026
      const { clock, limits, key } = setup(store, { max_forge_per_day: 6, max_forge_per_month: 10 }, start);
      await limits.admit(key, forge(6));
      clock.now = Date.UTC(2026, 1, 28, 12, 0, 0);
      expect((await limits.admit(key, forge(4))).remaining).toMatchObject({ daily: 2, monthly: 0 });
      const refused = await refusal(limits.admit(key, forge(1)));
      expect(refused.reason).toBe('monthly-limit-exceeded');
      expect(refused.retryAfter).toBe(12 * 3600); // until 2026-03-01T00:00:00Z
      expect(refused.remaining).toMatchObject({ daily: 2, monthly: 0 });

      clock.now = Date.UTC(2026, 2, 1, 0, 0, 1);
      expect((await limits.admit(key, forge(5))).remaining).toMatchObject({ daily: 1, monthly: 5 });
    });

    it('keeps a month-long counter past the longest timer (counted from the 1st)', async () => {
      const { limits, key } = setup(store, { max_forge_per_month: 5 }, Date.UTC(2026, 2, 1, 0, 0, 0));
      await limits.admit(key, forge(3));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect((await refusal(limits.admit(key, forge(3)))).reason).toBe('monthly-limit-exceeded');
      expect((await limits.admit(key, forge(2))).remaining.monthly).toBe(0);
    });

    it('gives the slugs of a failed call back', async () => {
      const { limits, key } = setup(store, { max_forge_per_day: 10 }, Date.now());
      const admitted = await limits.admit(key, forge(7));
      expect(admitted.remaining.daily).toBe(3);
      await admitted.refund();
      expect((await limits.admit(key, forge(10))).remaining.daily).toBe(0);
    });

    it('a call refused by the rate limit takes no quota', async () => {
      const { limits, key } = setup(
        store,
        { req_per_minute: 1, burst_req_per_minute: 1, max_forge_per_day: 100 },
        Date.now(),
      );
      await limits.admit(key, forge(10));
      const refused = await refusal(limits.admit(key, forge(10)));
      expect(refused.reason).toBe('rate-limit-exceeded');
      expect(refused.remaining.daily).toBe(90);
    });

    it('reports unlimited quotas as −1 and counts nothing for them', async () => {
      const { limits, key } = setup(store, {}, Date.now());
      expect((await limits.admit(key, forge(1_000_000))).remaining).toEqual({
        rpm: -1,
        daily: -1,
        monthly: -1,
        lifetime: -1,
      });
    });
  });
}

describe('[redis] plan enforcement across nodes', () => {
  it('two enforcers on one Redis share requests per minute and quotas', async () => {
    const a = redisStore(redisUrl);
    const b = redisStore(redisUrl);
    try {
      expect([await a.ready(5_000), await b.ready(5_000)]).toEqual([true, true]);
      const plan = planWith({ req_per_minute: 3, burst_req_per_minute: 3, max_forge_per_day: 100 });
      const nodeA = new PlanLimits({ store: a, limitsOf: async () => plan });
      const nodeB = new PlanLimits({ store: b, limitsOf: async () => plan });
      const key = keyOf(randomUUID());
      expect((await nodeA.admit(key, forge(10))).remaining).toMatchObject({ rpm: 2, daily: 90 });
      expect((await nodeB.admit(key, forge(10))).remaining).toMatchObject({ rpm: 1, daily: 80 });
      expect((await nodeA.admit(key, forge(10))).remaining).toMatchObject({ rpm: 0, daily: 70 });
      expect((await refusal(nodeB.admit(key, forge(1)))).reason).toBe('rate-limit-exceeded');
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('likelyAdmits: whether a call may start its work before the store answers', () => {
  it('yes without history or with room; no once refused, without room, refused outright or with the plan not cached', async () => {
    const { limits, key } = setup(
      memoryStore(),
      { max_forge_per_day: 10, max_forge_per_request: 8 },
      Date.now(),
    );
    const cached = new PlanLimits({
      store: memoryStore(),
      limitsOf: () => planWith({ max_forge_per_day: 10, max_forge_per_request: 8 }),
    });
    // The plan on its way (not cached): the store is asked first.
    expect(limits.likelyAdmits(key, forge(1))).toBe(false);
    expect(cached.likelyAdmits(key, forge(1))).toBe(true);
    expect(cached.likelyAdmits(key, forge(9))).toBe(false);
    cached.admit(key, forge(6));
    expect(cached.likelyAdmits(key, forge(4))).toBe(true);
    expect(cached.likelyAdmits(key, forge(5))).toBe(false);
    await refusal(cached.admit(key, forge(5)));
    expect(cached.likelyAdmits(key, forge(1))).toBe(false);
  });
});

/**
 * The minute and the burst pool on a clock: the memory store's counters expire by Date.now and
 * timers, which fake timers move (Redis keeps its own time, so this is the memory store only).
 */
describe('[memory] the minute and the burst pool on a fake clock', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a new minute starts 60 s after the first request of the last; the burst pool refills only after BURST_WINDOW_S', async () => {
    expect(BURST_WINDOW_S).toBe(600);
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const t0 = Date.UTC(2026, 4, 4, 12, 0, 0);
    vi.setSystemTime(t0);
    const store = memoryStore();
    const plan = planWith({ req_per_minute: 3, burst_req_per_minute: 5 });
    const limits = new PlanLimits({ store, limitsOf: async () => plan });
    const key = keyOf(randomUUID());
    const rpm = async (n: number) => {
      const seen: number[] = [];
      for (let i = 0; i < n; i++) seen.push((await limits.admit(key, forge(1))).remaining.rpm);
      return seen;
    };
    const at = async (seconds: number) => {
      await vi.advanceTimersByTimeAsync(t0 + seconds * 1000 - Date.now());
      expect(Date.now()).toBe(t0 + seconds * 1000);
    };

    // t = 0: the minute's 3, then the pool's 5 − 3 = 2, then refused until the minute ends.
    expect(await rpm(5)).toEqual([2, 1, 0, 1, 0]);
    expect((await refusal(limits.admit(key, forge(1)))).retryAfter).toBe(60);

    // t = 59 s: the same minute: still refused, a second to wait.
    await at(59);
    const late = await refusal(limits.admit(key, forge(1)));
    expect(late.reason).toBe('rate-limit-exceeded');
    expect(late.retryAfter).toBe(1);
    expect(late.remaining.rpm).toBe(0);

    // t = 60 s: a new minute with its full allowance; the pool is still empty.
    await at(60);
    expect(await rpm(3)).toEqual([2, 1, 0]);
    expect((await refusal(limits.admit(key, forge(1)))).retryAfter).toBe(60);

    // t = 599 s: another minute, the pool not yet refilled (it was drawn on at t = 0).
    await at(599);
    expect(await rpm(3)).toEqual([2, 1, 0]);
    expect((await refusal(limits.admit(key, forge(1)))).reason).toBe('rate-limit-exceeded');

    // t = 600 s: the same minute (started at 599 s, spent), but the pool is full again.
    await at(BURST_WINDOW_S);
    expect(await rpm(2)).toEqual([1, 0]);
    const spent = await refusal(limits.admit(key, forge(1)));
    expect(spent.reason).toBe('rate-limit-exceeded');
    expect(spent.retryAfter).toBe(59);
    await store.close();
  });

  it('without burst headroom a refused minute lets requests through again exactly when it ends', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const t0 = Date.UTC(2026, 4, 4, 12, 0, 0);
    vi.setSystemTime(t0);
    const store = memoryStore();
    const plan = planWith({ req_per_minute: 2, burst_req_per_minute: 2 });
    const limits = new PlanLimits({ store, limitsOf: async () => plan });
    const key = keyOf(randomUUID());
    await limits.admit(key, forge(1));
    await vi.advanceTimersByTimeAsync(30_000);
    expect((await limits.admit(key, forge(1))).remaining.rpm).toBe(0);
    // The window is fixed from the first request (t = 0), not sliding from the last.
    await vi.advanceTimersByTimeAsync(29_999);
    expect((await refusal(limits.admit(key, forge(1)))).retryAfter).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect((await limits.admit(key, forge(1))).remaining.rpm).toBe(1);
    await store.close();
  });
});
