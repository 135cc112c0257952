import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Drizzle's view of the tables that the SQL migrations in ./migrations create. Tables carry no
 * schema name: the connection's search_path picks the schema (tests isolate themselves this way).
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `builtin` for the built-in provider, else the external issuer URL. */
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email').notNull(),
    slug: text('slug').notNull(),
    displayName: text('display_name'),
    permissions: jsonb('permissions').$type<Record<string, unknown>>(),
    /** External issuers' email_verified claim (migration 0016); built-in accounts: local_users. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('accounts_issuer_subject_key').on(t.issuer, t.subject),
    uniqueIndex('accounts_slug_key').on(t.slug),
    uniqueIndex('accounts_email_key').on(sql`lower(${t.email})`),
  ],
);

export const agreements = pgTable(
  'agreements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').notNull(),
    version: text('version').notNull(),
    title: text('title').notNull(),
    url: text('url').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    isMandatory: boolean('is_mandatory').notNull(),
  },
  (t) => [uniqueIndex('agreements_type_version_key').on(t.type, t.version)],
);

/** An agreement's title in one stored language (migration 0023); English is the agreement's own. */
export const agreementTranslations = pgTable(
  'agreement_translations',
  {
    agreementId: uuid('agreement_id')
      .notNull()
      .references(() => agreements.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    title: text('title').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.agreementId, t.language] })],
);

export const agreementAcceptances = pgTable(
  'agreement_acceptances',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    agreementId: uuid('agreement_id')
      .notNull()
      .references(() => agreements.id),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.agreementId] })],
);

export const organisations = pgTable(
  'organisations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    /** Set on the personal organisation created with an account; at most one per account. */
    personalAccountId: uuid('personal_account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    /** The series chosen as default; null: the organisation's first (oldest) series is. */
    defaultSeriesId: uuid('default_series_id').references((): AnyPgColumn => series.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('organisations_slug_key').on(t.slug),
    uniqueIndex('organisations_personal_account_key').on(t.personalAccountId),
  ],
);

export const memberships = pgTable(
  'memberships',
  {
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    role: text('role').$type<'member' | 'admin' | 'owner'>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.accountId] }), index('memberships_account_idx').on(t.accountId)],
);

/** Email + password accounts of the built-in OpenID provider (absent with an external issuer). */
export const localUsers = pgTable(
  'local_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** The language of the account's e-mail (an interface language code). */
    language: text('language'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('local_users_email_key').on(sql`lower(${t.email})`)],
);

/** Secrets generated once and shared by every node: OpenID signing keys, cookie keys. */
export const secrets = pgTable('secrets', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: createdAt(),
});

/** Storage of the built-in provider's sessions, grants, codes and tokens (its adapter). */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('oidc_payloads_grant_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_user_code_idx').on(t.userCode),
  ],
);

// ---- generation ----------------------------------------------------------------------

/** A series pins pattern, seed, bundle and algorithm; `generated` counts positions handed out. */
export const series = pgTable(
  'series',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    pattern: text('pattern').notNull(),
    seed: text('seed').notNull(),
    bundleId: text('bundle_id').notNull(),
    /** Language to the id of the language bundle the series pins (`{}`: English only). */
    languageBundles: jsonb('language_bundles').$type<Record<string, string>>().notNull().default({}),
    algorithm: text('algorithm').notNull(),
    /** Decimal strings: capacity may exceed int8, the counter goes up to 2^64. */
    capacity: numeric('capacity').notNull(),
    maxSlugLength: integer('max_slug_length').notNull(),
    generated: numeric('generated', { precision: 20, scale: 0 }).notNull().default('0'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('series_org_slug_key').on(t.orgId, t.slug),
    index('series_org_created_idx').on(t.orgId, t.createdAt, t.id),
  ],
);

export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    seriesId: uuid('series_id').references(() => series.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    /** SHA-256 of the whole secret, hex. */
    hash: text('hash').notNull(),
    scopes: text('scopes').array().notNull(),
    ownerId: uuid('owner_id').references(() => accounts.id, { onDelete: 'set null' }),
    enabled: boolean('enabled').notNull().default(true),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('api_keys_hash_key').on(t.hash), index('api_keys_org_idx').on(t.orgId)],
);

