import type { OrgRole } from '@slugsmith/contract';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/connect.js';
import { isUniqueViolation } from '../../db/errors.js';
import { accounts, memberships, organisations, orgInvitations } from '../../db/schema.js';

export type InvitationRow = typeof orgInvitations.$inferSelect;

const open = and(isNull(orgInvitations.acceptedAt), isNull(orgInvitations.revokedAt));
const sameEmail = (email: string) => sql`lower(${orgInvitations.email}) = lower(${email})`;

/** The open (neither accepted nor revoked) invitations of an organisation, newest first. */
export async function listOpen(db: Db, orgId: string) {
  const inviter = alias(accounts, 'inviter');
  return db
    .select({ invitation: orgInvitations, invitedBy: inviter.email })
    .from(orgInvitations)
    .leftJoin(inviter, eq(inviter.id, orgInvitations.invitedBy))
    .where(and(eq(orgInvitations.orgId, orgId), open))
    .orderBy(desc(orgInvitations.createdAt));
}

/**
 * Invites an address: a new open invitation, or the open one of the same address renewed (new
 * link, role and expiry; the old link stops working). One open invitation per address and organisation.
 */
export async function putInvitation(
  db: Db,
  input: {
    orgId: string;
    email: string;
    role: OrgRole;
    tokenHash: string;
    invitedBy: string;
    expiresAt: Date;
  },
): Promise<InvitationRow> {
  const renew = () =>
    db
      .update(orgInvitations)
      .set({
        role: input.role,
        tokenHash: input.tokenHash,
        invitedBy: input.invitedBy,
        createdAt: new Date(),
        expiresAt: input.expiresAt,
      })
      .where(and(eq(orgInvitations.orgId, input.orgId), sameEmail(input.email), open))
      .returning();
  const [renewed] = await renew();
  if (renewed) return renewed;
  try {
    const [row] = await db.insert(orgInvitations).values(input).returning();
    return row;
  } catch (error) {
    // Someone invited the same address at the same moment: renew theirs.
    if (!isUniqueViolation(error)) throw error;
    const [row] = await renew();
    if (!row) throw error;
    return row;
  }
}

export async function revoke(db: Db, orgId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(orgInvitations)
    .set({ revokedAt: new Date() })
    .where(and(eq(orgInvitations.id, id), eq(orgInvitations.orgId, orgId), open))
    .returning({ id: orgInvitations.id });
  return rows.length > 0;
}

/** An open invitation by its link's hash, with its organisation. */
export async function findOpenByTokenHash(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ invitation: orgInvitations, orgName: organisations.name, orgSlug: organisations.slug })
    .from(orgInvitations)
    .innerJoin(organisations, eq(organisations.id, orgInvitations.orgId))
    .where(and(eq(orgInvitations.tokenHash, tokenHash), open));
  return row;
}

export async function isMemberByEmail(db: Db, orgId: string, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: accounts.id })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(and(eq(memberships.orgId, orgId), sql`lower(${accounts.email}) = lower(${email})`));
  return rows.length > 0;
}

/**
 * Uses the invitation once: marks it accepted (only while open and unexpired, so two tabs cannot
 * both use it) and makes the account a member with its role; an existing member keeps their role.
 */
export async function accept(
  db: Db,
  tokenHash: string,
  accountId: string,
): Promise<InvitationRow | undefined> {
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(orgInvitations)
      .set({ acceptedAt: new Date(), acceptedBy: accountId })
      .where(and(eq(orgInvitations.tokenHash, tokenHash), open, gt(orgInvitations.expiresAt, new Date())))
      .returning();
    if (!used) return undefined;
    await tx
      .insert(memberships)
      .values({ orgId: used.orgId, accountId, role: used.role })
      .onConflictDoNothing();
    return used;
  });
}

/** The organisation as its new member sees it: role and creation time. */
export async function membershipOf(db: Db, orgId: string, accountId: string) {
  const [row] = await db
    .select({
      role: memberships.role,
      createdAt: organisations.createdAt,
      personalAccountId: organisations.personalAccountId,
    })
    .from(memberships)
    .innerJoin(organisations, eq(organisations.id, memberships.orgId))
    .where(and(eq(memberships.orgId, orgId), eq(memberships.accountId, accountId)));
  return row;
}
