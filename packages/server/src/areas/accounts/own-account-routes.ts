import { AccountDeletionMessages, AccountSessions, EndedSessions, ErrorBody } from '@slugsmith/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccount } from '../../auth/access.js';
import { countSessions, endSessions } from '../../auth/builtin/sessions.js';
import { builtinIssuerKey } from '../../auth/builtin/users.js';
import type { Db } from '../../db/connect.js';
import { accounts, localUsers, memberships, organisations } from '../../db/schema.js';
import { ApiError } from '../../platform/errors.js';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

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

/**
 * Deletes the account: its memberships and personal organisation go with it (cascades); for a
 * built-in account also its password and the provider's sessions, grants and refresh tokens.
 */
export async function deleteOwnAccount(db: Db, accountId: string): Promise<void> {
  const lastOwned = await orgsLastOwnedBy(db, accountId);
  if (lastOwned.length > 0) {
    throw ApiError.conflict(AccountDeletionMessages.lastOwner, {
      reason: 'last_owner',
      organisations: lastOwned,
    });
  }
  const [row] = await db.delete(accounts).where(eq(accounts.id, accountId)).returning();
  // Built-in accounts' subjects are their local user ids (uuids).
  if (row?.issuer === builtinIssuerKey && /^[0-9a-f-]{36}$/i.test(row.subject)) {
    await db.delete(localUsers).where(eq(localUsers.id, row.subject));
    await endSessions(db, row.subject);
  }
}

/** The built-in provider's account id behind the caller's token (none for other issuers). */
function builtinSubject(request: FastifyRequest): string | undefined {
  const token = request.caller.token;
  return token?.issuerKey === builtinIssuerKey ? token.subject : undefined;
}

/** The account page's own actions (issue 23): sessions, sign out of the others, delete the account. */
export function ownAccountRoutes(app: FastifyInstance, db: Db): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['accounts'];

  r.get('/account/sessions', {
    config: { access: 'account' },
    schema: {
      tags,
      summary: 'How many browser sessions the account has at the built-in provider',
      response: { 200: AccountSessions, ...errors },
    },
    handler: async (request) => {
      requireAccount(request);
      const subject = builtinSubject(request);
      return { count: subject ? await countSessions(db, subject) : 0 };
    },
  });

  r.delete('/account/sessions/others', {
    config: { access: 'account' },
    schema: {
      tags,
      summary: 'Sign out of every other session (this console session stays)',
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

  r.delete('/account', {
    config: { access: 'account' },
    schema: {
      tags,
      summary: 'Delete the account (refused while it is the last owner of an organisation)',
      response: { 204: z.null().describe('Deleted'), ...errors },
    },
    handler: async (request, reply) => {
      await deleteOwnAccount(db, requireAccount(request).id);
      return reply.status(204).send(null);
    },
  });
}