export const sdkConfigs = pgTable(
  'sdk_configs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    seriesId: uuid('series_id').references(() => series.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    scopes: text('scopes').array().notNull(),
    rotation: text('rotation').$type<'manual' | 'automatic'>().notNull(),
    periodSeconds: integer('period_seconds'),
    /** The period as written (`30d`, `24h`, …). */
    period: text('period'),
    origins: text('origins').array().notNull().default(sql`'{}'`),
    enabled: boolean('enabled').notNull().default(true),
    /** Start of the rotation schedule: key i is effective from anchor + i·period. */
    anchor: timestamp('anchor', { withTimezone: true }).notNull().defaultNow(),
    /** Made through the legacy SDK-key routes: listed as a legacy key, not as a config. */
    legacy: boolean('legacy').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sdk_configs_slug_key').on(t.slug), index('sdk_configs_org_idx').on(t.orgId)],
);

export const sdkKeys = pgTable(
  'sdk_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    configId: uuid('config_id')
      .notNull()
      .references(() => sdkConfigs.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    idx: integer('idx').notNull(),
    jwk: jsonb('jwk').$type<{ kty: 'EC'; crv: 'P-256'; x: string; y: string; d: string }>().notNull(),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
    effectiveTo: timestamp('effective_to', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sdk_keys_config_idx_key').on(t.configId, t.idx),
    uniqueIndex('sdk_keys_slug_key').on(t.slug),
  ],
);

export const shortLinks = pgTable(
  'short_links',
  {
    code: text('code').primaryKey(),
    orgId: uuid('org_id').references(() => organisations.id, { onDelete: 'cascade' }),
    pattern: text('pattern').notNull(),
    seed: text('seed'),
    sequence: text('sequence'),
    createdAt: createdAt(),
  },
  (t) => [index('short_links_org_created_idx').on(t.orgId, t.createdAt)],
);

// ---- documents -----------------------------------------------------------------------

/**
 * A document of the document service. `seeded_hash` is the hash of the tags and order the content
 * seed last wrote; while they are unchanged a later seed may update them.
 */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    collection: text('collection').notNull(),
    format: text('format').$type<'markdown' | 'yaml'>().notNull().default('markdown'),
    state: text('state').$type<'draft' | 'published'>().notNull().default('draft'),
    position: integer('position').notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    seededHash: text('seeded_hash'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('documents_slug_key').on(t.slug)],
);

/** One language of a document; `seeded_hash` is the hash of the title and content last seeded. */
export const documentTranslations = pgTable(
  'document_translations',
  {
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    seededHash: text('seeded_hash'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.language] })],
);

/**
 * Staff's saved edit of one translation, not yet published (the public reads `document_translations`).
 * A document never published has its text here only.
 */
export const documentDrafts = pgTable(
  'document_drafts',
  {
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.language] })],
);

export const documentTags = pgTable(
  'document_tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('document_tags_name_key').on(t.name)],
);

export const documentTaggings = pgTable(
  'document_taggings',
  {
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => documentTags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.tagId] }), index('document_taggings_tag_idx').on(t.tagId)],
);

/** Seeded documents an administrator deleted: the content seed does not bring them back. */
export const documentsRemoved = pgTable('documents_removed', {
  slug: text('slug').primaryKey(),
  removedAt: timestamp('removed_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---- plans and subscriptions ----------------------------------------------------------

/** Subscription plans; `features` holds every feature and limit key (contract PlanFeatures). */
export const plans = pgTable(
  'plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    planType: text('plan_type').$type<'saas' | 'on_premise' | 'other'>().notNull(),
    displayOrder: integer('display_order').notNull().default(0),
    free: boolean('free').notNull().default(false),
    customFeatures: boolean('custom_features').notNull().default(false),
    customPlan: boolean('custom_plan').notNull().default(false),
    state: text('state').$type<'draft' | 'active' | 'inactive' | 'archived'>().notNull().default('draft'),
    features: jsonb('features').$type<Record<string, number | boolean | string | null>>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('plans_slug_key').on(t.slug)],
);

/**
 * A plan's texts in one stored language (migration 0023): name, description and the SLA values
 * that are words (keys left out show the English value). English is the plan's own row.
 */
export const planTranslations = pgTable(
  'plan_translations',
  {
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    sla: jsonb('sla').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.language] })],
);

