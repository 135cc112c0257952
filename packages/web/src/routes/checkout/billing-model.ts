/**
 * The pure side of checkout and billing self-service: amounts in a currency's minor units, the
 * prices a plan offers, what the checkout address asks for, when a bought subscription counts as
 * active, and how a subscription's billing and a plan change's proration read. No React here, so
 * every rule is unit-tested on its own.
 */

import type {
  BillingTransaction,
  ChangePreview,
  OfferedPrice,
  Organisation,
  PricePeriod,
  PublicPlan,
  QuantityUnit,
  Subscription,
  SubscriptionState,
} from '@slugsmith/contract';
import { MAX_QUANTITY, MIN_QUANTITY, quantityUnitOf } from '@slugsmith/contract';
import { formatMoney } from '../../lib/money.js';
import { PERIOD_ORDER } from '../../lib/plans.js';

/** The contract's Quantity bounds (seats, nodes or units), for the quantity inputs. */
export { MAX_QUANTITY, MIN_QUANTITY };

// ---- plans and prices ----------------------------------------------------------------------------

/** Plans one can buy here: subscribable, not free, not a custom plan (those lead to a contact). */
export function purchasablePlans(plans: readonly PublicPlan[]): PublicPlan[] {
  return plans.filter((p) => p.subscribable && !p.free && !p.custom_plan && p.prices.length > 0);
}

/** The periods a plan is priced for, in picker order. */
export function periodsOf(plan: PublicPlan | undefined): PricePeriod[] {
  if (!plan) return [];
  return PERIOD_ORDER.filter((period) => plan.prices.some((p) => p.period === period));
}

export function priceFor(
  plan: PublicPlan | undefined,
  period: string | null | undefined,
): OfferedPrice | undefined {
  return plan?.prices.find((p) => p.period === period);
}

/** The plan and period of a price id, among the plans offered. */
export function findPrice(
  plans: readonly PublicPlan[],
  priceId: string | null | undefined,
): { plan: PublicPlan; price: OfferedPrice } | undefined {
  if (!priceId) return undefined;
  for (const plan of plans) {
    const price = plan.prices.find((p) => p.id === priceId);
    if (price) return { plan, price };
  }
  return undefined;
}

/** What a plan's quantity counts (nodes for on-premise plans); units while the plan is unknown. */
export function quantityUnit(plan: Pick<PublicPlan, 'plan_type'> | undefined): QuantityUnit {
  return plan ? quantityUnitOf(plan.plan_type) : 'unit';
}

/** A whole number within the contract's bounds, or the fallback for anything else. */
export function clampQuantity(value: unknown, fallback = MIN_QUANTITY): number {
  const n = typeof value === 'string' ? Number(value.trim()) : typeof value === 'number' ? value : Number.NaN;
  if (!Number.isFinite(n) || !Number.isInteger(n)) return fallback;
  return Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, n));
}

/**
 * The quantity an order or a change sends: per-node prices (on-premise) are bought per concurrent
 * node; every other price once per organisation (the server refuses any other quantity).
 */
export function orderQuantity(price: Pick<OfferedPrice, 'per_node'> | undefined, requested: number): number {
  return price?.per_node ? clampQuantity(requested) : 1;
}

/** What the order costs before tax: the price once per unit or node. */
export function orderTotal(price: Pick<OfferedPrice, 'amount'>, quantity: number): number {
  return price.amount * quantity;
}

// ---- the checkout address ------------------------------------------------------------------------

export interface CheckoutParams {
  plan: string | null;
  period: string | null;
  quantity: number;
  org: string | null;
  country: string | null;
  /** The provider sent the buyer back without paying. */
  cancelled: boolean;
}

const truthy = (value: string | null) =>
  value !== null && ['1', 'true', 'yes', ''].includes(value.toLowerCase());

/** `/checkout?plan=&period=&quantity=&org=&country=` (and `cancelled=1` on the way back). */
export function parseCheckoutParams(params: URLSearchParams): CheckoutParams {
  const country = params.get('country')?.toUpperCase() ?? null;
  return {
    plan: params.get('plan') || null,
    period: params.get('period') || null,
    quantity: clampQuantity(params.get('quantity') ?? undefined),
    org: params.get('org') || null,
    country: country && /^[A-Z]{2}$/.test(country) ? country : null,
    cancelled: truthy(params.get('cancelled')) || params.get('status') === 'cancelled',
  };
}

