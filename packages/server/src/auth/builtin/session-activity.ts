import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.js';
import { oidcPayloads } from '../../db/schema.js';

/**
 * What the account page shows of each provider session beyond what oidc-provider stores: the
 * device and address it was last used from and when. Kept beside the provider's rows (model
 * `SessionActivity`, id = the session's public uid) and expiring with the session; the session's
 * own id is its cookie value and never leaves the server.
 */
const activityModel = 'SessionActivity';
const maxUserAgent = 512;

export interface SessionFacts {
  address: string;
  userAgent: string | undefined;
}

export interface SessionSummary {
  /** The session's public uid (not its cookie value). */
  id: string;
  startedAt: Date;
  lastUsedAt: Date;
  address: string | null;
  userAgent: string | null;
  /** The grants the session holds; the console session's token names one of them. */
  grantIds: string[];
}

interface SessionPayload {
  accountId?: string;
  uid?: string;
  loginTs?: number;
  exp?: number;
  authorizations?: Record<string, { grantId?: string }>;
}

const notExpired = or(isNull(oidcPayloads.expiresAt), sql`${oidcPayloads.expiresAt} > now()`);

/** Notes that a signed-in session was used now, from this address and browser. */
export async function recordSessionActivity(
  db: Db,
  session: { uid: string; accountId: string; exp?: number },
  facts: SessionFacts,
): Promise<void> {
  const row = {
    model: activityModel,
    id: session.uid,
    payload: {
      accountId: session.accountId,
      address: facts.address,
      userAgent: facts.userAgent?.slice(0, maxUserAgent) ?? null,
      lastUsedAt: new Date().toISOString(),
    },
    // Gone with the session; without an expiry a day at most (start-up clears expired rows).
    expiresAt: new Date(session.exp ? session.exp * 1000 : Date.now() + 86_400_000),
  };
  await db
    .insert(oidcPayloads)
    .values(row)
    .onConflictDoUpdate({ target: [oidcPayloads.model, oidcPayloads.id], set: row });
}

/** The account's live provider sessions, most recently used first. */
export async function listSessions(db: Db, accountId: string): Promise<SessionSummary[]> {
  const sessions = await db
    .select({ uid: oidcPayloads.uid, payload: oidcPayloads.payload })
    .from(oidcPayloads)
    .where(
      and(
        eq(oidcPayloads.model, 'Session'),
        sql`${oidcPayloads.payload} ->> 'accountId' = ${accountId}`,
        notExpired,
      ),
    );
  const uids = sessions.map((s) => s.uid).filter((u): u is string => !!u);
  const activity = uids.length
    ? await db
        .select({ id: oidcPayloads.id, payload: oidcPayloads.payload })
        .from(oidcPayloads)
        .where(and(eq(oidcPayloads.model, activityModel), inArray(oidcPayloads.id, uids)))
    : [];
  const activityOf = new Map(activity.map((a) => [a.id, a.payload]));
  const summaries: SessionSummary[] = [];
  for (const s of sessions) {
    const p = s.payload as SessionPayload;
    if (!s.uid) continue;
    const seen = activityOf.get(s.uid) as
      | { address?: string; userAgent?: string | null; lastUsedAt?: string }
      | undefined;
    const startedAt = new Date((p.loginTs ?? 0) * 1000);
    summaries.push({
      id: s.uid,
      startedAt,
      lastUsedAt: seen?.lastUsedAt ? new Date(seen.lastUsedAt) : startedAt,
      address: seen?.address ?? null,
      userAgent: seen?.userAgent ?? null,
      grantIds: grantsOf(p),
    });
  }
  return summaries.sort((a, b) => b.lastUsedAt.getTime() - a.lastUsedAt.getTime());
}

function grantsOf(payload: SessionPayload): string[] {
  return Object.values(payload.authorizations ?? {})
    .map((a) => a.grantId)
    .filter((g): g is string => typeof g === 'string');
}

/**
 * Signs one session of the account out: the session, its grants and what they issued (refresh
 * and access tokens name their grant and are refused once it is gone). False when the account
 * has no such session (another account's uid included).
 */
export async function endSession(db: Db, accountId: string, uid: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [session] = await tx
      .delete(oidcPayloads)
      .where(
        and(
          eq(oidcPayloads.model, 'Session'),
          eq(oidcPayloads.uid, uid),
          sql`${oidcPayloads.payload} ->> 'accountId' = ${accountId}`,
        ),
      )
      .returning({ payload: oidcPayloads.payload });
    if (!session) return false;
    const grants = grantsOf(session.payload as SessionPayload);
    if (grants.length) {
      await tx
        .delete(oidcPayloads)
        .where(
          or(
            and(eq(oidcPayloads.model, 'Grant'), inArray(oidcPayloads.id, grants)),
            inArray(oidcPayloads.grantId, grants),
          ),
        );
    }
    await tx.delete(oidcPayloads).where(and(eq(oidcPayloads.model, activityModel), eq(oidcPayloads.id, uid)));
    return true;
  });
}

/** Forgets where and how the account's sessions were used (the account is deleted). */
export async function forgetSessionActivity(db: Db, accountId: string): Promise<void> {
  await db
    .delete(oidcPayloads)
    .where(
      and(eq(oidcPayloads.model, activityModel), sql`${oidcPayloads.payload} ->> 'accountId' = ${accountId}`),
    );
}
