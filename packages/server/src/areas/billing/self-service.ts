// The organisation's own billing: its history, and changes of a provider subscription (plan or
// quantity with proration, cancel at period end, resume, card). Each change asks the provider;
// its events bring the confirmed state.
import type {
  BillingTransaction,
  ChangePreview,
  PaymentMethodSession,
  Subscription,
  SubscriptionChange,
} from '@slugsmith/contract';
import type { CallerOrg } from '../../auth/access.js';
import type { Db } from '../../db/connect.js';
import { ApiError } from '../../platform/errors.js';
import { priceLabels } from '../plans/catalogue.js';
import { forgetLimits } from '../plans/effective-limits.js';
import { orgSubscriptions } from '../plans/subscriptions.js';
import { isUuid } from './apply.js';
import { purchasablePrice } from './checkout.js';
import type { PlanChange } from './provider.js';
import * as q from './queries.js';
import type { Billing } from './service.js';

export const SelfServiceMessages = {
  notFound: (id: string) => `Subscription ${id} not found`,
  transactionNotFound: 'Transaction not found',
  notBilled: 'This subscription is not billed through the payment provider: staff change it',
  otherProvider: 'This subscription is billed through another payment provider',
  ended: 'The subscription has ended',
  otherPlanType: 'A subscription changes to a plan of the same type only',
  nothingToChange: 'The subscription already has this price and quantity',
  notCancelled: 'The subscription is not set to cancel',
  perpetual: 'A perpetual licence does not renew: contact us to change it',
  providerFailed: 'The payment provider could not make the change',
} as const;

export function toTransaction(t: q.TransactionRow): BillingTransaction {
  return {
    id: t.id,
    provider: t.provider,
    provider_transaction_id: t.providerTransactionId,
    status: t.status as BillingTransaction['status'],
    origin: t.origin,
    currency: t.currency,
    subtotal: t.subtotal,
    tax: t.tax,
    tax_rate: t.taxRate,
    reverse_charge: t.reverseCharge,
    total: t.total,
    invoice_number: t.invoiceNumber,
    billed_at: t.billedAt?.toISOString() ?? null,
    created_at: t.createdAt.toISOString(),
    items: t.items.map(({ priceId: _, ...item }) => item),
  };
}

/** The organisation's transactions; a line known to be a plan price names it in `lang`. */
export async function orgTransactions(
  db: Db,
  org: CallerOrg,
  lang: string | undefined,
): Promise<BillingTransaction[]> {
  const rows = await q.listOrgTransactions(db, org.id);
  const labels = await priceLabels(
    db,
    rows.flatMap((t) => t.items.flatMap((item) => item.priceId ?? [])),
    lang,
  );
  return rows.map((row) => {
    const tx = toTransaction(row);
    return {
      ...tx,
      items: row.items.map(({ priceId, ...item }) => {
        const label = priceId ? labels.get(priceId) : undefined;
        return label ? { ...item, ...label } : item;
      }),
    };
  });
}

export async function orgTransaction(db: Db, org: CallerOrg, id: string): Promise<q.TransactionRow> {
  const row = isUuid(id) ? await q.findOrgTransaction(db, org.id, id) : undefined;
  if (!row)
    throw ApiError.notFound(SelfServiceMessages.transactionNotFound, { reason: 'transaction_not_found' });
  return row;
}

/** The organisation's subscription, which must be the active provider's. */
async function billedSubscription(billing: Billing, org: CallerOrg, id: string) {
  const found = isUuid(id) ? await q.findOrgSubscription(billing.db, org.id, id) : undefined;
  if (!found)
    throw ApiError.notFound(SelfServiceMessages.notFound(id), { reason: 'subscription_not_found', id });
  const { s, plan } = found;
  if (!s.provider || !s.providerSubscriptionId) {
    throw ApiError.conflict(SelfServiceMessages.notBilled, { reason: 'not_billed' });
  }
  if (s.provider !== billing.provider.name) {
    throw ApiError.conflict(SelfServiceMessages.otherProvider, {
      reason: 'other_provider',
      provider: s.provider,
    });
  }
  if (found.price?.period === 'perpetual') {
    throw ApiError.conflict(SelfServiceMessages.perpetual, { reason: 'perpetual_licence' });
  }
  if (s.state === 'cancelled' || s.state === 'expired') {
    throw ApiError.conflict(SelfServiceMessages.ended, { reason: 'ended', state: s.state });
  }
  return { s, plan, providerSubscriptionId: s.providerSubscriptionId };
}

