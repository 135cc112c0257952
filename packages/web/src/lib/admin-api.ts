/**
 * The console's client of the staff part of the API (product spec §7.4, §7.5, §7.7), typed by
 * @slugsmith/contract: plans and their prices, organisations and their subscriptions, documents
 * with translations and tags. Same typed client as the console's (lib/api.ts: bearer token, 30 s
 * timeout, §8 errors); kept apart so the staff screens load it only with the admin pages.
 *
 * `adminKeys` names the TanStack Query keys (a key is a prefix of the keys below it: invalidating
 * `adminKeys.orgs()` refreshes every list and page of organisations); `adminQueries` pairs them
 * with their calls.
 */
import type {
  AdminDocument,
  AuditObjectType,
  BillingEventState,
  CreateDocument,
  CreatePlan,
  CreateSubscription,
  DocumentAction,
  DocumentState,
  PricePeriod,
  ProviderObjectKind,
  SetPlanPrice,
  SetPlanTranslation,
  StaffLevel,
  UpdateAdminOrg,
  UpdateAdminUser,
  UpdateDocument,
  UpdateInstanceSettings,
  UpdatePlan,
  UpdateSubscription,
} from '@slugsmith/contract';
import { queryOptions } from '@tanstack/react-query';
import { body, client } from './api.js';

/** Every staff call is the signed-in staff member's. */
const staff = { auth: 'required' } as const;

/** The filters that say something: an empty search or an unset choice is left out of the query. */
function present<T extends object>(params: T): T {
  return Object.fromEntries(
    Object.entries(params).filter(([, value]) => value !== undefined && value !== null && value !== ''),
  ) as T;
}

