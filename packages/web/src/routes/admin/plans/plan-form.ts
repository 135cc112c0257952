import {
  type AdminPlan,
  CreatePlan,
  FEATURE_KEYS,
  LIMIT_KEYS,
  type PlanFeatures,
  PlanPrice,
  type PlanState,
  type PlanType,
  type PricePeriod,
  quantityUnitOf,
  SLA_KEYS,
  UpdatePlan,
} from '@slugsmith/contract';
import { minorUnitDigits } from '../../../lib/money.js';
import { contractForm } from '../../../ui/forms.js';

/**
 * The plan editor's values: the plan's fields as the inputs hold them. Limits are numbers (−1 is
 * unlimited), SLA terms text ('' is none), amounts in major units as typed ("19.00").
 */
export interface PlanFormValues {
  slug: string;
  name: string;
  description: string;
  plan_type: PlanType;
  display_order: number;
  free: boolean;
  custom_features: boolean;
  custom_plan: boolean;
  state: PlanState;
  limits: Record<(typeof LIMIT_KEYS)[number], number | string>;
  switches: Record<(typeof FEATURE_KEYS)[number], boolean>;
  sla: Record<(typeof SLA_KEYS)[number], string>;
}

export interface PriceFormValues {
  period: PricePeriod;
  amount: string;
  currency: string;
  per_node: boolean;
  /** Days of free trial, as typed ('' or 0: none). */
  trial_days: string;
}

/** A new plan's starting point: a draft that grants nothing until staff say otherwise. */
export function emptyFeatures(): PlanFeatures {
  return {
    ...(Object.fromEntries(LIMIT_KEYS.map((k) => [k, 0])) as Record<(typeof LIMIT_KEYS)[number], number>),
    ...(Object.fromEntries(FEATURE_KEYS.map((k) => [k, false])) as Record<
      (typeof FEATURE_KEYS)[number],
      boolean
    >),
    ...(Object.fromEntries(SLA_KEYS.map((k) => [k, null])) as Record<(typeof SLA_KEYS)[number], null>),
  };
}

/** The editor's values of a plan, or of a new draft plan. */
export function planToForm(plan?: AdminPlan): PlanFormValues {
  const features = plan?.features ?? emptyFeatures();
  return {
    slug: plan?.slug ?? '',
    name: plan?.name ?? '',
    description: plan?.description ?? '',
    plan_type: plan?.plan_type ?? 'saas',
    display_order: plan?.display_order ?? 0,
    free: plan?.free ?? false,
    custom_features: plan?.custom_features ?? false,
    custom_plan: plan?.custom_plan ?? false,
    state: plan?.state ?? 'draft',
    limits: Object.fromEntries(LIMIT_KEYS.map((k) => [k, features[k]])) as PlanFormValues['limits'],
    switches: Object.fromEntries(FEATURE_KEYS.map((k) => [k, features[k]])) as PlanFormValues['switches'],
    sla: Object.fromEntries(SLA_KEYS.map((k) => [k, features[k] ?? ''])) as PlanFormValues['sla'],
  };
}

