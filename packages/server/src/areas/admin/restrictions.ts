// What staff restrictions mean to the access check: suspended organisations, disabled sign-in.
import type { AccessLookups } from '../../auth/access.js';
import type { Db } from '../../db/connect.js';
import { CacheKind, type Caches, LOOKUP_TTL_MS } from '../../platform/cache.js';
import type { MaybePromise } from '../../platform/maybe-promise.js';
import * as q from './queries.js';

/**
 * The ids of every suspended organisation, read as one set: every generation call asks, and
 * suspensions are few. Other nodes see a change within the lookup time.
 */
const suspendedOrgs = new CacheKind<Set<string>>({ ttlMs: LOOKUP_TTL_MS, max: 1 });

export function forgetSuspensions(caches: Caches): void {
  caches.of(suspendedOrgs).clear();
}

export function isOrgSuspended(db: Db, caches: Caches, orgId: string): MaybePromise<boolean> {
  const cache = caches.of(suspendedOrgs);
  const known = cache.get('all');
  if (known) return known.has(orgId);
  return cache.fetch('all', async () => new Set(await q.suspendedOrgIds(db))).then((ids) => ids.has(orgId));
}

/** The access check's lookups of staff restrictions. */
export function restrictionLookups(
  db: Db,
  caches: Caches,
): Pick<AccessLookups, 'signInDisabled' | 'orgSuspended'> {
  return {
    signInDisabled: (accountId) => q.isSignInBlocked(db, accountId),
    orgSuspended: (orgId) => isOrgSuspended(db, caches, orgId),
  };
}

/** Whether the built-in provider must refuse this user's sign-in (their account is disabled). */
export function builtinSignInRefused(db: Db): (issuer: string, subject: string) => Promise<boolean> {
  return (issuer, subject) => q.isIdentityBlocked(db, issuer, subject);
}