/** Organisations whose plan the user may buy: owners and admins only. */
export function purchasingOrgs(orgs: readonly Organisation[]): Organisation[] {
  return orgs.filter((o) => o.role === 'owner' || o.role === 'admin');
}

/**
 * The organisation the checkout starts with: the one the address names, else the first one that
 * is not a personal organisation (the usual buyer is a team), else the personal one.
 */
export function defaultOrg(
  orgs: readonly Organisation[],
  requested: string | null,
): Organisation | undefined {
  return orgs.find((o) => o.slug === requested) ?? orgs.find((o) => !o.personal) ?? orgs[0];
}

/**
 * The organisation whose subscription tab was open last (session storage): the products pages'
 * Choose links name no organisation, so a checkout started from that tab's Upgrade keeps it.
 */
export const LAST_ORG_KEY = 'checkout.org';

export function rememberOrgForCheckout(slug: string): void {
  try {
    sessionStorage.setItem(LAST_ORG_KEY, slug);
  } catch {
    // Without storage the checkout starts with its usual default.
  }
}

export function rememberedOrg(): string | null {
  try {
    return sessionStorage.getItem(LAST_ORG_KEY);
  } catch {
    return null;
  }
}

// ---- after paying --------------------------------------------------------------------------------

const GRANTING: readonly SubscriptionState[] = ['active', 'trial'];

/**
 * The subscription a checkout bought, once the provider's events made it active: of the plan
 * bought when known, otherwise any subscription the provider bills.
 */
export function boughtSubscription(
  subs: readonly Subscription[],
  planSlug: string | null | undefined,
): Subscription | undefined {
  return subs.find(
    (s) =>
      s.billing !== null &&
      GRANTING.includes(s.state) &&
      (planSlug ? s.plan.slug === planSlug : !s.plan.free),
  );
}

/** How long /checkout/success waits for the webhook before it offers a link instead. */
export const ACTIVATION_TIMEOUT_MS = 60_000;
export const ACTIVATION_POLL_MS = 1_500;
export const REDIRECT_COUNTDOWN_S = 5;

export type ActivationPhase =
  | { phase: 'waiting' }
  | { phase: 'active'; secondsLeft: number }
  | { phase: 'timeout' };

/** Where the success page is: waiting, counting down since activation, or given up. */
export function activationPhase(now: number, startedAt: number, activatedAt: number | null): ActivationPhase {
  if (activatedAt !== null)
    return {
      phase: 'active',
      secondsLeft: Math.max(0, REDIRECT_COUNTDOWN_S - Math.floor((now - activatedAt) / 1000)),
    };
  return now - startedAt >= ACTIVATION_TIMEOUT_MS ? { phase: 'timeout' } : { phase: 'waiting' };
}

/** The checkout the browser left for, kept across the provider's pages (session storage). */
export interface PendingCheckout {
  org: string;
  plan: string;
  at: number;
}
export const PENDING_CHECKOUT_KEY = 'checkout.pending';

export function readPendingCheckout(raw: string | null, org: string | null): PendingCheckout | null {
  if (!raw || !org) return null;
  try {
    const value = JSON.parse(raw) as Partial<PendingCheckout>;
    if (value.org === org && typeof value.plan === 'string' && typeof value.at === 'number')
      return value as PendingCheckout;
  } catch {
    // A broken entry is no entry.
  }
  return null;
}

export const subscriptionTabHref = (org: string) =>
  `/dashboard/org/${encodeURIComponent(org)}?tab=subscription`;

// ---- the subscription tab ------------------------------------------------------------------------

/** What the card says about billing next, as a billing-namespace key and its values. */
export type BillingLine =
  | { key: 'status.cancelsOn'; date: string }
  | { key: 'status.pastDue'; date: string | null }
  | { key: 'status.renewsOn'; date: string; amount: { amount: number; currency: string } | null }
  | { key: 'status.trialUntil'; date: string; amount: { amount: number; currency: string } | null }
  | { key: 'status.ended'; date: string | null }
  | null;

