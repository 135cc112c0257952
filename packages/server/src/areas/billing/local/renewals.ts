// Renewals on the sandbox clock: due subscriptions are charged on the card on file; a declined
// charge starts dunning (past_due, retries after 1, 3 and 5 sandbox days, then canceled); a
// cancellation scheduled for the period's end takes effect there. Each subscription is claimed
// in its own database transaction (UPDATE … WHERE id = (SELECT … FOR UPDATE SKIP LOCKED)
// RETURNING), so several nodes never renew one twice.
import { and, desc, eq, sql } from 'drizzle-orm';
import { localPaySubscriptions, localPayTransactions } from '../../../db/schema.js';
import { chargeFor } from './charges.js';
import { describeItem } from './checkout.js';
import {
  emitSubscription,
  emitTransaction,
  nextInvoiceNumber,
  requirePrice,
  type Sandbox,
} from './context.js';
import { newLocalId } from './ids.js';
import { EventBatch, type Tx } from './outbox.js';
import type { SubscriptionRow, TransactionRow } from './payloads.js';
import { addDays, periodEnd } from './periods.js';

/** Dunning: the failed renewal is retried this many sandbox days after it first failed. */
export const RETRY_AFTER_DAYS = [1, 3, 5] as const;

/** Renews (or cancels, or retries) every subscription due at the sandbox's now; returns how many. */
export async function runRenewals(sandbox: Sandbox): Promise<number> {
  let handled = 0;
  // A subscription many periods behind (the clock moved far) is renewed once per period.
  for (let i = 0; i < 10_000; i++) {
    const moment = await sandbox.clock.moment();
    const now = moment.now;
    const done = await sandbox.db.transaction(async (tx) => {
      const sub = await claimDue(tx, now);
      if (!sub) return false;
      const batch = new EventBatch(tx, moment);
      if (sub.status === 'past_due') await retryPastDue(sandbox, batch, sub, now);
      else if (sub.cancelAtPeriodEnd) await cancelAtEnd(sandbox, batch, sub);
      else await renew(sandbox, batch, sub, now);
      return true;
    });
    if (!done) break;
    handled++;
  }
  if (handled > 0) sandbox.deliveries.kick();
  return handled;
}

async function claimDue(tx: Tx, now: Date): Promise<SubscriptionRow | undefined> {
  const at = now.toISOString();
  const claimed = (await tx.execute(sql`
    UPDATE local_pay_subscriptions SET updated_at = ${at}::timestamptz
    WHERE id = (
      SELECT id FROM local_pay_subscriptions
      WHERE (status IN ('active', 'trialing') AND next_billed_at <= ${at}::timestamptz)
         OR (status = 'past_due' AND retry_at <= ${at}::timestamptz)
      ORDER BY coalesce(retry_at, next_billed_at), id
      LIMIT 1
      FOR UPDATE SKIP LOCKED)
    RETURNING id`)) as unknown as { rows: { id: string }[] };
  const id = claimed.rows[0]?.id;
  if (!id) return undefined;
  const [sub] = await tx.select().from(localPaySubscriptions).where(eq(localPaySubscriptions.id, id));
  return sub;
}

async function cancelAtEnd(sandbox: Sandbox, batch: EventBatch, sub: SubscriptionRow): Promise<void> {
  const [canceled] = await batch.tx
    .update(localPaySubscriptions)
    .set({ status: 'canceled', canceledAt: sub.currentPeriodEnd, nextBilledAt: null, retryAt: null })
    .where(eq(localPaySubscriptions.id, sub.id))
    .returning();
  if (canceled) await emitSubscription(sandbox, batch, 'subscription.canceled', canceled);
}