export const planPrices = pgTable(
  'plan_prices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    period: text('period').$type<'monthly' | 'semi_annual' | 'annual' | 'perpetual'>().notNull(),
    /** Minor units (cents). */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('USD'),
    perNode: boolean('per_node').notNull().default(false),
    /** Days of free trial before the first charge (0: none; migration 0013). */
    trialDays: integer('trial_days').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('plan_prices_plan_period_key').on(t.planId, t.period, t.currency)],
);

/** An organisation's subscriptions; a trigger gives every new organisation the Free plan. */
/** A plan or quantity change asked of the provider, as the console shows it while it is pending. */
export interface PendingChange {
  priceId: string;
  planSlug: string;
  planName: string;
  period: 'monthly' | 'semi_annual' | 'annual' | 'perpetual';
  quantity: number;
  requestedAt: string;
}

export const orgSubscriptions = pgTable(
  'org_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id),
    state: text('state')
      .$type<'draft' | 'active' | 'inactive' | 'expired' | 'trial' | 'past_due' | 'pending' | 'cancelled'>()
      .notNull(),
    quantity: integer('quantity').notNull().default(1),
    unit: text('unit').$type<'seat' | 'node' | 'unit'>().notNull().default('unit'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    trialUntil: timestamp('trial_until', { withTimezone: true }),
    renewsAt: timestamp('renews_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** The payment provider's side: null for subscriptions staff set by hand (and Free). */
    provider: text('provider').$type<'local' | 'paddle'>(),
    providerSubscriptionId: text('provider_subscription_id'),
    priceId: uuid('price_id').references(() => planPrices.id, { onDelete: 'set null' }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    /** When the provider's newest applied event happened: an older one never overwrites it. */
    providerUpdatedAt: timestamp('provider_updated_at', { withTimezone: true }),
    /** A change the provider accepted, until its event brings it (the console shows it pending). */
    pendingChange: jsonb('pending_change').$type<PendingChange | null>(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('org_subscriptions_org_idx').on(t.orgId),
    index('org_subscriptions_plan_idx').on(t.planId),
    uniqueIndex('org_subscriptions_provider_key')
      .on(t.provider, t.providerSubscriptionId)
      .where(sql`provider_subscription_id IS NOT NULL`),
  ],
);

// ---- billing ------------------------------------------------------------------------------

/** The payment provider's ids of our products (plans), prices and customers (organisations). */
export const billingRefs = pgTable(
  'billing_refs',
  {
    provider: text('provider').notNull(),
    /** `closed_subscription`: one of ours (local id) cancelled when its organisation was deleted. */
    kind: text('kind').$type<'product' | 'price' | 'customer' | 'closed_subscription'>().notNull(),
    localId: uuid('local_id').notNull(),
    providerId: text('provider_id').notNull(),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.kind, t.localId] }),
    uniqueIndex('billing_refs_provider_id_key').on(t.provider, t.kind, t.providerId),
  ],
);

/** Provider events: stored first, then processed once, in order per entity, retried on failure. */
export const billingEvents = pgTable(
  'billing_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').$type<'local' | 'paddle'>().notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    entityId: text('entity_id'),
    customerId: text('customer_id'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    state: text('state')
      .$type<'received' | 'processed' | 'failed' | 'acknowledged'>()
      .notNull()
      .default('received'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** A node processing the event holds it until then (several nodes, one processing). */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('billing_events_provider_event_key').on(t.provider, t.eventId),
    index('billing_events_due_idx').on(t.state, t.nextAttemptAt),
    index('billing_events_entity_idx').on(t.provider, t.entityId, t.occurredAt),
  ],
);

