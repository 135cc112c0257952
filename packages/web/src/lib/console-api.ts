/**
 * The console's client of the console API (product spec §7.2, §7.3), typed by @slugsmith/contract:
 * organisations, members, plans and limits, series, API keys, SDK configs and legacy SDK keys with
 * the signed-in user's bearer token; the public statistics, plans and console SDK config without.
 * Generation calls go through @slugsmith/sdk (generator-api.ts).
 *
 * `consoleKeys` names the TanStack Query keys, so every screen caches and invalidates the same way:
 * a key is a prefix of the keys below it (invalidating `consoleKeys.org(org)` refreshes everything
 * of that organisation).
 */
import type {
  AddMember,
  ApiKey,
  BillingTransaction,
  ChangePreview,
  CheckoutRequest,
  CheckoutSession,
  ConsoleConfig,
  CreateApiKey,
  CreatedApiKey,
  CreateLegacySdkKey,
  CreateOrganisation,
  CreateSdkConfig,
  DefaultSeriesRequest,
  EffectiveLimits,
  Invitation,
  LegacySdkKey,
  Member,
  Organisation,
  OrgRole,
  OrgScopes,
  OrgSeriesCreate,
  OrgSeriesUpdate,
  PaymentMethodSession,
  PlanType,
  PublicPlan,
  PublicPlanCatalogue,
  ResetResponse,
  SdkConfig,
  SdkConfigWithKeys,
  SdkKey,
  SeriesInfo,
  SeriesSliceRequest,
  StatsList,
  StatsRow,
  Subscription,
  SubscriptionChange,
  UpdateApiKey,
  UpdateOrganisation,
  UpdateSdkConfig,
} from '@slugsmith/contract';
import { orgRoleRank } from '@slugsmith/contract';
import i18n from 'i18next';
import { DEFAULT_LANGUAGE } from '../i18n/languages.js';
import { api, body, client } from './api.js';

const enc = encodeURIComponent;
const orgPath = (org: string) => `/orgs/${enc(org)}`;
const seriesPath = (org: string, series: string) => `${orgPath(org)}/series/${enc(series)}`;
/** Org-level collection, or the same collection nested under one series. */
const scoped = (org: string, series: string | undefined, tail: string) =>
  `${series ? seriesPath(org, series) : orgPath(org)}/${tail}`;

const get = <T>(path: string, signal?: AbortSignal) => api<T>(path, { auth: 'required', signal });
const send = <T>(method: string, path: string, body?: unknown) =>
  api<T>(path, { method, body, auth: 'required' });

// ---- query keys --------------------------------------------------------------------------------

export const consoleKeys = {
  orgs: () => ['console', 'orgs'] as const,
  org: (org: string) => ['console', 'org', org] as const,
  members: (org: string) => ['console', 'org', org, 'members'] as const,
  scopes: (org: string) => ['console', 'org', org, 'scopes'] as const,
  subscriptions: (org: string) => ['console', 'org', org, 'subscriptions'] as const,
  limits: (org: string) => ['console', 'org', org, 'limits'] as const,
  transactions: (org: string) => ['console', 'org', org, 'billing', 'transactions'] as const,
  seriesList: (org: string) => ['console', 'org', org, 'series'] as const,
  series: (org: string, series: string) => ['console', 'org', org, 'series', series] as const,
  seriesStats: (org: string, series: string) => ['console', 'org', org, 'series', series, 'stats'] as const,
  /** API keys of the organisation (series undefined) or of one series. */
  apiKeys: (org: string, series?: string) =>
    series
      ? (['console', 'org', org, 'series', series, 'api-keys'] as const)
      : (['console', 'org', org, 'api-keys'] as const),
  apiKeyStats: (org: string, key: string) => ['console', 'org', org, 'api-keys', key, 'stats'] as const,
  sdkConfigs: (org: string, series?: string) =>
    series
      ? (['console', 'org', org, 'series', series, 'sdk-configs'] as const)
      : (['console', 'org', org, 'sdk-configs'] as const),
  sdkConfig: (org: string, config: string) => ['console', 'org', org, 'sdk-configs', config] as const,
  legacySdkKeys: (org: string, series?: string) =>
    series
      ? (['console', 'org', org, 'series', series, 'sdk-keys'] as const)
      : (['console', 'org', org, 'sdk-keys'] as const),
};

