/**
 * The console's client of the staff part of the API (product spec §7.4, §7.5, §7.7), typed by
 * @slugsmith/contract: plans and their prices, organisations and their subscriptions, documents
 * with translations and tags. Same transport as the console client (`api()`: bearer token, 30 s
 * timeout, §8 errors); kept apart so the staff screens load it only with the admin pages.
 *
 * `adminKeys` names the TanStack Query keys; a key is a prefix of the keys below it.
 */
import type {
  AdminDashboard,
  AdminDocument,
  AdminOrgDetail,
  AdminOrgSummaryPage,
  AdminPlan,
  AdminUser,
  AdminUserPage,
  AuditObjectType,
  AuditPage,
  BillingEvent,
  BillingEventState,
  CreateDocument,
  CreatePlan,
  CreateSubscription,
  DocumentAction,
  DocumentState,
  InstanceSettings,
  PricePeriod,
  ProviderObject,
  ProviderObjectKind,
  ProviderObjectPage,
  SetPlanPrice,
  SetPlanTranslation,
  StaffLevel,
  Subscription,
  Translation,
  UpdateAdminOrg,
  UpdateAdminUser,
  UpdateDocument,
  UpdateInstanceSettings,
  UpdatePlan,
  UpdateSubscription,
} from '@slugsmith/contract';
import { api } from './api.js';

const enc = encodeURIComponent;
const get = <T>(path: string, signal?: AbortSignal) => api<T>(path, { auth: 'required', signal });
const send = <T>(method: string, path: string, body?: unknown) =>
  api<T>(path, { method, body, auth: 'required' });

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
  all: () => ['admin'] as const,
  plans: () => ['admin', 'plans'] as const,
  plan: (slug: string) => ['admin', 'plans', slug] as const,
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
  /** The public instance settings: the shell's query (lib/instance-settings.ts) shares the key. */
  settings: () => ['settings'] as const,
  auditAll: () => ['admin', 'audit'] as const,
  audit: (params: object) => ['admin', 'audit', params] as const,
  events: (provider: string) => ['admin', 'events', provider] as const,
  eventList: (provider: string, params: object) => ['admin', 'events', provider, params] as const,
  providerObjects: (provider: string, kind: string) => ['admin', 'provider', provider, kind] as const,
  providerObjectList: (provider: string, kind: string, params: object) =>
    ['admin', 'provider', provider, kind, 'list', params] as const,
  providerObject: (provider: string, kind: string, id: string) =>
    ['admin', 'provider', provider, kind, 'one', id] as const,
};

// ---- plans ---------------------------------------------------------------------------------------

const planPath = (plan: string) => `/admin/subscriptions/${enc(plan)}`;

/** Every plan, whatever its state. */
export const listPlans = (signal?: AbortSignal) => get<AdminPlan[]>('/admin/subscriptions', signal);
export const getPlan = (plan: string, signal?: AbortSignal) => get<AdminPlan>(planPath(plan), signal);
export const createPlan = (body: CreatePlan) => send<AdminPlan>('POST', '/admin/subscriptions', body);
/** `features` may name only the keys to change; `prices` replaces the whole list. */
export const updatePlan = (plan: string, body: UpdatePlan) => send<AdminPlan>('PUT', planPath(plan), body);
/** Refused when someone subscribed: archive the plan instead. */
export const deletePlan = (plan: string) => send<null>('DELETE', planPath(plan));
/** Adds or replaces the price of one period (in one currency). */
/** The plan's texts in one language other than English (English is the plan's own fields). */
export const setPlanTranslation = (plan: string, language: string, body: SetPlanTranslation) =>
  send<AdminPlan>('PUT', `${planPath(plan)}/translations/${enc(language)}`, body);
export const deletePlanTranslation = (plan: string, language: string) =>
  send<null>('DELETE', `${planPath(plan)}/translations/${enc(language)}`);
export const setPlanPrice = (plan: string, period: PricePeriod, body: SetPlanPrice) =>
  send<AdminPlan>('PUT', `${planPath(plan)}/prices/${enc(period)}`, body);
export const deletePlanPrice = (plan: string, period: PricePeriod, currency = 'USD') =>
  send<null>('DELETE', `${planPath(plan)}/prices/${enc(period)}${queryString({ currency })}`);

// ---- organisations and their subscriptions -------------------------------------------------------

const adminOrgPath = (org: string) => `/admin/orgs/${enc(org)}`;

export interface OrgListParams {
  offset: number;
  limit: number;
  q?: string;
  plan?: string;
  state?: string;
  /** `paying` or `past_due`: the dashboard's figures open these lists. */
  billing?: string;
}

/** Organisations matching the search (name or slug), the current SaaS plan and the state. */
export const listAdminOrgs = (params: OrgListParams, signal?: AbortSignal) =>
  get<AdminOrgSummaryPage>(`/admin/orgs${queryString({ ...params })}`, signal);
/** Members, subscriptions, limits in force, series and usage. */
export const getAdminOrg = (org: string, signal?: AbortSignal) =>
  get<AdminOrgDetail>(adminOrgPath(org), signal);
/** Renames, suspends (`suspended: true`) or resumes an organisation. */
export const updateAdminOrg = (org: string, body: UpdateAdminOrg) =>
  send<AdminOrgDetail>('PUT', adminOrgPath(org), body);
/** Deletes the organisation; `confirm` is its slug typed again. */
export const deleteAdminOrg = (org: string, confirm: string) =>
  send<null>('DELETE', `${adminOrgPath(org)}${queryString({ confirm })}`);

export const listOrgSubscriptions = (org: string, signal?: AbortSignal) =>
  get<Subscription[]>(`${adminOrgPath(org)}/subscriptions`, signal);
