import { SellerSettings, UpdateSellerSettings } from './billing-details.js';
import { Name, Text, Timestamp } from './common.js';
import { Member, OrgRole, Page } from './organisations.js';
import { EffectiveLimits, Subscription } from './plans.js';
import { StatsEntry } from './stats.js';
import { z } from './zod.js';

/**
 * The staff area (product spec §2.3, §6, §7.4): staff levels, organisations, users, the
 * dashboard, settings and the audit log. Routes (under /api/v1), `support` may call every GET:
 *
 * - GET /admin/dashboard → AdminDashboard
 * - GET /admin/orgs?q&plan&state&offset&limit → AdminOrgSummaryPage
 * - GET /admin/orgs/{org} → AdminOrgDetail; PUT (UpdateAdminOrg) → AdminOrgDetail;
 *   DELETE ?confirm={org} → 204 (400 when the confirmation differs)
 * - GET /admin/users?q&staff&offset&limit → AdminUserPage; GET /admin/users/{id} → AdminUser;
 *   PUT /admin/users/{id} (UpdateAdminUser) → AdminUser
 * - GET /settings (public) → InstanceSettings; PUT /admin/settings (UpdateInstanceSettings)
 * - GET /admin/audit?object_type&object_id&offset&limit → AuditPage, newest first
 */

// ---- staff levels --------------------------------------------------------------------------

/**
 * `admin` may do everything in the staff area; `support` may read it all and change nothing.
 * An account's `permissions` object names its level: `{ admin: true }` or `{ support: true }`
 * (`admin` wins when both are set). An object naming neither grants nothing.
 */
export const StaffLevel = z.enum(['admin', 'support']);
export type StaffLevel = z.infer<typeof StaffLevel>;

/** The staff level an account's `permissions` object grants, or null. */
export function staffLevelOf(permissions: Record<string, unknown> | null | undefined): StaffLevel | null {
  if (!permissions) return null;
  if (permissions.admin === true) return 'admin';
  if (permissions.support === true) return 'support';
  return null;
}

/** The `permissions` object of a staff level (null: not staff). */
export function permissionsOf(level: StaffLevel | null): Record<string, unknown> | null {
  return level === null ? null : { [level]: true };
}

export const AdminMessages = {
  confirmationMismatch: 'The confirmation does not match the organisation slug',
  ownAdminLevel: 'You cannot remove your own admin level',
  ownSignIn: 'You cannot disable your own sign-in',
  signInDisabled: 'Sign-in is disabled for this account',
  userNotFound: 'User not found',
} as const;

// ---- organisations -------------------------------------------------------------------------

export const OrgState = z.enum(['active', 'suspended']);
export type OrgState = z.infer<typeof OrgState>;

/** `GET /admin/orgs`: `q` matches name or slug (case-insensitive), `plan` the current SaaS plan. */
export const AdminOrgListQuery = Page.extend({
  q: Text.trim()
    .max(100, 'Maximum length is 100 characters')
    .optional()
    .describe('Part of the name or slug (any case)'),
  plan: z.string().min(1).max(64).optional().describe('Only organisations on this SaaS plan (its slug)'),
  state: OrgState.optional().describe('Only active or only suspended organisations'),
  /**
   * `paying`: with a subscription counted in "Paying subscriptions" (and the revenue table);
   * `past_due`: with a subscription whose payment failed.
   */
  billing: z
    .enum(['paying', 'past_due'])
    .optional()
    .describe('paying: with a paying subscription; past_due: with a subscription whose payment failed'),
});
export type AdminOrgListQuery = z.infer<typeof AdminOrgListQuery>;

export const PlanRef = z.object({ slug: z.string(), name: z.string() }).meta({ id: 'PlanRef' });
export type PlanRef = z.infer<typeof PlanRef>;

/** A row of the staff organisation list. */
export const AdminOrgSummary = z
  .object({
    slug: z.string(),
    name: z.string(),
    personal: z.boolean(),
    members: z.number().int(),
    created_at: Timestamp,
    state: OrgState,
    /** The SaaS plan whose limits are in force (Free when nothing else is). */
    plan: PlanRef.nullable(),
  })
  .meta({ id: 'AdminOrgSummary' });
export type AdminOrgSummary = z.infer<typeof AdminOrgSummary>;

