import {
  CreateSubscription,
  type Subscription,
  type SubscriptionState,
  UpdateSubscription,
} from '@slugsmith/contract';
import type { CatalogueMessage } from '../../../lib/validation-messages.js';
import { contractForm, INVALID_FORMAT } from '../../../ui/forms.js';

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

/** A day as the body carries it: midnight UTC, null when empty, as typed when it is no day (refused). */
function sentDay(day: string): string | null {
  const iso = isoOfDay(day);
  return iso === undefined ? day.trim() : iso;
}

/** The quantity as the body carries it: a number, or the text as typed for the contract to refuse. */
const sentQuantity = (quantity: number | string): number | string =>
  typeof quantity === 'number' || !/^\s*-?\d+(\.\d+)?\s*$/.test(quantity) ? quantity : Number(quantity);

const DATE_FIELDS = ['started_at', 'trial_until', 'renews_at', 'ends_at'] as const;

/** A date not read as a day says how to write one (the contract's words are about timestamps). */
const dayWording = (said: CatalogueMessage) =>
  said.key === INVALID_FORMAT.key ? { key: 'admin:subs.errors.date' } : said;
const wording = Object.fromEntries(DATE_FIELDS.map((field) => [field, dayWording]));

/** The create call's body, checked by the contract; an empty start date means "now" (the server's default). */
export const createSubscriptionForm = contractForm(
  CreateSubscription,
  (values: SubscriptionFormValues) => ({
    plan: values.plan,
    state: values.state,
    quantity: sentQuantity(values.quantity),
    ...(values.started_at.trim() ? { started_at: sentDay(values.started_at) } : {}),
    trial_until: sentDay(values.trial_until),
    renews_at: sentDay(values.renews_at),
    ends_at: sentDay(values.ends_at),
  }),
  { wording },
);

/** An edit: the subscription as it is and the editor's values. */
export interface SubscriptionEdit {
  original: Subscription;
  values: SubscriptionFormValues;
}

/**
 * The update call's body, checked by the contract: only the fields that differ from the
 * subscription (an empty start date keeps the start).
 */
export const updateSubscriptionForm = contractForm(
  UpdateSubscription,
  ({ original, values }: SubscriptionEdit) => {
    const body: Record<string, unknown> = {};
    if (values.state !== original.state) body.state = values.state;
    const quantity = sentQuantity(values.quantity);
    if (quantity !== original.quantity) body.quantity = quantity;
    if (values.started_at.trim() && dayOf(original.started_at) !== values.started_at)
      body.started_at = sentDay(values.started_at);
    for (const field of ['trial_until', 'renews_at', 'ends_at'] as const)
      if (dayOf(original[field]) !== values[field]) body[field] = sentDay(values[field]);
    return body;
  },
  { wording },
);

/** Staff cancel a subscription set by hand: cancelled now, ending today. */
export function cancelBody(now = new Date()): UpdateSubscription {
  return { state: 'cancelled', ends_at: now.toISOString() };
}