/** The billing history: the provider's transactions of an organisation, amounts in minor units. */
export const billingTransactions = pgTable(
  'billing_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').$type<'local' | 'paddle'>().notNull(),
    providerTransactionId: text('provider_transaction_id').notNull(),
    orgId: uuid('org_id').references(() => organisations.id, { onDelete: 'set null' }),
    subscriptionId: uuid('subscription_id').references(() => orgSubscriptions.id, { onDelete: 'set null' }),
    status: text('status').notNull(),
    origin: text('origin').notNull().default('web'),
    currency: text('currency').notNull().default('USD'),
    subtotal: integer('subtotal').notNull().default(0),
    tax: integer('tax').notNull().default(0),
    total: integer('total').notNull().default(0),
    /** `priceId`: the plan price a single-line transaction is for, so the console names it in any language. */
    items: jsonb('items')
      .$type<{ description: string; quantity: number; amount: number; priceId?: string }[]>()
      .notNull()
      .default([]),
    invoiceNumber: text('invoice_number'),
    billedAt: timestamp('billed_at', { withTimezone: true }),
    /** Migration 0022: the tax rate the provider applied, and who the invoice names. */
    taxRate: text('tax_rate'),
    reverseCharge: boolean('reverse_charge').notNull().default(false),
    parties: jsonb('parties').$type<InvoiceParties | null>(),
    receiptSentAt: timestamp('receipt_sent_at', { withTimezone: true }),
    providerUpdatedAt: timestamp('provider_updated_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('billing_transactions_provider_key').on(t.provider, t.providerTransactionId),
    index('billing_transactions_org_idx').on(t.orgId, t.createdAt),
  ],
);

/** Signatures of signed requests already used, until their timestamp leaves the window (replays). */
export const replaySignatures = pgTable(
  'replay_signatures',
  {
    signature: text('signature').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('replay_signatures_expires_idx').on(t.expiresAt)],
);

/** Organisations the server owns itself, by purpose (the public console's); nobody is a member. */
export const systemOrganisations = pgTable(
  'system_organisations',
  {
    purpose: text('purpose').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('system_organisations_org_key').on(t.orgId)],
);

// ---- local payment sandbox ----

/** The sandbox's settings: one row (its webhook secret, kept across restarts; the sandbox clock). */
export const localPaySettings = pgTable('local_pay_settings', {
  id: integer('id').primaryKey(),
  webhookSecret: text('webhook_secret').notNull(),
  /** How far the sandbox clock runs ahead of the real one (staff move it to test renewals). */
  clockOffsetSeconds: integer('clock_offset_seconds').notNull().default(0),
  createdAt: createdAt(),
});

export const localPayCustomers = pgTable(
  'local_pay_customers',
  {
    id: text('id').primaryKey(),
    orgId: uuid('org_id'),
    email: text('email').notNull(),
    name: text('name'),
    /** The buyer's country and VAT number: the sandbox's tax follows them (migration 0022). */
    country: text('country'),
    vatNumber: text('vat_number'),
    createdAt: createdAt(),
  },
  (t) => [index('local_pay_customers_org_idx').on(t.orgId)],
);

