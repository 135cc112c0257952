import { FEATURE_KEYS, LIMIT_KEYS, type PublicPlan, SLA_KEYS } from '@slugsmith/contract';
import { describe, expect, it } from 'vitest';
import { formatPrice } from '../src/lib/money.js';
import { groupPlans } from '../src/lib/plans.js';
import {
  checkoutHref,
  findPlan,
  keyFeatures,
  MATRIX_ROWS,
  matrixCell,
  monthlyEquivalent,
  offeredSaasPeriods,
  orderedPlans,
  planAction,
  priceOf,
  pricesOf,
  savingPercent,
} from '../src/routes/products/plan-catalogue.js';

const features = (overrides: Partial<PublicPlan['features']> = {}): PublicPlan['features'] => ({
  ...(Object.fromEntries(FEATURE_KEYS.map((k) => [k, true])) as Record<
    (typeof FEATURE_KEYS)[number],
    boolean
  >),
  ...(Object.fromEntries(LIMIT_KEYS.map((k) => [k, 1000])) as Record<(typeof LIMIT_KEYS)[number], number>),
  ...(Object.fromEntries(SLA_KEYS.map((k) => [k, null])) as Record<(typeof SLA_KEYS)[number], null>),
  ...overrides,
});

let ids = 0;
const price = (period: PublicPlan['prices'][number]['period'], amount: number, extra = {}) => ({
  id: `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`,
  period,
  amount,
  currency: 'USD',
  per_node: false,
  ...extra,
});

function plan(slug: string, overrides: Partial<PublicPlan> = {}): PublicPlan {
  return {
    slug,
    name: slug[0]?.toUpperCase() + slug.slice(1),
    description: '',
    language: 'en',
    plan_type: 'saas',
    display_order: 0,
    free: false,
    custom_features: false,
    custom_plan: false,
    state: 'active',
    subscribable: true,
    prices: [],
    features: features(),
    ...overrides,
  };
}

const free = plan('free', {
  free: true,
  display_order: 10,
  features: features({ forge_stream_enabled: false, max_series: 3, max_forge_per_day: 1000 }),
});
const pro = plan('pro', {
  display_order: 20,
  prices: [price('annual', 17_900), price('monthly', 1_900), price('semi_annual', 9_900)],
  features: features({
    sla_availability: '99.5%',
    sla_plan_slug: 'standard',
    max_series: -1,
    max_forge_per_day: 100_000,
    sla_max_requests_per_day: 50_000,
  }),
});
const team = plan('team', { display_order: 30, prices: [price('monthly', 7_900)] });
const enterprise = plan('enterprise', { display_order: 40, custom_plan: true, custom_features: true });
const onPremise = plan('on-premise', {
  plan_type: 'on_premise',
  display_order: 10,
  prices: [price('perpetual', 480_000, { per_node: true }), price('annual', 120_000, { per_node: true })],
});
const other = plan('addon', { plan_type: 'other', display_order: 1, prices: [price('annual', 500)] });

describe('grouping and order', () => {
  it('groups by plan type in the order saas, on_premise, other and sorts by display order', () => {
    const groups = groupPlans([other, enterprise, onPremise, team, free, pro]);
    expect(groups.map((g) => g.type)).toEqual(['saas', 'on_premise', 'other']);
    expect(groups[0]?.plans.map((p) => p.slug)).toEqual(['free', 'pro', 'team', 'enterprise']);
    expect(orderedPlans([other, pro, onPremise, free]).map((p) => p.slug)).toEqual([
      'free',
      'pro',
      'on-premise',
      'addon',
    ]);
  });

  it('breaks display-order ties by name and leaves out empty groups', () => {
    const b = plan('beta', { display_order: 5 });
    const a = plan('alpha', { display_order: 5 });
    expect(groupPlans([b, a])).toEqual([{ type: 'saas', plans: [a, b] }]);
    expect(groupPlans([])).toEqual([]);
  });

  it('finds a plan by slug, or nothing', () => {
    expect(findPlan([free, pro], 'pro')).toBe(pro);
    expect(findPlan([free, pro], 'gold')).toBeUndefined();
    expect(findPlan([free, pro], undefined)).toBeUndefined();
  });
});

describe('prices', () => {
  it('lists prices in period order, one per period', () => {
    expect(pricesOf(pro).map((p) => p.period)).toEqual(['monthly', 'semi_annual', 'annual']);
    expect(pricesOf(onPremise).map((p) => p.period)).toEqual(['annual', 'perpetual']);
    const twice = plan('x', { prices: [price('monthly', 100), price('monthly', 200, { currency: 'EUR' })] });
    expect(pricesOf(twice)).toHaveLength(1);
    expect(priceOf(pro, 'semi_annual')?.amount).toBe(9_900);
    expect(priceOf(team, 'annual')).toBeUndefined();
  });

  it('offers the SaaS periods some SaaS plan is priced for, in switch order', () => {
    expect(offeredSaasPeriods([free, pro, onPremise])).toEqual(['monthly', 'semi_annual', 'annual']);
    expect(offeredSaasPeriods([team, onPremise])).toEqual(['monthly']);
  });

  it('formats minor units in the locale, without decimals for whole amounts', () => {
    expect(formatPrice(1_900, 'USD', 'en-GB')).toBe('US$19');
    expect(formatPrice(1_950, 'USD', 'en-US')).toBe('$19.50');
    expect(formatPrice(480_000, 'USD', 'en-US')).toBe('$4,800');
    expect(formatPrice(1_900, 'EUR', 'de-DE')).toBe('19\u00a0€');
    expect(formatPrice(1_500, 'JPY', 'ja-JP')).toBe('￥1,500');
  });

  it('computes what a longer period saves and comes to a month', () => {
    const [monthly, semi, annual] = pricesOf(pro);
    expect(savingPercent(pro, semi!)).toBe(13); // 99 against 6 × 19 = 114
    expect(savingPercent(pro, annual!)).toBe(21); // 179 against 228
    expect(savingPercent(pro, monthly!)).toBeNull();
    expect(savingPercent(onPremise, pricesOf(onPremise)[0]!)).toBeNull(); // no monthly price
    expect(monthlyEquivalent(annual!)).toBe(1_492);
    expect(monthlyEquivalent(monthly!)).toBeNull();
    expect(monthlyEquivalent(pricesOf(onPremise)[1]!)).toBeNull(); // perpetual
  });
});

