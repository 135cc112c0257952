import {
  FEATURE_KEYS,
  type FeatureKey,
  LIMIT_KEYS,
  type LimitKey,
  type OfferedPrice,
  type PricePeriod,
  type PublicPlan,
  quantityUnitOf,
  SLA_KEYS,
  type SlaKey,
} from '@slugsmith/contract';
import { groupPlans, PERIOD_ORDER } from '../../lib/plans.js';

/**
 * What the products pages compute from the public plan catalogue (product spec §1, §3): groups,
 * prices per period, the action a plan leads to, and the rows of the feature matrix. Pure, so the
 * pages stay thin and this is tested on its own.
 */

/** The billing periods a SaaS plan is offered for, in the order of the period switch. */
export const SAAS_PERIODS = ['monthly', 'semi_annual', 'annual'] as const satisfies readonly PricePeriod[];
export type SaasPeriod = (typeof SAAS_PERIODS)[number];

/** Months covered by one payment of a period (perpetual: none, it is paid once). */
export const PERIOD_MONTHS: Record<PricePeriod, number | null> = {
  monthly: 1,
  semi_annual: 6,
  annual: 12,
  perpetual: null,
};

/** Every plan in the order of the groups: the columns of the feature matrix. */
export const orderedPlans = (plans: readonly PublicPlan[]): PublicPlan[] =>
  groupPlans(plans).flatMap((g) => g.plans);

export const findPlan = (plans: readonly PublicPlan[], slug: string | undefined): PublicPlan | undefined =>
  slug === undefined ? undefined : plans.find((p) => p.slug === slug);

/** The plan's prices in period order (a plan may list a period in several currencies: first wins). */
export function pricesOf(plan: PublicPlan): OfferedPrice[] {
  const byPeriod = new Map<PricePeriod, OfferedPrice>();
  for (const price of plan.prices) if (!byPeriod.has(price.period)) byPeriod.set(price.period, price);
  return PERIOD_ORDER.flatMap((period) => byPeriod.get(period) ?? []);
}

export const priceOf = (plan: PublicPlan, period: PricePeriod): OfferedPrice | undefined =>
  pricesOf(plan).find((p) => p.period === period);

/** Whether a SaaS period switch is useful: some SaaS plan is priced for more than one period. */
export function offeredSaasPeriods(plans: readonly PublicPlan[]): SaasPeriod[] {
  const offered = new Set(
    plans.filter((p) => p.plan_type === 'saas').flatMap((p) => p.prices.map((price) => price.period)),
  );
  return SAAS_PERIODS.filter((period) => offered.has(period));
}

/**
 * What a longer period saves against paying monthly for as long, in whole percent; null when the
 * plan has no monthly price in the same currency, the period is monthly or perpetual, or it saves
 * nothing.
 */
export function savingPercent(plan: PublicPlan, price: OfferedPrice): number | null {
  const months = PERIOD_MONTHS[price.period];
  const monthly = priceOf(plan, 'monthly');
  if (!months || months === 1 || !monthly || monthly.currency !== price.currency || monthly.amount === 0)
    return null;
  const saving = Math.round((1 - price.amount / (monthly.amount * months)) * 100);
  return saving > 0 ? saving : null;
}

/** The monthly amount a longer period comes to (minor units, rounded), for "≈ $15 / month". */
export function monthlyEquivalent(price: OfferedPrice): number | null {
  const months = PERIOD_MONTHS[price.period];
  return months && months > 1 ? Math.round(price.amount / months) : null;
}

/** Where a plan's button leads. */
export type PlanAction =
  | { kind: 'checkout'; href: string; period: PricePeriod }
  | { kind: 'free'; href: string }
  | { kind: 'contact'; href: string }
  | { kind: 'unavailable' };

/** The page a custom plan's "Contact us" opens (the contacts document, product spec §2.2). */
export const CONTACT_HREF = '/contacts';

/** The checkout page with the parameters it reads (`plan`, `period`; `quantity` and `org` optional). */
export function checkoutHref(plan: Pick<PublicPlan, 'slug'>, period: PricePeriod): string {
  return `/checkout?${new URLSearchParams({ plan: plan.slug, period })}`;
}

/**
 * The action of a plan for a period: a custom plan is agreed with us (contact, never checkout),
 * a free plan is used from the dashboard (sign-up first when signed out), a priced plan goes to
 * checkout with the chosen period — or with its first period when it is not priced for that one.
 */
