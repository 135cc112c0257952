import type { EffectiveLimits, PlanFeatures, RateLimitReason } from '@slugsmith/contract';
import type { Generator } from '@slugsmith/generator';
import type { CallerKey } from '../../auth/keys.js';
import { currentGenerator, withEngine } from '../../engine/engine.js';
import { ApiError } from '../../platform/errors.js';

/**
 * The checks of a plan that need no counter: feature switches, per-request and stream maximums,
 * pattern components and complexity, slice windows. Each answers the refusal as an ApiError or
 * nothing; none touches the database.
 */

export type Operation = 'forge' | 'mint' | 'slice';

/** What a generation call asks for, as enforcement sees it. */
export interface GenerationCall {
  kind: Operation | 'reset' | 'pattern-info';
  stream: boolean;
  /** Slugs asked for (quotas count slugs); 0 for calls that produce none. */
  count: number;
  /** A pattern the call renders (forge): checked for components and complexity. */
  pattern?: string;
}

export const PatternTooComplex = 'Pattern is too complex';

const names: Record<Operation, string> = { forge: 'Forge', mint: 'Mint', slice: 'Slice' };

/** Each operation's plan keys, spelt out once: a key built per call makes every lookup a slow one. */
export const OPERATION_KEYS = {
  forge: {
    enabled: 'forge_enabled',
    streamEnabled: 'forge_stream_enabled',
    perRequest: 'max_forge_per_request',
    perStream: 'max_forge_per_stream_request',
    day: 'max_forge_per_day',
    month: 'max_forge_per_month',
  },
  mint: {
    enabled: 'mint_enabled',
    streamEnabled: 'mint_stream_enabled',
    perRequest: 'max_mint_per_request',
    perStream: 'max_mint_per_stream_request',
    day: 'max_mint_per_day',
    month: 'max_mint_per_month',
  },
  slice: {
    enabled: 'slice_enabled',
    streamEnabled: 'slice_stream_enabled',
    perRequest: 'max_slice_per_request',
    perStream: 'max_slice_per_stream_request',
    day: 'max_slice_per_day',
    month: 'max_slice_per_month',
  },
} as const satisfies Record<Operation, Record<string, keyof PlanFeatures>>;

export function isOperation(kind: GenerationCall['kind']): kind is Operation {
  return kind === 'forge' || kind === 'mint' || kind === 'slice';
}

const limited = (max: number) => max >= 0;

/**
 * A refusal by the plan that waiting does not cure (a switched-off feature, a count or slice
 * window beyond the plan's maximum). The reference service answers these as 429 with the reason
 * in `x-slug-rate-limit-reason`, and its clients read the reason only there and then (they treat
 * `not-available` and `request-size-exceeded` as not worth retrying); the body repeats it.
 */
export class PlanRefusal extends ApiError {
  constructor(
    message: string,
    readonly reason: Extract<RateLimitReason, 'not-available' | 'request-size-exceeded'>,
    details: Record<string, unknown>,
  ) {
    super(429, message, { reason, ...details });
  }
}

function notAvailable(plan: EffectiveLimits, what: string, feature: keyof PlanFeatures): PlanRefusal {
  return new PlanRefusal(
    `${what} is not available on the ${plan.plan_name || 'current'} plan`,
    'not-available',
    {
      feature,
      plan: plan.plan,
    },
  );
}

/**
 * Whom a call is counted for: an API key or SDK config, or a member of the organisation minting
 * or slicing in the web console. Console calls are not API calls, so the API access switches do
 * not apply to them; every operation switch, maximum, quota and slice window does, so that the
 * console cannot go beyond what the plan sells through the API.
 */
export interface PlanCaller {
  type: CallerKey['type'] | 'console';
  orgId: string;
}

