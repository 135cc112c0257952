import {
  AdminMessages,
  ErrorMessages,
  type OrgRole,
  orgRoleRank,
  type Scope,
  staffLevelOf,
} from '@slugsmith/contract';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { ApiError } from '../platform/errors.js';
import type { MaybePromise } from '../platform/maybe-promise.js';
import { type CallerKey, hasScope, keyRefusal } from './keys.js';
import { TokenError, type TokenVerifier, type VerifiedToken } from './tokens.js';

/**
 * Who may call a route. Every route declares one in `config.access`; the app refuses to start
 * when one does not (see `assertEveryRouteHasAccess`).
 *
 * - `public`: anyone.
 * - `token`: a valid access token; the account may not exist yet (creating it is the point).
 * - `account`: an existing account, even one that still owes agreement acceptance.
 * - `signed-in`: an account that accepted every mandatory agreement (product spec §4, §5).
 * - `{ orgRole }`: signed-in and a member of the `:org` in the path with at least that role.
 * - `staff`: signed-in with a staff level (`admin` or the read-only `support`): staff reads.
 * - `admin`: signed-in with the `admin` staff level: staff writes.
 *
 * - `{ key }`: an API key (`x-api-key`) or a request signed with an SDK key (`x-signature`, …)
 *   that carries the scope (`'any'`: any valid key). The key's organisation and series travel in
 *   `request.caller.key`; handlers keep every call inside them.
 */
export type AccessRule =
  | 'public'
  | 'token'
  | 'account'
  | 'signed-in'
  | 'staff'
  | 'admin'
  | { orgRole: OrgRole }
  | { key: Scope | 'any' };

export type AccessKind = 'public' | 'token' | 'account' | 'signed-in' | 'staff' | 'admin' | 'orgRole' | 'key';

export function accessKind(rule: AccessRule): AccessKind {
  if (typeof rule === 'string') return rule;
  return 'key' in rule ? 'key' : 'orgRole';
}

export interface CallerAccount {
  id: string;
  email: string;
  slug: string;
  permissions: Record<string, unknown> | null;
}

export interface CallerOrg {
  id: string;
  slug: string;
  name: string;
  personal: boolean;
  createdAt: Date;
  role: OrgRole;
}

/** What the access check learned about the caller, for handlers to use. */
export interface Caller {
  token?: VerifiedToken;
  account?: CallerAccount;
  org?: CallerOrg;
  key?: CallerKey;
}

/** Lookups the checks need; the areas provide them. */
export interface AccessLookups {
  verifier: TokenVerifier;
  findAccount(issuerKey: string, subject: string): Promise<CallerAccount | undefined>;
  hasPendingAgreements(accountId: string): Promise<boolean>;
  findMembership(orgSlug: string, accountId: string): Promise<CallerOrg | undefined>;
  /**
   * API keys and signed SDK requests (absent: `{ key }` routes refuse everyone). A cached API key
   * is answered at once.
   */
  authenticateKey?(request: FastifyRequest): MaybePromise<CallerKey>;
  /** Whether staff disabled the account's sign-in (absent: never): its tokens are refused. */
  signInDisabled?(accountId: string): Promise<boolean>;
  /**
   * Whether staff suspended the organisation (absent: never): its keys' calls and its members'
   * writes are refused. Answered at once when cached (every generation call asks).
   */
  orgSuspended?(orgId: string): MaybePromise<boolean>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessRule;
  }
  interface FastifyRequest {
    caller: Caller;
  }
  interface FastifyInstance {
    /**
     * On a public route: the caller's membership of the organisation `orgSlug` when the request
     * carries an access token (its account signed in), else undefined. An invalid token is
     * refused as on any signed-in route.
     */
    membershipOf(request: FastifyRequest, orgSlug: string): Promise<CallerOrg | undefined>;
  }
}

