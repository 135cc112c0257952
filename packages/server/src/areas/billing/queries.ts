// SQL of the billing core: stored provider events, the provider's ids beside ours, the provider's
// side of subscriptions, transactions.
import type { PaymentProviderName } from '@slugsmith/contract';
import { and, asc, desc, eq, inArray, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.js';
import {
  billingEvents,
  billingRefs,
  billingTransactions,
  memberships,
  organisations,
  orgSubscriptions,
  planPrices,
  plans,
} from '../../db/schema.js';
import type { ProviderEvent } from './event-format.js';

export type EventRow = typeof billingEvents.$inferSelect;
export type TransactionRow = typeof billingTransactions.$inferSelect;
export type RefKind = 'product' | 'price' | 'customer';

// ---- events --------------------------------------------------------------------------------

/** Stores an event once per (provider, event id); true when it is new. */
export async function insertEvent(
  db: Db,
  provider: PaymentProviderName,
  event: ProviderEvent,
): Promise<boolean> {
  const rows = await db
    .insert(billingEvents)
    .values({
      provider,
      eventId: event.eventId,
      eventType: event.eventType,
      entityId: event.entityId,
      customerId: event.customerId,
      occurredAt: event.occurredAt,
      payload: event.payload,
    })
    .onConflictDoNothing({ target: [billingEvents.provider, billingEvents.eventId] })
    .returning({ id: billingEvents.id });
  return rows.length > 0;
}

const due = or(
  eq(billingEvents.state, 'received'),
  and(eq(billingEvents.state, 'failed'), lte(billingEvents.nextAttemptAt, sql`now()`)),
) as SQL;
const unlocked = or(isNull(billingEvents.lockedUntil), lt(billingEvents.lockedUntil, sql`now()`)) as SQL;

/**
 * Claims up to `limit` due events of the provider, oldest first, for `lockSeconds`. The conditions
 * are checked again on the row being updated, so when two nodes race for one event, the second
 * finds it locked and leaves it.
 */
export async function claimDueEvents(
  db: Db,
  provider: PaymentProviderName,
  limit: number,
  lockSeconds: number,
): Promise<EventRow[]> {
  const candidates = db
    .select({ id: billingEvents.id })
    .from(billingEvents)
    .where(and(eq(billingEvents.provider, provider), due, unlocked))
    .orderBy(asc(billingEvents.occurredAt), asc(billingEvents.receivedAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(billingEvents)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${lockSeconds})` })
    .where(and(inArray(billingEvents.id, candidates), eq(billingEvents.provider, provider), due, unlocked))
    .returning();
  return claimed.sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
}

export async function markProcessed(db: Db, id: string): Promise<void> {
  await db
    .update(billingEvents)
    .set({
      state: 'processed',
      processedAt: sql`now()`,
      lockedUntil: null,
      lastError: null,
      nextAttemptAt: null,
    })
    .where(eq(billingEvents.id, id));
}

/** A failed attempt; `retryInSeconds` null leaves the event to staff. */
export async function markFailed(
  db: Db,
  id: string,
  error: string,
  retryInSeconds: number | null,
): Promise<void> {
  await db
    .update(billingEvents)
    .set({
      state: 'failed',
      attempts: sql`${billingEvents.attempts} + 1`,
      lastError: error.slice(0, 2000),
      nextAttemptAt: retryInSeconds === null ? null : sql`now() + make_interval(secs => ${retryInSeconds})`,
      lockedUntil: null,
    })
    .where(eq(billingEvents.id, id));
}

export interface EventFilter {
  state?: EventRow['state'];
  category?: string;
  entityId?: string;
  customerId?: string;
  offset: number;
  limit: number;
}

export async function listEvents(db: Db, provider: PaymentProviderName, f: EventFilter): Promise<EventRow[]> {
  const where = [eq(billingEvents.provider, provider)];
  if (f.state) where.push(eq(billingEvents.state, f.state));
  // The category is the event type's first part: `subscription` of `subscription.updated`.
  if (f.category) where.push(sql`split_part(${billingEvents.eventType}, '.', 1) = ${f.category}`);
  if (f.entityId) where.push(eq(billingEvents.entityId, f.entityId));
  if (f.customerId) where.push(eq(billingEvents.customerId, f.customerId));
  return db
    .select()
    .from(billingEvents)
    .where(and(...where))
    .orderBy(desc(billingEvents.occurredAt), desc(billingEvents.receivedAt))
    .offset(f.offset)
    .limit(f.limit);
}

export async function findEvents(
  db: Db,
  provider: PaymentProviderName,
  ids: readonly string[],
): Promise<EventRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(billingEvents)
    .where(and(eq(billingEvents.provider, provider), inArray(billingEvents.id, [...ids])));
}

/** Staff have seen these events: they are no longer due, whatever their state was. */
export async function acknowledgeEvents(
  db: Db,
  provider: PaymentProviderName,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(billingEvents)
    .set({ state: 'acknowledged', nextAttemptAt: null })
    .where(and(eq(billingEvents.provider, provider), inArray(billingEvents.id, [...ids])));
}

/** Replaces a stored event's payload (staff's correction) and makes it due now. */
export async function replaceEventPayload(
  db: Db,
  provider: PaymentProviderName,
  id: string,
  event: ProviderEvent,
): Promise<void> {
  await db
    .update(billingEvents)
    .set({
      payload: event.payload,
      entityId: event.entityId,
      customerId: event.customerId,
      occurredAt: event.occurredAt,
      state: 'failed',
      nextAttemptAt: sql`now()`,
      lockedUntil: null,
    })
    .where(and(eq(billingEvents.provider, provider), eq(billingEvents.id, id)));
}

/** Makes events due now (again): failed and acknowledged ones are tried once more. */
export async function retryEvents(
  db: Db,
  provider: PaymentProviderName,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(billingEvents)
    .set({ state: 'failed', nextAttemptAt: sql`now()`, lockedUntil: null })
    .where(
      and(
        eq(billingEvents.provider, provider),
        inArray(billingEvents.id, [...ids]),
        inArray(billingEvents.state, ['failed', 'acknowledged']),
      ),
    );
}

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

export async function orgExists(db: Db, orgId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.id, orgId));
  return row !== undefined;
}

export async function findOrgWithRole(db: Db, slug: string, accountId: string) {
  const [row] = await db
    .select({
      id: organisations.id,
      slug: organisations.slug,
      name: organisations.name,
      role: memberships.role,
    })
    .from(organisations)
    .innerJoin(
      memberships,
      and(eq(memberships.orgId, organisations.id), eq(memberships.accountId, accountId)),
    )
    .where(eq(organisations.slug, slug));
  return row;
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

// ---- transactions ----------------------------------------------------------------------------

export type TransactionValues = Omit<typeof billingTransactions.$inferInsert, 'id' | 'updatedAt'>;

/** Like subscriptions: written unless the stored row comes from a newer event. */
export async function upsertTransaction(
  db: Db,
  values: TransactionValues & { providerUpdatedAt: Date },
): Promise<boolean> {
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
        updatedAt: sql`now()`,
      },
      setWhere: sql`${billingTransactions.providerUpdatedAt} IS NULL OR ${billingTransactions.providerUpdatedAt} <= ${values.providerUpdatedAt}`,
    })
    .returning({ id: billingTransactions.id });
  return rows.length > 0;
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
