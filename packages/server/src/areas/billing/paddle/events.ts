// Paddle Billing's webhook events (snake_case, amounts as strings of minor units) read into the
// service's own snapshots (../snapshots.ts): the only place that knows Paddle's event format and
// statuses. The local sandbox stands in for Paddle and emits this format too (../local/payloads.ts).
import { type SubscriptionState, TransactionStatus } from '@slugsmith/contract';
import { z } from 'zod';
import type { CheckoutInput } from '../provider.js';
import type {
  ProviderEvent,
  ProviderSnapshot,
  StoredEvent,
  SubscriptionSnapshot,
  TransactionSnapshot,
} from '../snapshots.js';

const Id = z.string().min(1).max(200);
const Time = z.iso.datetime({ offset: true });
const Amount = z.string().regex(/^-?\d{1,15}$/);
const CustomData = z.record(z.string(), z.unknown()).nullable().optional();

export const PaddleSubscriptionStatus = z.enum(['active', 'canceled', 'past_due', 'paused', 'trialing']);

/** Paddle's subscription statuses as the service's subscription states (§4). */
export const PADDLE_STATES = {
  active: 'active',
  trialing: 'trial',
  // Paddle is retrying the payment: the plan's limits hold until the grace period ends.
  past_due: 'past_due',
  // A paused subscription grants nothing until it resumes.
  paused: 'inactive',
  canceled: 'cancelled',
} as const satisfies Record<z.infer<typeof PaddleSubscriptionStatus>, SubscriptionState>;

export const SubscriptionData = z.looseObject({
  id: Id,
  status: PaddleSubscriptionStatus,
  customer_id: Id,
  custom_data: CustomData,
  currency_code: z.string().length(3).optional(),
  started_at: Time.nullable().optional(),
  first_billed_at: Time.nullable().optional(),
  next_billed_at: Time.nullable().optional(),
  canceled_at: Time.nullable().optional(),
  current_billing_period: z.object({ starts_at: Time, ends_at: Time }).nullable().optional(),
  scheduled_change: z
    .object({ action: z.enum(['cancel', 'pause', 'resume']), effective_at: Time })
    .nullable()
    .optional(),
  items: z
    .array(
      z.looseObject({
        quantity: z.number().int().min(1),
        price: z.looseObject({ id: Id, custom_data: CustomData }),
        trial_dates: z.object({ starts_at: Time, ends_at: Time }).nullable().optional(),
      }),
    )
    .min(1),
});
export type SubscriptionData = z.infer<typeof SubscriptionData>;

export const TransactionData = z.looseObject({
  id: Id,
  // Paddle's transaction statuses are the service's own (the billing history shows them).
  status: TransactionStatus,
  customer_id: Id.nullable().optional(),
  subscription_id: Id.nullable().optional(),
  custom_data: CustomData,
  origin: z.string().max(60).optional(),
  currency_code: z.string().length(3),
  invoice_number: z.string().max(100).nullable().optional(),
  billed_at: Time.nullable().optional(),
  created_at: Time.optional(),
  details: z
    .looseObject({
      totals: z.looseObject({ subtotal: Amount, tax: Amount, total: Amount }),
      /** The rates Paddle applied ("0.19"); one per rate when lines differ. */
      tax_rates_used: z.array(z.looseObject({ tax_rate: z.string().max(20) })).optional(),
      line_items: z
        .array(
          z.looseObject({
            quantity: z.number().int(),
            totals: z.looseObject({ subtotal: Amount }),
            product: z.looseObject({ name: z.string() }).optional(),
          }),
        )
        .optional(),
    })
    .nullable()
    .optional(),
});
export type TransactionData = z.infer<typeof TransactionData>;

/** The envelope of every event (`notification_id` is set on webhook deliveries). */
export const EventEnvelope = z.looseObject({
  event_id: Id,
  event_type: z.string().regex(/^[a-z_]+\.[a-z_]+$/),
  occurred_at: Time,
  notification_id: Id.optional(),
  data: z.looseObject({ id: Id.optional(), customer_id: Id.nullable().optional() }),
});

/** Our ids as Paddle carries them back on every event (`custom_data`, read by the snapshots below). */
export const customDataOf = (reference: CheckoutInput['reference']) => ({
  org_id: reference.orgId,
  price_id: reference.priceId,
});

/** Reads a Paddle event's envelope; throws a ZodError when it is not an event. */
export function readPaddleEvent(body: unknown): ProviderEvent {
  const payload = EventEnvelope.parse(body);
  return {
    eventId: payload.event_id,
    eventType: payload.event_type,
    occurredAt: new Date(payload.occurred_at),
    entityId: payload.data.id ?? null,
    customerId: payload.data.customer_id ?? null,
    payload,
  };
}

/** What a stored Paddle event says; throws a ZodError when its data is not what its type promises. */
export function paddleSnapshot(event: StoredEvent): ProviderSnapshot {
  const category = event.eventType.split('.')[0];
  const data = (event.payload as { data?: unknown } | null)?.data;
  if (category === 'subscription')
    return { kind: 'subscription', subscription: subscriptionSnapshot(SubscriptionData.parse(data)) };
  if (category === 'transaction')
    return { kind: 'transaction', transaction: transactionSnapshot(TransactionData.parse(data)) };
  return { kind: 'other' };
}

const date = (value: string | null | undefined) => (value ? new Date(value) : null);
const minor = (amount: string) => Number.parseInt(amount, 10);

export function subscriptionSnapshot(data: SubscriptionData): SubscriptionSnapshot {
  const period = data.current_billing_period;
  const change = data.scheduled_change;
  return {
    id: data.id,
    customerId: data.customer_id,
    namedOrgId: data.custom_data?.org_id,
    namedPriceId: data.custom_data?.price_id,
    state: PADDLE_STATES[data.status],
    items: data.items.map((item) => ({
      providerPriceId: item.price.id,
      priceId: item.price.custom_data?.price_id,
      quantity: item.quantity,
      trialEndsAt: date(item.trial_dates?.ends_at),
    })),
    startedAt: date(data.started_at),
    period: period ? { startsAt: new Date(period.starts_at), endsAt: new Date(period.ends_at) } : null,
    nextBilledAt: date(data.next_billed_at),
    canceledAt: date(data.canceled_at),
    scheduledChange: change
      ? { cancel: change.action === 'cancel', effectiveAt: new Date(change.effective_at) }
      : null,
  };
}

export function transactionSnapshot(data: TransactionData): TransactionSnapshot {
  const totals = data.details?.totals;
  return {
    id: data.id,
    status: data.status,
    customerId: data.customer_id ?? null,
    subscriptionId: data.subscription_id ?? null,
    namedOrgId: data.custom_data?.org_id,
    namedPriceId: data.custom_data?.price_id,
    origin: data.origin ?? 'web',
    currency: data.currency_code,
    invoiceNumber: data.invoice_number ?? null,
    billedAt: date(data.billed_at),
    createdAt: date(data.created_at),
    totals: totals
      ? { subtotal: minor(totals.subtotal), tax: minor(totals.tax), total: minor(totals.total) }
      : null,
    taxRates: (data.details?.tax_rates_used ?? []).map((r) => r.tax_rate),
    lines: (data.details?.line_items ?? []).map((line) => ({
      description: line.product?.name ?? 'Item',
      quantity: line.quantity,
      amount: minor(line.totals.subtotal),
    })),
  };
}