// ---- organisations and members -----------------------------------------------------------------

/** Whether a role may do what `needed` may (member < admin < owner). */
export function hasRole(role: OrgRole | undefined, needed: OrgRole): boolean {
  return role !== undefined && orgRoleRank[role] >= orgRoleRank[needed];
}

export const listOrgs = (signal?: AbortSignal) => get<Organisation[]>('/orgs', signal);
export const getOrg = (org: string, signal?: AbortSignal) => get<Organisation>(orgPath(org), signal);
export const createOrg = (body: CreateOrganisation) => send<Organisation>('POST', '/orgs', body);
export const updateOrg = (org: string, body: UpdateOrganisation) =>
  send<Organisation>('PUT', orgPath(org), body);
/** Owners only; the personal organisation cannot be deleted (409). */
export const deleteOrg = (org: string) => send<null>('DELETE', orgPath(org));

export const listMembers = (org: string, signal?: AbortSignal) =>
  get<Member[]>(`${orgPath(org)}/members`, signal);
/** Adds a member by e-mail: the address is invited (202) and joins when it accepts. */
export const addMember = (org: string, body: AddMember) =>
  send<Invitation>('POST', `${orgPath(org)}/members`, body);
export const updateMemberRole = (org: string, member: string, role: OrgRole) =>
  send<Member>('PUT', `${orgPath(org)}/members/${enc(member)}`, { role });
/** Removes a member (admins), or leaves the organisation (the member's own slug). */
export const removeMember = (org: string, member: string) =>
  send<null>('DELETE', `${orgPath(org)}/members/${enc(member)}`);

export const getScopes = (org: string, signal?: AbortSignal) =>
  get<OrgScopes>(`${orgPath(org)}/scopes`, signal);

// ---- subscriptions and limits ------------------------------------------------------------------

/** The organisation's subscriptions, plan names in the console's language. */
export const listSubscriptions = (org: string, signal?: AbortSignal) =>
  get<Subscription[]>(
    `${orgPath(org)}/subscriptions?language=${enc(i18n.resolvedLanguage ?? DEFAULT_LANGUAGE)}`,
    signal,
  );
/** Limits in force per plan type (SaaS always, others when subscribed). */
export const getLimits = (org: string, signal?: AbortSignal) =>
  get<EffectiveLimits[]>(`${orgPath(org)}/limits`, signal);
export const getLimitsOfType = (org: string, planType: PlanType, signal?: AbortSignal) =>
  get<EffectiveLimits>(`${orgPath(org)}/limits/${enc(planType)}`, signal);

// ---- billing: checkout and the organisation's self-service ---------------------------------------

const subscriptionPath = (org: string, id: string) => `${orgPath(org)}/subscriptions/${enc(id)}`;

/** What the browser needs to open the provider's checkout (owners and admins of the organisation). */
export const prepareCheckout = (body: CheckoutRequest) =>
  send<CheckoutSession>('POST', '/billing/checkout/prepare', body);
/** The organisation's billing history, newest first, plans named in `language`. */
export const listTransactions = (org: string, language: string, signal?: AbortSignal) =>
  get<BillingTransaction[]>(`${orgPath(org)}/billing/transactions?language=${enc(language)}`, signal);
/** The proration the provider computes for a plan or quantity change, before confirming it. */
export const previewSubscriptionChange = (org: string, id: string, body: SubscriptionChange) =>
  send<ChangePreview>('POST', `${subscriptionPath(org, id)}/preview-change`, body);
export const changeSubscription = (org: string, id: string, body: SubscriptionChange) =>
  send<Subscription>('POST', `${subscriptionPath(org, id)}/change`, body);
