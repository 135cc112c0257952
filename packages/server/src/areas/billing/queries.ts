// SQL of the billing core: the provider's ids beside ours, the provider's side of subscriptions,
// transactions (stored events: ./event-queries.ts).
import type { PaymentProviderName } from '@slugsmith/contract';
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.js';
import {
  billingRefs,
  billingTransactions,
  orgSubscriptions,
  type PendingChange,
  planPrices,
  plans,
} from '../../db/schema.js';

export type TransactionRow = typeof billingTransactions.$inferSelect;
export type RefKind = 'product' | 'price' | 'customer' | 'closed_subscription';

// ---- provider ids beside ours ----------------------------------------------------------------

export async function listRefs(db: Db, provider: PaymentProviderName, kind: RefKind) {
  return db
    .select({ localId: billingRefs.localId, providerId: billingRefs.providerId })
    .from(billingRefs)
    .where(and(eq(billingRefs.provider, provider), eq(billingRefs.kind, kind)));
}

export async function findRef(
  db: Db,
  provider: PaymentProviderName,
  kind: RefKind,
  localId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ providerId: billingRefs.providerId })
    .from(billingRefs)
    .where(
      and(eq(billingRefs.provider, provider), eq(billingRefs.kind, kind), eq(billingRefs.localId, localId)),
    );
  return row?.providerId;
}

/** The provider's id of a price and whether its plan changed since the last sync. */
export async function findPriceRef(
  db: Db,
  provider: PaymentProviderName,
  priceId: string,
): Promise<{ providerId: string; stale: boolean } | undefined> {
  const [row] = await db
    .select({
      providerId: billingRefs.providerId,
      stale: sql<boolean>`${billingRefs.syncedAt} < ${plans.updatedAt}`,
    })
    .from(billingRefs)
    .innerJoin(planPrices, eq(planPrices.id, billingRefs.localId))
    .innerJoin(plans, eq(plans.id, planPrices.planId))
    .where(
      and(
        eq(billingRefs.provider, provider),
        eq(billingRefs.kind, 'price'),
        eq(billingRefs.localId, priceId),
      ),
    );
  return row;
}

/** Our id of a provider id. */
export async function findLocalId(
  db: Db,
  provider: PaymentProviderName,
  kind: RefKind,
  providerId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ localId: billingRefs.localId })
    .from(billingRefs)
    .where(
      and(
        eq(billingRefs.provider, provider),
        eq(billingRefs.kind, kind),
        eq(billingRefs.providerId, providerId),
      ),
    );
  return row?.localId;
}

export async function saveRefs(
  db: Db,
  provider: PaymentProviderName,
  kind: RefKind,
  refs: readonly { localId: string; providerId: string }[],
): Promise<void> {
  if (refs.length === 0) return;
  await db
    .insert(billingRefs)
    .values(refs.map((r) => ({ provider, kind, localId: r.localId, providerId: r.providerId })))
    .onConflictDoUpdate({
      target: [billingRefs.provider, billingRefs.kind, billingRefs.localId],
      set: { providerId: sql`excluded.provider_id`, syncedAt: sql`now()` },
    });
}

/** The organisation a provider customer pays for; the first organisation keeps the customer. */
export async function rememberCustomer(
  db: Db,
  provider: PaymentProviderName,
  orgId: string,
  providerCustomerId: string,
): Promise<void> {
  await db
    .insert(billingRefs)
    .values({ provider, kind: 'customer', localId: orgId, providerId: providerCustomerId })
    .onConflictDoNothing();
}

// ---- plans, prices, organisations ----------------------------------------------------------

export type PlanRow = typeof plans.$inferSelect;
export type PriceRow = typeof planPrices.$inferSelect;

export async function findPrice(
  db: Db,
  priceId: string,
): Promise<{ price: PriceRow; plan: PlanRow } | undefined> {
  const [row] = await db
    .select({ price: planPrices, plan: plans })
    .from(planPrices)
    .innerJoin(plans, eq(plans.id, planPrices.planId))
    .where(eq(planPrices.id, priceId));
  return row;
}

