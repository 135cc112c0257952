/**
 * What plan enforcement adds to one generation call, without HTTP around it: `PlanLimits.admit`
 * for a forge of one slug on a plan with every counter active, on a plan without counters, and
 * (REDIS_URL or 127.0.0.1:6379 reachable) on Redis, 32 calls in flight as a loaded server has.
 *
 *   npx tsx packages/server/scripts/bench-limits.ts        (BENCH_CALLS, default 100000)
 */
import { randomUUID } from 'node:crypto';
import type { EffectiveLimits, PlanFeatures } from '@slugsmith/contract';
import { PlanLimits } from '../src/areas/limits/enforcer.js';
import type { GenerationCall } from '../src/areas/limits/policy.js';
import { type LimitStore, memoryStore, redisStore } from '../src/areas/limits/store.js';
import { NO_PLAN_FEATURES } from '../src/areas/plans/features.js';
import type { CallerKey } from '../src/auth/keys.js';

const CALLS = Number(process.env.BENCH_CALLS ?? 100_000);
const IN_FLIGHT = 32;
const HUGE = 1_000_000_000_000;

const open: PlanFeatures = {
  ...NO_PLAN_FEATURES,
  api_access: true,
  api_key_access: true,
  forge_enabled: true,
  req_per_minute: -1,
  burst_req_per_minute: -1,
  max_forge_per_day: -1,
  max_forge_per_month: -1,
  max_forge_per_request: 10_000,
  max_pattern_components: -1,
  max_pattern_complexity: -1,
};
const metered: PlanFeatures = {
  ...open,
  req_per_minute: HUGE,
  burst_req_per_minute: HUGE,
  max_forge_per_day: HUGE,
  max_forge_per_month: HUGE,
  max_pattern_components: 100,
  max_pattern_complexity: HUGE,
};

const call: GenerationCall = { kind: 'forge', stream: false, count: 1, pattern: '{adjective}-{noun}' };

async function measure(title: string, store: LimitStore, features: PlanFeatures): Promise<void> {
  const plan: EffectiveLimits = {
    plan_type: 'saas',
    plan: 'bench',
    plan_name: 'Bench',
    custom_features: false,
    limits: features,
  };
  // As in the server once the limits are cached: answered at once.
  const limits = new PlanLimits({ store, limitsOf: () => plan });
  const key: CallerKey = {
    type: 'api-key',
    id: randomUUID(),
    slug: 'sk_bench',
    orgId: randomUUID(),
    orgSlug: 'bench',
    seriesId: null,
    seriesSlug: null,
    scopes: ['forge'],
    enabled: true,
  };
  for (let i = 0; i < 1_000; i++) await limits.admit(key, call);
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next++ < CALLS) await limits.admit(key, call);
    }),
  );
  const ns = Number(process.hrtime.bigint() - started);
  const perCall = ns / CALLS / 1000;
  console.log(
    `${title}: ${perCall.toFixed(2)} µs per call (${Math.round(CALLS / (ns / 1e9))} calls/s, ${IN_FLIGHT} in flight)`,
  );
}

async function main() {
  const memory = memoryStore();
  await measure('memory store, plan without counters', memory, open);
  await measure('memory store, every counter active', memory, metered);
  const redis = redisStore(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  try {
    if (await redis.ready(2_000)) {
      await measure('redis store, every counter active', redis, metered);
    } else {
      console.log('redis store: not reachable, skipped');
    }
  } finally {
    await redis.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
