import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/connect.js';
import { accounts, licences, organisations, orgSubscriptions, planPrices, plans } from '../../db/schema.js';

export type LicenceRow = typeof licences.$inferSelect;
export type NewLicence = typeof licences.$inferInsert;

/** A licence with what the lists show beside it. */
const listed = {
  licence: licences,
  orgSlug: organisations.slug,
  orgName: organisations.name,
  issuedByEmail: accounts.email,
};
export type ListedLicence = {
  licence: LicenceRow;
  orgSlug: string;
  orgName: string;
  issuedByEmail: string | null;
};

function listQuery(db: Db) {
  return db
    .select(listed)
    .from(licences)
    .innerJoin(organisations, eq(organisations.id, licences.orgId))
    .leftJoin(accounts, eq(accounts.id, licences.issuedBy));
}

export async function orgLicences(db: Db, orgId: string): Promise<ListedLicence[]> {
  return listQuery(db).where(eq(licences.orgId, orgId)).orderBy(desc(licences.issuedAt), desc(licences.id));
}

export async function allLicences(db: Db, limit: number): Promise<ListedLicence[]> {
  return listQuery(db).orderBy(desc(licences.issuedAt), desc(licences.id)).limit(limit);
}

export async function findLicence(db: Db, id: string): Promise<ListedLicence | undefined> {
  return (await listQuery(db).where(eq(licences.id, id)))[0];
}

export async function insertLicence(db: Db, values: NewLicence): Promise<void> {
  await db.insert(licences).values(values);
}

/** The licence a subscription's newest issue left in force (neither superseded nor revoked). */
export async function currentSubscriptionLicence(db: Db, subscriptionId: string) {
  const [row] = await db
    .select()
    .from(licences)
    .where(
      and(
        eq(licences.subscriptionId, subscriptionId),
        isNull(licences.supersededBy),
        isNull(licences.revokedAt),
      ),
    )
    .orderBy(desc(licences.issuedAt))
    .limit(1);
  return row;
}

export async function supersede(db: Db, id: string, by: string): Promise<void> {
  await db.update(licences).set({ supersededBy: by }).where(eq(licences.id, id));
}

export async function revoke(db: Db, id: string, at: Date): Promise<void> {
  await db
    .update(licences)
    .set({ revokedAt: at })
    .where(and(eq(licences.id, id), isNull(licences.revokedAt)));
}

/** Every revoked licence and when it was revoked, by id. */
export async function revokedLicences(db: Db): Promise<{ id: string; revokedAt: Date }[]> {
  const rows = await db
    .select({ id: licences.id, revokedAt: licences.revokedAt })
    .from(licences)
    .where(isNotNull(licences.revokedAt))
    .orderBy(licences.id);
  return rows.map((r) => ({ id: r.id, revokedAt: r.revokedAt as Date }));
}

/**
 * What a subscription's licence is made of: its organisation, plan, price and period. The
 * subscription's row stays locked until the transaction ends, so two nodes applying events of
 * one subscription issue its licences one after the other.
 */
export async function lockSubscriptionForLicence(db: Db, subscriptionId: string) {
  const [row] = await db
    .select({
      id: orgSubscriptions.id,
      state: orgSubscriptions.state,
      quantity: orgSubscriptions.quantity,
      currentPeriodEnd: orgSubscriptions.currentPeriodEnd,
      trialUntil: orgSubscriptions.trialUntil,
      org: { id: organisations.id, slug: organisations.slug, name: organisations.name },
      plan: {
        id: plans.id,
        slug: plans.slug,
        name: plans.name,
        planType: plans.planType,
        features: plans.features,
      },
      period: planPrices.period,
    })
    .from(orgSubscriptions)
    .innerJoin(organisations, eq(organisations.id, orgSubscriptions.orgId))
    .innerJoin(plans, eq(plans.id, orgSubscriptions.planId))
    .leftJoin(planPrices, eq(planPrices.id, orgSubscriptions.priceId))
    .where(eq(orgSubscriptions.id, subscriptionId))
    .for('update', { of: orgSubscriptions });
  return row;
}

export async function findPlanBySlug(db: Db, slug: string) {
  const [row] = await db
    .select({
      id: plans.id,
      slug: plans.slug,
      name: plans.name,
      planType: plans.planType,
      features: plans.features,
    })
    .from(plans)
    .where(eq(plans.slug, slug));
  return row;
}