/** The provider's side of a change: the target price, checked like a checkout's. */
async function planChange(
  billing: Billing,
  current: Awaited<ReturnType<typeof billedSubscription>>,
  change: SubscriptionChange,
): Promise<PlanChange & Awaited<ReturnType<typeof purchasablePrice>>> {
  const { plan, price } = await purchasablePrice(billing.db, change, {
    price: 'price',
    quantity: 'quantity',
  });
  if (plan.planType !== current.plan.planType) {
    throw ApiError.badRequest(SelfServiceMessages.otherPlanType, {
      reason: 'other_plan_type',
      field: 'price',
    });
  }
  if (price.id === current.s.priceId && change.quantity === current.s.quantity) {
    throw ApiError.badRequest(SelfServiceMessages.nothingToChange, { reason: 'nothing_to_change' });
  }
  const providerPriceId = await billing.providerPriceId(price.id);
  if (!providerPriceId)
    throw new ApiError(502, SelfServiceMessages.providerFailed, { reason: 'price_not_synced' });
  return { providerPriceId, quantity: change.quantity, plan, price };
}

/** Runs a provider call; its own refusals of bad input pass, anything else is the provider failing. */
async function asking<T>(billing: Billing, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    billing.deps.log.error({ err: error, action: what }, 'payment provider call failed');
    throw new ApiError(502, SelfServiceMessages.providerFailed, { reason: 'provider_error', action: what });
  }
}

async function current(billing: Billing, org: CallerOrg, id: string): Promise<Subscription> {
  forgetLimits(billing.deps.caches, org.id);
  const found = (await orgSubscriptions(billing.db, org)).find((s) => s.id === id);
  if (!found)
    throw ApiError.notFound(SelfServiceMessages.notFound(id), { reason: 'subscription_not_found', id });
  return found;
}

export async function previewChange(
  billing: Billing,
  org: CallerOrg,
  id: string,
  change: SubscriptionChange,
): Promise<ChangePreview> {
  const sub = await billedSubscription(billing, org, id);
  const target = await planChange(billing, sub, change);
  return asking(billing, 'preview-change', () =>
    billing.provider.previewChange(sub.providerSubscriptionId, target),
  );
}

export async function changeSubscription(
  billing: Billing,
  org: CallerOrg,
  id: string,
  change: SubscriptionChange,
): Promise<Subscription> {
  const sub = await billedSubscription(billing, org, id);
  const target = await planChange(billing, sub, change);
  // Before asking: any event of the provider about the change happens after this.
  const requestedAt = new Date().toISOString();
  await asking(billing, 'change', () =>
    billing.provider.changeSubscription(sub.providerSubscriptionId, target),
  );
  // Accepted, not yet confirmed: shown as pending until the provider's event brings the change
  // (unless that event was applied already, while the provider was answering).
  await q.markChangePending(billing.db, sub.s.id, {
    priceId: target.price.id,
    planSlug: target.plan.slug,
    planName: target.plan.name,
    period: target.price.period,
    quantity: change.quantity,
    requestedAt,
  });
  return current(billing, org, id);
}

/**
 * Cancels at the end of the paid period. What the provider accepted is shown at once (the
 * subscription ends with its period); its event confirms it.
 */
export async function cancelSubscription(
  billing: Billing,
  org: CallerOrg,
  id: string,
): Promise<Subscription> {
  const sub = await billedSubscription(billing, org, id);
  await asking(billing, 'cancel', () =>
    billing.provider.cancelSubscription(sub.providerSubscriptionId, 'period_end'),
  );
  await q.updateSubscriptionBilling(billing.db, sub.s.id, {
    cancelAtPeriodEnd: true,
    renewsAt: null,
    endsAt: sub.s.endsAt ?? sub.s.currentPeriodEnd,
  });
  return current(billing, org, id);
}

export async function resumeSubscription(
  billing: Billing,
  org: CallerOrg,
  id: string,
): Promise<Subscription> {
  const sub = await billedSubscription(billing, org, id);
  if (!sub.s.cancelAtPeriodEnd)
    throw ApiError.conflict(SelfServiceMessages.notCancelled, { reason: 'not_cancelling' });
  await asking(billing, 'resume', () => billing.provider.resumeSubscription(sub.providerSubscriptionId));
  if (sub.s.state === 'active' || sub.s.state === 'trial') {
    await q.updateSubscriptionBilling(billing.db, sub.s.id, {
      cancelAtPeriodEnd: false,
      endsAt: null,
      renewsAt: sub.s.currentPeriodEnd,
    });
  }
  return current(billing, org, id);
}

export async function paymentMethod(
  billing: Billing,
  org: CallerOrg,
  id: string,
): Promise<PaymentMethodSession> {
  const sub = await billedSubscription(billing, org, id);
  const returnUrl = `${billing.deps.publicUrl}/dashboard/org/${encodeURIComponent(org.slug)}?tab=subscription`;
  const url = await asking(billing, 'payment-method', () =>
    billing.provider.paymentMethodUrl(sub.providerSubscriptionId, returnUrl),
  );
  return { url };
}