/** Every priced plan with its prices: what the provider's catalogue mirrors. */
export async function listPricedPlans(db: Db): Promise<{ price: PriceRow; plan: PlanRow }[]> {
  return db
    .select({ price: planPrices, plan: plans })
    .from(planPrices)
    .innerJoin(plans, eq(plans.id, planPrices.planId))
    .orderBy(asc(plans.slug), asc(planPrices.period));
}

// ---- subscriptions ---------------------------------------------------------------------------

export type SubscriptionValues = Omit<typeof orgSubscriptions.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/**
 * Inserts or updates the provider's subscription, unless the stored state comes from a newer
 * event (`provider_updated_at`): checked in the statement itself, so two nodes applying two events
 * of one subscription at once cannot put the older one last. Returns the row's id and organisation
 * when it was written.
 */
export async function upsertProviderSubscription(
  db: Db,
  values: SubscriptionValues & {
    provider: PaymentProviderName;
    providerSubscriptionId: string;
    providerUpdatedAt: Date;
  },
): Promise<{ id: string; orgId: string } | undefined> {
  const { orgId: _org, ...changes } = values;
  const [row] = await db
    .insert(orgSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: [orgSubscriptions.provider, orgSubscriptions.providerSubscriptionId],
      targetWhere: sql`provider_subscription_id IS NOT NULL`,
      set: { ...changes, updatedAt: sql`now()` },
      setWhere: sql`${orgSubscriptions.providerUpdatedAt} IS NULL OR ${orgSubscriptions.providerUpdatedAt} <= ${values.providerUpdatedAt}`,
    })
    .returning({ id: orgSubscriptions.id, orgId: orgSubscriptions.orgId });
  return row;
}

export async function findProviderSubscription(
  db: Db,
  provider: PaymentProviderName,
  providerSubscriptionId: string,
) {
  const [row] = await db
    .select({
      id: orgSubscriptions.id,
      orgId: orgSubscriptions.orgId,
      planId: orgSubscriptions.planId,
      priceId: orgSubscriptions.priceId,
      unit: orgSubscriptions.unit,
      providerUpdatedAt: orgSubscriptions.providerUpdatedAt,
      pendingChange: orgSubscriptions.pendingChange,
    })
    .from(orgSubscriptions)
    .where(
      and(
        eq(orgSubscriptions.provider, provider),
        eq(orgSubscriptions.providerSubscriptionId, providerSubscriptionId),
      ),
    );
  return row;
}

/** A provider subscription of the plan type that still grants its plan (or will after a retry). */
export async function liveProviderSubscriptionOfType(
  db: Db,
  orgId: string,
  planType: PlanRow['planType'],
  liveStates: readonly (typeof orgSubscriptions.$inferSelect)['state'][],
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: orgSubscriptions.id })
    .from(orgSubscriptions)
    .innerJoin(plans, eq(plans.id, orgSubscriptions.planId))
    .where(
      and(
        eq(orgSubscriptions.orgId, orgId),
        eq(plans.planType, planType),
        sql`${orgSubscriptions.provider} IS NOT NULL`,
        inArray(orgSubscriptions.state, [...liveStates]),
        or(isNull(orgSubscriptions.endsAt), sql`${orgSubscriptions.endsAt} > now()`),
      ),
    )
    .limit(1);
  return row?.id;
}

/**
 * The organisations' provider subscriptions that may still charge: not ended, and not a perpetual
 * licence (one payment, nothing renews).
 */
export async function runningProviderSubscriptions(db: Db, orgIds: readonly string[]) {
  const rows = await db
    .select({
      id: orgSubscriptions.id,
      orgId: orgSubscriptions.orgId,
      provider: orgSubscriptions.provider,
      providerSubscriptionId: orgSubscriptions.providerSubscriptionId,
    })
    .from(orgSubscriptions)
    .leftJoin(planPrices, eq(planPrices.id, orgSubscriptions.priceId))
    .where(
      and(
        inArray(orgSubscriptions.orgId, [...orgIds]),
        sql`${orgSubscriptions.provider} IS NOT NULL`,
        sql`${orgSubscriptions.providerSubscriptionId} IS NOT NULL`,
        sql`${orgSubscriptions.state} NOT IN ('cancelled', 'expired')`,
        sql`${planPrices.period} IS DISTINCT FROM 'perpetual'`,
      ),
    );
  return rows.filter(
    (r): r is typeof r & { provider: PaymentProviderName; providerSubscriptionId: string } =>
      r.provider !== null && r.providerSubscriptionId !== null,
  );
}

