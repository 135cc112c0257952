// Accounts as staff see and change them: sign-in and staff levels.
import {
  AdminMessages,
  type AdminUser,
  type AdminUserListQuery,
  type AdminUserPage,
  permissionsOf,
  staffLevelOf,
  type UpdateAdminUser,
} from '@slugsmith/contract';
import type { FastifyRequest } from 'fastify';
import { requireAccount } from '../../auth/access.js';
import type { Db } from '../../db/connect.js';
import { ApiError } from '../../platform/errors.js';
import { requireVerifiedEmail } from '../accounts/service.js';
import { auditRequest } from '../audit/service.js';
import * as q from './queries.js';

function toUser(row: q.UserRow, orgs: q.UserOrgRow[]): AdminUser {
  return {
    id: row.id,
    email: row.email,
    slug: row.slug,
    created_at: row.createdAt.toISOString(),
    staff: staffLevelOf(row.permissions),
    sign_in_disabled: row.signInDisabled,
    organisations: orgs
      .filter((o) => o.accountId === row.id)
      .map((o) => ({ slug: o.slug, name: o.name, personal: Boolean(o.personal), role: o.role })),
  };
}

export async function listUsers(db: Db, query: AdminUserListQuery): Promise<AdminUserPage> {
  const { rows, total } = await q.listUsers(db, query, query.offset, query.limit);
  const orgs = await q.orgsOfUsers(
    db,
    rows.map((r) => r.id),
  );
  return { items: rows.map((r) => toUser(r, orgs)), total, offset: query.offset, limit: query.limit };
}

async function userOrNotFound(db: Db, id: string): Promise<q.UserRow> {
  const row = await q.findUser(db, id);
  if (!row) throw ApiError.notFound(AdminMessages.userNotFound, { reason: 'user_not_found' });
  return row;
}

export async function getUser(db: Db, id: string): Promise<AdminUser> {
  const row = await userOrNotFound(db, id);
  return toUser(row, await q.orgsOfUsers(db, [id]));
}

/** What the audit log keeps of an account. */
const auditView = (row: q.UserRow) => ({
  email: row.email,
  staff: staffLevelOf(row.permissions),
  sign_in_disabled: row.signInDisabled,
});

/**
 * Disables or enables sign-in and grants or revokes a staff level. Staff never lock themselves
 * out: an admin can neither lower their own level nor disable their own sign-in (409).
 */
export async function updateUser(
  db: Db,
  request: FastifyRequest,
  id: string,
  changes: UpdateAdminUser,
): Promise<AdminUser> {
  const caller = requireAccount(request);
  const before = await userOrNotFound(db, id);
  const self = caller.id === before.id;
  if (self && changes.staff !== undefined && changes.staff !== 'admin') {
    throw ApiError.conflict(AdminMessages.ownAdminLevel, { reason: 'own_admin_level' });
  }
  if (self && changes.sign_in_disabled === true) {
    throw ApiError.conflict(AdminMessages.ownSignIn, { reason: 'own_sign_in' });
  }
  // Staff levels only for a verified address: an account squatting someone's e-mail gets none.
  if (changes.staff && changes.staff !== staffLevelOf(before.permissions))
    await requireVerifiedEmail(db, id, 409);
  if (changes.staff !== undefined && changes.staff !== staffLevelOf(before.permissions)) {
    await q.setPermissions(db, id, permissionsOf(changes.staff));
  }
  if (changes.sign_in_disabled === true && !before.signInDisabled) await q.blockSignIn(db, id, caller.id);
  if (changes.sign_in_disabled === false && before.signInDisabled) await q.unblockSignIn(db, id);
  const after = await userOrNotFound(db, id);
  await auditRequest(db, request, {
    action: 'user.update',
    objectType: 'user',
    objectId: id,
    before: auditView(before),
    after: auditView(after),
  });
  return toUser(after, await q.orgsOfUsers(db, [id]));
}