export const AdminOrgSummaryPage = z
  .object({
    items: z.array(AdminOrgSummary),
    total: z.number().int(),
    offset: z.number().int(),
    limit: z.number().int(),
  })
  .meta({ id: 'AdminOrgSummaryPage' });
export type AdminOrgSummaryPage = z.infer<typeof AdminOrgSummaryPage>;

/** `GET /admin/orgs/{org}`: everything staff see on the organisation's page. */
export const AdminOrgDetail = z
  .object({
    slug: z.string(),
    name: z.string(),
    personal: z.boolean(),
    created_at: Timestamp,
    state: OrgState,
    suspended_at: Timestamp.nullable(),
    members: z.array(Member),
    subscriptions: z.array(Subscription),
    /** Limits in force per plan type (SaaS always). */
    limits: z.array(EffectiveLimits),
    series_count: z.number().int(),
    /** The organisation's statistics for the current hour, day, week, month, year and in total. */
    usage: z.array(StatsEntry),
  })
  .meta({ id: 'AdminOrgDetail' });
export type AdminOrgDetail = z.infer<typeof AdminOrgDetail>;

export const UpdateAdminOrg = z
  .object({ name: Name.optional(), suspended: z.boolean().optional() })
  .strict()
  .meta({ id: 'UpdateAdminOrg' });
export type UpdateAdminOrg = z.infer<typeof UpdateAdminOrg>;

/** `DELETE /admin/orgs/{org}?confirm={org}`: the slug typed again, as the confirmation. */
export const DeleteAdminOrgQuery = z.object({
  confirm: z
    .string()
    .min(1, 'This field is required')
    .max(64)
    .describe("The organisation's slug again, to confirm"),
});
export type DeleteAdminOrgQuery = z.infer<typeof DeleteAdminOrgQuery>;

// ---- users ---------------------------------------------------------------------------------

/** `GET /admin/users`: `q` matches e-mail or slug (case-insensitive). */
export const AdminUserListQuery = Page.extend({
  q: Text.trim()
    .max(254, 'Maximum length is 254 characters')
    .optional()
    .describe('Part of the e-mail address or slug (any case)'),
  staff: StaffLevel.optional().describe('Only accounts with this staff level'),
});
export type AdminUserListQuery = z.infer<typeof AdminUserListQuery>;

export const AdminUserParams = z.object({ id: z.uuid('Invalid format').describe("The account's id") });

export const AdminUserOrg = z
  .object({ slug: z.string(), name: z.string(), personal: z.boolean(), role: OrgRole })
  .meta({ id: 'AdminUserOrg' });

