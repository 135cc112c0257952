import { OrgPathParam, Slug, Text, Timestamp } from './common.js';
import { Scope } from './generation.js';
import { z } from './zod.js';

/**
 * Subscription plans, an organisation's subscriptions and the limits they grant (product spec §1,
 * §3 "Subscription plan", "Feature and limit keys", "Subscription card", §4).
 */

export const PlanType = z.enum(['saas', 'on_premise', 'other']);
export type PlanType = z.infer<typeof PlanType>;

/** Admin plan states: draft and archived plans cannot be subscribed to (§4). */
export const PlanState = z.enum(['draft', 'active', 'inactive', 'archived']);
export type PlanState = z.infer<typeof PlanState>;

/**
 * How a price is charged. SaaS plans: `monthly`, `semi_annual`, `annual`. On-premise plans are
 * priced per concurrent node (`per_node`) for a period, or once for a perpetual licence
 * (`perpetual`, also per node).
 */
export const PricePeriod = z.enum(['monthly', 'semi_annual', 'annual', 'perpetual']);
export type PricePeriod = z.infer<typeof PricePeriod>;

export const Currency = z
  .string()
  .regex(/^[A-Z]{3}$/, 'Invalid format')
  .default('USD');

const TrialDays = z
  .number()
  .int('Must be a whole number')
  .min(0, 'Minimum value is 0')
  .max(365, 'Maximum value is 365');

export const PlanPrice = z
  .object({
    period: PricePeriod,
    /** Price in minor units (cents) for one period (or once, for `perpetual`). */
    amount: z.number().int('Must be a whole number').min(0, 'Minimum value is 0').max(1_000_000_000),
    currency: Currency,
    /** Charged per concurrent node (on-premise) instead of per subscription. */
    per_node: z.boolean().default(false),
    /**
     * Days of free trial a checkout of this price starts with (0: none). Per price, as Paddle keeps
     * it (a price's `trial_period`); a perpetual licence has none.
     */
    trial_days: TrialDays.optional(),
  })
  .meta({ id: 'PlanPrice' });
export type PlanPrice = z.infer<typeof PlanPrice>;

/** A price as plans list it: with the id a checkout or a plan change names. */
export const OfferedPrice = PlanPrice.extend({ id: z.uuid() }).meta({ id: 'OfferedPrice' });
export type OfferedPrice = z.infer<typeof OfferedPrice>;

/** A limit: a whole number, −1 = unlimited. */
const Limit = z
  .number()
  .int('Must be a whole number')
  .min(-1, 'Minimum value is -1')
  .max(Number.MAX_SAFE_INTEGER);

/** Numeric limit keys (−1 = unlimited). */
export const LIMIT_KEYS = [
  'max_series',
  'req_per_minute',
  'burst_req_per_minute',
  'max_forge_per_day',
  'max_forge_per_month',
  'max_forge_per_request',
  'max_forge_per_stream_request',
  'max_mint_per_day',
  'max_mint_per_month',
  'max_mint_per_request',
  'max_mint_per_stream_request',
  'max_slice_per_day',
  'max_slice_per_month',
  'max_slice_per_request',
  'max_slice_per_stream_request',
  'slice_window_back',
  'slice_window_forward',
  'max_pattern_components',
  'max_pattern_complexity',
  'sla_max_requests_per_day',
  'sla_max_requests_per_month',
  'max_nodes',
] as const;
export type LimitKey = (typeof LIMIT_KEYS)[number];

/** Feature switches. */
export const FEATURE_KEYS = [
  'forge_enabled',
  'forge_stream_enabled',
  'mint_enabled',
  'mint_stream_enabled',
  'slice_enabled',
  'slice_stream_enabled',
  'api_access',
  'api_key_access',
  'sdk_access',
  'management_ui_available',
] as const;
export type FeatureKey = (typeof FEATURE_KEYS)[number];

/** Service-level terms, as published (text or null when the plan promises none). */
export const SLA_KEYS = [
  'sla_support_response_time',
  'sla_support_availability',
  'sla_response_time',
  'sla_availability',
  'sla_plan_slug',
] as const;
export type SlaKey = (typeof SLA_KEYS)[number];

const SlaText = Text.max(200, 'Maximum length is 200 characters').nullable();

