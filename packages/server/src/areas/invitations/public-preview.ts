import { createHash } from 'node:crypto';
import {
  ErrorBody,
  InvitationMessages,
  InvitationPublicPreview,
  InvitationTokenParams,
} from '@slugsmith/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/connect.js';
import { accounts, organisations, orgInvitations } from '../../db/schema.js';
import { ApiError } from '../../platform/errors.js';

/** The stored form of a link's secret, as the service keeps it (the integration test proves they agree). */
const hashInvitationToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * The open, unexpired invitation of a link: its organisation's name and the inviter's address.
 * Its own query (not the area's queries.ts) so that it reads nothing else of the invitation.
 */
export async function publicInvitationPreview(db: Db, token: string): Promise<InvitationPublicPreview> {
  const [row] = await db
    .select({ orgName: organisations.name, invitedBy: accounts.email })
    .from(orgInvitations)
    .innerJoin(organisations, eq(organisations.id, orgInvitations.orgId))
    .leftJoin(accounts, eq(accounts.id, orgInvitations.invitedBy))
    .where(
      and(
        eq(orgInvitations.tokenHash, hashInvitationToken(token)),
        isNull(orgInvitations.acceptedAt),
        isNull(orgInvitations.revokedAt),
        gt(orgInvitations.expiresAt, new Date()),
      ),
    );
  // Expired, used, revoked or unknown read alike: the link reveals no more than that it works.
  if (!row) throw ApiError.notFound(InvitationMessages.notFound, { reason: 'invitation_not_found' });
  return { org_name: row.orgName, invited_by: row.invitedBy ?? null };
}

/**
 * `GET /invitations/:token/public`: what a visitor without an account sees on an invitation link,
 * so that the page can name the organisation and the inviter and offer sign-up.
 */
export function invitationPublicPreviewRoute(app: FastifyInstance, db: Db): void {
  app.withTypeProvider<ZodTypeProvider>().get('/invitations/:token/public', {
    config: { access: 'public' },
    schema: {
      tags: ['organisations'],
      summary: 'The organisation and inviter of an invitation link, for a visitor not signed in yet',
      description:
        'What a visitor who is not signed in may see of an invitation link: the organisation and who invited them.',
      params: InvitationTokenParams,
      response: { 200: InvitationPublicPreview, 400: ErrorBody, 404: ErrorBody },
    },
    handler: async (request) => publicInvitationPreview(db, request.params.token),
  });
}