/** Handlers of routes whose rule guarantees an account call this to get it typed. */
export function requireAccount(request: FastifyRequest): CallerAccount {
  if (!request.caller.account)
    throw ApiError.notFound(ErrorMessages.accountNotFound, { reason: 'account_not_found' });
  return request.caller.account;
}

export function requireKey(request: FastifyRequest): CallerKey {
  if (!request.caller.key) throw ApiError.unauthorized();
  return request.caller.key;
}

export function requireOrg(request: FastifyRequest): CallerOrg {
  if (!request.caller.org) throw ApiError.notFound();
  return request.caller.org;
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

async function authenticate(request: FastifyRequest, lookups: AccessLookups): Promise<VerifiedToken> {
  const token = bearerToken(request);
  if (!token) throw ApiError.unauthorized();
  try {
    return await lookups.verifier.verify(token);
  } catch (error) {
    if (error instanceof TokenError && error.reason === 'expired') {
      throw ApiError.unauthorized(ErrorMessages.sessionExpired, { reason: 'session_expired' });
    }
    if (error instanceof TokenError)
      throw ApiError.unauthorized(ErrorMessages.authenticationFailed, { reason: 'authentication_failed' });
    request.log.warn({ err: error }, 'token verification unavailable');
    throw new ApiError(503, ErrorMessages.unavailable, { reason: 'unavailable' });
  }
}

async function withAccount(request: FastifyRequest, lookups: AccessLookups): Promise<CallerAccount> {
  const token = await authenticate(request, lookups);
  request.caller.token = token;
  const account = await lookups.findAccount(token.issuerKey, token.subject);
  if (!account) throw ApiError.notFound(ErrorMessages.accountNotFound, { reason: 'account_not_found' });
  if (await lookups.signInDisabled?.(account.id)) {
    throw ApiError.forbidden(AdminMessages.signInDisabled, { reason: 'sign_in_disabled' });
  }
  request.caller.account = account;
  return account;
}

async function signedIn(request: FastifyRequest, lookups: AccessLookups): Promise<CallerAccount> {
  const account = await withAccount(request, lookups);
  if (await lookups.hasPendingAgreements(account.id)) {
    throw ApiError.forbidden(ErrorMessages.agreementsRequired, { reason: 'agreements_required' });
  }
  return account;
}

const suspended = () => ApiError.forbidden(ErrorMessages.orgSuspended, { reason: 'org_suspended' });

/** Reading is all a member of a suspended organisation may still do. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

type Checker = (request: FastifyRequest, rule: AccessRule, lookups: AccessLookups) => MaybePromise<void>;

function grantKey(request: FastifyRequest, key: CallerKey, needed: Scope | 'any'): void {
  if (needed !== 'any' && !hasScope(key.scopes, needed)) {
    throw keyRefusal(key, ErrorMessages.insufficientPermissions, {
      reason: 'insufficient_permissions',
      required_scope: needed,
    });
  }
  request.caller.key = key;
}

/** The key's grant, unless its organisation is suspended; at once when both answers are cached. */
function grantLiveKey(
  request: FastifyRequest,
  key: CallerKey,
  needed: Scope | 'any',
  lookups: AccessLookups,
): MaybePromise<void> {
  grantKey(request, key, needed);
  const isSuspended = lookups.orgSuspended?.(key.orgId);
  if (isSuspended instanceof Promise) {
    return isSuspended.then((yes) => {
      if (yes) throw suspended();
    });
  }
  if (isSuspended) throw suspended();
}

const checkers: Record<AccessKind, Checker> = {
  public: () => {},
  token: async (request, _rule, lookups) => {
    request.caller.token = await authenticate(request, lookups);
  },
  account: async (request, _rule, lookups) => {
    await withAccount(request, lookups);
  },
  'signed-in': async (request, _rule, lookups) => {
    await signedIn(request, lookups);
  },
  staff: async (request, _rule, lookups) => {
    const account = await signedIn(request, lookups);
    if (staffLevelOf(account.permissions) === null) throw ApiError.forbidden();
  },
  admin: async (request, _rule, lookups) => {
    const account = await signedIn(request, lookups);
    const level = staffLevelOf(account.permissions);
    if (level === null) throw ApiError.forbidden();
    if (level !== 'admin') {
      throw ApiError.forbidden(ErrorMessages.insufficientPermissions, {
        reason: 'insufficient_permissions',
        required_level: 'admin',
      });
    }
  },
  orgRole: async (request, rule, lookups) => {
    const needed = (rule as { orgRole: OrgRole }).orgRole;
    const account = await signedIn(request, lookups);
    const slug = (request.params as { org?: unknown }).org;
    if (typeof slug !== 'string') throw ApiError.notFound();
    const org = await lookups.findMembership(slug, account.id);
    // An organisation the caller does not belong to looks exactly like one that does not exist.
    if (!org) throw ApiError.notFound();
    if (orgRoleRank[org.role] < orgRoleRank[needed]) {
      throw ApiError.forbidden(ErrorMessages.insufficientPermissions, {
        reason: 'insufficient_permissions',
        required_role: needed,
      });
    }
    if (!READS.has(request.method) && (await lookups.orgSuspended?.(org.id))) throw suspended();
    request.caller.org = org;
  },
  // Not async: a generation call with a cached key passes without a promise.
  key: (request, rule, lookups) => {
    const needed = (rule as { key: Scope | 'any' }).key;
    if (!lookups.authenticateKey) throw ApiError.unauthorized();
    const key = lookups.authenticateKey(request);
    if (key instanceof Promise) return key.then((k) => grantLiveKey(request, k, needed, lookups));
    return grantLiveKey(request, key, needed, lookups);
  },
};

export interface RouteRecord {
  method: string;
  url: string;
  access?: AccessRule;
}

/**
 * Installs the access check on every route of `app` (and its children) and records the route
 * table so that `assertEveryRouteHasAccess` and the route-walking test can read it.
 */
export function installAccessControl(app: FastifyInstance, lookups: AccessLookups): RouteRecord[] {
  const routes: RouteRecord[] = [];
  app.decorateRequest('caller', null as unknown as Caller);
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      // The record is read later, after plugins had their chance to set a default rule.
      const record: RouteRecord = { method, url: route.url };
      Object.defineProperty(record, 'access', { enumerable: true, get: () => route.config?.access });
      routes.push(record);
    }
  });
  // A callback hook: a check answered at once lets the request on without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    request.caller = {};
    const rule = request.routeOptions.config.access;
    // Only the not-found handler has no rule (startup refuses routes without one).
    if (rule === undefined) return done();
    let checked: MaybePromise<void>;
    try {
      checked = checkers[accessKind(rule)](request, rule, lookups);
    } catch (error) {
      return done(error as Error);
    }
    if (checked instanceof Promise) checked.then(() => done(), done);
    else done();
  });
  app.decorate('membershipOf', async (request: FastifyRequest, orgSlug: string) => {
    if (bearerToken(request) === undefined) return undefined;
    const account = request.caller.account ?? (await withAccount(request, lookups));
    return lookups.findMembership(orgSlug, account.id);
  });
  app.addHook('onReady', async () => assertEveryRouteHasAccess(routes));
  return routes;
}

export class MissingAccessRuleError extends Error {}

export function assertEveryRouteHasAccess(routes: readonly RouteRecord[]): void {
  const missing = routes.filter((r) => r.access === undefined).map((r) => `${r.method} ${r.url}`);
  if (missing.length > 0) {
    throw new MissingAccessRuleError(`routes without an access rule: ${missing.join(', ')}`);
  }
}

/**
 * Gives every route registered inside `scope` the rule `access` unless it declares its own: for
 * routes that third-party plugins register (docs UI assets, the OpenID provider).
 */
export function defaultAccess(scope: FastifyInstance, access: AccessRule): void {
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, access: route.config?.access ?? access };
  });
}
