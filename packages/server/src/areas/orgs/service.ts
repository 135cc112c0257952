import {
  ErrorMessages,
  type Member,
  type Organisation,
  type OrgRole,
  orgRoleRank,
  slugify,
} from '@slugsmith/contract';
import type { CallerAccount, CallerOrg } from '../../auth/access.js';
import type { Db } from '../../db/connect.js';
import { isUniqueViolation } from '../../db/errors.js';
import { ApiError } from '../../platform/errors.js';
import { withSuffix } from '../../platform/slugs.js';
import * as q from './queries.js';

export function toOrganisation(org: CallerOrg): Organisation {
  return {
    slug: org.slug,
    name: org.name,
    role: org.role,
    personal: org.personal,
    created_at: org.createdAt.toISOString(),
  };
}

function toMember(row: q.MemberRow): Member {
  return { slug: row.slug, email: row.email, role: row.role, joined_at: row.joinedAt.toISOString() };
}

const slugConflict = () => ApiError.conflict('This slug is taken', { reason: 'slug_taken', field: 'slug' });
const lastOwner = () =>
  ApiError.conflict('An organisation needs at least one owner', { reason: 'last_owner' });

export async function listOrganisations(db: Db, account: CallerAccount): Promise<Organisation[]> {
  return (await q.listOrgsOf(db, account.id)).map(toOrganisation);
}

export async function createOrganisation(
  db: Db,
  account: CallerAccount,
  input: { name: string; slug?: string },
  language?: string,
): Promise<Organisation> {
  if (input.slug !== undefined) {
    try {
      return toOrganisation(
        await q.insertOrg(db, { slug: input.slug, name: input.name, ownerId: account.id }),
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw slugConflict();
      throw error;
    }
  }
  // No slug asked for: derive one from the name (transliterated by the caller's language) and
  // retry with a suffix while it is taken.
  let slug = slugify(input.name, language);
  for (let attempt = 0; attempt < 8; attempt++) {
    try {
      return toOrganisation(await q.insertOrg(db, { slug, name: input.name, ownerId: account.id }));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      slug = withSuffix(slugify(input.name, language));
    }
  }
  throw slugConflict();
}

export async function updateOrganisation(
  db: Db,
  org: CallerOrg,
  changes: { name?: string; slug?: string },
): Promise<Organisation> {
  if (changes.name === undefined && changes.slug === undefined) return toOrganisation(org);
  try {
    const row = await q.updateOrg(db, org.id, changes);
    return toOrganisation({ ...org, slug: row.slug, name: row.name });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugConflict();
    throw error;
  }
}

/**
 * Ends what organisations still pay for at the payment provider (billing wires it in app.ts);
 * throws when it cannot, and then nothing is deleted.
 */
export type EndPaidSubscriptions = (orgIds: readonly string[]) => Promise<void>;

/** Deletes the organisation after its paid subscriptions were cancelled at the provider. */
export async function deleteOrganisation(
  db: Db,
  org: CallerOrg,
  endPaidSubscriptions: EndPaidSubscriptions,
): Promise<void> {
  if (org.personal) {
    throw ApiError.conflict('The personal organisation cannot be deleted', {
      reason: 'personal_organisation',
    });
  }
  await endPaidSubscriptions([org.id]);
  await q.deleteOrg(db, org.id);
}

export async function listMembers(db: Db, org: CallerOrg): Promise<Member[]> {
  return (await q.listMembers(db, org.id)).map(toMember);
}

async function memberOrNotFound(db: Db, org: CallerOrg, slug: string): Promise<q.MemberRow> {
  const member = await q.findMember(db, org.id, slug);
  if (!member) throw ApiError.notFound();
  return member;
}

export async function getMember(db: Db, org: CallerOrg, slug: string): Promise<Member> {
  return toMember(await memberOrNotFound(db, org, slug));
}

/** Only owners hand out or take away the owner role. */
function assertMayTouchRole(org: CallerOrg, ...roles: OrgRole[]): void {
  if (roles.includes('owner') && org.role !== 'owner') {
    throw ApiError.forbidden(ErrorMessages.insufficientPermissions, {
      reason: 'insufficient_permissions',
      required_role: 'owner',
    });
  }
}

export async function updateMember(db: Db, org: CallerOrg, slug: string, role: OrgRole): Promise<Member> {
  const member = await memberOrNotFound(db, org, slug);
  assertMayTouchRole(org, member.role, role);
  if ((await q.changeMembershipKeepingAnOwner(db, org.id, member.accountId, { role })) === 'last-owner') {
    throw lastOwner();
  }
  return { ...toMember(member), role };
}

/** Admins remove members; anyone may leave; owners are removed by owners; one owner always stays. */
export async function removeMember(
  db: Db,
  org: CallerOrg,
  caller: CallerAccount,
  slug: string,
): Promise<void> {
  const member = await memberOrNotFound(db, org, slug);
  const leaving = member.accountId === caller.id;
  if (!leaving && orgRoleRank[org.role] < orgRoleRank.admin) {
    throw ApiError.forbidden(ErrorMessages.insufficientPermissions, {
      reason: 'insufficient_permissions',
      required_role: 'admin',
    });
  }
  if (!leaving) assertMayTouchRole(org, member.role);
  if ((await q.changeMembershipKeepingAnOwner(db, org.id, member.accountId, 'remove')) === 'last-owner') {
    throw lastOwner();
  }
}