/** A feature switch of the plan that refuses the call, if any. */
export function featureRefusal(
  plan: EffectiveLimits,
  key: PlanCaller,
  call: GenerationCall,
): PlanRefusal | undefined {
  const f = plan.limits;
  if (!f.api_access && key.type !== 'console') return notAvailable(plan, 'API access', 'api_access');
  if (key.type === 'api-key' && !f.api_key_access)
    return notAvailable(plan, 'API key access', 'api_key_access');
  if (key.type === 'sdk-config' && !f.sdk_access) return notAvailable(plan, 'SDK access', 'sdk_access');
  if (!isOperation(call.kind)) return undefined;
  const op = call.kind;
  const keys = OPERATION_KEYS[op];
  if (!f[keys.enabled]) return notAvailable(plan, names[op], keys.enabled);
  if (call.stream && !f[keys.streamEnabled]) {
    return notAvailable(plan, `${names[op]} streaming`, keys.streamEnabled);
  }
  return undefined;
}

/** The per-request (or per-stream) maximum of slugs the call exceeds, if any. */
export function sizeRefusal(plan: EffectiveLimits, call: GenerationCall): PlanRefusal | undefined {
  if (!isOperation(call.kind)) return undefined;
  const limit = call.stream ? OPERATION_KEYS[call.kind].perStream : OPERATION_KEYS[call.kind].perRequest;
  const max = plan.limits[limit];
  if (!limited(max) || call.count <= max) return undefined;
  return new PlanRefusal(`Count is too large (maximum: ${max})`, 'request-size-exceeded', {
    limit,
    max,
    plan: plan.plan,
  });
}

/**
 * Components and complexity of the pattern against the plan's maximums (a bad pattern: 400).
 * Forge checks the current bundles (languages bound); a series its own pinned bundle's generator.
 */
export function patternRefusal(
  features: PlanFeatures,
  pattern: string,
  gen: Generator = currentGenerator(),
): ApiError | undefined {
  const maxComponents = features.max_pattern_components;
  const maxComplexity = features.max_pattern_complexity;
  if (!limited(maxComponents) && !limited(maxComplexity)) return undefined;
  // From the parse alone: a pattern over the limits is refused before any word list is built.
  const measured = withEngine(() => gen.measure(pattern));
  if (limited(maxComponents) && measured.components > maxComponents) {
    return ApiError.badRequest(PatternTooComplex, {
      reason: 'pattern-too-complex',
      limit: 'max_pattern_components',
      max: maxComponents,
      components: measured.components,
    });
  }
  if (limited(maxComplexity) && measured.complexity > maxComplexity) {
    return ApiError.badRequest(PatternTooComplex, {
      reason: 'pattern-too-complex',
      limit: 'max_pattern_complexity',
      max: maxComplexity,
      complexity: measured.complexity,
    });
  }
  return undefined;
}

/** Every counter-free check of a call, in the order a caller would want to hear of them. */
export function staticRefusal(
  plan: EffectiveLimits,
  key: PlanCaller,
  call: GenerationCall,
): ApiError | undefined {
  return (
    featureRefusal(plan, key, call) ??
    sizeRefusal(plan, call) ??
    (call.pattern === undefined ? undefined : patternRefusal(plan.limits, call.pattern))
  );
}

/**
 * A slice may reach `slice_window_back` positions behind the series' current position (what was
 * minted so far) and end at most `slice_window_forward` positions ahead of it.
 */
export function sliceWindowRefusal(
  features: PlanFeatures,
  generated: bigint,
  sequence: bigint,
  count: number,
): PlanRefusal | undefined {
  const back = features.slice_window_back;
  const forward = features.slice_window_forward;
  if (limited(back) && sequence < generated - BigInt(back)) {
    return new PlanRefusal(
      `The slice starts too far behind the series position (at most ${back} positions back)`,
      'request-size-exceeded',
      {
        limit: 'slice_window_back',
        max: back,
        position: generated.toString(),
      },
    );
  }
  if (limited(forward) && sequence + BigInt(count) > generated + BigInt(forward)) {
    return new PlanRefusal(
      `The slice ends too far ahead of the series position (at most ${forward} positions forward)`,
      'request-size-exceeded',
      {
        limit: 'slice_window_forward',
        max: forward,
        position: generated.toString(),
      },
    );
  }
  return undefined;
}
