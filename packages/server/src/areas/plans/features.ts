import { FEATURE_KEYS, LIMIT_KEYS, type PlanFeatures, SLA_KEYS } from '@slugsmith/contract';

/**
 * What applies when no plan can be found at all (the Free plan was deleted): nothing but the
 * console. Unknown keys of a stored plan (added after it was written) take these values too.
 */
export const NO_PLAN_FEATURES: PlanFeatures = {
  ...(Object.fromEntries(LIMIT_KEYS.map((k) => [k, 0])) as Record<(typeof LIMIT_KEYS)[number], number>),
  ...(Object.fromEntries(FEATURE_KEYS.map((k) => [k, false])) as Record<
    (typeof FEATURE_KEYS)[number],
    boolean
  >),
  ...(Object.fromEntries(SLA_KEYS.map((k) => [k, null])) as Record<(typeof SLA_KEYS)[number], null>),
  management_ui_available: true,
};

/** The stored features, completed and restricted to the keys of the contract. */
export function planFeatures(stored: Record<string, unknown>): PlanFeatures {
  const out: Record<string, unknown> = { ...NO_PLAN_FEATURES };
  for (const key of Object.keys(NO_PLAN_FEATURES)) {
    const value = stored[key];
    const fallback = out[key];
    if (fallback === null ? value === null || typeof value === 'string' : typeof value === typeof fallback) {
      out[key] = value;
    }
  }
  return out as PlanFeatures;
}
