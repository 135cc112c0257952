import { CountryCode, normaliseVatNumber, vatNumberProblem } from './billing-details.js';
import { Slug, Text, Timestamp } from './common.js';
import { Money, PaymentProviderName, PricePeriod, Quantity } from './plans.js';
import { z } from './zod.js';

/**
 * Billing: checkout, the organisation's self-service (plan change with proration, cancel at
 * period end, resume, payment method), billing history and the payment-provider admin objects
 * (product spec §2.2, §3 "Checkout request", "Payment provider admin objects", §4, §7.7).
 */

/** A price of a plan, by its id (`PublicPlan.prices[].id`). */
export const PriceId = z.uuid('Invalid format');

export const CheckoutItem = z
  .object({ price: PriceId, quantity: Quantity.default(1) })
  .strict()
  .meta({ id: 'CheckoutItem' });
export type CheckoutItem = z.infer<typeof CheckoutItem>;

/** `POST /billing/checkout/prepare` (product spec §3 "Checkout request"): one plan per checkout. */
export const CheckoutRequest = z
  .object({
    org_slug: Slug,
    items: z.array(CheckoutItem).min(1, 'This field is required').max(1, 'Maximum value is 1'),
    /** The buyer's country, saved as the organisation's billing country (tax depends on it). */
    country_code: CountryCode.optional(),
    /** The buyer's VAT number (a business), saved with the country; checked against its format. */
    vat_number: z
      .string()
      .max(40, 'Maximum length is 40 characters')
      .transform(normaliseVatNumber)
      .optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (!value.vat_number) return;
    if (!value.country_code) {
      ctx.addIssue({ code: 'custom', path: ['country_code'], message: 'A VAT number needs its country' });
      return;
    }
    const problem = vatNumberProblem(value.vat_number, value.country_code);
    if (problem) ctx.addIssue({ code: 'custom', path: ['vat_number'], message: problem });
  })
  .meta({ id: 'CheckoutRequest' });
export type CheckoutRequest = z.infer<typeof CheckoutRequest>;

/**
 * What the browser needs to open the provider's checkout: the provider's hosted page
 * (`checkout_url`: the local sandbox's), or the provider's checkout script opened with
 * `provider_token` (its public token, null for a hosted page), `environment` and `transaction_id`
 * (Paddle.js). `provider` names which, so the token needs no provider-specific name.
 */
export const CheckoutSession = z
  .object({
    provider: PaymentProviderName,
    transaction_id: z.string(),
    checkout_url: z.string().nullable(),
    provider_token: z.string().nullable(),
    environment: z.enum(['sandbox', 'production']),
    /** Where the provider sends the buyer back (our /checkout/success). */
    success_url: z.string(),
  })
  .meta({ id: 'CheckoutSession' });
export type CheckoutSession = z.infer<typeof CheckoutSession>;

/** `POST /orgs/{org}/subscriptions/{id}/preview-change` and `/change`. */
export const SubscriptionChange = z
  .object({ price: PriceId, quantity: Quantity.default(1) })
  .strict()
  .meta({ id: 'SubscriptionChange' });
export type SubscriptionChange = z.infer<typeof SubscriptionChange>;

/** The proration the provider computes for a change, shown before the customer confirms. */
export const ChangePreview = z
  .object({
    /** Charged (positive) or credited (negative) now for the rest of the current period. */
    immediate: Money,
    /** Charged at each renewal after the change. */
    recurring: Money,
    next_billed_at: Timestamp.nullable(),
  })
  .meta({ id: 'ChangePreview' });
export type ChangePreview = z.infer<typeof ChangePreview>;

/** `POST /orgs/{org}/subscriptions/{id}/payment-method`: where the customer updates the card. */
export const PaymentMethodSession = z.object({ url: z.string() }).meta({ id: 'PaymentMethodSession' });
export type PaymentMethodSession = z.infer<typeof PaymentMethodSession>;

export const TransactionStatus = z.enum([
  'draft',
  'ready',
  'billed',
  'paid',
  'completed',
  'canceled',
  'past_due',
]);
export type TransactionStatus = z.infer<typeof TransactionStatus>;

/** One line of the billing history (and of an invoice). */
export const BillingTransaction = z
  .object({
    id: z.string(),
    provider: PaymentProviderName,
    provider_transaction_id: z.string(),
    status: TransactionStatus,
    origin: z.string(),
    currency: z.string(),
    subtotal: z.number().int(),
    tax: z.number().int(),
    /** The tax rate applied, as the provider states it ("0.19"); null when it stated none. */
    tax_rate: z.string().nullable(),
    /** No VAT charged: the buyer, a business in another EU country, accounts for it. */
    reverse_charge: z.boolean(),
    total: z.number().int(),
    invoice_number: z.string().nullable(),
    billed_at: Timestamp.nullable(),
    created_at: Timestamp,
    items: z.array(
      z.object({
        /** The provider's wording, in English. */
        description: z.string(),
        quantity: z.number().int(),
        amount: z.number().int(),
        /** The plan (name in the reader's language) and period paid for, when the line is known to be one. */
        plan: z.object({ slug: z.string(), name: z.string() }).nullable().optional(),
        period: PricePeriod.nullable().optional(),
      }),
    ),
  })
  .meta({ id: 'BillingTransaction' });
