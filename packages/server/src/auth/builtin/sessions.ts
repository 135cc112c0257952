import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.js';
import { oidcPayloads } from '../../db/schema.js';

/** What the provider stores per signed-in account: browser sessions, grants and what they issued. */
const accountModels = ['Session', 'Grant', 'RefreshToken', 'AuthorizationCode', 'AccessToken'];

/**
 * Ends the account's sessions (after a password change or reset): its provider sessions, grants
 * and refresh tokens are deleted, so no browser stays signed in and no refresh token renews.
 * `keepGrantId` spares the grant of the caller's own console session and the session holding it.
 * Access tokens already issued name their grant and are refused once it is gone.
 */
export async function endSessions(db: Db, accountId: string, keepGrantId?: string): Promise<number> {
  const ofAccount = and(
    inArray(oidcPayloads.model, accountModels),
    sql`${oidcPayloads.payload} ->> 'accountId' = ${accountId}`,
  );
  const spared = keepGrantId
    ? and(
        or(isNull(oidcPayloads.grantId), ne(oidcPayloads.grantId, keepGrantId)),
        // A session names its grants under authorizations.<client>.grantId.
        sql`NOT jsonb_path_exists(${oidcPayloads.payload}, '$.authorizations.*.grantId ? (@ == $g)', jsonb_build_object('g', ${keepGrantId}::text))`,
        ne(oidcPayloads.id, keepGrantId),
      )
    : undefined;
  const deleted = await db
    .delete(oidcPayloads)
    .where(spared ? and(ofAccount, spared) : ofAccount)
    .returning({ id: oidcPayloads.id });
  return deleted.length;
}

/** How many provider sessions the account has (tests and the account page count them). */
export async function countSessions(db: Db, accountId: string): Promise<number> {
  const rows = await db
    .select({ id: oidcPayloads.id })
    .from(oidcPayloads)
    .where(
      and(eq(oidcPayloads.model, 'Session'), sql`${oidcPayloads.payload} ->> 'accountId' = ${accountId}`),
    );
  return rows.length;
}

/** Whether the provider still holds this grant (unexpired). */
export async function grantExists(db: Db, grantId: string): Promise<boolean> {
  const rows = await db
    .select({ id: oidcPayloads.id })
    .from(oidcPayloads)
    .where(
      and(
        eq(oidcPayloads.model, 'Grant'),
        eq(oidcPayloads.id, grantId),
        or(isNull(oidcPayloads.expiresAt), sql`${oidcPayloads.expiresAt} > now()`),
      ),
    );
  return rows.length > 0;
}