export function planAction(plan: PublicPlan, period: PricePeriod | null, signedIn: boolean): PlanAction {
  if (plan.custom_plan) return { kind: 'contact', href: CONTACT_HREF };
  if (plan.free)
    return {
      kind: 'free',
      href: signedIn
        ? '/dashboard'
        : `/login?${new URLSearchParams({ returnTo: '/dashboard', screen_hint: 'signup' })}`,
    };
  if (!plan.subscribable) return { kind: 'unavailable' };
  const price = (period && priceOf(plan, period)) || pricesOf(plan)[0];
  return price
    ? { kind: 'checkout', href: checkoutHref(plan, price.period), period: price.period }
    : { kind: 'unavailable' };
}

// ---- feature matrix ------------------------------------------------------------------------------

export type FeatureGroup = 'generation' | 'limits' | 'access' | 'sla';
export const FEATURE_GROUPS: readonly FeatureGroup[] = ['generation', 'limits', 'access', 'sla'];

const GENERATION_KEYS: readonly FeatureKey[] = FEATURE_KEYS.filter((k) => /^(forge|mint|slice)_/.test(k));
const ACCESS_KEYS: readonly FeatureKey[] = FEATURE_KEYS.filter((k) => !GENERATION_KEYS.includes(k));
/** The SLA's request volumes are limits by type but belong with the agreement they are part of. */
const SLA_LIMIT_KEYS: readonly LimitKey[] = ['sla_max_requests_per_day', 'sla_max_requests_per_month'];
const PLAIN_LIMIT_KEYS: readonly LimitKey[] = LIMIT_KEYS.filter((k) => !SLA_LIMIT_KEYS.includes(k));

export type MatrixKey = FeatureKey | LimitKey | SlaKey;

/** The rows of the matrix: every feature and limit key of §3, in four groups. */
export const MATRIX_ROWS: readonly { group: FeatureGroup; keys: readonly MatrixKey[] }[] = [
  { group: 'generation', keys: GENERATION_KEYS },
  { group: 'limits', keys: PLAIN_LIMIT_KEYS },
  { group: 'access', keys: ACCESS_KEYS },
  { group: 'sla', keys: [...SLA_LIMIT_KEYS, ...SLA_KEYS] },
];

/**
 * One cell. A limit cell shows the plan's figure (−1: unlimited) where the limit concerns the
 * plan: the limits of an operation (or its streams) the plan does not include, the node count of
 * a plan that is not on-premise and the SLA volumes of a plan without an agreement are `no`.
 */
export type MatrixCell =
  | { kind: 'yes' }
  | { kind: 'no' }
  | { kind: 'text'; text: string }
  | { kind: 'limit'; value: number };

const OPERATION_OF_LIMIT = /^max_(forge|mint|slice)_per_(stream_)?/;

export function matrixCell(plan: PublicPlan, key: MatrixKey): MatrixCell {
  const f = plan.features;
  if ((FEATURE_KEYS as readonly string[]).includes(key))
    return f[key as FeatureKey] ? { kind: 'yes' } : { kind: 'no' };
  if ((SLA_KEYS as readonly string[]).includes(key)) {
    const text = f[key as SlaKey];
    return text ? { kind: 'text', text } : { kind: 'no' };
  }
  const limit: MatrixCell = { kind: 'limit', value: f[key as LimitKey] };
  const op = OPERATION_OF_LIMIT.exec(key);
  if (op) {
    const switchKey = `${op[1]}_${op[2] ? 'stream_' : ''}enabled` as FeatureKey;
    return f[switchKey] ? limit : { kind: 'no' };
  }
  if (key.startsWith('slice_window_')) return f.slice_enabled ? limit : { kind: 'no' };
  // Only plans that count nodes have a node limit.
  if (key === 'max_nodes') return quantityUnitOf(plan.plan_type) === 'node' ? limit : { kind: 'no' };
  if ((SLA_LIMIT_KEYS as readonly string[]).includes(key)) return f.sla_plan_slug ? limit : { kind: 'no' };
  return limit;
}

/** Unlimited, as the plans write it. */
export const UNLIMITED = -1;

/** The features a plan card lists: the switches it includes, then its SLA terms. */
export function keyFeatures(plan: PublicPlan): { key: MatrixKey; cell: MatrixCell }[] {
  const included = FEATURE_KEYS.filter((k) => plan.features[k]).map((key) => ({
    key,
    cell: { kind: 'yes' } as MatrixCell,
  }));
  const sla = SLA_KEYS.filter((k) => k !== 'sla_plan_slug' && plan.features[k]).map((key) => ({
    key,
    cell: matrixCell(plan, key),
  }));
  return [...included, ...sla];
}
