// The webhook event format both providers deliver: Paddle Billing's (snake_case, amounts as
// strings of minor units). Only the fields the pipeline reads are declared; the rest is kept in
// the stored payload. The local sandbox emits exactly this shape, so it exercises the same path.
import { z } from 'zod';

const Id = z.string().min(1).max(200);
const Time = z.iso.datetime({ offset: true });
const Amount = z.string().regex(/^-?\d{1,15}$/);
const CustomData = z.record(z.string(), z.unknown()).nullable().optional();

export const PaddleSubscriptionStatus = z.enum(['active', 'canceled', 'past_due', 'paused', 'trialing']);

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
        price: z.looseObject({ id: Id }),
        trial_dates: z.object({ starts_at: Time, ends_at: Time }).nullable().optional(),
      }),
    )
    .min(1),
});
export type SubscriptionData = z.infer<typeof SubscriptionData>;

export const TransactionData = z.looseObject({
  id: Id,
  status: z.enum(['draft', 'ready', 'billed', 'paid', 'completed', 'canceled', 'past_due']),
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

/** A verified event as the pipeline stores it. */
export interface ProviderEvent {
  eventId: string;
  eventType: string;
  occurredAt: Date;
  entityId: string | null;
  customerId: string | null;
  payload: z.infer<typeof EventEnvelope>;
}

/** Parses a verified body; throws a ZodError when it is not an event. */
export function parseEvent(rawBody: string): ProviderEvent {
  const payload = EventEnvelope.parse(JSON.parse(rawBody));
  return {
    eventId: payload.event_id,
    eventType: payload.event_type,
    occurredAt: new Date(payload.occurred_at),
    entityId: payload.data.id ?? null,
    customerId: payload.data.customer_id ?? null,
    payload,
  };
}
