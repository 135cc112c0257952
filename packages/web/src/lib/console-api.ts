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
  CheckoutRequest,
  CreateApiKey,
  CreateLegacySdkKey,
  CreateOrganisation,
  CreateSdkConfig,
  OrgRole,
  OrgSeriesCreate,
  OrgSeriesUpdate,
  PlanType,
  SeriesSliceRequest,
  SubscriptionChange,
  UpdateApiKey,
  UpdateOrganisation,
  UpdateSdkConfig,
} from '@slugsmith/contract';
import { orgRoleRank } from '@slugsmith/contract';
import { queryOptions } from '@tanstack/react-query';
import i18n from 'i18next';
import { DEFAULT_LANGUAGE } from '../i18n/languages.js';
import { body, client } from './api.js';

/** Every call here is the signed-in user's (bearer token required). */
const signedIn = { auth: 'required' } as const;
const inOrg = (org: string) => ({ params: { path: { org } }, ...signedIn });
const inSeries = (org: string, series: string) => ({ params: { path: { org, series } }, ...signedIn });
const ofSubscription = (org: string, id: string) => ({ params: { path: { org, id } }, ...signedIn });

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
  paymentLink: (transaction: string) => ['console', 'payment-link', transaction] as const,
};

/**
 * The console's queries, each with its key from `consoleKeys`: `useQuery(consoleQueries.org(slug))`,
 * spread to add options (`useQuery({ ...consoleQueries.members(org), enabled })`).
 */
export const consoleQueries = {
  orgs: () => queryOptions({ queryKey: consoleKeys.orgs(), queryFn: ({ signal }) => listOrgs(signal) }),
  org: (org: string) =>
    queryOptions({ queryKey: consoleKeys.org(org), queryFn: ({ signal }) => getOrg(org, signal) }),
  members: (org: string) =>
    queryOptions({ queryKey: consoleKeys.members(org), queryFn: ({ signal }) => listMembers(org, signal) }),
  scopes: (org: string) =>
    queryOptions({ queryKey: consoleKeys.scopes(org), queryFn: ({ signal }) => getScopes(org, signal) }),
  subscriptions: (org: string) =>
    queryOptions({
      queryKey: consoleKeys.subscriptions(org),
      queryFn: ({ signal }) => listSubscriptions(org, signal),
    }),
  limits: (org: string) =>
    queryOptions({ queryKey: consoleKeys.limits(org), queryFn: ({ signal }) => getLimits(org, signal) }),
  transactions: (org: string, language: string) =>
    queryOptions({
      queryKey: [...consoleKeys.transactions(org), language],
      queryFn: ({ signal }) => listTransactions(org, language, signal),
    }),
  seriesList: (org: string) =>
    queryOptions({ queryKey: consoleKeys.seriesList(org), queryFn: ({ signal }) => listSeries(org, signal) }),
  series: (org: string, series: string) =>
    queryOptions({
      queryKey: consoleKeys.series(org, series),
      queryFn: ({ signal }) => getSeries(org, series, signal),
    }),
  /** `count` slugs of the series from `sequence` (a decimal string: sequences pass 2^53). */
  slice: (org: string, series: string, sequence: string, count: number) =>
    queryOptions({
      queryKey: [...consoleKeys.series(org, series), 'slice', sequence, count],
      queryFn: ({ signal }) => sliceSeries(org, series, { sequence, count }, signal),
    }),
  apiKeys: (org: string, series?: string) =>
    queryOptions({
      queryKey: consoleKeys.apiKeys(org, series),
      queryFn: ({ signal }) => listApiKeys(org, series, signal),
    }),
  apiKeyStats: (org: string, key: string) =>
    queryOptions({
      queryKey: consoleKeys.apiKeyStats(org, key),
      queryFn: ({ signal }) => getApiKeyStats(org, key, signal),
    }),
  sdkConfigs: (org: string, series?: string) =>
    queryOptions({
      queryKey: consoleKeys.sdkConfigs(org, series),
      queryFn: ({ signal }) => listSdkConfigs(org, series, signal),
    }),
  sdkConfig: (org: string, config: string) =>
    queryOptions({
      queryKey: consoleKeys.sdkConfig(org, config),
      queryFn: ({ signal }) => getSdkConfig(org, config, signal),
    }),
  legacySdkKeys: (org: string, series?: string) =>
    queryOptions({
      queryKey: consoleKeys.legacySdkKeys(org, series),
      queryFn: ({ signal }) => listLegacySdkKeys(org, series, signal),
    }),
  /**
   * The checkout of a provider's payment link (an invoice or renewal e-mail's): opened once, and a
   * link that is unknown or already paid stays so (not retried).
   */
  paymentLink: (transaction: string) =>
    queryOptions({
      queryKey: consoleKeys.paymentLink(transaction),
      queryFn: ({ signal }) => paymentLinkCheckout(transaction, signal),
      retry: false,
      staleTime: Number.POSITIVE_INFINITY,
    }),
};