describe('the action of a plan', () => {
  it('sends a priced plan to checkout with the chosen period', () => {
    expect(planAction(pro, 'annual', true)).toEqual({
      kind: 'checkout',
      href: '/checkout?plan=pro&period=annual',
      period: 'annual',
    });
    expect(checkoutHref(onPremise, 'perpetual')).toBe('/checkout?plan=on-premise&period=perpetual');
  });

  it('falls back to the first period a plan is priced for', () => {
    expect(planAction(team, 'annual', false)).toMatchObject({ href: '/checkout?plan=team&period=monthly' });
    expect(planAction(onPremise, null, false)).toMatchObject({ period: 'annual' });
  });

  it('never sends a custom plan to checkout, even with prices', () => {
    expect(planAction(enterprise, 'monthly', true)).toEqual({ kind: 'contact', href: '/contacts' });
    expect(planAction({ ...enterprise, prices: [price('monthly', 100)] }, 'monthly', true).kind).toBe(
      'contact',
    );
  });

  it('starts a free plan on the dashboard, through sign-up when signed out', () => {
    expect(planAction(free, 'monthly', true)).toEqual({ kind: 'free', href: '/dashboard' });
    expect(planAction(free, 'monthly', false)).toEqual({
      kind: 'free',
      href: '/login?returnTo=%2Fdashboard&screen_hint=signup',
    });
  });

  it('offers nothing for a plan without prices or one that cannot be subscribed to', () => {
    expect(planAction(plan('bare'), 'monthly', true)).toEqual({ kind: 'unavailable' });
    expect(planAction({ ...pro, subscribable: false }, 'monthly', true)).toEqual({ kind: 'unavailable' });
  });
});

describe('feature matrix', () => {
  it('has every feature and limit key of §3 exactly once', () => {
    const keys = MATRIX_ROWS.flatMap((g) => g.keys);
    expect([...keys].sort()).toEqual([...FEATURE_KEYS, ...LIMIT_KEYS, ...SLA_KEYS].sort());
    expect(MATRIX_ROWS.map((g) => g.group)).toEqual(['generation', 'limits', 'access', 'sla']);
  });

  it('shows switches as yes/no and SLA terms as text', () => {
    expect(matrixCell(pro, 'sdk_access')).toEqual({ kind: 'yes' });
    expect(matrixCell(free, 'forge_stream_enabled')).toEqual({ kind: 'no' });
    expect(matrixCell(pro, 'sla_availability')).toEqual({ kind: 'text', text: '99.5%' });
    expect(matrixCell(free, 'sla_availability')).toEqual({ kind: 'no' });
  });

  it("shows a limit's figure where the limit concerns the plan, and no where it does not", () => {
    expect(matrixCell(pro, 'max_series')).toEqual({ kind: 'limit', value: -1 });
    expect(matrixCell(free, 'max_series')).toEqual({ kind: 'limit', value: 3 });
    expect(matrixCell(pro, 'max_forge_per_day')).toEqual({ kind: 'limit', value: 100_000 });
    expect(matrixCell(free, 'max_forge_per_day')).toEqual({ kind: 'limit', value: 1000 });
    expect(matrixCell(pro, 'max_forge_per_stream_request')).toEqual({ kind: 'limit', value: 1000 });
    expect(matrixCell(free, 'max_forge_per_stream_request')).toEqual({ kind: 'no' });
    const noSlice = plan('n', { features: features({ slice_enabled: false }) });
    expect(matrixCell(noSlice, 'slice_window_back')).toEqual({ kind: 'no' });
    expect(matrixCell(pro, 'max_nodes')).toEqual({ kind: 'no' });
    expect(matrixCell(onPremise, 'max_nodes')).toEqual({ kind: 'limit', value: 1000 });
    expect(matrixCell(pro, 'sla_max_requests_per_day')).toEqual({ kind: 'limit', value: 50_000 });
    expect(matrixCell(free, 'sla_max_requests_per_day')).toEqual({ kind: 'no' });
  });

  it('lists a card’s included switches and its SLA terms', () => {
    const keys = keyFeatures(pro).map((f) => f.key);
    expect(keys).toContain('sdk_access');
    expect(keys).toContain('sla_availability');
    expect(keys).not.toContain('sla_plan_slug');
    expect(keyFeatures(free).map((f) => f.key)).not.toContain('forge_stream_enabled');
  });
});
