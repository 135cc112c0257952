import { Email, Timestamp } from './common.js';
import { OrgParams, OrgRole } from './organisations.js';
import { z } from './zod.js';

/** How long an invitation can be accepted. */
export const INVITATION_VALID_DAYS = 7;

/** An invitation to join an organisation, as its owners and admins see it. */
export const Invitation = z
  .object({
    id: z.uuid(),
    email: z.string(),
    role: OrgRole,
    /** The address of the member who sent it (null: that account is gone). */
    invited_by: z.string().nullable(),
    created_at: Timestamp,
    expires_at: Timestamp,
    /** pending: can be accepted; expired: past expires_at (invite again to send a new link). */
    state: z.enum(['pending', 'expired']),
  })
  .meta({ id: 'Invitation' });
export type Invitation = z.infer<typeof Invitation>;

export const InvitationList = z.array(Invitation).meta({ id: 'InvitationList' });

export const CreateInvitation = z
  .object({
    email: Email,
    role: OrgRole,
    /** The language of the e-mail (the inviter's interface language; default en-GB). */
    language: z.string().max(35).optional(),
  })
  .strict()
  .meta({ id: 'CreateInvitation' });
export type CreateInvitation = z.infer<typeof CreateInvitation>;

export const InvitationParams = OrgParams.extend({ invitation: z.uuid().describe("The invitation's id") });

/** The secret of an invitation link (`/invitations/{token}` in the console). */
export const InvitationTokenParams = z.object({
  token: z.string().min(20).max(100).describe('The secret of the invitation link'),
});

/** What the invitee sees before accepting. */
export const InvitationPreview = z
  .object({
    org_name: z.string(),
    org_slug: z.string(),
    role: OrgRole,
    email: z.string(),
    expires_at: Timestamp,
    /** Whether the signed-in account may accept it (same address, verified). */
    acceptable: z.boolean(),
    /** Why not, when it may not: another address, or an unverified one. */
    refusal: z.enum(['other_email', 'email_not_verified']).nullable(),
  })
  .meta({ id: 'InvitationPreview' });
export type InvitationPreview = z.infer<typeof InvitationPreview>;

/**
 * What anyone holding the link sees before signing in or up: the organisation and who invited,
 * nothing else (not the address, role or expiry).
 */
export const InvitationPublicPreview = z
  .object({
    org_name: z.string(),
    /** The inviter's e-mail address, as the invitation e-mail names them; null once they left. */
    invited_by: z.string().nullable(),
  })
  .meta({ id: 'InvitationPublicPreview' });
export type InvitationPublicPreview = z.infer<typeof InvitationPublicPreview>;

export const InvitationMessages = {
  notFound: 'This invitation does not exist, was revoked or has already been used',
  expired: 'This invitation has expired. Ask for a new one',
  otherEmail: 'This invitation was sent to another email address',
  alreadyMember: 'Already a member',
} as const;