// ---- organisations and members -----------------------------------------------------------------

/** Whether a role may do what `needed` may (member < admin < owner). */
export function hasRole(role: OrgRole | undefined, needed: OrgRole): boolean {
  return role !== undefined && orgRoleRank[role] >= orgRoleRank[needed];
}

export const listOrgs = (signal?: AbortSignal) => body(client.GET('/orgs', { ...signedIn, signal }));
export const getOrg = (org: string, signal?: AbortSignal) =>
  body(client.GET('/orgs/{org}', { ...inOrg(org), signal }));
export const createOrg = (json: CreateOrganisation) =>
  body(client.POST('/orgs', { ...signedIn, body: json }));
export const updateOrg = (org: string, json: UpdateOrganisation) =>
  body(client.PUT('/orgs/{org}', { ...inOrg(org), body: json }));
/** Owners only; the personal organisation cannot be deleted (409). */
export const deleteOrg = (org: string) => body(client.DELETE('/orgs/{org}', inOrg(org)));

export const listMembers = (org: string, signal?: AbortSignal) =>
  body(client.GET('/orgs/{org}/members', { ...inOrg(org), signal }));
/** Adds a member by e-mail: the address is invited (202) and joins when it accepts. */
export const addMember = (org: string, json: AddMember) =>
  body(client.POST('/orgs/{org}/members', { ...inOrg(org), body: json }));
const ofMember = (org: string, member: string) => ({ params: { path: { org, member } }, ...signedIn });
export const updateMemberRole = (org: string, member: string, role: OrgRole) =>
  body(client.PUT('/orgs/{org}/members/{member}', { ...ofMember(org, member), body: { role } }));
/** Removes a member (admins), or leaves the organisation (the member's own slug). */
export const removeMember = (org: string, member: string) =>
  body(client.DELETE('/orgs/{org}/members/{member}', ofMember(org, member)));

export const getScopes = (org: string, signal?: AbortSignal) =>
  body(client.GET('/orgs/{org}/scopes', { ...inOrg(org), signal }));

// ---- subscriptions and limits ------------------------------------------------------------------

/** The organisation's subscriptions, plan names in the console's language. */
export const listSubscriptions = (org: string, signal?: AbortSignal) =>
  body(
    client.GET('/orgs/{org}/subscriptions', {
      params: { path: { org }, query: { language: i18n.resolvedLanguage ?? DEFAULT_LANGUAGE } },
      ...signedIn,
      signal,
    }),
  );
/** Limits in force per plan type (SaaS always, others when subscribed). */
export const getLimits = (org: string, signal?: AbortSignal) =>
  body(client.GET('/orgs/{org}/limits', { ...inOrg(org), signal }));
export const getLimitsOfType = (org: string, planType: PlanType, signal?: AbortSignal) =>
  body(
    client.GET('/orgs/{org}/limits/{planType}', { params: { path: { org, planType } }, ...signedIn, signal }),
  );

// ---- billing: checkout and the organisation's self-service ---------------------------------------

/** What the browser needs to open the provider's checkout (owners and admins of the organisation). */
export const prepareCheckout = (json: CheckoutRequest) =>
  body(client.POST('/billing/checkout/prepare', { ...signedIn, body: json }));
/** What the browser needs to open the checkout of a provider's payment link (public: no token). */
export const paymentLinkCheckout = (transactionId: string, signal?: AbortSignal) =>
  body(
    client.GET('/billing/checkout/transactions/{transactionId}', {
      params: { path: { transactionId } },
      auth: 'none',
      signal,
    }),
  );
/** The organisation's billing history, newest first, plans named in `language`. */
export const listTransactions = (org: string, language: string, signal?: AbortSignal) =>
  body(
    client.GET('/orgs/{org}/billing/transactions', {
      params: { path: { org }, query: { language } },
      ...signedIn,
      signal,
    }),
  );