export function billingLine(sub: Subscription): BillingLine {
  const billing = sub.billing;
  if (!billing) return null;
  const periodEnd = billing.current_period_end ?? sub.renews_at;
  if (sub.state === 'cancelled' || sub.state === 'expired' || sub.state === 'inactive')
    return { key: 'status.ended', date: sub.ends_at ?? periodEnd };
  if (sub.state === 'past_due') return { key: 'status.pastDue', date: sub.ends_at };
  if (billing.cancel_at_period_end && periodEnd) return { key: 'status.cancelsOn', date: periodEnd };
  // A trial's first charge is at its end (the provider's period of a trial is the trial).
  const trialEnd = sub.trial_until ?? periodEnd;
  if (sub.state === 'trial' && trialEnd)
    return { key: 'status.trialUntil', date: trialEnd, amount: billing.next_payment };
  if (periodEnd && billing.period !== 'perpetual')
    return { key: 'status.renewsOn', date: periodEnd, amount: billing.next_payment };
  return null;
}

/** Which self-service actions a provider-billed subscription offers in its state. */
export interface BillingActions {
  change: boolean;
  cancel: boolean;
  resume: boolean;
  paymentMethod: boolean;
}

export function billingActions(sub: Subscription): BillingActions {
  const billing = sub.billing;
  const live = sub.state === 'active' || sub.state === 'trial' || sub.state === 'past_due';
  if (!billing || !live) return { change: false, cancel: false, resume: false, paymentMethod: false };
  const recurring = billing.period !== 'perpetual';
  return {
    change: recurring && !billing.cancel_at_period_end && sub.state !== 'past_due',
    cancel: recurring && !billing.cancel_at_period_end,
    resume: billing.cancel_at_period_end,
    paymentMethod: recurring,
  };
}

/** The proration of a change as the dialog shows it: charged now, credited now, or nothing now. */
export type ProrationView =
  | { now: 'charge' | 'credit'; amount: string; recurring: string; nextBilledAt: string | null }
  | { now: 'none'; recurring: string; nextBilledAt: string | null };

export function prorationView(preview: ChangePreview, locale?: string): ProrationView {
  const recurring = formatMoney(preview.recurring.amount, preview.recurring.currency, locale);
  const { amount, currency } = preview.immediate;
  if (amount === 0) return { now: 'none', recurring, nextBilledAt: preview.next_billed_at };
  return {
    now: amount > 0 ? 'charge' : 'credit',
    amount: formatMoney(Math.abs(amount), currency, locale),
    recurring,
    nextBilledAt: preview.next_billed_at,
  };
}

/** Colours of the state badges (the same everywhere a subscription state shows). */
export const STATE_COLOURS: Record<SubscriptionState, string> = {
  active: 'green',
  trial: 'blue',
  past_due: 'orange',
  pending: 'yellow',
  cancelled: 'gray',
  expired: 'gray',
  inactive: 'gray',
  draft: 'gray',
};

/**
 * A history line's description: its items ("Pro (Monthly) × 2"), a plan price named by the plan
 * (in the reader's language, from the server) and `periodName`, other lines by the provider's
 * wording; or its invoice number.
 */
export function transactionDescription(
  tx: Pick<BillingTransaction, 'items' | 'invoice_number' | 'provider_transaction_id'>,
  periodName: (period: PricePeriod) => string,
): string {
  const items = tx.items.map((item) => {
    const label =
      item.plan && item.period ? `${item.plan.name} (${periodName(item.period)})` : item.description;
    return item.quantity > 1 ? `${label} × ${item.quantity}` : label;
  });
  return items.length > 0 ? items.join(', ') : (tx.invoice_number ?? tx.provider_transaction_id);
}

export function transactionStatusColour(status: BillingTransaction['status']): string {
  if (status === 'completed' || status === 'paid') return 'green';
  if (status === 'past_due') return 'orange';
  if (status === 'canceled') return 'gray';
  return 'blue';
}
