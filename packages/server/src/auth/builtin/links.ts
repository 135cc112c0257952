import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.js';
import { accountLinks } from '../../db/schema.js';

export type LinkPurpose = 'verify_email' | 'reset_password';

/** How long a link works: a day to verify an address, half an hour to reset a password. */
export const linkLifetimeMs: Record<LinkPurpose, number> = {
  verify_email: 24 * 60 * 60 * 1000,
  reset_password: 30 * 60 * 1000,
};

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/** A new single-use secret for this user and address; only its hash is stored. */
export async function createLink(
  db: Db,
  purpose: LinkPurpose,
  user: { id: string; email: string },
  now = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.delete(accountLinks).where(lt(accountLinks.expiresAt, now));
  await db.insert(accountLinks).values({
    tokenHash: hashOf(token),
    purpose,
    userId: user.id,
    email: user.email,
    expiresAt: new Date(now.getTime() + linkLifetimeMs[purpose]),
  });
  return token;
}

export type LinkState = 'valid' | 'used' | 'expired' | 'invalid';

/** The link's user, address and state, without using it. */
export async function findLink(
  db: Db,
  purpose: LinkPurpose,
  token: string,
  now = new Date(),
): Promise<{ userId: string; email: string; state: LinkState } | { state: 'invalid' }> {
  if (token.length > 100) return { state: 'invalid' };
  const [row] = await db
    .select()
    .from(accountLinks)
    .where(and(eq(accountLinks.tokenHash, hashOf(token)), eq(accountLinks.purpose, purpose)));
  if (!row) return { state: 'invalid' };
  const state = row.usedAt ? 'used' : row.expiresAt <= now ? 'expired' : 'valid';
  return { userId: row.userId, email: row.email, state };
}

/**
 * Uses the link: one UPDATE marks it used only if it was unused and unexpired, so of two
 * concurrent uses one wins. The user's other links of this purpose stop working too.
 */
export async function consumeLink(db: Db, purpose: LinkPurpose, token: string) {
  if (token.length > 100) return undefined;
  const [row] = await db
    .update(accountLinks)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(accountLinks.tokenHash, hashOf(token)),
        eq(accountLinks.purpose, purpose),
        isNull(accountLinks.usedAt),
        gt(accountLinks.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: accountLinks.userId, email: accountLinks.email });
  if (row) {
    await db
      .update(accountLinks)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(accountLinks.userId, row.userId),
          eq(accountLinks.purpose, purpose),
          isNull(accountLinks.usedAt),
        ),
      );
  }
  return row;
}
