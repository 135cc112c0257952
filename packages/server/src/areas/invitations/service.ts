import { createHash, randomBytes } from 'node:crypto';
import {
  AccountMessages,
  ErrorMessages,
  INVITATION_VALID_DAYS,
  type Invitation,
  InvitationMessages,
  type InvitationPreview,
  type Organisation,
  type OrgRole,
} from '@slugsmith/contract';
import type { CallerAccount, CallerOrg } from '../../auth/access.js';
import type { Db } from '../../db/connect.js';
import { ApiError } from '../../platform/errors.js';
import { interfaceLanguage } from '../../platform/interface-language.js';
import type { Mailer } from '../../platform/mail.js';
import { accountEmailVerified } from '../accounts/service.js';
import { invitationMail } from './mail.js';
import * as q from './queries.js';
import type { AdmitInvitation } from './send-limit.js';

export interface InvitationDeps {
  db: Db;
  mailer: Mailer;
  /** Where the console is reached: the link in the e-mail opens `/invitations/{token}` there. */
  publicUrl: string;
  /** Counts a send against the per-sender and per-organisation bounds; throws 429 beyond them. */
  admit: AdmitInvitation;
}

const dayMs = 24 * 60 * 60 * 1000;
const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

function toInvitation(row: q.InvitationRow, invitedBy: string | null, now = new Date()): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invited_by: invitedBy,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    state: row.expiresAt > now ? 'pending' : 'expired',
  };
}

export async function listInvitations(db: Db, org: CallerOrg): Promise<Invitation[]> {
  return (await q.listOpen(db, org.id)).map((r) => toInvitation(r.invitation, r.invitedBy));
}

/**
 * Invites an address with a role and e-mails it the link (inviting it again sends a new link and
 * the old one stops working). Owners alone invite owners; members are not invited twice. Only a
 * verified sender invites (an unverified account could be anyone's throwaway), within the
 * per-sender and per-organisation bounds. The answer is the same whether or not the address has
 * an account: adding a member by e-mail is this invitation, so nobody joins without consent and
 * nobody learns who has an account.
 */
export async function invite(
  deps: InvitationDeps,
  org: CallerOrg,
  caller: CallerAccount,
  input: { email: string; role: OrgRole; language?: string },
): Promise<Invitation> {
  if (input.role === 'owner' && org.role !== 'owner') {
    throw ApiError.forbidden(ErrorMessages.insufficientPermissions, { required_role: 'owner' });
  }
  if (!(await accountEmailVerified(deps.db, caller.id))) {
    throw ApiError.forbidden(AccountMessages.emailNotVerified, { reason: 'email_not_verified' });
  }
  if (await q.isMemberByEmail(deps.db, org.id, input.email)) {
    throw ApiError.conflict(InvitationMessages.alreadyMember, { reason: 'already_member' });
  }
  await deps.admit(org.id, caller.id);
  const token = randomBytes(32).toString('base64url');
  const row = await q.putInvitation(deps.db, {
    orgId: org.id,
    email: input.email,
    role: input.role,
    tokenHash: hashToken(token),
    invitedBy: caller.id,
    expiresAt: new Date(Date.now() + INVITATION_VALID_DAYS * dayMs),
  });
  const language = interfaceLanguage(input.language);
  await deps.mailer.send(
    invitationMail({
      to: input.email,
      language,
      inviter: caller.email,
      orgName: org.name,
      role: input.role,
      // No language in the link: the invitee's console speaks the invitee's language.
      url: `${deps.publicUrl}/invitations/${token}`,
    }),
  );
  return toInvitation(row, caller.email);
}

export async function revokeInvitation(db: Db, org: CallerOrg, id: string): Promise<void> {
  if (!(await q.revoke(db, org.id, id)))
    throw ApiError.notFound(InvitationMessages.notFound, { reason: 'invitation_not_found' });
}

async function openInvitation(db: Db, token: string) {
  const found = await q.findOpenByTokenHash(db, hashToken(token));
  if (!found) throw ApiError.notFound(InvitationMessages.notFound, { reason: 'invitation_not_found' });
  if (found.invitation.expiresAt <= new Date()) {
    throw ApiError.conflict(InvitationMessages.expired, { reason: 'invitation_expired' });
  }
  return found;
}

/** Why this account may not accept: the invitation names another address, or its own is unverified. */
async function refusal(db: Db, email: string, caller: CallerAccount) {
  if (email.toLowerCase() !== caller.email.toLowerCase()) return 'other_email' as const;
  if (!(await accountEmailVerified(db, caller.id))) return 'email_not_verified' as const;
  return null;
}

export async function previewInvitation(
  db: Db,
  token: string,
  caller: CallerAccount,
): Promise<InvitationPreview> {
  const { invitation, orgName, orgSlug } = await openInvitation(db, token);
  const why = await refusal(db, invitation.email, caller);
  return {
    org_name: orgName,
    org_slug: orgSlug,
    role: invitation.role,
    email: invitation.email,
    expires_at: invitation.expiresAt.toISOString(),
    acceptable: why === null,
    refusal: why,
  };
}

/**
 * Accepts with the invited address only, once verified: a squatter who signed up with someone
 * else's address, or anyone the link was forwarded to, gains nothing.
 */
export async function acceptInvitation(db: Db, token: string, caller: CallerAccount): Promise<Organisation> {
  const { invitation, orgName, orgSlug } = await openInvitation(db, token);
  const why = await refusal(db, invitation.email, caller);
  if (why === 'other_email') throw ApiError.forbidden(InvitationMessages.otherEmail, { reason: why });
  if (why === 'email_not_verified') {
    throw ApiError.forbidden(AccountMessages.emailNotVerified, { reason: why });
  }
  const used = await q.accept(db, hashToken(token), caller.id);
  if (!used) throw ApiError.notFound(InvitationMessages.notFound, { reason: 'invitation_not_found' });
  const membership = await q.membershipOf(db, used.orgId, caller.id);
  if (!membership) throw ApiError.notFound(InvitationMessages.notFound, { reason: 'invitation_not_found' });
  return {
    slug: orgSlug,
    name: orgName,
    role: membership.role,
    personal: membership.personalAccountId !== null,
    created_at: membership.createdAt.toISOString(),
  };
}
