// The sandbox's records in Paddle Billing's webhook shape (snake_case, amounts as strings of minor
// units), so that one pipeline applies the events of both providers.
import type {
  localPayPrices,
  localPayProducts,
  localPaySubscriptions,
  localPayTransactions,
} from '../../../db/schema.js';
import { billingCycle } from './periods.js';

export type PriceRow = typeof localPayPrices.$inferSelect;
export type ProductRow = typeof localPayProducts.$inferSelect;
export type SubscriptionRow = typeof localPaySubscriptions.$inferSelect;
export type TransactionRow = typeof localPayTransactions.$inferSelect;
export type PriceWithProduct = { price: PriceRow; product: ProductRow };

/** Tells a sandbox time in the app's real time (see Moment). */
export type TimeOf = (date: Date | null) => string | null;
const suffix = (id: string) => id.slice(id.lastIndexOf('_') + 1);

export function pricePayload({ price, product }: PriceWithProduct) {
  return {
    id: price.id,
    product_id: product.id,
    description: `${product.name} (${price.period})`,
    name: price.period,
    billing_cycle: billingCycle(price.period),
    trial_period: null,
    tax_mode: 'account_setting',
    unit_price: { amount: String(price.amount), currency_code: price.currency },
    quantity: { minimum: 1, maximum: 10_000 },
    status: 'active',
    custom_data: { price_id: price.priceId, per_node: price.perNode },
  };
}

export function subscriptionPayload(
  sub: SubscriptionRow,
  item: PriceWithProduct,
  paymentMethodUrl: string,
  iso: TimeOf,
) {
  const period =
    sub.currentPeriodStart && sub.currentPeriodEnd
      ? { starts_at: iso(sub.currentPeriodStart), ends_at: iso(sub.currentPeriodEnd) }
      : null;
  const trial =
    sub.trialEndsAt && sub.status === 'trialing'
      ? { starts_at: iso(sub.startedAt), ends_at: iso(sub.trialEndsAt) }
      : null;
  return {
    id: sub.id,
    status: sub.status,
    customer_id: sub.customerId,
    address_id: null,
    business_id: null,
    currency_code: sub.currency,
    created_at: iso(sub.createdAt),
    updated_at: iso(sub.updatedAt),
    started_at: iso(sub.startedAt),
    first_billed_at: iso(sub.trialEndsAt ?? sub.startedAt),
    next_billed_at: sub.status === 'canceled' ? null : iso(sub.nextBilledAt),
    paused_at: null,
    canceled_at: iso(sub.canceledAt),
    collection_mode: 'automatic',
    billing_cycle: billingCycle(item.price.period),
    current_billing_period: period,
    scheduled_change:
      sub.cancelAtPeriodEnd && sub.currentPeriodEnd && sub.status !== 'canceled'
        ? { action: 'cancel', effective_at: iso(sub.currentPeriodEnd), resume_at: null }
        : null,
    items: [
      {
        status: sub.status === 'trialing' ? 'trialing' : 'active',
        quantity: sub.quantity,
        recurring: item.price.period !== 'perpetual',
        created_at: iso(sub.createdAt),
        updated_at: iso(sub.updatedAt),
        next_billed_at: sub.status === 'canceled' ? null : iso(sub.nextBilledAt),
        trial_dates: trial,
        price: pricePayload(item),
        product: { id: item.product.id, name: item.product.name, status: 'active' },
      },
    ],
    custom_data: sub.customData,
    management_urls: { update_payment_method: paymentMethodUrl, cancel: null },
    discount: null,
  };
}

export function transactionPayload(
  txn: TransactionRow,
  item: PriceWithProduct,
  checkoutUrl: string | null,
  iso: TimeOf,
) {
  const money = (amount: number) => String(amount);
  const lineTotals = {
    subtotal: money(txn.subtotal),
    tax: money(txn.tax),
    discount: '0',
    total: money(txn.total),
  };
  return {
    id: txn.id,
    status: txn.status,
    customer_id: txn.customerId,
    address_id: null,
    business_id: null,
    custom_data: txn.customData,
    currency_code: txn.currency,
    origin: txn.origin,
    subscription_id: txn.subscriptionId,
    invoice_id: txn.invoiceNumber ? `inv_local_${suffix(txn.id)}` : null,
    invoice_number: txn.invoiceNumber,
    collection_mode: 'automatic',
    billing_details: null,
    created_at: iso(txn.createdAt),
    updated_at: iso(txn.updatedAt),
    billed_at: iso(txn.billedAt),
    items: [{ price: pricePayload(item), quantity: txn.quantity, proration: null }],
    details: {
      tax_rates_used: [{ tax_rate: txn.taxRate, totals: lineTotals }],
      totals: {
        ...lineTotals,
        grand_total: money(txn.total),
        credit: '0',
        balance: '0',
        fee: null,
        earnings: null,
        currency_code: txn.currency,
      },
      line_items: [
        {
          id: `txnitm_local_${suffix(txn.id)}`,
          price_id: item.price.id,
          quantity: txn.quantity,
          tax_rate: txn.taxRate,
          unit_totals: {
            subtotal: money(txn.quantity > 0 ? Math.round(txn.subtotal / txn.quantity) : 0),
            tax: money(txn.quantity > 0 ? Math.round(txn.tax / txn.quantity) : 0),
            discount: '0',
            total: money(txn.quantity > 0 ? Math.round(txn.total / txn.quantity) : 0),
          },
          totals: lineTotals,
          product: { id: item.product.id, name: txn.description },
        },
      ],
    },
    payments: [],
    checkout: checkoutUrl ? { url: checkoutUrl } : null,
  };
}
