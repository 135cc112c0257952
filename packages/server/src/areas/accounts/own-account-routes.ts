import {
  AccountDeletionMessages,
  AccountLanguage,
  AccountSessions,
  EndedSessions,
  ErrorBody,
} from '@slugsmith/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { requireAccount } from '../../auth/access.js';
import { endSession, forgetSessionActivity, listSessions } from '../../auth/builtin/session-activity.js';
import { endSessions } from '../../auth/builtin/sessions.js';
import { builtinIssuerKey, setUserLanguage } from '../../auth/builtin/users.js';
import type { Db } from '../../db/connect.js';
import { accounts, localUsers } from '../../db/schema.js';
import { ApiError } from '../../platform/errors.js';
import { describeUserAgent } from '../../platform/user-agent.js';
import { orgsLastOwnedBy, personalOrgIds } from '../orgs/read.js';
import type { EndPaidSubscriptions } from '../orgs/service.js';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/**
 * Deletes the account: its memberships and personal organisation go with it (cascades, after the
 * personal organisation's paid subscriptions were cancelled at the provider); for a
 * built-in account also its password and the provider's sessions, grants and refresh tokens.
 */
export async function deleteOwnAccount(
  db: Db,
  accountId: string,
  endPaidSubscriptions: EndPaidSubscriptions,
): Promise<void> {
  const lastOwned = await orgsLastOwnedBy(db, accountId);
  if (lastOwned.length > 0) {
    throw ApiError.conflict(AccountDeletionMessages.lastOwner, {
      reason: 'last_owner',
      organisations: lastOwned,
    });
  }
  // The personal organisation goes with the account: what it pays for ends first.
  await endPaidSubscriptions(await personalOrgIds(db, accountId));
  const [row] = await db.delete(accounts).where(eq(accounts.id, accountId)).returning();
  if (row?.issuer === builtinIssuerKey && uuid.test(row.subject)) {
    await db.delete(localUsers).where(eq(localUsers.id, row.subject));
    await endSessions(db, row.subject);
    // Addresses and browsers are personal data: they go with the account, not at session expiry.
    await forgetSessionActivity(db, row.subject);
  }
}

/** The built-in provider's account id behind the caller's token (none for other issuers). */
function builtinSubject(request: FastifyRequest): string | undefined {
  const token = request.caller.token;
  // Built-in subjects are local user ids (uuids); anything else is no built-in account.
  return token?.issuerKey === builtinIssuerKey && uuid.test(token.subject) ? token.subject : undefined;
}

/** The account page's own actions: sessions, sign out of the others, delete the account. */
export function ownAccountRoutes(app: FastifyInstance, { db, endPaidSubscriptions }: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['accounts'];

  r.get('/account/sessions', {
    config: { access: 'account' },
    schema: {
      tags,
      summary: 'The browser sessions the account has at the built-in provider',
      description:
        "The account's sessions at the built-in sign-in provider: browser, address, when started and last used, this one marked.",
      response: { 200: AccountSessions, ...errors },
    },
    handler: async (request) => {
      requireAccount(request);
      const subject = builtinSubject(request);
      if (!subject) return { count: 0, items: [] };
      const grant = request.caller.token?.claims.grant_id;
      const items = (await listSessions(db, subject)).map((s) => ({
        id: s.id,
        ...describeUserAgent(s.userAgent),
        address: s.address,
        started_at: s.startedAt.toISOString(),
        last_used_at: s.lastUsedAt.toISOString(),
        current: typeof grant === 'string' && s.grantIds.includes(grant),
      }));
      return { count: items.length, items };
    },
  });

  r.delete('/account/sessions/:id', {
    config: { access: 'account' },
    schema: {
      tags,
      summary: 'Sign one session out (its tokens stop working at once)',
      description: 'Signs one session out; its tokens stop working at once.',
      params: z.object({
        id: z.string().min(1).max(200).describe("The session's id (from the session list)"),
      }),
      response: { 204: z.null().describe('Signed out'), ...errors },
    },
    handler: async (request, reply) => {
      requireAccount(request);
      const subject = builtinSubject(request);
      // Another account's session is as unknown as one that never existed.
      if (!subject || !(await endSession(db, subject, request.params.id))) {
        throw ApiError.notFound('No such session', { reason: 'session_not_found' });
      }
      return reply.status(204).send(null);
    },
  });

  r.delete('/account/sessions/others', {
    config: { access: 'account' },
    schema: {
      tags,
      summary: 'Sign out of every other session (this console session stays)',
      description: 'Signs every session out except the one making the call.',
      response: { 200: EndedSessions, ...errors },
    },
    handler: async (request) => {
      requireAccount(request);
      const subject = builtinSubject(request);
      const grant = request.caller.token?.claims.grant_id;
      if (!subject || typeof grant !== 'string') return { ended: 0 };
      return { ended: await endSessions(db, subject, grant) };
    },
  });

  r.put('/account/language', {
    config: { access: 'account' },
    schema: {
      tags,
      summary: 'The language of the e-mail the account receives (verification, reset)',
      description:
        'The language of the e-mail the account receives (verification, password reset, invitations).',
      body: AccountLanguage,
      response: {
        200: z.object({ stored: z.boolean() }).describe('Stored for a built-in account'),
        ...errors,
      },
    },
    handler: async (request) => {
      requireAccount(request);
      const subject = builtinSubject(request);
      if (!subject) return { stored: false };
      await setUserLanguage(db, subject, request.body.language);
      return { stored: true };
    },
  });

  r.delete('/account', {
    config: { access: 'account' },
    schema: {
      tags,
      summary: 'Delete the account (refused while it is the last owner of an organisation)',
      description: 'Deletes the account; refused (409) while it is the last owner of another organisation.',
      response: { 204: z.null().describe('Deleted'), ...errors, 502: ErrorBody },
    },
    handler: async (request, reply) => {
      await deleteOwnAccount(db, requireAccount(request).id, endPaidSubscriptions);
      return reply.status(204).send(null);
    },
  });
}
