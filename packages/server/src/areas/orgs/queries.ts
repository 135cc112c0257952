import type { OrgRole } from '@slugsmith/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { CallerOrg } from '../../auth/access.js';
import type { Db } from '../../db/connect.js';
import { accounts, memberships, organisations } from '../../db/schema.js';

const orgWithRole = {
  id: organisations.id,
  slug: organisations.slug,
  name: organisations.name,
  personalAccountId: organisations.personalAccountId,
  createdAt: organisations.createdAt,
  role: memberships.role,
};

function toCallerOrg(row: {
  id: string;
  slug: string;
  name: string;
  personalAccountId: string | null;
  createdAt: Date;
  role: OrgRole;
}): CallerOrg {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    personal: row.personalAccountId !== null,
    createdAt: row.createdAt,
    role: row.role,
  };
}

export async function findMembership(
  db: Db,
  orgSlug: string,
  accountId: string,
): Promise<CallerOrg | undefined> {
  const [row] = await db
    .select(orgWithRole)
    .from(organisations)
    .innerJoin(memberships, eq(memberships.orgId, organisations.id))
    .where(and(eq(organisations.slug, orgSlug), eq(memberships.accountId, accountId)));
  return row && toCallerOrg(row);
}

export async function listOrgsOf(db: Db, accountId: string): Promise<CallerOrg[]> {
  const rows = await db
    .select(orgWithRole)
    .from(organisations)
    .innerJoin(memberships, eq(memberships.orgId, organisations.id))
    .where(eq(memberships.accountId, accountId))
    .orderBy(sql`${organisations.personalAccountId} IS NULL`, asc(organisations.slug));
  return rows.map(toCallerOrg);
}

export async function orgSlugTaken(db: Db, slug: string): Promise<boolean> {
  const rows = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.slug, slug));
  return rows.length > 0;
}

export async function insertOrg(
  db: Db,
  input: { slug: string; name: string; ownerId: string },
): Promise<CallerOrg> {
  return db.transaction(async (tx) => {
    const [org] = await tx.insert(organisations).values({ slug: input.slug, name: input.name }).returning();
    await tx.insert(memberships).values({ orgId: org.id, accountId: input.ownerId, role: 'owner' });
    return toCallerOrg({ ...org, role: 'owner' });
  });
}

export async function updateOrg(db: Db, id: string, changes: { slug?: string; name?: string }) {
  const [row] = await db.update(organisations).set(changes).where(eq(organisations.id, id)).returning();
  return row;
}

export async function deleteOrg(db: Db, id: string): Promise<void> {
  await db.delete(organisations).where(eq(organisations.id, id));
}

const memberColumns = {
  accountId: accounts.id,
  slug: accounts.slug,
  email: accounts.email,
  role: memberships.role,
  joinedAt: memberships.createdAt,
};

export type MemberRow = { accountId: string; slug: string; email: string; role: OrgRole; joinedAt: Date };

export async function listMembers(db: Db, orgId: string): Promise<MemberRow[]> {
  return db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(eq(memberships.orgId, orgId))
    .orderBy(asc(memberships.createdAt), asc(accounts.slug));
}

export async function findMember(db: Db, orgId: string, accountSlug: string): Promise<MemberRow | undefined> {
  const [row] = await db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(and(eq(memberships.orgId, orgId), eq(accounts.slug, accountSlug)));
  return row;
}

/**
 * Changes a member's role or removes them while keeping at least one owner. The owners' rows are
 * locked first so that two owners demoting each other at the same time cannot both succeed.
 */
export async function changeMembershipKeepingAnOwner(
  db: Db,
  orgId: string,
  accountId: string,
  change: { role: OrgRole } | 'remove',
): Promise<'ok' | 'last-owner'> {
  return db.transaction(async (tx) => {
    const owners = await tx
      .select({ accountId: memberships.accountId })
      .from(memberships)
      .where(and(eq(memberships.orgId, orgId), eq(memberships.role, 'owner')))
      .for('update');
    const isOwner = owners.some((o) => o.accountId === accountId);
    const staysOwner = change !== 'remove' && change.role === 'owner';
    if (isOwner && !staysOwner && owners.length === 1) return 'last-owner';
    const where = and(eq(memberships.orgId, orgId), eq(memberships.accountId, accountId));
    if (change === 'remove') await tx.delete(memberships).where(where);
    else await tx.update(memberships).set({ role: change.role }).where(where);
    return 'ok';
  });
}

export type OrgSummaryRow = { id: string; slug: string; name: string };
const summary = { id: organisations.id, slug: organisations.slug, name: organisations.name };

export async function orgBySlug(db: Db, slug: string): Promise<OrgSummaryRow | undefined> {
  const [row] = await db.select(summary).from(organisations).where(eq(organisations.slug, slug));
  return row;
}

export async function orgById(db: Db, id: string): Promise<OrgSummaryRow | undefined> {
  const [row] = await db.select(summary).from(organisations).where(eq(organisations.id, id));
  return row;
}

export async function personalOrgIds(db: Db, accountId: string): Promise<string[]> {
  const rows = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.personalAccountId, accountId));
  return rows.map((r) => r.id);
}

/**
 * The organisations (not the personal one) in which this account is the only owner: deleting the
 * account would leave them without one.
 */
export async function orgsLastOwnedBy(db: Db, accountId: string): Promise<string[]> {
  const rows = await db
    .select({ slug: organisations.slug })
    .from(memberships)
    .innerJoin(organisations, eq(organisations.id, memberships.orgId))
    .where(
      and(
        eq(memberships.accountId, accountId),
        eq(memberships.role, 'owner'),
        sql`${organisations.personalAccountId} IS NULL`,
        sql`NOT EXISTS (SELECT 1 FROM ${memberships} other WHERE other.org_id = ${memberships.orgId}
              AND other.role = 'owner' AND other.account_id <> ${accountId})`,
      ),
    )
    .orderBy(organisations.slug);
  return rows.map((r) => r.slug);
}
