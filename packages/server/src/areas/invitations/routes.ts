import {
  AddMember,
  CreateInvitation,
  ErrorBody,
  Invitation,
  InvitationList,
  InvitationParams,
  InvitationPreview,
  InvitationTokenParams,
  Organisation,
  OrgParams,
} from '@slugsmith/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { requireAccount, requireOrg } from '../../auth/access.js';
import { ApiError } from '../../platform/errors.js';
import { invitationPublicPreviewRoute } from './public-preview.js';
import { invitationLimiter } from './send-limit.js';
import * as service from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const sendErrors = { ...errors, 429: ErrorBody };

/** A send refused by the bounds says when to try again (Retry-After) as well as in its details. */
async function withRetryAfter<T>(reply: FastifyReply, send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    const details = error instanceof ApiError && error.status === 429 ? error.details : undefined;
    const seconds = (details as { retry_after?: unknown } | undefined)?.retry_after;
    if (typeof seconds === 'number') reply.header('retry-after', String(seconds));
    throw error;
  }
}

/** Invitations to organisations by e-mail: sent by owners and admins, accepted by the invitee. */
export function invitationRoutes(app: FastifyInstance, appDeps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['organisations'];
  const { db, mailer, caches, config } = appDeps;
  const deps: service.InvitationDeps = {
    db,
    mailer,
    publicUrl: config.publicUrl,
    // Counted where the plan limits count: every node shares them with Redis.
    admit: invitationLimiter(appDeps.limitStore, caches, config.invitations),
  };

  r.get('/orgs/:org/invitations', {
    config: { access: { orgRole: 'admin' } },
    schema: {
      tags,
      summary: 'Open invitations of an organisation (pending and expired)',
      description: 'Invitations not yet accepted, pending or expired, with the address, role and expiry.',
      params: OrgParams,
      response: { 200: InvitationList, ...errors },
    },
    handler: async (request) => service.listInvitations(db, requireOrg(request)),
  });

  r.post('/orgs/:org/invitations', {
    config: { access: { orgRole: 'admin' } },
    schema: {
      tags,
      summary: 'Invite an e-mail address with a role (again: a new link replaces the old one)',
      description:
        'Sends an invitation link to an e-mail address for a role; inviting the same address again replaces the earlier link. Sends are bounded per sender and organisation (429 with Retry-After).',
      params: OrgParams,
      body: CreateInvitation,
      response: { 201: Invitation, ...sendErrors },
    },
    handler: async (request, reply) => {
      const sent = await withRetryAfter(reply, () =>
        service.invite(deps, requireOrg(request), requireAccount(request), request.body),
      );
      return reply.status(201).send(sent);
    },
  });

  // Product spec §7.2's "members are added by e-mail and a role": by invitation, so that nobody
  // joins without consent; the same answer whether or not the address has an account.
  r.post('/orgs/:org/members', {
    config: { access: { orgRole: 'admin' } },
    schema: {
      tags,
      summary:
        'Add a member by e-mail: invites the address (the account joins when it accepts); the same answer for any address',
      description:
        'Adds a member by e-mail address by inviting it: the account joins when it accepts. The answer is the same whether or not the address has an account.',
      params: OrgParams,
      body: AddMember,
      response: { 202: Invitation, ...sendErrors },
    },
    handler: async (request, reply) => {
      const sent = await withRetryAfter(reply, () =>
        service.invite(deps, requireOrg(request), requireAccount(request), request.body),
      );
      return reply.status(202).send(sent);
    },
  });

  r.delete('/orgs/:org/invitations/:invitation', {
    config: { access: { orgRole: 'admin' } },
    schema: {
      tags,
      summary: 'Revoke an invitation',
      description: 'Revokes an invitation: its link no longer works.',
      params: InvitationParams,
      response: { 204: z.null().describe('Revoked'), ...errors },
    },
    handler: async (request, reply) => {
      await service.revokeInvitation(db, requireOrg(request), request.params.invitation);
      return reply.status(204).send(null);
    },
  });

  r.get('/invitations/:token', {
    config: { access: 'signed-in' },
    schema: {
      tags,
      summary: 'An invitation by its link, and whether the signed-in account may accept it',
      description:
        'The invitation behind a link (organisation, role, inviter, expiry) and whether the signed-in account may accept it.',
      params: InvitationTokenParams,
      response: { 200: InvitationPreview, ...errors },
    },
    handler: async (request) => service.previewInvitation(db, request.params.token, requireAccount(request)),
  });

  r.post('/invitations/:token/accept', {
    config: { access: 'signed-in' },
    schema: {
      tags,
      summary: 'Accept an invitation (the invited, verified address only)',
      description:
        'Joins the organisation with the invited role; only the account with the invited, verified address may accept.',
      params: InvitationTokenParams,
      response: { 200: Organisation, ...errors },
    },
    handler: async (request) => service.acceptInvitation(db, request.params.token, requireAccount(request)),
  });

  invitationPublicPreviewRoute(app, db);
}