/** The proration the provider computes for a plan or quantity change, before confirming it. */
export const previewSubscriptionChange = (org: string, id: string, json: SubscriptionChange) =>
  body(
    client.POST('/orgs/{org}/subscriptions/{id}/preview-change', { ...ofSubscription(org, id), body: json }),
  );
export const changeSubscription = (org: string, id: string, json: SubscriptionChange) =>
  body(client.POST('/orgs/{org}/subscriptions/{id}/change', { ...ofSubscription(org, id), body: json }));
/** Cancels at the end of the period paid for; the plan's limits stay until then. */
export const cancelSubscription = (org: string, id: string) =>
  body(client.POST('/orgs/{org}/subscriptions/{id}/cancel', ofSubscription(org, id)));
/** Takes back a scheduled cancellation. */
export const resumeSubscription = (org: string, id: string) =>
  body(client.POST('/orgs/{org}/subscriptions/{id}/resume', ofSubscription(org, id)));
/** Where the customer updates the card (the provider's page). */
export const paymentMethodSession = (org: string, id: string) =>
  body(client.POST('/orgs/{org}/subscriptions/{id}/payment-method', ofSubscription(org, id)));

/** A transaction's printable invoice (HTML), in `language` when given. */
export const invoiceHtml = (org: string, id: string, language?: string) =>
  body(
    client.GET('/orgs/{org}/billing/transactions/{id}/invoice', {
      params: { path: { org, id }, query: language ? { lang: language } : {} },
      headers: { accept: 'text/html' },
      parseAs: 'text',
      ...signedIn,
    }),
  );

// ---- series ------------------------------------------------------------------------------------

export const listSeries = (org: string, signal?: AbortSignal) =>
  body(client.GET('/orgs/{org}/series', { ...inOrg(org), signal }));
export const getSeries = (org: string, series: string, signal?: AbortSignal) =>
  body(client.GET('/orgs/{org}/series/{series}', { ...inSeries(org, series), signal }));
/** Refused (403, reason plan_limit) at the plan's max_series, with the server's message. */
export const createSeries = (org: string, json: OrgSeriesCreate) =>
  body(client.POST('/orgs/{org}/series', { ...inOrg(org), body: json }));
/** A new pattern is refused (409) once ids have been generated (§4 pattern lock). */
export const updateSeries = (org: string, series: string, json: OrgSeriesUpdate) =>
  body(client.PUT('/orgs/{org}/series/{series}', { ...inSeries(org, series), body: json }));
export const deleteSeries = (org: string, series: string) =>
  body(client.DELETE('/orgs/{org}/series/{series}', inSeries(org, series)));
/** Makes the series the organisation's default (admins): org-wide keys use it when a call names none. */
export const setDefaultSeries = (org: string, series: string) =>
  body(client.PUT('/orgs/{org}/default-series', { ...inOrg(org), body: { series } }));
/** Sample slugs of the series' pattern under a random seed; consumes nothing. */
export const testSeries = (org: string, series: string, count = 3) =>
  body(client.POST('/orgs/{org}/series/{series}/test', { ...inSeries(org, series), body: { count } }));
/** A window of the series by sequence; consumes nothing. */
export const sliceSeries = (org: string, series: string, json: SeriesSliceRequest, signal?: AbortSignal) =>
  body(client.POST('/orgs/{org}/series/{series}/slice', { ...inSeries(org, series), body: json, signal }));
/** The next `count` slugs of the series, consumed for good (admins and owners; 409 when exhausted). */
export const mintSeries = (org: string, series: string, count: number) =>
  body(client.POST('/orgs/{org}/series/{series}/mint', { ...inSeries(org, series), body: { count } }));
export const resetSeries = (org: string, series: string) =>
  body(client.POST('/orgs/{org}/series/{series}/reset', inSeries(org, series)));

// ---- API keys ----------------------------------------------------------------------------------

/** Admins only (403 for members). */
export const listApiKeys = (org: string, series?: string, signal?: AbortSignal) =>
  body(
    series
      ? client.GET('/orgs/{org}/series/{series}/api-keys', { ...inSeries(org, series), signal })
      : client.GET('/orgs/{org}/api-keys', { ...inOrg(org), signal }),
  );
/** The answer carries the secret (`key`), shown only this once. */
export const createApiKey = (org: string, json: CreateApiKey, series?: string) =>
  body(
    series
      ? client.POST('/orgs/{org}/series/{series}/api-keys', {
          ...inSeries(org, series),
          body: { ...json, series: undefined },
        })
      : client.POST('/orgs/{org}/api-keys', { ...inOrg(org), body: json }),
  );