/** Cancels at the end of the period paid for; the plan's limits stay until then. */
export const cancelSubscription = (org: string, id: string) =>
  send<Subscription>('POST', `${subscriptionPath(org, id)}/cancel`);
/** Takes back a scheduled cancellation. */
export const resumeSubscription = (org: string, id: string) =>
  send<Subscription>('POST', `${subscriptionPath(org, id)}/resume`);
/** Where the customer updates the card (the provider's page). */
export const paymentMethodSession = (org: string, id: string) =>
  send<PaymentMethodSession>('POST', `${subscriptionPath(org, id)}/payment-method`);

/** A transaction's printable invoice (HTML), in `language` when given. */
export const invoiceHtml = (org: string, id: string, language?: string) =>
  body(
    client.GET('/orgs/{org}/billing/transactions/{id}/invoice', {
      params: { path: { org, id }, query: language ? { lang: language } : {} },
      headers: { accept: 'text/html' },
      parseAs: 'text',
      auth: 'required',
    }),
  );

// ---- series ------------------------------------------------------------------------------------

export const listSeries = (org: string, signal?: AbortSignal) =>
  get<SeriesInfo[]>(`${orgPath(org)}/series`, signal);
export const getSeries = (org: string, series: string, signal?: AbortSignal) =>
  get<SeriesInfo>(seriesPath(org, series), signal);
/** Refused (403, reason plan_limit) at the plan's max_series, with the server's message. */
export const createSeries = (org: string, body: OrgSeriesCreate) =>
  send<SeriesInfo>('POST', `${orgPath(org)}/series`, body);
/** A new pattern is refused (409) once ids have been generated (§4 pattern lock). */
export const updateSeries = (org: string, series: string, body: OrgSeriesUpdate) =>
  send<SeriesInfo>('PUT', seriesPath(org, series), body);
export const deleteSeries = (org: string, series: string) => send<null>('DELETE', seriesPath(org, series));
/** Makes the series the organisation's default (admins): org-wide keys use it when a call names none. */
export const setDefaultSeries = (org: string, series: string) =>
  send<SeriesInfo>('PUT', `${orgPath(org)}/default-series`, { series } satisfies DefaultSeriesRequest);
export const getSeriesStats = (org: string, series: string, signal?: AbortSignal) =>
  get<StatsRow[]>(`${seriesPath(org, series)}/stats`, signal);
/** Sample slugs of the series' pattern under a random seed; consumes nothing. */
export const testSeries = (org: string, series: string, count = 3) =>
  send<string[]>('POST', `${seriesPath(org, series)}/test`, { count });
/** A window of the series by sequence; consumes nothing. */
export const sliceSeries = (org: string, series: string, body: SeriesSliceRequest) =>
  send<string[]>('POST', `${seriesPath(org, series)}/slice`, body);
/** The next `count` slugs of the series, consumed for good (admins and owners; 409 when exhausted). */
export const mintSeries = (org: string, series: string, count: number) =>
  send<string[]>('POST', `${seriesPath(org, series)}/mint`, { count });
export const resetSeries = (org: string, series: string) =>
  send<ResetResponse>('POST', `${seriesPath(org, series)}/reset`);

// ---- API keys ----------------------------------------------------------------------------------

/** Admins only (403 for members). */
export const listApiKeys = (org: string, series?: string, signal?: AbortSignal) =>
  get<ApiKey[]>(scoped(org, series, 'api-keys'), signal);
/** The answer carries the secret (`key`), shown only this once. */
export const createApiKey = (org: string, body: CreateApiKey, series?: string) =>
  send<CreatedApiKey>(
    'POST',
    scoped(org, series, 'api-keys'),
    series ? { ...body, series: undefined } : body,
  );
export const getApiKey = (org: string, id: string, signal?: AbortSignal) =>
  get<ApiKey>(`${orgPath(org)}/api-keys/${enc(id)}`, signal);
