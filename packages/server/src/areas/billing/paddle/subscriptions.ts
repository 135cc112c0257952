// Self-service changes of a Paddle subscription. Each call only asks Paddle; the new state arrives
// as subscription.updated / subscription.canceled webhooks, which the billing core applies.
import type {
  ISubscriptionPreviewResponse,
  ISubscriptionResponse,
  ITransactionResponse,
} from '@paddle/paddle-node-sdk';
import type { ChangePreview } from '@slugsmith/contract';
import type { PlanChange } from '../provider.js';
import { type PaddleApi, PaddleApiError } from './api.js';

const path = (subscriptionId: string, rest = '') =>
  `/subscriptions/${encodeURIComponent(subscriptionId)}${rest}`;

/** Charge or credit the difference now, for the rest of the current period. */
function changeBody(change: PlanChange) {
  return {
    items: [{ price_id: change.providerPriceId, quantity: change.quantity }],
    proration_billing_mode: 'prorated_immediately',
  };
}

const minorUnits = (amount: string | undefined | null) => (amount ? Number.parseInt(amount, 10) : 0);

export async function previewChange(
  api: PaddleApi,
  subscriptionId: string,
  change: PlanChange,
): Promise<ChangePreview> {
  const preview = await api.call<ISubscriptionPreviewResponse>(
    'PATCH',
    path(subscriptionId, '/preview'),
    changeBody(change),
  );
  const currency = preview.currency_code;
  // update_summary nets the credit for the unused part against the new charge; without it (no
  // proration), what is billed now is the immediate transaction's total.
  const result = preview.update_summary?.result;
  const immediate = result
    ? (result.action === 'credit' ? -1 : 1) * minorUnits(result.amount)
    : minorUnits(preview.immediate_transaction?.details.totals.grand_total);
  return {
    immediate: { amount: immediate, currency },
    recurring: { amount: minorUnits(preview.recurring_transaction_details?.totals.total), currency },
    next_billed_at: preview.next_billed_at ?? null,
  };
}

export async function changeSubscription(
  api: PaddleApi,
  subscriptionId: string,
  change: PlanChange,
): Promise<void> {
  await api.call<ISubscriptionResponse>('PATCH', path(subscriptionId), changeBody(change));
}

export async function cancelSubscription(
  api: PaddleApi,
  subscriptionId: string,
  when: 'period_end' | 'immediately',
): Promise<void> {
  await api.call<ISubscriptionResponse>('POST', path(subscriptionId, '/cancel'), {
    effective_from: when === 'period_end' ? 'next_billing_period' : 'immediately',
  });
}

/** Removes the scheduled cancellation; the subscription renews as before. */
export async function resumeSubscription(api: PaddleApi, subscriptionId: string): Promise<void> {
  await api.call<ISubscriptionResponse>('PATCH', path(subscriptionId), { scheduled_change: null });
}

/**
 * Paddle's page for a new card: the checkout of the zero-amount transaction Paddle makes for it,
 * else the subscription's own management link.
 */
export async function paymentMethodUrl(api: PaddleApi, subscriptionId: string): Promise<string> {
  const transaction = await api.call<ITransactionResponse>(
    'GET',
    path(subscriptionId, '/update-payment-method-transaction'),
  );
  if (transaction.checkout?.url) return transaction.checkout.url;
  const subscription = await api.call<ISubscriptionResponse>('GET', path(subscriptionId));
  const url = subscription.management_urls?.update_payment_method;
  if (url) return url;
  throw new PaddleApiError(
    'GET',
    path(subscriptionId),
    200,
    'no_payment_method_url',
    'Paddle gave no page to update the payment method (is a default payment link set in Paddle?)',
  );
}