/** Every feature and limit key of a plan (§3), each with a value. */
export const PlanFeatures = z
  .object({
    ...(Object.fromEntries(LIMIT_KEYS.map((k) => [k, Limit])) as Record<LimitKey, typeof Limit>),
    ...(Object.fromEntries(FEATURE_KEYS.map((k) => [k, z.boolean()])) as Record<FeatureKey, z.ZodBoolean>),
    ...(Object.fromEntries(SLA_KEYS.map((k) => [k, SlaText])) as Record<SlaKey, typeof SlaText>),
  })
  .strict()
  .meta({ id: 'PlanFeatures' });
export type PlanFeatures = z.infer<typeof PlanFeatures>;

/**
 * What anyone may see of a plan's features: the switches, SLA terms and the figures of its limits
 * (−1 = unlimited), which buyers compare plans by before subscribing.
 */
export const PublicPlanFeatures = PlanFeatures.meta({ id: 'PublicPlanFeatures' });
export type PublicPlanFeatures = z.infer<typeof PublicPlanFeatures>;

/**
 * SLA values that are words, translated with a plan's texts (`sla_plan_slug` names a plan and stays
 * as it is).
 */
export const TRANSLATED_SLA_KEYS = [
  'sla_support_response_time',
  'sla_support_availability',
  'sla_response_time',
  'sla_availability',
] as const satisfies readonly SlaKey[];
export type TranslatedSlaKey = (typeof TRANSLATED_SLA_KEYS)[number];

/**
 * A language the reader asks for (`?language=`, else the first of Accept-Language): texts come in
 * its nearest translation (regional → base → English), and an unknown or malformed one is English.
 */
export const ReaderLanguageQuery = z.object({
  language: z.string().max(35).optional().describe('e.g. de-DE, ja, sr-Latn; default: Accept-Language'),
});

const planCommon = {
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  plan_type: PlanType,
  display_order: z.number().int(),
  /** Badges. */
  free: z.boolean(),
  custom_features: z.boolean(),
  custom_plan: z.boolean(),
  state: PlanState,
  /** Active or inactive: a draft or archived plan is not available for subscription. */
  subscribable: z.boolean(),
  prices: z.array(OfferedPrice),
};

/**
 * A plan as the public Products menu shows it: name, description and the SLA's words in the
 * reader's language; `language` is the stored language they are in (`en`: the English original,
 * also when no translation matched).
 */
export const PublicPlan = z
  .object({ ...planCommon, language: z.string(), features: PublicPlanFeatures })
  .meta({ id: 'PublicPlan' });
export type PublicPlan = z.infer<typeof PublicPlan>;

/** `GET /subscriptions`: active plans by plan type (saas, on_premise, other), each by display order. */
export const PublicPlanCatalogue = z
  .object({ groups: z.array(z.object({ plan_type: PlanType, plans: z.array(PublicPlan) })) })
  .meta({ id: 'PublicPlanCatalogue' });
export type PublicPlanCatalogue = z.infer<typeof PublicPlanCatalogue>;

const PlanName = Text.trim().min(1, 'This field is required').max(100, 'Maximum length is 100 characters');
const Description = Text.max(2000, 'Maximum length is 2000 characters');
const TranslatedSla = Text.trim().max(200, 'Maximum length is 200 characters');

/**
 * A plan's texts in one stored language other than English (the plan's own fields). An SLA key
 * left out (or empty) shows the English value.
 */
export const SetPlanTranslation = z
  .object({
    name: PlanName,
    description: Description.default(''),
    sla: z
      .object(
        Object.fromEntries(TRANSLATED_SLA_KEYS.map((k) => [k, TranslatedSla.optional()])) as Record<
          TranslatedSlaKey,
          z.ZodOptional<typeof TranslatedSla>
        >,
      )
      .strict()
      .default({}),
  })
  .strict()
  .meta({ id: 'SetPlanTranslation' });
export type SetPlanTranslation = z.infer<typeof SetPlanTranslation>;

export const PlanTranslation = z
  .object({
    language: z.string(),
    name: z.string(),
    description: z.string(),
    sla: z.record(z.string(), z.string()),
    updated_at: Timestamp,
  })
  .meta({ id: 'PlanTranslation' });
export type PlanTranslation = z.infer<typeof PlanTranslation>;

/** A plan as staff see it: every value, in English, with its translations. */
export const AdminPlan = z
  .object({
    ...planCommon,
    features: PlanFeatures,
    translations: z.array(PlanTranslation),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'AdminPlan' });
export type AdminPlan = z.infer<typeof AdminPlan>;
export const AdminPlanList = z.array(AdminPlan);
const DisplayOrder = z.number().int('Must be a whole number').min(-1_000_000).max(1_000_000);

