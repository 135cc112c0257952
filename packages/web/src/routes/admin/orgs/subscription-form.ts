import type {
  CreateSubscription,
  Subscription,
  SubscriptionState,
  UpdateSubscription,
} from '@slugsmith/contract';

/** A subscription's editable values as the inputs hold them; dates as `YYYY-MM-DD` ('' = none). */
export interface SubscriptionFormValues {
  plan: string;
  state: SubscriptionState;
  quantity: number | string;
  started_at: string;
  trial_until: string;
  renews_at: string;
  ends_at: string;
}

/** `2026-11-25T10:00:00.000Z` → `2026-11-25` (UTC, as every date of the product). */
export function dayOf(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10);
}

/** `2026-11-25` → midnight UTC of that day; '' → null; anything else → undefined (not a date). */
export function isoOfDay(day: string): string | null | undefined {
  const trimmed = day.trim();
  if (trimmed === '') return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(trimmed)) return undefined;
  const date = new Date(`${trimmed}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== trimmed
    ? undefined
    : date.toISOString();
}

export function subscriptionToForm(subscription?: Subscription): SubscriptionFormValues {
  return {
    plan: subscription?.plan.slug ?? '',
    state: subscription?.state ?? 'active',
    quantity: subscription?.quantity ?? 1,
    started_at: dayOf(subscription?.started_at),
    trial_until: dayOf(subscription?.trial_until),
    renews_at: dayOf(subscription?.renews_at),
    ends_at: dayOf(subscription?.ends_at),
  };
}

export type FormResult<T> =
  | { ok: true; body: T }
  | { ok: false; errors: Record<string, 'date' | 'quantity' | 'plan'> };

const DATE_FIELDS = ['started_at', 'trial_until', 'renews_at', 'ends_at'] as const;

function common(values: SubscriptionFormValues) {
  const errors: Record<string, 'date' | 'quantity' | 'plan'> = {};
  const quantity = Number(values.quantity);
  if (!Number.isInteger(quantity) || quantity < 1) errors.quantity = 'quantity';
  const dates: Record<string, string | null> = {};
  for (const field of DATE_FIELDS) {
    const iso = isoOfDay(values[field]);
    if (iso === undefined) errors[field] = 'date';
    else dates[field] = iso;
  }
  return { errors, quantity, dates };
}

/** The create call's body; an empty start date means "now" (the server's default). */
export function createSubscriptionBody(values: SubscriptionFormValues): FormResult<CreateSubscription> {
  const { errors, quantity, dates } = common(values);
  if (!values.plan) errors.plan = 'plan';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    body: {
      plan: values.plan,
      state: values.state,
      quantity,
      ...(dates.started_at ? { started_at: dates.started_at } : {}),
      trial_until: dates.trial_until ?? null,
      renews_at: dates.renews_at ?? null,
      ends_at: dates.ends_at ?? null,
    },
  };
}

/** The update call's body: only the fields that differ from the subscription. */
export function updateSubscriptionBody(
  original: Subscription,
  values: SubscriptionFormValues,
): FormResult<UpdateSubscription> {
  const { errors, quantity, dates } = common(values);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const body: UpdateSubscription = {};
  if (values.state !== original.state) body.state = values.state;
  if (quantity !== original.quantity) body.quantity = quantity;
  if (dates.started_at && dayOf(original.started_at) !== values.started_at)
    body.started_at = dates.started_at;
  for (const field of ['trial_until', 'renews_at', 'ends_at'] as const)
    if (dayOf(original[field]) !== values[field]) body[field] = dates[field] ?? null;
  return { ok: true, body };
}

/** Staff cancel a subscription set by hand: cancelled now, ending today. */
export function cancelBody(now = new Date()): UpdateSubscription {
  return { state: 'cancelled', ends_at: now.toISOString() };
}