/** `?a=1&b=x` from the defined values (repeated keys for arrays); empty when none. */
export function queryString(
  params: Record<string, string | number | readonly string[] | undefined | null>,
): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) query.append(name, item);
    else query.set(name, String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

export const adminKeys = {
  plans: () => ['admin', 'plans'] as const,
  docs: () => ['admin', 'docs'] as const,
  docList: (params: object) => ['admin', 'docs', 'list', params] as const,
  doc: (id: string) => ['admin', 'docs', 'one', id] as const,
  translation: (id: string, lang: string) => ['admin', 'docs', 'one', id, 'tr', lang] as const,
  docTags: () => ['admin', 'docs', 'tags'] as const,
  orgs: () => ['admin', 'orgs'] as const,
  orgList: (params: object) => ['admin', 'orgs', 'list', params] as const,
  org: (slug: string) => ['admin', 'orgs', 'one', slug] as const,
  users: () => ['admin', 'users'] as const,
  userList: (params: object) => ['admin', 'users', 'list', params] as const,
  dashboard: () => ['admin', 'dashboard'] as const,
  auditAll: () => ['admin', 'audit'] as const,
  audit: (params: object) => ['admin', 'audit', params] as const,
  events: (provider: string) => ['admin', 'events', provider] as const,
  eventList: (provider: string, params: object) => ['admin', 'events', provider, params] as const,
  providerObjects: (provider: string, kind: string) => ['admin', 'provider', provider, kind] as const,
  providerObjectList: (provider: string, kind: string, params: object) =>
    ['admin', 'provider', provider, kind, 'list', params] as const,
  providerObject: (provider: string, kind: string, id: string) =>
    ['admin', 'provider', provider, kind, 'one', id] as const,
  outbox: () => ['admin', 'mail'] as const,
  outboxMail: (id: string) => ['admin', 'mail', id] as const,
};

/**
 * The staff screens' queries, each with its key from `adminKeys`: `useQuery(adminQueries.org(slug))`,
 * spread to add options (`useQuery({ ...adminQueries.users(params), placeholderData })`); their
 * `queryKey` is typed, so `setQueryData(adminQueries.org(slug).queryKey, next)` checks the answer.
 * The instance settings are the shell's query (lib/instance-settings.ts).
 */
export const adminQueries = {
  plans: () => queryOptions({ queryKey: adminKeys.plans(), queryFn: ({ signal }) => listPlans(signal) }),
  orgs: (params: OrgListParams) =>
    queryOptions({
      queryKey: adminKeys.orgList(params),
      queryFn: ({ signal }) => listAdminOrgs(params, signal),
    }),
  org: (org: string) =>
    queryOptions({ queryKey: adminKeys.org(org), queryFn: ({ signal }) => getAdminOrg(org, signal) }),
  docs: (params: DocListParams) =>
    queryOptions({
      queryKey: adminKeys.docList(params),
      queryFn: ({ signal }) => listAdminDocs(params, signal),
    }),
  doc: (id: string) =>
    queryOptions({ queryKey: adminKeys.doc(id), queryFn: ({ signal }) => getAdminDoc(id, signal) }),
  translation: (id: string, lang: string) =>
    queryOptions({
      queryKey: adminKeys.translation(id, lang),
      queryFn: ({ signal }) => getTranslation(id, lang, signal),
    }),
  docTags: () =>
    queryOptions({ queryKey: adminKeys.docTags(), queryFn: ({ signal }) => listDocTags(signal) }),
  users: (params: UserListParams) =>
    queryOptions({
      queryKey: adminKeys.userList(params),
      queryFn: ({ signal }) => listAdminUsers(params, signal),
    }),
  dashboard: () =>
    queryOptions({ queryKey: adminKeys.dashboard(), queryFn: ({ signal }) => getAdminDashboard(signal) }),
  audit: (params: AuditListParams) =>
    queryOptions({ queryKey: adminKeys.audit(params), queryFn: ({ signal }) => listAudit(params, signal) }),
  events: (provider: string, params: EventListParams) =>
    queryOptions({
      queryKey: adminKeys.eventList(provider, params),
      queryFn: ({ signal }) => listEvents(provider, params, signal),
    }),
  providerObjects: (provider: string, kind: ProviderObjectKind, params: ProviderObjectListParams) =>
    queryOptions({
      queryKey: adminKeys.providerObjectList(provider, kind, params),
      queryFn: ({ signal }) => listProviderObjects(provider, kind, params, signal),
    }),
  providerObject: (provider: string, kind: ProviderObjectKind, id: string) =>
    queryOptions({
      queryKey: adminKeys.providerObject(provider, kind, id),
      queryFn: ({ signal }) => getProviderObject(provider, kind, id, signal),
    }),
  outbox: () => queryOptions({ queryKey: adminKeys.outbox(), queryFn: ({ signal }) => listOutbox(signal) }),
  outboxMail: (id: string) =>
    queryOptions({ queryKey: adminKeys.outboxMail(id), queryFn: ({ signal }) => getOutboxMail(id, signal) }),
};

// ---- plans ---------------------------------------------------------------------------------------

const ofPlan = (plan: string) => ({ params: { path: { plan } }, ...staff });

/** Every plan, whatever its state. */
export const listPlans = (signal?: AbortSignal) =>
  body(client.GET('/admin/subscriptions', { ...staff, signal }));
export const createPlan = (json: CreatePlan) =>
  body(client.POST('/admin/subscriptions', { ...staff, body: json }));
/** `features` may name only the keys to change; `prices` replaces the whole list. */
export const updatePlan = (plan: string, json: UpdatePlan) =>
  body(client.PUT('/admin/subscriptions/{plan}', { ...ofPlan(plan), body: json }));
/** Refused when someone subscribed: archive the plan instead. */
export const deletePlan = (plan: string) => body(client.DELETE('/admin/subscriptions/{plan}', ofPlan(plan)));
/** The plan's texts in one language other than English (English is the plan's own fields). */
export const setPlanTranslation = (plan: string, language: string, json: SetPlanTranslation) =>
  body(
    client.PUT('/admin/subscriptions/{plan}/translations/{language}', {
      params: { path: { plan, language } },
      ...staff,
      body: json,
    }),
  );
export const deletePlanTranslation = (plan: string, language: string) =>
  body(
    client.DELETE('/admin/subscriptions/{plan}/translations/{language}', {
      params: { path: { plan, language } },
      ...staff,
    }),
  );
/** Adds or replaces the price of one period (in one currency). */
export const setPlanPrice = (plan: string, period: PricePeriod, json: SetPlanPrice) =>
  body(
    client.PUT('/admin/subscriptions/{plan}/prices/{period}', {
      params: { path: { plan, period } },
      ...staff,
      body: json,
    }),
  );
export const deletePlanPrice = (plan: string, period: PricePeriod, currency = 'USD') =>
  body(
    client.DELETE('/admin/subscriptions/{plan}/prices/{period}', {
      params: { path: { plan, period }, query: { currency } },
      ...staff,
    }),
  );

// ---- organisations and their subscriptions -------------------------------------------------------

const ofOrg = (org: string) => ({ params: { path: { org } }, ...staff });

export interface OrgListParams {
  offset: number;
  limit: number;
  q?: string;
  plan?: string;
  state?: 'active' | 'suspended';
  /** `paying` or `past_due`: the dashboard's figures open these lists. */
  billing?: 'paying' | 'past_due';
}

/** Organisations matching the search (name or slug), the current SaaS plan and the state. */
export const listAdminOrgs = (params: OrgListParams, signal?: AbortSignal) =>
  body(client.GET('/admin/orgs', { params: { query: present(params) }, ...staff, signal }));
/** Members, subscriptions, limits in force, series and usage. */
export const getAdminOrg = (org: string, signal?: AbortSignal) =>
  body(client.GET('/admin/orgs/{org}', { ...ofOrg(org), signal }));
/** Renames, suspends (`suspended: true`) or resumes an organisation. */
export const updateAdminOrg = (org: string, json: UpdateAdminOrg) =>
  body(client.PUT('/admin/orgs/{org}', { ...ofOrg(org), body: json }));
/** Deletes the organisation; `confirm` is its slug typed again. */
export const deleteAdminOrg = (org: string, confirm: string) =>
  body(client.DELETE('/admin/orgs/{org}', { params: { path: { org }, query: { confirm } }, ...staff }));

export const createOrgSubscription = (org: string, json: CreateSubscription) =>
  body(client.POST('/admin/orgs/{org}/subscriptions', { ...ofOrg(org), body: json }));
const ofOrgSubscription = (org: string, subscription: string) => ({
  params: { path: { org, subscription } },
  ...staff,
});
export const updateOrgSubscription = (org: string, id: string, json: UpdateSubscription) =>
  body(
    client.PUT('/admin/orgs/{org}/subscriptions/{subscription}', {
      ...ofOrgSubscription(org, id),
      body: json,
    }),
  );
export const deleteOrgSubscription = (org: string, id: string) =>
  body(client.DELETE('/admin/orgs/{org}/subscriptions/{subscription}', ofOrgSubscription(org, id)));

// ---- documents -----------------------------------------------------------------------------------

export interface DocListParams {
  offset: number;
  limit: number;
  tags?: readonly string[];
  state?: DocumentState;
}

export interface AdminDocumentPage {
  items: AdminDocument[];
  total: number;
  offset: number;
  limit: number;
}

export interface DocumentTagCount {
  name: string;
  documents: number;
}

const ofDoc = (id: string) => ({ params: { path: { id } }, ...staff });
const ofTranslation = (id: string, lang: string) => ({ params: { path: { id, lang } }, ...staff });

export const listAdminDocs = (params: DocListParams, signal?: AbortSignal) =>
  body(
    client.GET('/admin/docs', {
      params: { query: present({ ...params, tags: params.tags && [...params.tags] }) },
      ...staff,
      signal,
    }),
  );
export const getAdminDoc = (id: string, signal?: AbortSignal) =>
  body(client.GET('/admin/docs/{id}', { ...ofDoc(id), signal }));
export const createDoc = (json: Partial<CreateDocument> & Pick<CreateDocument, 'slug' | 'title'>) =>
  body(client.POST('/admin/docs', { ...staff, body: json }));
export const updateDoc = (id: string, json: UpdateDocument) =>
  body(client.PUT('/admin/docs/{id}', { ...ofDoc(id), body: json }));
/** The publish action: publish or discard the drafts (one language's when given), or unpublish. */
export const actOnDoc = (id: string, json: DocumentAction) =>
  body(client.PATCH('/admin/docs/{id}', { ...ofDoc(id), body: json }));
export const deleteDoc = (id: string) => body(client.DELETE('/admin/docs/{id}', ofDoc(id)));
export const getTranslation = (id: string, lang: string, signal?: AbortSignal) =>
  body(client.GET('/admin/docs/{id}/tr/{lang}', { ...ofTranslation(id, lang), signal }));
export const putTranslation = (id: string, lang: string, json: { title: string; content: string }) =>
  body(client.PUT('/admin/docs/{id}/tr/{lang}', { ...ofTranslation(id, lang), body: json }));
export const listDocTags = (signal?: AbortSignal) =>
  body(client.GET('/admin/docs/tags', { ...staff, signal }));
export const createDocTag = (name: string) =>
  body(client.POST('/admin/docs/tags', { ...staff, body: { name } }));
export const deleteDocTag = (tag: string) =>
  body(client.DELETE('/admin/docs/tags/{tag}', { params: { path: { tag } }, ...staff }));

// ---- users ---------------------------------------------------------------------------------------

export interface UserListParams {
  offset: number;
  limit: number;
  q?: string;
  staff?: StaffLevel;
}

/** Accounts matching the search (e-mail or slug), with their organisations and staff level. */
export const listAdminUsers = (params: UserListParams, signal?: AbortSignal) =>
  body(client.GET('/admin/users', { params: { query: present(params) }, ...staff, signal }));
/** Disables or enables sign-in, grants (`staff: 'admin' | 'support'`) or revokes (`null`) a staff level. */
export const updateAdminUser = (id: string, json: UpdateAdminUser) =>
  body(client.PUT('/admin/users/{id}', { params: { path: { id } }, ...staff, body: json }));

// ---- dashboard, settings, audit, outbox --------------------------------------------------------------------

export const getAdminDashboard = (signal?: AbortSignal) =>
  body(client.GET('/admin/dashboard', { ...staff, signal }));
export const updateSettings = (json: UpdateInstanceSettings) =>
  body(client.PUT('/admin/settings', { ...staff, body: json }));

/** What the embedded mailer kept (no SMTP configured), newest first. */
export const listOutbox = (signal?: AbortSignal) =>
  body(client.GET('/admin/mail', { params: { query: { limit: 50, offset: 0 } }, ...staff, signal }));
export const getOutboxMail = (mailId: string, signal?: AbortSignal) =>
  body(client.GET('/admin/mail/{mailId}', { params: { path: { mailId } }, ...staff, signal }));

export interface AuditListParams {
  offset: number;
  limit: number;
  object_type?: AuditObjectType;
  object_id?: string;
  /** The reader's language: documents are named by their title in it. */
  language?: string;
}

/** Admin writes, newest first; `object_type` and `object_id` narrow them to one object. */
export const listAudit = (params: AuditListParams, signal?: AbortSignal) =>
  body(client.GET('/admin/audit', { params: { query: present(params) }, ...staff, signal }));

// ---- payment-provider events ---------------------------------------------------------------------

export interface EventListParams {
  offset: number;
  limit: number;
  state?: BillingEventState;
  category?: string;
  entity_id?: string;
  customer_id?: string;
}

const ofProvider = (provider: string) => ({ params: { path: { provider } }, ...staff });

/** The provider's webhook events, newest first, with filters. */
export const listEvents = (provider: string, params: EventListParams, signal?: AbortSignal) =>
  body(
    client.GET('/admin/{provider}/events', {
      params: { path: { provider }, query: present(params) },
      ...staff,
      signal,
    }),
  );
/** Seen by staff: no longer retried. */
export const acknowledgeEvents = (provider: string, ids: string[]) =>
  body(
    client.PATCH('/admin/{provider}/events', {
      ...ofProvider(provider),
      body: { ids, state: 'acknowledged' },
    }),
  );
/** Corrects the payload of an event not yet processed; it is processed again at once. */
export const editEvent = (provider: string, id: string, payload: Record<string, unknown>) =>
  body(client.PUT('/admin/{provider}/events', { ...ofProvider(provider), body: { id, payload } }));
/** Failed or acknowledged events processed again now. */
export const retryEvents = (provider: string, ids: string[]) =>
  body(client.POST('/admin/{provider}/events/retry', { ...ofProvider(provider), body: { ids } }));

// ---- payment-provider objects --------------------------------------------------------------------

export interface ProviderObjectListParams {
  offset: number;
  limit: number;
  status?: string;
  customer_id?: string;
  subscription_id?: string;
  product_id?: string;
  search?: string;
}

/** What the provider holds of one kind, newest first, with the kind's filters. */
export const listProviderObjects = (
  provider: string,
  kind: ProviderObjectKind,
  params: ProviderObjectListParams,
  signal?: AbortSignal,
) =>
  body(
    client.GET(`/admin/{provider}/${kind}`, {
      params: { path: { provider }, query: present(params) },
      ...staff,
      signal,
    }),
  );
export const getProviderObject = (
  provider: string,
  kind: ProviderObjectKind,
  id: string,
  signal?: AbortSignal,
) =>
  body(
    client.GET(`/admin/{provider}/${kind}/{id}`, { params: { path: { provider, id } }, ...staff, signal }),
  );
/** Cancels a subscription at the provider; its events then update the organisation. */
export const cancelProviderSubscription = (
  provider: string,
  id: string,
  when: 'period_end' | 'immediately',
) =>
  body(
    client.POST('/admin/{provider}/subscriptions/{id}/cancel', {
      params: { path: { provider, id } },
      ...staff,
      body: { when },
    }),
  );