export const CreatePlan = z
  .object({
    slug: Slug,
    name: PlanName,
    description: Description.default(''),
    plan_type: PlanType,
    display_order: DisplayOrder.default(0),
    free: z.boolean().default(false),
    custom_features: z.boolean().default(false),
    custom_plan: z.boolean().default(false),
    state: PlanState.default('draft'),
    prices: z.array(PlanPrice).max(20).default([]),
    features: PlanFeatures,
  })
  .strict()
  .meta({ id: 'CreatePlan' });
export type CreatePlan = z.infer<typeof CreatePlan>;

/** Every field optional; `features` may name only the keys to change; `prices` replaces the list. */
export const UpdatePlan = z
  .object({
    slug: Slug.optional(),
    name: PlanName.optional(),
    description: Description.optional(),
    plan_type: PlanType.optional(),
    display_order: DisplayOrder.optional(),
    free: z.boolean().optional(),
    custom_features: z.boolean().optional(),
    custom_plan: z.boolean().optional(),
    state: PlanState.optional(),
    prices: z.array(PlanPrice).max(20).optional(),
    features: PlanFeatures.partial().optional(),
  })
  .strict()
  .meta({ id: 'UpdatePlan' });
export type UpdatePlan = z.infer<typeof UpdatePlan>;

export const PlanParams = z.object({ plan: z.string().min(1).max(64).describe("The plan's slug") });
export const PlanTranslationParams = PlanParams.extend({
  language: z.string().min(1).max(35).describe('The language of the texts, e.g. de or pt-BR'),
});

// ---- subscriptions of an organisation -----------------------------------------------------------

export const SubscriptionState = z.enum([
  'draft',
  'active',
  'inactive',
  'expired',
  'trial',
  'past_due',
  'pending',
  'cancelled',
]);
export type SubscriptionState = z.infer<typeof SubscriptionState>;
/** States in which a subscription grants its plan's limits (past_due: a grace period). */
export const LIVE_SUBSCRIPTION_STATES: readonly SubscriptionState[] = ['active', 'trial', 'past_due'];

export const QuantityUnit = z.enum(['seat', 'node', 'unit']);
export type QuantityUnit = z.infer<typeof QuantityUnit>;

/** On-premise plans count concurrent nodes; other plans are bought in units. */
export const quantityUnitOf = (planType: PlanType): QuantityUnit =>
  planType === 'on_premise' ? 'node' : 'unit';

export const MIN_QUANTITY = 1;
/** The most a checkout sells and a provider's price takes; staff assign no more than that either. */
export const MAX_QUANTITY = 10_000;

/** Seats, nodes or units of a subscription: bought at checkout or assigned by staff. */
export const Quantity = z
  .number()
  .int('Must be a whole number')
  .min(MIN_QUANTITY, `Minimum value is ${MIN_QUANTITY}`)
  .max(MAX_QUANTITY, `Maximum value is ${MAX_QUANTITY}`);

/** The payment providers the server can run with (`PAYMENT_PROVIDER`); `{provider}` in admin paths. */
export const PaymentProviderName = z.enum(['local', 'paddle']);
export type PaymentProviderName = z.infer<typeof PaymentProviderName>;

export const Money = z.object({ amount: z.number().int(), currency: z.string() }).meta({ id: 'Money' });
export type Money = z.infer<typeof Money>;

/** The provider-side part of a subscription card; null for subscriptions staff set by hand. */
export const SubscriptionBilling = z
  .object({
    provider: PaymentProviderName,
    provider_subscription_id: z.string(),
    price_id: z.string().nullable(),
    period: PricePeriod.nullable(),
    cancel_at_period_end: z.boolean(),
    current_period_start: Timestamp.nullable(),
    current_period_end: Timestamp.nullable(),
    /** What the next renewal charges (before tax), when one is due. */
    next_payment: Money.nullable(),
    /**
     * A plan or quantity change the provider accepted whose event has not arrived yet: until it
     * does, plan and price above are still the old ones. Absent or null: none pending.
     */
    pending_change: z
      .object({
        plan: z.object({ slug: z.string(), name: z.string() }),
        period: PricePeriod,
        quantity: z.number().int(),
        requested_at: Timestamp,
      })
      .nullable()
      .optional(),
  })
  .meta({ id: 'SubscriptionBilling' });
export type SubscriptionBilling = z.infer<typeof SubscriptionBilling>;

