// What other areas read of organisations: they ask here instead of querying the table themselves.
// (Their own queries may still join `organisations` for a name or slug beside their own rows.)
import type { CallerOrg } from '../../auth/access.js';
import type { Db } from '../../db/connect.js';
import * as q from './queries.js';

export type OrgSummary = q.OrgSummaryRow;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function findOrgBySlug(db: Db, slug: string): Promise<OrgSummary | undefined> {
  return q.orgBySlug(db, slug);
}

/** Undefined for none, and for anything that is not a uuid (a provider's payload may name any). */
export async function findOrgById(db: Db, id: string): Promise<OrgSummary | undefined> {
  return uuid.test(id) ? q.orgById(db, id) : undefined;
}

export async function orgExists(db: Db, id: string): Promise<boolean> {
  return (await findOrgById(db, id)) !== undefined;
}

export function orgSlugTaken(db: Db, slug: string): Promise<boolean> {
  return q.orgSlugTaken(db, slug);
}

/** The organisation `slug` with the account's role in it; undefined when the account is no member. */
export function findMembership(db: Db, slug: string, accountId: string): Promise<CallerOrg | undefined> {
  return q.findMembership(db, slug, accountId);
}

/** The account's personal organisation (none, or one). */
export function personalOrgIds(db: Db, accountId: string): Promise<string[]> {
  return q.personalOrgIds(db, accountId);
}

/** Slugs of the organisations (not the personal one) the account is the only owner of. */
export function orgsLastOwnedBy(db: Db, accountId: string): Promise<string[]> {
  return q.orgsLastOwnedBy(db, accountId);
}
