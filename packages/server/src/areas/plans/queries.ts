import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.js';
import { orgSubscriptions, planPrices, plans, planTranslations } from '../../db/schema.js';

export type PlanRow = typeof plans.$inferSelect;
export type PriceRow = typeof planPrices.$inferSelect;
export type TranslationRow = typeof planTranslations.$inferSelect;
export type PlanWithPrices = PlanRow & { prices: PriceRow[]; translations: TranslationRow[] };
export type PlanState = PlanRow['state'];
export type NewPrice = {
  period: PriceRow['period'];
  amount: number;
  currency: string;
  perNode: boolean;
  trialDays?: number;
};

const typeOrder = sql`CASE ${plans.planType} WHEN 'saas' THEN 0 WHEN 'on_premise' THEN 1 ELSE 2 END`;
const periodOrder = sql`CASE ${planPrices.period} WHEN 'monthly' THEN 0 WHEN 'semi_annual' THEN 1 WHEN 'annual' THEN 2 ELSE 3 END`;

async function withPrices(db: Db, rows: PlanRow[]): Promise<PlanWithPrices[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [prices, translations] = await Promise.all([
    db
      .select()
      .from(planPrices)
      .where(inArray(planPrices.planId, ids))
      .orderBy(periodOrder, asc(planPrices.currency)),
    translationsOf(db, ids),
  ]);
  return rows.map((r) => ({
    ...r,
    prices: prices.filter((p) => p.planId === r.id),
    translations: translations.filter((t) => t.planId === r.id),
  }));
}

/** These prices with their plans and the plans' translations. */
export async function pricesWithPlans(
  db: Db,
  priceIds: readonly string[],
): Promise<{ price: PriceRow; plan: PlanRow & { translations: TranslationRow[] } }[]> {
  if (priceIds.length === 0) return [];
  const rows = await db
    .select({ price: planPrices, plan: plans })
    .from(planPrices)
    .innerJoin(plans, eq(plans.id, planPrices.planId))
    .where(inArray(planPrices.id, [...priceIds]));
  const translations = await translationsOf(
    db,
    rows.map((r) => r.plan.id),
  );
  return rows.map(({ price, plan }) => ({
    price,
    plan: { ...plan, translations: translations.filter((t) => t.planId === plan.id) },
  }));
}

/** The translations of these plans, by language. */
export async function translationsOf(db: Db, planIds: readonly string[]): Promise<TranslationRow[]> {
  if (planIds.length === 0) return [];
  return db
    .select()
    .from(planTranslations)
    .where(inArray(planTranslations.planId, [...planIds]))
    .orderBy(asc(planTranslations.language));
}

export async function upsertTranslation(
  db: Db,
  planId: string,
  language: string,
  texts: { name: string; description: string; sla: Record<string, string> },
): Promise<void> {
  await db
    .insert(planTranslations)
    .values({ planId, language, ...texts })
    .onConflictDoUpdate({
      target: [planTranslations.planId, planTranslations.language],
      set: { ...texts, updatedAt: new Date() },
    });
}

export async function deleteTranslation(db: Db, planId: string, language: string): Promise<boolean> {
  const rows = await db
    .delete(planTranslations)
    .where(and(eq(planTranslations.planId, planId), eq(planTranslations.language, language)))
    .returning({ language: planTranslations.language });
  return rows.length > 0;
}

/** Plans in the given states (all when omitted): by plan type, display order, slug. */
export async function listPlans(db: Db, states?: readonly PlanState[]): Promise<PlanWithPrices[]> {
  const rows = await db
    .select()
    .from(plans)
    .where(states ? inArray(plans.state, [...states]) : undefined)
    .orderBy(typeOrder, asc(plans.displayOrder), asc(plans.slug));
  return withPrices(db, rows);
}

export async function findPlan(db: Db, slug: string): Promise<PlanWithPrices | undefined> {
  const rows = await db.select().from(plans).where(eq(plans.slug, slug));
  return (await withPrices(db, rows))[0];
}

export type PlanValues = Omit<typeof plans.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export async function insertPlan(db: Db, values: PlanValues, prices: NewPrice[]): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(plans).values(values).returning({ id: plans.id });
    if (prices.length > 0) {
      await tx.insert(planPrices).values(prices.map((p) => ({ ...p, planId: row.id })));
    }
    return row.id;
  });
}

export async function updatePlan(
  db: Db,
  id: string,
  changes: Partial<PlanValues>,
  prices: NewPrice[] | undefined,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(plans)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(plans.id, id));
    if (prices) {
      // A price keeps its id while its period and currency stay: subscriptions and the payment
      // provider's price refer to it.
      const kept = prices.map((p) => `${p.period}/${p.currency}`);
      const existing = await tx.select().from(planPrices).where(eq(planPrices.planId, id));
      const gone = existing.filter((p) => !kept.includes(`${p.period}/${p.currency}`)).map((p) => p.id);
      if (gone.length > 0) await tx.delete(planPrices).where(inArray(planPrices.id, gone));
      for (const price of prices) await upsertPrice(tx as unknown as Db, id, price);
    }
  });
}