export type BillingTransaction = z.infer<typeof BillingTransaction>;
export const BillingTransactionList = z.array(BillingTransaction);

export const BillingParams = z.object({
  org: Slug.describe("The organisation's slug"),
  id: Text.min(1).max(100).describe("The transaction's or subscription's id"),
});

// ---- payment-provider events (product spec §4, §7.7) -----------------------------------------

export const BillingEventState = z.enum(['received', 'processed', 'failed', 'acknowledged']);
export type BillingEventState = z.infer<typeof BillingEventState>;

export const BillingEvent = z
  .object({
    id: z.string(),
    provider: PaymentProviderName,
    event_id: z.string(),
    event_type: z.string(),
    /** The entity kind: subscription, transaction, customer, … (the event type's first part). */
    category: z.string(),
    entity_id: z.string().nullable(),
    customer_id: z.string().nullable(),
    occurred_at: Timestamp,
    received_at: Timestamp,
    processed_at: Timestamp.nullable(),
    state: BillingEventState,
    attempts: z.number().int(),
    next_attempt_at: Timestamp.nullable(),
    last_error: z.string().nullable(),
    payload: z.unknown(),
  })
  .meta({ id: 'BillingEvent' });
export type BillingEvent = z.infer<typeof BillingEvent>;
export const BillingEventList = z.array(BillingEvent);

/** `/admin/{provider}/…`: the active payment provider's name. */
export const ProviderParams = z.object({
  provider: z.string().min(1).max(40).describe('The active payment provider, e.g. paddle or local'),
});

/** Filters of `GET /admin/{provider}/events`, newest first. */
export const BillingEventQuery = z
  .object({
    state: BillingEventState.optional().describe('Only events in this processing state'),
    /** The event type's first part: subscription, transaction, customer, … */
    category: z
      .string()
      .regex(/^[a-z_]{1,40}$/, 'Invalid format')
      .optional()
      .describe("The event type's first part: subscription, transaction, customer, …"),
    entity_id: Text.min(1).max(200).optional().describe('Only events about this provider object'),
    customer_id: Text.min(1).max(200).optional().describe('Only events of this provider customer'),
    offset: z.coerce
      .number()
      .int('Must be a whole number')
      .min(0, 'Minimum value is 0')
      .default(0)
      .describe('How many events to skip'),
    limit: z.coerce
      .number()
      .int('Must be a whole number')
      .min(1, 'Minimum value is 1')
      .max(200, 'Maximum value is 200')
      .default(50)
      .describe('How many events to answer (at most 200)'),
  })
  .strict();
export type BillingEventQuery = z.infer<typeof BillingEventQuery>;

const EventIds = z
  .array(z.uuid('Invalid format'))
  .min(1, 'This field is required')
  .max(500, 'Maximum value is 500');

/** `PATCH /admin/{provider}/events`: staff have seen these events; they are no longer retried. */
export const AcknowledgeBillingEvents = z
  .object({ ids: EventIds, state: z.literal('acknowledged') })
  .strict()
  .meta({ id: 'AcknowledgeBillingEvents' });
export type AcknowledgeBillingEvents = z.infer<typeof AcknowledgeBillingEvents>;

/** `POST /admin/{provider}/events/retry`: failed or acknowledged events are due again now. */
export const RetryBillingEvents = z.object({ ids: EventIds }).strict().meta({ id: 'RetryBillingEvents' });
export type RetryBillingEvents = z.infer<typeof RetryBillingEvents>;

/**
 * `PUT /admin/{provider}/events`: staff correct a stored event (e.g. the organisation in its
 * custom_data) and it is processed again now. The event keeps its id and type.
 */
export const EditBillingEvent = z
  .object({ id: z.uuid('Invalid format'), payload: z.record(z.string(), z.unknown()) })
  .strict()
  .meta({ id: 'EditBillingEvent' });
export type EditBillingEvent = z.infer<typeof EditBillingEvent>;

/**
 * `POST /admin/{provider}/catalogue/sync`: the plans and prices as the provider now holds them.
 * `joined`: another node (or request) was already syncing and this answer is its result.
 */
export const CatalogueSyncResult = z
  .object({
    provider: PaymentProviderName,
    products: z.number().int(),
    prices: z.number().int(),
    joined: z.boolean(),
    finished_at: z.string(),
  })
  .meta({ id: 'CatalogueSyncResult' });
export type CatalogueSyncResult = z.infer<typeof CatalogueSyncResult>;
