// SQL of stored provider events: stored once, claimed by one node, marked processed or failed,
// listed and handled by staff.
import type { PaymentProviderName } from '@slugsmith/contract';
import { and, asc, desc, eq, inArray, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.js';
import { billingEvents } from '../../db/schema.js';
import type { ProviderEvent } from './snapshots.js';

export type EventRow = typeof billingEvents.$inferSelect;

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

/** Events of the provider not yet processed, by state: `received` (waiting) and `failed`. */
export async function countOpenEvents(
  db: Db,
  provider: PaymentProviderName,
): Promise<Record<string, number>> {
  const rows = await db
    .select({ state: billingEvents.state, n: sql<number>`count(*)::int` })
    .from(billingEvents)
    .where(and(eq(billingEvents.provider, provider), inArray(billingEvents.state, ['received', 'failed'])))
    .groupBy(billingEvents.state);
  return Object.fromEntries(rows.map((r) => [r.state, r.n]));
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