/** The sandbox's products: one per plan it was asked to sell. */
export const localPayProducts = pgTable('local_pay_products', {
  id: text('id').primaryKey(),
  planId: uuid('plan_id').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  active: boolean('active').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const localPayPrices = pgTable('local_pay_prices', {
  id: text('id').primaryKey(),
  productId: text('product_id')
    .notNull()
    .references(() => localPayProducts.id),
  priceId: uuid('price_id').notNull().unique(),
  period: text('period').$type<'monthly' | 'semi_annual' | 'annual' | 'perpetual'>().notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  perNode: boolean('per_node').notNull().default(false),
  /** The trial a checkout of this price starts with (migration 0013). */
  trialDays: integer('trial_days').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const localPaySubscriptions = pgTable(
  'local_pay_subscriptions',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id')
      .notNull()
      .references(() => localPayCustomers.id),
    status: text('status').$type<'active' | 'trialing' | 'past_due' | 'paused' | 'canceled'>().notNull(),
    priceId: text('price_id')
      .notNull()
      .references(() => localPayPrices.id),
    quantity: integer('quantity').notNull(),
    currency: text('currency').notNull(),
    customData: jsonb('custom_data').$type<Record<string, unknown> | null>(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    nextBilledAt: timestamp('next_billed_at', { withTimezone: true }),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    cardLast4: text('card_last4').notNull(),
    /** The card on file declines every charge from now on (test card 4000 0000 0000 0341). */
    cardDeclines: boolean('card_declines').notNull().default(false),
    dunningAttempts: integer('dunning_attempts').notNull().default(0),
    retryAt: timestamp('retry_at', { withTimezone: true }),
    paymentMethodReturnUrl: text('payment_method_return_url'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('local_pay_subscriptions_due_idx').on(t.status, t.nextBilledAt)],
);

export const localPayTransactions = pgTable(
  'local_pay_transactions',
  {
    id: text('id').primaryKey(),
    status: text('status')
      .$type<'draft' | 'ready' | 'billed' | 'paid' | 'completed' | 'canceled' | 'past_due'>()
      .notNull(),
    customerId: text('customer_id')
      .notNull()
      .references(() => localPayCustomers.id),
    subscriptionId: text('subscription_id').references(() => localPaySubscriptions.id),
    origin: text('origin').notNull(),
    priceId: text('price_id')
      .notNull()
      .references(() => localPayPrices.id),
    quantity: integer('quantity').notNull(),
    currency: text('currency').notNull(),
    subtotal: integer('subtotal').notNull(),
    tax: integer('tax').notNull().default(0),
    /** As Paddle states it: "0.19" (migration 0022). */
    taxRate: text('tax_rate').notNull().default('0'),
    total: integer('total').notNull(),
    description: text('description').notNull(),
    customData: jsonb('custom_data').$type<Record<string, unknown> | null>(),
    trialDays: integer('trial_days').notNull().default(0),
    successUrl: text('success_url'),
    /** Where the hosted page's "Cancel" returns the buyer (migration 0013). */
    cancelUrl: text('cancel_url'),
    invoiceNumber: text('invoice_number'),
    billedAt: timestamp('billed_at', { withTimezone: true }),
    /** A 3-D-Secure-like confirmation in progress: its one-time token and the card awaiting it. */
    pendingChallenge: text('pending_challenge'),
    pendingCard: jsonb('pending_card').$type<{ last4: string; declines: boolean } | null>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('local_pay_transactions_subscription_idx').on(t.subscriptionId)],
);

/** One holder at a time per name across nodes, until it lets go or the lease expires (migration 0013). */
export const billingLeases = pgTable('billing_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Webhook events waiting for (or past) delivery to our own webhook route, in order. */
export const localPayOutbox = pgTable('local_pay_outbox', {
  seq: integer('seq').primaryKey().default(sql`nextval('local_pay_outbox_seq_seq')`),
  eventId: text('event_id').notNull().unique(),
  eventType: text('event_type').notNull(),
  entityId: text('entity_id').notNull(),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lastError: text('last_error'),
  deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  gaveUpAt: timestamp('gave_up_at', { withTimezone: true }),
  createdAt: createdAt(),
});

// ---- admin ----

/** Accounts whose sign-in staff disabled: the built-in sign-in and every token are refused. */
export const accountSignInBlocks = pgTable('account_sign_in_blocks', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  blockedAt: timestamp('blocked_at', { withTimezone: true }).notNull().defaultNow(),
  blockedBy: uuid('blocked_by').references(() => accounts.id, { onDelete: 'set null' }),
});

/** Suspended organisations: their generation calls and console writes are refused. */
export const orgSuspensions = pgTable('org_suspensions', {
  orgId: uuid('org_id')
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  suspendedAt: timestamp('suspended_at', { withTimezone: true }).notNull().defaultNow(),
  suspendedBy: uuid('suspended_by').references(() => accounts.id, { onDelete: 'set null' }),
});

/** Who an organisation's invoices are made out to (migration 0022). */
export const orgBillingDetails = pgTable('org_billing_details', {
  orgId: uuid('org_id')
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  name: text('name'),
  address: text('address'),
  country: text('country'),
  vatNumber: text('vat_number'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One party of an invoice as it was when the invoice was issued. */
export interface InvoiceParty {
  name: string;
  address: string | null;
  country: string | null;
  vatNumber: string | null;
}
export interface InvoiceParties {
  seller: InvoiceParty;
  buyer: InvoiceParty;
  footer: string | null;
}

/** Instance settings staff change in the console (development warning, support contact, …). */
export const instanceSettings = pgTable('instance_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every staff write: who, when, what, and the object before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    objectType: text('object_type').notNull(),
    objectId: text('object_id').notNull(),
    before: jsonb('before').$type<unknown>(),
    after: jsonb('after').$type<unknown>(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at, t.id),
    index('audit_log_object_idx').on(t.objectType, t.objectId, t.at),
  ],
);

// ---- on-premise licences --------------------------------------------------------------------

/** Signed licence tokens the service issued (migration 0014). */
export const licences = pgTable(
  'licences',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id').references(() => orgSubscriptions.id, { onDelete: 'set null' }),
    planId: uuid('plan_id').references(() => plans.id, { onDelete: 'set null' }),
    planSlug: text('plan_slug').notNull(),
    planName: text('plan_name').notNull(),
    maxNodes: integer('max_nodes').notNull(),
    perpetual: boolean('perpetual').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    updatesUntil: timestamp('updates_until', { withTimezone: true }),
    token: text('token').notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    supersededBy: uuid('superseded_by').references((): AnyPgColumn => licences.id, { onDelete: 'set null' }),
    issuedBy: uuid('issued_by').references(() => accounts.id, { onDelete: 'set null' }),
  },
  (t) => [index('licences_org_idx').on(t.orgId, t.issuedAt)],
);

// ---- account security (migration 0016) -------------------------------------------------------

/** Single-use links e-mailed to built-in accounts: verify the address, reset the password. */
export const accountLinks = pgTable(
  'account_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    purpose: text('purpose').notNull().$type<'verify_email' | 'reset_password'>(),
    userId: uuid('user_id')
      .notNull()
      .references(() => localUsers.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('account_links_user_idx').on(t.userId, t.purpose)],
);

/** Every message of the embedded mailer (no SMTP_URL), for staff to read. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: createdAt(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    kind: text('kind').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt)],
);

/** Failure counts of sign-in, reset and verification requests (without Redis). */
export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

// ---- on-premise install ---------------------------------------------------------------------

/** The nodes of a licensed install and the slot each holds (migration 0015). */
export const installNodes = pgTable('install_nodes', {
  id: uuid('id').primaryKey(),
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
  slot: integer('slot').unique('install_nodes_slot_idx'),
  /** The node's own heartbeat interval (migration 0018): its slot is freed FREE_BEATS of it later. */
  heartbeatMs: integer('heartbeat_ms').notNull().default(60_000),
});

/** An install's last verified revocation list (migration 0026): one row. */
export const installRevocationList = pgTable('install_revocation_list', {
  singleton: boolean('singleton').primaryKey().default(true),
  /** The signed list as verified (General JWS JSON). */
  signed: jsonb('signed').notNull(),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  source: text('source').notNull().$type<'fetched' | 'imported'>(),
  storedAt: timestamp('stored_at', { withTimezone: true }).notNull(),
});

/** The licences on that list, and when this install first learned of each (migration 0026). */
export const installRevocations = pgTable('install_revocations', {
  licenceId: uuid('licence_id').primaryKey(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }).notNull(),
  learnedAt: timestamp('learned_at', { withTimezone: true }).notNull(),
});

// ---- invitations (migration 0017) -----------------------------------------------------------

/** Invitations to an organisation by e-mail; the link's secret is kept as a SHA-256 hash. */
export const orgInvitations = pgTable(
  'org_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').$type<'member' | 'admin' | 'owner'>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: uuid('invited_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => accounts.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('org_invitations_open_key')
      .on(t.orgId, sql`lower(${t.email})`)
      .where(sql`accepted_at IS NULL AND revoked_at IS NULL`),
  ],
);