export async function countSubscriptionsOfPlan(db: Db, planId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orgSubscriptions)
    .where(eq(orgSubscriptions.planId, planId));
  return Number(row.n);
}

export async function deletePlan(db: Db, id: string): Promise<void> {
  await db.delete(plans).where(eq(plans.id, id));
}

export interface SubscriptionRow {
  id: string;
  state: (typeof orgSubscriptions.$inferSelect)['state'];
  quantity: number;
  unit: (typeof orgSubscriptions.$inferSelect)['unit'];
  startedAt: Date;
  trialUntil: Date | null;
  renewsAt: Date | null;
  endsAt: Date | null;
  plan: PlanRow;
  /** The payment provider's side; null for subscriptions staff set by hand. */
  billing: SubscriptionBillingRow | null;
}

export interface SubscriptionBillingRow {
  provider: 'local' | 'paddle';
  providerSubscriptionId: string;
  price: PriceRow | null;
  cancelAtPeriodEnd: boolean;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  pendingChange: (typeof orgSubscriptions.$inferSelect)['pendingChange'];
}

/** An organisation's subscriptions, newest first. */
export async function listSubscriptions(db: Db, orgId: string): Promise<SubscriptionRow[]> {
  const rows = await db
    .select({ s: orgSubscriptions, plan: plans, price: planPrices })
    .from(orgSubscriptions)
    .innerJoin(plans, eq(plans.id, orgSubscriptions.planId))
    .leftJoin(planPrices, eq(planPrices.id, orgSubscriptions.priceId))
    .where(eq(orgSubscriptions.orgId, orgId))
    .orderBy(sql`${orgSubscriptions.startedAt} DESC`, asc(orgSubscriptions.id));
  return rows.map(({ s, plan, price }) => ({
    id: s.id,
    state: s.state,
    quantity: s.quantity,
    unit: s.unit,
    startedAt: s.startedAt,
    trialUntil: s.trialUntil,
    renewsAt: s.renewsAt,
    endsAt: s.endsAt,
    plan,
    billing:
      s.provider && s.providerSubscriptionId
        ? {
            provider: s.provider,
            providerSubscriptionId: s.providerSubscriptionId,
            price,
            cancelAtPeriodEnd: s.cancelAtPeriodEnd,
            currentPeriodStart: s.currentPeriodStart,
            currentPeriodEnd: s.currentPeriodEnd,
            pendingChange: s.pendingChange,
          }
        : null,
  }));
}

/** The free SaaS plan every organisation falls back to: active ones first. */
export async function findFreePlan(db: Db): Promise<PlanRow | undefined> {
  const [row] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.free, true), eq(plans.planType, 'saas')))
    .orderBy(sql`${plans.state} = 'active' DESC`, asc(plans.displayOrder), asc(plans.slug))
    .limit(1);
  return row;
}

export type SubscriptionValues = Omit<typeof orgSubscriptions.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export async function insertSubscription(db: Db, values: SubscriptionValues): Promise<string> {
  const [row] = await db.insert(orgSubscriptions).values(values).returning({ id: orgSubscriptions.id });
  return row.id;
}

export async function findSubscription(
  db: Db,
  orgId: string,
  id: string,
): Promise<SubscriptionRow | undefined> {
  return (await listSubscriptions(db, orgId)).find((s) => s.id === id);
}

export async function updateSubscription(
  db: Db,
  orgId: string,
  id: string,
  changes: Partial<SubscriptionValues>,
): Promise<void> {
  await db
    .update(orgSubscriptions)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(orgSubscriptions.orgId, orgId), eq(orgSubscriptions.id, id)));
}

export async function deleteSubscription(db: Db, orgId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(orgSubscriptions)
    .where(and(eq(orgSubscriptions.orgId, orgId), eq(orgSubscriptions.id, id)))
    .returning({ id: orgSubscriptions.id });
  return rows.length > 0;
}

/** Adds or replaces the price of one period and currency. */
export async function upsertPrice(db: Db, planId: string, price: NewPrice): Promise<void> {
  await db
    .insert(planPrices)
    .values({ ...price, planId })
    .onConflictDoUpdate({
      target: [planPrices.planId, planPrices.period, planPrices.currency],
      set: {
        amount: price.amount,
        perNode: price.perNode,
        // Left out: the trial stays as it was.
        ...(price.trialDays === undefined ? {} : { trialDays: price.trialDays }),
      },
    });
  await touchPlan(db, planId);
}

/** A price changed: the plan counts as changed (the payment provider's copy is then synced again). */
async function touchPlan(db: Db, planId: string): Promise<void> {
  await db.update(plans).set({ updatedAt: new Date() }).where(eq(plans.id, planId));
}

export async function deletePrice(
  db: Db,
  planId: string,
  period: string,
  currency: string,
): Promise<boolean> {
  const rows = await db
    .delete(planPrices)
    .where(
      and(
        eq(planPrices.planId, planId),
        eq(planPrices.period, period as PriceRow['period']),
        eq(planPrices.currency, currency),
      ),
    )
    .returning({ id: planPrices.id });
  if (rows.length > 0) await touchPlan(db, planId);
  return rows.length > 0;
}