/** A number input's value as a number; text that is not a whole number stays as typed (refused later). */
function limitValue(value: number | string): number {
  if (typeof value === 'number') return value;
  const trimmed = value.trim();
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** The features the values describe. */
export function formFeatures(values: PlanFormValues): PlanFeatures {
  const features = emptyFeatures() as Record<string, unknown>;
  for (const k of LIMIT_KEYS) features[k] = limitValue(values.limits[k]);
  for (const k of FEATURE_KEYS) features[k] = values.switches[k];
  for (const k of SLA_KEYS) features[k] = values.sla[k].trim() === '' ? null : values.sla[k].trim();
  return features as PlanFeatures;
}

const planFields = (values: PlanFormValues) => ({
  slug: values.slug.trim(),
  name: values.name,
  description: values.description,
  plan_type: values.plan_type,
  display_order: values.display_order,
  free: values.free,
  custom_features: values.custom_features,
  custom_plan: values.custom_plan,
  state: values.state,
});

/** Where an issue belongs in the editor: `features.max_series` → `limits.max_series`, etc. */
function editorField(path: readonly PropertyKey[]): string {
  const [head, key] = path.map(String);
  if (head === 'features' && key) {
    if ((LIMIT_KEYS as readonly string[]).includes(key)) return `limits.${key}`;
    if ((SLA_KEYS as readonly string[]).includes(key)) return `sla.${key}`;
    return `switches.${key}`;
  }
  return path.map(String).join('.');
}

/** A new plan: the editor's values and the prices typed so far. */
export interface PlanDraft {
  values: PlanFormValues;
  prices: readonly PlanPrice[];
}

/** The create call's body, checked by the contract. */
export const planCreateForm = contractForm(
  CreatePlan,
  ({ values, prices }: PlanDraft) => ({ ...planFields(values), prices, features: formFeatures(values) }),
  { fieldOf: editorField },
);

/** An edit: the plan as it is and the editor's values. */
export interface PlanEdit {
  original: AdminPlan;
  values: PlanFormValues;
}

/**
 * The update call's body, checked by the contract: only what changed (features key by key);
 * prices go through their own calls.
 */
export const planUpdateForm = contractForm(
  UpdatePlan,
  ({ original, values }: PlanEdit) => {
    const changes: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(planFields(values)))
      if (original[name as keyof AdminPlan] !== value) changes[name] = value;
    const changedFeatures = Object.fromEntries(
      Object.entries(formFeatures(values)).filter(
        ([k, v]) => original.features[k as keyof PlanFeatures] !== v,
      ),
    );
    if (Object.keys(changedFeatures).length > 0) changes.features = changedFeatures;
    return changes;
  },
  { fieldOf: editorField },
);

/** "19.00" or "19" in the currency's major unit → 1900 minor units; null when it is not an amount. */
export function parseAmount(text: string, currency: string): number | null {
  const digits = minorUnitDigits(currency);
  const trimmed = text.trim().replace(',', '.');
  const pattern = digits > 0 ? new RegExp(`^\\d+(\\.\\d{1,${digits}})?$`) : /^\d+$/;
  if (!pattern.test(trimmed)) return null;
  const [whole, fraction = ''] = trimmed.split('.');
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}

/** 1900 minor units → "19.00" (what the amount input shows). */
export function amountText(amount: number, currency: string): string {
  const digits = minorUnitDigits(currency);
  if (digits === 0) return String(amount);
  const whole = Math.floor(amount / 10 ** digits);
  const fraction = String(amount % 10 ** digits).padStart(digits, '0');
  return `${whole}.${fraction}`;
}

export function priceToForm(price: PlanPrice): PriceFormValues {
  return {
    period: price.period,
    amount: amountText(price.amount, price.currency),
    currency: price.currency,
    per_node: price.per_node,
    trial_days: String(price.trial_days ?? 0),
  };
}

/**
 * A price row as the API takes it, checked by the contract's `PlanPrice`; null when it refuses
 * the row (or the amount is none).
 */
export function formToPrice(values: PriceFormValues): PlanPrice | null {
  const currency = values.currency.trim().toUpperCase();
  const trialText = values.trial_days.trim() || '0';
  // A perpetual licence is bought once: there is nothing to try before the first charge.
  const trialDays = /^-?\d+$/.test(trialText) ? Number(trialText) : Number.NaN;
  const parsed = PlanPrice.safeParse({
    period: values.period,
    amount: parseAmount(values.amount, currency),
    currency,
    per_node: values.per_node,
    trial_days: values.period === 'perpetual' ? 0 : trialDays,
  });
  return parsed.success ? parsed.data : null;
}

/** On-premise plans are priced per concurrent node by default (they count nodes). */
export const perNodeByDefault = (planType: PlanType): boolean => quantityUnitOf(planType) === 'node';

/** Plans as the list shows them: by plan type, then display order, then name. */
export function sortPlans<T extends Pick<AdminPlan, 'plan_type' | 'display_order' | 'name'>>(
  plans: readonly T[],
): T[] {
  const typeRank: Record<PlanType, number> = { saas: 0, on_premise: 1, other: 2 };
  return [...plans].sort(
    (a, b) =>
      typeRank[a.plan_type] - typeRank[b.plan_type] ||
      a.display_order - b.display_order ||
      a.name.localeCompare(b.name),
  );
}