const ofKey = (org: string, key: string) => ({ params: { path: { org, key } }, ...signedIn });
export const getApiKey = (org: string, id: string, signal?: AbortSignal) =>
  body(client.GET('/orgs/{org}/api-keys/{key}', { ...ofKey(org, id), signal }));
export const updateApiKey = (org: string, id: string, json: UpdateApiKey) =>
  body(client.PUT('/orgs/{org}/api-keys/{key}', { ...ofKey(org, id), body: json }));
export const deleteApiKey = (org: string, id: string) =>
  body(client.DELETE('/orgs/{org}/api-keys/{key}', ofKey(org, id)));
export const getApiKeyStats = (org: string, id: string, signal?: AbortSignal) =>
  body(client.GET('/orgs/{org}/api-keys/{key}/stats', { ...ofKey(org, id), signal }));

// ---- SDK configs -------------------------------------------------------------------------------

export const listSdkConfigs = (org: string, series?: string, signal?: AbortSignal) =>
  body(
    series
      ? client.GET('/orgs/{org}/series/{series}/sdk-configs', { ...inSeries(org, series), signal })
      : client.GET('/orgs/{org}/sdk-configs', { ...inOrg(org), signal }),
  );
const ofConfig = (org: string, config: string) => ({ params: { path: { org, config } }, ...signedIn });
export const getSdkConfig = (org: string, config: string, signal?: AbortSignal) =>
  body(client.GET('/orgs/{org}/sdk-configs/{config}', { ...ofConfig(org, config), signal }));
export const createSdkConfig = (org: string, json: CreateSdkConfig, series?: string) =>
  body(
    series
      ? client.POST('/orgs/{org}/series/{series}/sdk-configs', {
          ...inSeries(org, series),
          body: { ...json, series: undefined },
        })
      : client.POST('/orgs/{org}/sdk-configs', { ...inOrg(org), body: json }),
  );
/** A new rotation policy or period replaces the config's keys (§4: confirm first). */
export const updateSdkConfig = (org: string, config: string, json: UpdateSdkConfig) =>
  body(client.PUT('/orgs/{org}/sdk-configs/{config}', { ...ofConfig(org, config), body: json }));
/** Rotate now: deletes the keys and generates new ones. */
export const rotateSdkConfig = (org: string, config: string) =>
  body(client.PATCH('/orgs/{org}/sdk-configs/{config}', ofConfig(org, config)));
export const deleteSdkConfig = (org: string, config: string) =>
  body(client.DELETE('/orgs/{org}/sdk-configs/{config}', ofConfig(org, config)));
/** The currently effective keys (generated when the rotation schedule needs them). */
export const sdkConfigKeys = (org: string, config: string) =>
  body(client.POST('/orgs/{org}/sdk-configs/{config}/keys', ofConfig(org, config)));

// ---- legacy SDK keys ---------------------------------------------------------------------------

export const listLegacySdkKeys = (org: string, series?: string, signal?: AbortSignal) =>
  body(
    series
      ? client.GET('/orgs/{org}/series/{series}/sdk-keys', { ...inSeries(org, series), signal })
      : client.GET('/orgs/{org}/sdk-keys', { ...inOrg(org), signal }),
  );
export const createLegacySdkKey = (org: string, json: CreateLegacySdkKey, series?: string) =>
  body(
    series
      ? client.POST('/orgs/{org}/series/{series}/sdk-keys', {
          ...inSeries(org, series),
          body: { ...json, series: undefined },
        })
      : client.POST('/orgs/{org}/sdk-keys', { ...inOrg(org), body: json }),
  );
export const deleteLegacySdkKey = (org: string, key: string) =>
  body(client.DELETE('/orgs/{org}/sdk-keys/{key}', ofKey(org, key)));

// ---- public (no token) -------------------------------------------------------------------------

/** The public SDK config the console signs its generation calls with (product spec §4). */
export const getConsoleConfig = () => body(client.GET('/console-config', { auth: 'none' }));

/** The plans on offer, as one list (`GET /subscriptions` groups them by plan type), texts in `language`. */
export const publicPlans = async (language: string) => {
  const catalogue = await body(
    client.GET('/subscriptions', { params: { query: { language } }, auth: 'none' }),
  );
  return catalogue.groups.flatMap((group) => group.plans);
};