export const createOrgSubscription = (org: string, body: CreateSubscription) =>
  send<Subscription>('POST', `${adminOrgPath(org)}/subscriptions`, body);
export const updateOrgSubscription = (org: string, id: string, body: UpdateSubscription) =>
  send<Subscription>('PUT', `${adminOrgPath(org)}/subscriptions/${enc(id)}`, body);
export const deleteOrgSubscription = (org: string, id: string) =>
  send<null>('DELETE', `${adminOrgPath(org)}/subscriptions/${enc(id)}`);

// ---- documents -----------------------------------------------------------------------------------

const docPath = (id: string) => `/admin/docs/${enc(id)}`;

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

export const listAdminDocs = (params: DocListParams, signal?: AbortSignal) =>
  get<AdminDocumentPage>(`/admin/docs${queryString({ ...params })}`, signal);
export const getAdminDoc = (id: string, signal?: AbortSignal) => get<AdminDocument>(docPath(id), signal);
export const createDoc = (body: Partial<CreateDocument> & Pick<CreateDocument, 'slug' | 'title'>) =>
  send<AdminDocument>('POST', '/admin/docs', body);
export const updateDoc = (id: string, body: UpdateDocument) => send<AdminDocument>('PUT', docPath(id), body);
/** The publish action: publish or discard the drafts (one language's when given), or unpublish. */
export const actOnDoc = (id: string, body: DocumentAction) => send<AdminDocument>('PATCH', docPath(id), body);
export const deleteDoc = (id: string) => send<null>('DELETE', docPath(id));
export const getTranslation = (id: string, lang: string, signal?: AbortSignal) =>
  get<Translation>(`${docPath(id)}/tr/${enc(lang)}`, signal);
export const putTranslation = (id: string, lang: string, body: { title: string; content: string }) =>
  send<Translation>('PUT', `${docPath(id)}/tr/${enc(lang)}`, body);
export const listDocTags = (signal?: AbortSignal) => get<DocumentTagCount[]>('/admin/docs/tags', signal);
export const createDocTag = (name: string) => send<DocumentTagCount>('POST', '/admin/docs/tags', { name });
export const deleteDocTag = (name: string) => send<null>('DELETE', `/admin/docs/tags/${enc(name)}`);

// ---- users ---------------------------------------------------------------------------------------

export interface UserListParams {
  offset: number;
  limit: number;
  q?: string;
  staff?: StaffLevel;
}

/** Accounts matching the search (e-mail or slug), with their organisations and staff level. */
export const listAdminUsers = (params: UserListParams, signal?: AbortSignal) =>
  get<AdminUserPage>(`/admin/users${queryString({ ...params })}`, signal);
/** Disables or enables sign-in, grants (`staff: 'admin' | 'support'`) or revokes (`null`) a staff level. */
export const updateAdminUser = (id: string, body: UpdateAdminUser) =>
  send<AdminUser>('PUT', `/admin/users/${enc(id)}`, body);

// ---- dashboard, settings, audit --------------------------------------------------------------------

export const getAdminDashboard = (signal?: AbortSignal) => get<AdminDashboard>('/admin/dashboard', signal);
/** Public: the instance settings every visitor's console reads. */
export const getSettings = (signal?: AbortSignal) =>
  api<InstanceSettings>('/settings', { auth: 'none', signal });
export const updateSettings = (body: UpdateInstanceSettings) =>
  send<InstanceSettings>('PUT', '/admin/settings', body);

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
  get<AuditPage>(`/admin/audit${queryString({ ...params })}`, signal);

// ---- payment-provider events ---------------------------------------------------------------------

export interface EventListParams {
  offset: number;
  limit: number;
  state?: BillingEventState;
  category?: string;
  entity_id?: string;
  customer_id?: string;
}

const eventsPath = (provider: string) => `/admin/${enc(provider)}/events`;

/** The provider's webhook events, newest first, with filters. */
export const listEvents = (provider: string, params: EventListParams, signal?: AbortSignal) =>
  get<BillingEvent[]>(`${eventsPath(provider)}${queryString({ ...params })}`, signal);
/** Seen by staff: no longer retried. */
export const acknowledgeEvents = (provider: string, ids: string[]) =>
  send<BillingEvent[]>('PATCH', eventsPath(provider), { ids, state: 'acknowledged' });
/** Corrects the payload of an event not yet processed; it is processed again at once. */
export const editEvent = (provider: string, id: string, payload: Record<string, unknown>) =>
  send<BillingEvent>('PUT', eventsPath(provider), { id, payload });
/** Failed or acknowledged events processed again now. */
export const retryEvents = (provider: string, ids: string[]) =>
  send<BillingEvent[]>('POST', `${eventsPath(provider)}/retry`, { ids });

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

const objectsPath = (provider: string, kind: ProviderObjectKind) => `/admin/${enc(provider)}/${kind}`;

/** What the provider holds of one kind, newest first, with the kind's filters. */
export const listProviderObjects = (
  provider: string,
  kind: ProviderObjectKind,
  params: ProviderObjectListParams,
  signal?: AbortSignal,
) => get<ProviderObjectPage>(`${objectsPath(provider, kind)}${queryString({ ...params })}`, signal);
export const getProviderObject = (
  provider: string,
  kind: ProviderObjectKind,
  id: string,
  signal?: AbortSignal,
) => get<ProviderObject>(`${objectsPath(provider, kind)}/${enc(id)}`, signal);
/** Cancels a subscription at the provider; its events then update the organisation. */
export const cancelProviderSubscription = (
  provider: string,
  id: string,
  when: 'period_end' | 'immediately',
) => send<ProviderObject>('POST', `${objectsPath(provider, 'subscriptions')}/${enc(id)}/cancel`, { when });