/** One subscription of an organisation, with what self-service needs. */
export async function findOrgSubscription(db: Db, orgId: string, id: string) {
  const [row] = await db
    .select({ s: orgSubscriptions, plan: plans, price: planPrices })
    .from(orgSubscriptions)
    .innerJoin(plans, eq(plans.id, orgSubscriptions.planId))
    .leftJoin(planPrices, eq(planPrices.id, orgSubscriptions.priceId))
    .where(and(eq(orgSubscriptions.orgId, orgId), eq(orgSubscriptions.id, id)));
  return row;
}

/** Writes what the provider answered at once (its events confirm it later). */
export async function updateSubscriptionBilling(
  db: Db,
  id: string,
  changes: Partial<Pick<SubscriptionValues, 'cancelAtPeriodEnd' | 'endsAt' | 'renewsAt'>>,
): Promise<void> {
  await db
    .update(orgSubscriptions)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(orgSubscriptions.id, id));
}

/** Marks a change pending, unless the subscription already has its price and quantity. */
export async function markChangePending(db: Db, id: string, pending: PendingChange): Promise<void> {
  await db
    .update(orgSubscriptions)
    .set({ pendingChange: pending, updatedAt: sql`now()` })
    .where(
      and(
        eq(orgSubscriptions.id, id),
        sql`NOT (${orgSubscriptions.priceId} IS NOT DISTINCT FROM ${pending.priceId}::uuid AND ${orgSubscriptions.quantity} = ${pending.quantity})`,
      ),
    );
}

// ---- transactions ----------------------------------------------------------------------------

export type TransactionValues = Omit<typeof billingTransactions.$inferInsert, 'id' | 'updatedAt'>;

/** Like subscriptions: written unless the stored row comes from a newer event. */
export async function upsertTransaction(
  db: Db,
  values: TransactionValues & { providerUpdatedAt: Date },
): Promise<string | undefined> {
  const { createdAt: _created, ...changes } = values;
  const rows = await db
    .insert(billingTransactions)
    .values(values)
    .onConflictDoUpdate({
      target: [billingTransactions.provider, billingTransactions.providerTransactionId],
      set: {
        ...changes,
        // A later event without the organisation or the subscription keeps what an earlier one said.
        orgId: sql`coalesce(excluded.org_id, ${billingTransactions.orgId})`,
        subscriptionId: sql`coalesce(excluded.subscription_id, ${billingTransactions.subscriptionId})`,
        // An issued invoice names the parties as they were when it was paid.
        parties: sql`CASE WHEN ${billingTransactions.status} = 'completed' AND ${billingTransactions.parties} IS NOT NULL THEN ${billingTransactions.parties} ELSE excluded.parties END`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`${billingTransactions.providerUpdatedAt} IS NULL OR ${billingTransactions.providerUpdatedAt} <= ${values.providerUpdatedAt}`,
    })
    .returning({ id: billingTransactions.id });
  return rows[0]?.id;
}

export async function transactionKnown(
  db: Db,
  provider: PaymentProviderName,
  providerTransactionId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: billingTransactions.id })
    .from(billingTransactions)
    .where(
      and(
        eq(billingTransactions.provider, provider),
        eq(billingTransactions.providerTransactionId, providerTransactionId),
      ),
    );
  return row !== undefined;
}

export async function listOrgTransactions(db: Db, orgId: string): Promise<TransactionRow[]> {
  return db
    .select()
    .from(billingTransactions)
    .where(eq(billingTransactions.orgId, orgId))
    .orderBy(desc(billingTransactions.createdAt), desc(billingTransactions.id));
}

export async function findOrgTransaction(
  db: Db,
  orgId: string,
  id: string,
): Promise<TransactionRow | undefined> {
  const [row] = await db
    .select()
    .from(billingTransactions)
    .where(and(eq(billingTransactions.orgId, orgId), eq(billingTransactions.id, id)));
  return row;
}