export const AdminUser = z
  .object({
    id: z.string(),
    email: z.string(),
    slug: z.string(),
    created_at: Timestamp,
    staff: StaffLevel.nullable(),
    sign_in_disabled: z.boolean(),
    organisations: z.array(AdminUserOrg),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof AdminUser>;

export const AdminUserPage = z
  .object({
    items: z.array(AdminUser),
    total: z.number().int(),
    offset: z.number().int(),
    limit: z.number().int(),
  })
  .meta({ id: 'AdminUserPage' });
export type AdminUserPage = z.infer<typeof AdminUserPage>;

/** `staff: null` revokes the staff level; an admin cannot lower their own (409). */
export const UpdateAdminUser = z
  .object({ sign_in_disabled: z.boolean().optional(), staff: StaffLevel.nullable().optional() })
  .strict()
  .meta({ id: 'UpdateAdminUser' });
export type UpdateAdminUser = z.infer<typeof UpdateAdminUser>;

// ---- dashboard -----------------------------------------------------------------------------

/**
 * Monthly recurring revenue of one plan in one currency: live subscriptions with a price, each
 * price per period brought to a month (semi-annual / 6, annual / 12; perpetual licences are not
 * recurring) times the quantity. Minor units (cents).
 */
export const PlanRevenue = z
  .object({
    plan: z.string(),
    plan_name: z.string(),
    currency: z.string(),
    monthly_amount: z.number().int(),
    subscriptions: z.number().int(),
  })
  .meta({ id: 'PlanRevenue' });
export type PlanRevenue = z.infer<typeof PlanRevenue>;

/** Slugs generated (total_count) and calls made (request_count) in one period, whole service. */
export const GenerationVolume = z
  .object({
    forge: z.number(),
    mint: z.number(),
    slice: z.number(),
    requests: z.number(),
  })
  .meta({ id: 'GenerationVolume' });
export type GenerationVolume = z.infer<typeof GenerationVolume>;

export const RecentSignUp = z
  .object({ id: z.string(), email: z.string(), slug: z.string(), created_at: Timestamp })
  .meta({ id: 'RecentSignUp' });

export const AdminDashboard = z
  .object({
    organisations: z.number().int(),
    users: z.number().int(),
    /** Live (active, trial, past due) subscriptions of a plan that is not free. */
    paying_subscriptions: z.number().int(),
    monthly_recurring_revenue: z.array(PlanRevenue),
    past_due_subscriptions: z.number().int(),
    /** Payment-provider events whose processing failed (state `failed`). */
    failed_payment_events: z.number().int(),
    /** The last ten accounts created, newest first. */
    recent_sign_ups: z.array(RecentSignUp),
    generation: z.object({ today: GenerationVolume, this_month: GenerationVolume }),
  })
  .meta({ id: 'AdminDashboard' });
export type AdminDashboard = z.infer<typeof AdminDashboard>;

// ---- settings ------------------------------------------------------------------------------

/**
 * Instance settings the console reads before anyone signs in (`GET /settings`). Unless staff set
 * them: no development-instance warning, no sandbox disclaimer, no support contact.
 */
export const InstanceSettings = z
  .object({
    dev_warning: z.boolean(),
    sandbox_disclaimer: z.boolean(),
    /** An e-mail address or an http(s) URL, shown in the footer and on custom plans. */
    support_contact: z.string().nullable(),
    /** The payment provider the instance runs (`/admin/{provider}/…` in the console). */
    payment_provider: z.enum(['local', 'paddle']),
    ...SellerSettings.shape,
  })
  .meta({ id: 'InstanceSettings' });
export type InstanceSettings = z.infer<typeof InstanceSettings>;

const emailAddress = z.email();

function isEmailOrHttpUrl(text: string): boolean {
  if (emailAddress.safeParse(text).success) return true;
  if (!/^https?:\/\//i.test(text)) return false;
  return URL.canParse(text);
}

/** An e-mail address or an http(s) URL. */
export const SupportContact = Text.trim()
  .min(1, { error: 'This field is required', abort: true })
  .max(500, { error: 'Maximum length is 500 characters', abort: true })
  .refine(isEmailOrHttpUrl, 'Must be a valid email address or URL');

export const UpdateInstanceSettings = z
  .object({
    dev_warning: z.boolean().optional(),
    sandbox_disclaimer: z.boolean().optional(),
    support_contact: SupportContact.nullable().optional(),
    ...UpdateSellerSettings.shape,
  })
  .strict()
  .meta({ id: 'UpdateInstanceSettings' });
export type UpdateInstanceSettings = z.infer<typeof UpdateInstanceSettings>;

// ---- audit log -----------------------------------------------------------------------------

export const AuditObjectType = z.enum([
  'organisation',
  'user',
  'subscription',
  'plan',
  'price',
  'document',
  'document_tag',
  'settings',
  'billing_event',
  'provider_subscription',
  'licence',
  'licence_key',
  'revocation_list',
]);
export type AuditObjectType = z.infer<typeof AuditObjectType>;

/** One admin write: who, when, what, and the object before and after (null: absent). */
export const AuditEntry = z
  .object({
    id: z.string(),
    at: Timestamp,
    actor: z.object({ id: z.string().nullable(), email: z.string() }),
    /** `<object type>.<verb>`, e.g. `organisation.update`, `subscription.delete`. */
    action: z.string(),
    object_type: AuditObjectType,
    object_id: z.string(),
    /** What the reader calls the object (a document's title in their language, else its slug); null: no name here. */
    object_name: z.string().nullable(),
    /** The object no longer exists (documents): the id is all that is left of it. */
    object_deleted: z.boolean(),
    before: z.unknown(),
    after: z.unknown(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditQuery = Page.extend({
  object_type: AuditObjectType.optional().describe('Only entries about objects of this type'),
  object_id: Text.max(200, 'Maximum length is 200 characters')
    .optional()
    .describe('Only entries about this object (with object_type)'),
  /** The reader's language: documents are named by their title in it. */
  language: Text.max(35, 'Maximum length is 35 characters')
    .optional()
    .describe("The reader's language: documents are named by their title in it"),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditPage = z
  .object({
    items: z.array(AuditEntry),
    total: z.number().int(),
    offset: z.number().int(),
    limit: z.number().int(),
  })
  .meta({ id: 'AuditPage' });
export type AuditPage = z.infer<typeof AuditPage>;

// ---- payment-provider objects ---------------------------------------------------------------

/**
 * `/admin/{provider}/{kind}` and `/admin/{provider}/{kind}/{id}`: what the active payment provider
 * holds, read through the billing area's provider interface (the local sandbox's tables or
 * Paddle's API). `POST /admin/{provider}/subscriptions/{id}/cancel` cancels one at the provider.
 */
export const ProviderObjectKind = z.enum([
  'transactions',
  'customers',
  'subscriptions',
  'products',
  'prices',
]);
export type ProviderObjectKind = z.infer<typeof ProviderObjectKind>;

/** The filters each kind takes; any other is refused (400). */
export const PROVIDER_OBJECT_FILTERS = {
  transactions: ['status', 'customer_id', 'subscription_id'],
  customers: ['search'],
  subscriptions: ['status', 'customer_id'],
  products: ['status'],
  prices: ['status', 'product_id'],
} as const satisfies Record<ProviderObjectKind, readonly string[]>;
export type ProviderObjectFilterName = (typeof PROVIDER_OBJECT_FILTERS)[ProviderObjectKind][number];

const ProviderId = Text.trim()
  .min(1, 'This field is required')
  .max(100, 'Maximum length is 100 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'Invalid format');

/** `/admin/{provider}/{kind}/{id}` (the kind is each route's own segment). */
export const ProviderObjectParams = z.object({
  provider: z.string().min(1).max(40).describe('The active payment provider, e.g. paddle or local'),
  id: ProviderId.describe("The object's id at the provider"),
});

/** Newest first; `offset` + `limit` at most 1000 (Paddle is paged through to the offset). */
export const ProviderObjectQuery = z
  .object({
    status: z
      .string()
      .regex(/^[a-z_]{1,40}$/, 'Invalid format')
      .optional()
      .describe('Only objects in this provider status (e.g. active, past_due)'),
    customer_id: ProviderId.optional().describe("Only this customer's objects"),
    subscription_id: ProviderId.optional().describe("Only this subscription's objects"),
    product_id: ProviderId.optional().describe("Only this product's objects"),
    /** Part of a customer's e-mail address or name. */
    search: Text.trim()
      .min(1)
      .max(200, 'Maximum length is 200 characters')
      .optional()
      .describe("Part of a customer's e-mail address or name"),
    offset: z.coerce
      .number()
      .int('Must be a whole number')
      .min(0, 'Minimum value is 0')
      .max(950, 'Maximum value is 950')
      .default(0)
      .describe('How many objects to skip (offset + limit at most 1000)'),
    limit: z.coerce
      .number()
      .int('Must be a whole number')
      .min(1, 'Minimum value is 1')
      .max(50, 'Maximum value is 50')
      .default(25)
      .describe('How many objects to answer (at most 50)'),
  })
  .strict();
export type ProviderObjectQuery = z.infer<typeof ProviderObjectQuery>;

/** One provider object: what a list shows, and the provider's own record (Paddle's shape). */
export const ProviderObject = z
  .object({
    id: z.string(),
    kind: ProviderObjectKind,
    status: z.string().nullable(),
    customer_id: z.string().nullable(),
    /** What staff read in a list: a product's or customer's name, a description, an amount. */
    label: z.string(),
    created_at: z.string().nullable(),
    data: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'ProviderObject' });
export type ProviderObject = z.infer<typeof ProviderObject>;

export const ProviderObjectPage = z
  .object({
    items: z.array(ProviderObject),
    offset: z.number().int(),
    limit: z.number().int(),
    /** Whether objects follow this page (providers that page by cursor give no total). */
    more: z.boolean(),
  })
  .meta({ id: 'ProviderObjectPage' });
export type ProviderObjectPage = z.infer<typeof ProviderObjectPage>;

/** `POST /admin/{provider}/subscriptions/{id}/cancel`: now, or at the end of the period. */
export const CancelProviderSubscription = z
  .object({ when: z.enum(['period_end', 'immediately']) })
  .strict()
  .meta({ id: 'CancelProviderSubscription' });
export type CancelProviderSubscription = z.infer<typeof CancelProviderSubscription>;
