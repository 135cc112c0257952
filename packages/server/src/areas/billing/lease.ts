// A named lease in the database: one holder at a time across every node sharing it, until the
// holder lets go or the lease expires (a node that died mid-way blocks nobody for longer). Times
// are the database's, so nodes with skewed clocks agree.
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.js';
import { billingLeases } from '../../db/schema.js';

const expiresIn = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000})`;

/** Takes the lease for `holder` when it is free or expired; false while someone else holds it. */
export async function takeLease(db: Db, name: string, holder: string, ms: number): Promise<boolean> {
  const taken = await db
    .insert(billingLeases)
    .values({ name, holder, expiresAt: expiresIn(ms) })
    .onConflictDoUpdate({
      target: billingLeases.name,
      set: { holder, expiresAt: expiresIn(ms) },
      setWhere: sql`${billingLeases.expiresAt} <= now()`,
    })
    .returning({ holder: billingLeases.holder });
  return taken.length > 0;
}

/** Lets go of the lease, if `holder` still holds it. */
export async function releaseLease(db: Db, name: string, holder: string): Promise<void> {
  await db.delete(billingLeases).where(and(eq(billingLeases.name, name), eq(billingLeases.holder, holder)));
}

/** Whether anyone holds the lease now. */
export async function leaseHeld(db: Db, name: string): Promise<boolean> {
  const [row] = await db
    .select({ name: billingLeases.name })
    .from(billingLeases)
    .where(and(eq(billingLeases.name, name), gt(billingLeases.expiresAt, sql`now()`)));
  return row !== undefined;
}