export const updateApiKey = (org: string, id: string, body: UpdateApiKey) =>
  send<ApiKey>('PUT', `${orgPath(org)}/api-keys/${enc(id)}`, body);
export const deleteApiKey = (org: string, id: string) =>
  send<null>('DELETE', `${orgPath(org)}/api-keys/${enc(id)}`);
export const getApiKeyStats = (org: string, id: string, signal?: AbortSignal) =>
  get<StatsRow[]>(`${orgPath(org)}/api-keys/${enc(id)}/stats`, signal);

// ---- SDK configs -------------------------------------------------------------------------------

export const listSdkConfigs = (org: string, series?: string, signal?: AbortSignal) =>
  get<SdkConfig[]>(scoped(org, series, 'sdk-configs'), signal);
export const getSdkConfig = (org: string, config: string, signal?: AbortSignal) =>
  get<SdkConfigWithKeys>(`${orgPath(org)}/sdk-configs/${enc(config)}`, signal);
export const createSdkConfig = (org: string, body: CreateSdkConfig, series?: string) =>
  send<SdkConfigWithKeys>(
    'POST',
    scoped(org, series, 'sdk-configs'),
    series ? { ...body, series: undefined } : body,
  );
/** A new rotation policy or period replaces the config's keys (§4: confirm first). */
export const updateSdkConfig = (org: string, config: string, body: UpdateSdkConfig) =>
  send<SdkConfigWithKeys>('PUT', `${orgPath(org)}/sdk-configs/${enc(config)}`, body);
/** Rotate now: deletes the keys and generates new ones. */
export const rotateSdkConfig = (org: string, config: string) =>
  send<SdkConfigWithKeys>('PATCH', `${orgPath(org)}/sdk-configs/${enc(config)}`);
export const deleteSdkConfig = (org: string, config: string) =>
  send<null>('DELETE', `${orgPath(org)}/sdk-configs/${enc(config)}`);
/** The currently effective keys (generated when the rotation schedule needs them). */
export const sdkConfigKeys = (org: string, config: string) =>
  send<SdkKey[]>('POST', `${orgPath(org)}/sdk-configs/${enc(config)}/keys`);

// ---- legacy SDK keys ---------------------------------------------------------------------------

export const listLegacySdkKeys = (org: string, series?: string, signal?: AbortSignal) =>
  get<LegacySdkKey[]>(scoped(org, series, 'sdk-keys'), signal);
export const createLegacySdkKey = (org: string, body: CreateLegacySdkKey, series?: string) =>
  send<LegacySdkKey>('POST', scoped(org, series, 'sdk-keys'), series ? { ...body, series: undefined } : body);
export const deleteLegacySdkKey = (org: string, key: string) =>
  send<null>('DELETE', `${orgPath(org)}/sdk-keys/${enc(key)}`);

/** The `details.reason` of an API error (e.g. `plan_limit`, `last_owner`, `personal`), if any. */
export function errorReason(error: unknown): string | undefined {
  const details = (error as { details?: unknown } | null)?.details;
  if (details && typeof details === 'object' && 'reason' in details) {
    const reason = (details as { reason: unknown }).reason;
    return typeof reason === 'string' ? reason : undefined;
  }
  return undefined;
}

// ---- public (no token) -------------------------------------------------------------------------

/** The public SDK config the console signs its generation calls with (product spec §4). */
export const getConsoleConfig = () => api<ConsoleConfig>('/console-config', { auth: 'none' });

/** Slugs generated by the whole service in the current periods (the header's ticker). */
export const totalStats = () => api<StatsList>('/stats/total', { auth: 'none' });

/** The plans on offer, as one list (`GET /subscriptions` groups them by plan type), texts in `language`. */
export const publicPlans = async (language: string): Promise<PublicPlan[]> => {
  const catalogue = await api<PublicPlanCatalogue>(`/subscriptions?language=${enc(language)}`, {
    auth: 'none',
  });
  return catalogue.groups.flatMap((group) => group.plans);
};