/** The subscription card. */
export const Subscription = z
  .object({
    id: z.string(),
    plan: z.object({
      slug: z.string(),
      name: z.string(),
      plan_type: PlanType,
      free: z.boolean(),
      custom_features: z.boolean(),
      custom_plan: z.boolean(),
    }),
    state: SubscriptionState,
    /**
     * Whether the subscription grants its limits now: live (trial and end not passed) and the one
     * in force of its plan type (a Free subscription beside a paid one is not).
     */
    effective: z.boolean(),
    quantity: z.number().int(),
    unit: QuantityUnit,
    started_at: Timestamp,
    trial_until: Timestamp.nullable(),
    renews_at: Timestamp.nullable(),
    ends_at: Timestamp.nullable(),
    /** The payment provider's side; null for a subscription staff set by hand (or Free). */
    billing: SubscriptionBilling.nullable(),
  })
  .meta({ id: 'Subscription' });
export type Subscription = z.infer<typeof Subscription>;
export const SubscriptionList = z.array(Subscription);

/** The limits in force for one plan type, and the plan they come from. */
export const EffectiveLimits = z
  .object({
    plan_type: PlanType,
    plan: z.string(),
    plan_name: z.string(),
    custom_features: z.boolean(),
    limits: PlanFeatures,
  })
  .meta({ id: 'EffectiveLimits' });
export type EffectiveLimits = z.infer<typeof EffectiveLimits>;

/** `GET /orgs/{org}/limits`: SaaS limits always; the other types when subscribed. */
export const OrgLimits = z.array(EffectiveLimits).meta({ id: 'OrgLimits' });

export const LimitsParams = z.object({ org: OrgPathParam, planType: PlanType.describe('The kind of plan') });

/**
 * `GET /limits` for a key: the reference service's SubscriptionFeatures — every feature and limit
 * key plus `custom_features` and the scopes API keys and SDK configs may carry.
 */
export const SubscriptionFeatures = PlanFeatures.extend({
  custom_features: z.boolean(),
  plan: z.string(),
  api_key_scopes: z.array(Scope),
  sdk_scopes: z.array(Scope),
}).meta({ id: 'SubscriptionFeatures' });
export type SubscriptionFeatures = z.infer<typeof SubscriptionFeatures>;

// ---- staff: an organisation's subscriptions ------------------------------------------------------

/** `POST /admin/orgs/{org}/subscriptions`: subscribe an organisation to an active or inactive plan. */
export const CreateSubscription = z
  .object({
    plan: Text.min(1).max(64),
    state: SubscriptionState.default('active'),
    quantity: Quantity.default(1),
    /** Default: `node` for on-premise plans, else `unit`. */
    unit: QuantityUnit.optional(),
    started_at: Timestamp.optional(),
    trial_until: Timestamp.nullable().optional(),
    renews_at: Timestamp.nullable().optional(),
    ends_at: Timestamp.nullable().optional(),
  })
  .strict()
  .meta({ id: 'CreateSubscription' });
export type CreateSubscription = z.infer<typeof CreateSubscription>;

export const UpdateSubscription = z
  .object({
    state: SubscriptionState.optional(),
    quantity: Quantity.optional(),
    unit: QuantityUnit.optional(),
    started_at: Timestamp.optional(),
    trial_until: Timestamp.nullable().optional(),
    renews_at: Timestamp.nullable().optional(),
    ends_at: Timestamp.nullable().optional(),
  })
  .strict()
  .meta({ id: 'UpdateSubscription' });
export type UpdateSubscription = z.infer<typeof UpdateSubscription>;

export const AdminSubscriptionParams = z.object({
  org: OrgPathParam,
  subscription: z.uuid('Resource not found').describe("The subscription's id"),
});

// ---- staff: one price of a plan -----------------------------------------------------------------

export const PriceParams = z.object({
  plan: z.string().min(1).max(64).describe("The plan's slug"),
  period: PricePeriod.describe('The billing period of the price'),
});
export const PriceQuery = z.object({
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'Invalid format')
    .default('USD')
    .describe('The currency of the price (ISO 4217)'),
});
/** `PUT /admin/subscriptions/{plan}/prices/{period}`: set (add or replace) the price of a period. */
/** One price set by staff; a trial left out stays as it was. */
export const SetPlanPrice = PlanPrice.omit({ period: true }).strict().meta({ id: 'SetPlanPrice' });
export type SetPlanPrice = z.infer<typeof SetPlanPrice>;