/** A due renewal: a `subscription_recurring` transaction for the next period, charged now. */
async function renew(sandbox: Sandbox, batch: EventBatch, sub: SubscriptionRow, now: Date): Promise<void> {
  const { tx } = batch;
  const item = await requirePrice(tx, sub.priceId);
  const charge = await chargeFor(tx, sub.customerId, item.price.amount * sub.quantity);
  const [txn] = await tx
    .insert(localPayTransactions)
    .values({
      id: newLocalId('txn'),
      status: 'billed',
      customerId: sub.customerId,
      subscriptionId: sub.id,
      origin: 'subscription_recurring',
      priceId: sub.priceId,
      quantity: sub.quantity,
      currency: sub.currency,
      ...charge,
      description: describeItem(item),
      customData: sub.customData,
      billedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!txn) throw new Error('renewal transaction not created');
  await emitTransaction(sandbox, batch, 'transaction.created', txn);
  if (sub.cardDeclines) {
    await failCharge(sandbox, batch, sub, txn, now);
    return;
  }
  await settle(sandbox, batch, sub, txn, now);
}

/** The card paid: the transaction is completed and the subscription moves to its next period. */
async function settle(
  sandbox: Sandbox,
  batch: EventBatch,
  sub: SubscriptionRow,
  txn: TransactionRow,
  now: Date,
): Promise<void> {
  const { tx } = batch;
  const item = await requirePrice(tx, sub.priceId);
  const start = sub.currentPeriodEnd ?? now;
  const end = periodEnd(start, item.price.period);
  const invoiceNumber = await nextInvoiceNumber(tx, now);
  await emitTransaction(sandbox, batch, 'transaction.paid', { ...txn, status: 'paid', updatedAt: now });
  const [completed] = await tx
    .update(localPayTransactions)
    .set({ status: 'completed', invoiceNumber, billedAt: txn.billedAt ?? now, updatedAt: now })
    .where(eq(localPayTransactions.id, txn.id))
    .returning();
  if (completed) await emitTransaction(sandbox, batch, 'transaction.completed', completed);
  const [renewed] = await tx
    .update(localPaySubscriptions)
    .set({
      status: 'active',
      currentPeriodStart: start,
      currentPeriodEnd: end,
      nextBilledAt: end,
      dunningAttempts: 0,
      retryAt: null,
      updatedAt: now,
    })
    .where(eq(localPaySubscriptions.id, sub.id))
    .returning();
  if (!renewed) return;
  const eventType = sub.status === 'trialing' ? 'subscription.activated' : 'subscription.updated';
  await emitSubscription(sandbox, batch, eventType, renewed);
}

/**
 * The card declined: the transaction is past due and so is the subscription, which keeps its
 * current period (what it paid for) until a retry or a new card pays the renewal.
 */
async function failCharge(
  sandbox: Sandbox,
  batch: EventBatch,
  sub: SubscriptionRow,
  txn: TransactionRow,
  now: Date,
): Promise<void> {
  const { tx } = batch;
  const failures = sub.status === 'past_due' ? sub.dunningAttempts + 1 : 1;
  const [pastDue] = await tx
    .update(localPayTransactions)
    .set({ status: 'past_due', updatedAt: now })
    .where(eq(localPayTransactions.id, txn.id))
    .returning();
  if (!pastDue) return;
  await emitTransaction(sandbox, batch, 'transaction.payment_failed', pastDue);
  if (failures > RETRY_AFTER_DAYS.length) {
    // The last retry failed too: the renewal is given up and the subscription ends.
    const [canceledTxn] = await tx
      .update(localPayTransactions)
      .set({ status: 'canceled', updatedAt: now })
      .where(eq(localPayTransactions.id, txn.id))
      .returning();
    if (canceledTxn) await emitTransaction(sandbox, batch, 'transaction.canceled', canceledTxn);
    const [canceled] = await tx
      .update(localPaySubscriptions)
      .set({
        status: 'canceled',
        canceledAt: now,
        nextBilledAt: null,
        retryAt: null,
        dunningAttempts: failures,
      })
      .where(eq(localPaySubscriptions.id, sub.id))
      .returning();
    if (canceled) await emitSubscription(sandbox, batch, 'subscription.canceled', canceled);
    return;
  }
  if (sub.status !== 'past_due') await emitTransaction(sandbox, batch, 'transaction.past_due', pastDue);
  const [updated] = await tx
    .update(localPaySubscriptions)
    .set({
      status: 'past_due',
      dunningAttempts: failures,
      retryAt: addDays(txn.createdAt, RETRY_AFTER_DAYS[failures - 1] ?? 0),
      updatedAt: now,
    })
    .where(eq(localPaySubscriptions.id, sub.id))
    .returning();
  if (updated && sub.status !== 'past_due')
    await emitSubscription(sandbox, batch, 'subscription.past_due', updated);
}

/** The open renewal of a past-due subscription: the transaction dunning retries. */
export async function openRenewal(tx: Tx, subscriptionId: string): Promise<TransactionRow | undefined> {
  const [txn] = await tx
    .select()
    .from(localPayTransactions)
    .where(
      and(
        eq(localPayTransactions.subscriptionId, subscriptionId),
        eq(localPayTransactions.status, 'past_due'),
      ),
    )
    .orderBy(desc(localPayTransactions.createdAt))
    .limit(1);
  return txn;
}

async function retryPastDue(
  sandbox: Sandbox,
  batch: EventBatch,
  sub: SubscriptionRow,
  now: Date,
): Promise<void> {
  const txn = await openRenewal(batch.tx, sub.id);
  if (!txn) {
    // Nothing left to collect (cannot happen through the sandbox's own paths): back to active.
    await renew(sandbox, batch, { ...sub, status: 'active' }, now);
    return;
  }
  if (sub.cardDeclines) await failCharge(sandbox, batch, sub, txn, now);
  else await settle(sandbox, batch, sub, txn, now);
}

/**
 * A new card for a past-due subscription: the open renewal is charged at once. Returns whether
 * the subscription recovered.
 */
export async function retryWithNewCard(
  sandbox: Sandbox,
  batch: EventBatch,
  sub: SubscriptionRow,
  now: Date,
): Promise<boolean> {
  if (sub.status !== 'past_due' || sub.cardDeclines) return false;
  const txn = await openRenewal(batch.tx, sub.id);
  if (!txn) return false;
  await settle(sandbox, batch, sub, txn, now);
  return true;
}
