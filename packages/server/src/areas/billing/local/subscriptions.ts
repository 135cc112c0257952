// What a customer (through our self-service routes) does with a sandbox subscription: change
// plan or quantity with proration, cancel, resume, replace the card.
import type { ChangePreview } from '@slugsmith/contract';
import { and, desc, eq, gt } from 'drizzle-orm';
import { localPaySubscriptions, localPayTransactions } from '../../../db/schema.js';
import { ApiError } from '../../../platform/errors.js';
import type { PlanChange } from '../provider.js';
import { chargeFor } from './charges.js';
import { describeItem } from './checkout.js';
import {
  emitSubscription,
  emitTransaction,
  nextInvoiceNumber,
  paymentMethodLink,
  priceWithProduct,
  requirePrice,
  type Sandbox,
} from './context.js';
import { newLocalId } from './ids.js';
import { EventBatch, type Tx } from './outbox.js';
import type { PriceWithProduct, SubscriptionRow } from './payloads.js';
import { type Proration, prorate } from './proration.js';
import { openRenewal, retryWithNewCard } from './renewals.js';

const notFound = (id: string) =>
  ApiError.notFound(`Subscription ${id} not found`, { reason: 'subscription_not_found', id });

async function lockSubscription(tx: Tx, id: string): Promise<SubscriptionRow> {
  const [sub] = await tx
    .select()
    .from(localPaySubscriptions)
    .where(eq(localPaySubscriptions.id, id))
    .for('update');
  if (!sub) throw notFound(id);
  return sub;
}

export async function findSubscription(sandbox: Sandbox, id: string) {
  const [sub] = await sandbox.db.select().from(localPaySubscriptions).where(eq(localPaySubscriptions.id, id));
  if (!sub) return undefined;
  return { sub, item: await requirePrice(sandbox.db, sub.priceId) };
}

interface PlannedChange {
  next: PriceWithProduct;
  proration: Proration;
}

/** What a change would do now; refuses changes the sandbox cannot make. */
async function planChange(
  tx: Tx,
  sub: SubscriptionRow,
  change: PlanChange,
  now: Date,
): Promise<PlannedChange> {
  if (sub.status === 'canceled') throw ApiError.conflict('The subscription is canceled');
  if (sub.status === 'past_due')
    throw ApiError.conflict('The subscription is past due: update the payment method first');
  if (!Number.isInteger(change.quantity) || change.quantity < 1 || change.quantity > 10_000) {
    throw ApiError.badRequest('Invalid quantity');
  }
  const current = await requirePrice(tx, sub.priceId);
  const next = await priceWithProduct(tx, change.providerPriceId);
  if (!next) throw ApiError.badRequest('Missing price information', { reason: 'missing_price' });
  if (current.price.period === 'perpetual' || next.price.period === 'perpetual') {
    throw ApiError.badRequest('A perpetual licence cannot be changed: buy a new one');
  }
  if (next.price.currency !== current.price.currency)
    throw ApiError.badRequest('The new price is in another currency');
  if (!sub.currentPeriodStart || !sub.currentPeriodEnd)
    throw ApiError.conflict('The subscription has no billing period');
  const proration = prorate({
    old: { unitAmount: current.price.amount, quantity: sub.quantity, period: current.price.period },
    next: { unitAmount: next.price.amount, quantity: change.quantity, period: next.price.period },
    currentPeriod: { start: sub.currentPeriodStart, end: sub.currentPeriodEnd },
    now,
  });
  // A trial is free: a change during it changes what the first charge will be, nothing now.
  if (sub.status === 'trialing') {
    return {
      next,
      proration: {
        ...proration,
        credit: 0,
        charge: 0,
        immediate: 0,
        period: { start: sub.currentPeriodStart, end: sub.currentPeriodEnd },
      },
    };
  }
  return { next, proration };
}

export async function previewChange(
  sandbox: Sandbox,
  id: string,
  change: PlanChange,
): Promise<ChangePreview> {
  const moment = await sandbox.clock.moment();
  const now = moment.now;
  return sandbox.db.transaction(async (tx) => {
    const [sub] = await tx.select().from(localPaySubscriptions).where(eq(localPaySubscriptions.id, id));
    if (!sub) throw notFound(id);
    const { next, proration } = await planChange(tx, sub, change, now);
    return {
      immediate: { amount: proration.immediate, currency: next.price.currency },
      recurring: { amount: proration.recurring, currency: next.price.currency },
      next_billed_at: new Date(proration.period.end.getTime() - moment.offsetMs).toISOString(),
    };
  });
}

/**
 * Applies a change now: a `subscription_update` transaction for the prorated difference (a
 * charge on the card on file, or a credit), then the subscription's new price and quantity.
 * A charge the card declines changes nothing.
 */
export async function changeSubscription(sandbox: Sandbox, id: string, change: PlanChange): Promise<void> {
  const moment = await sandbox.clock.moment();
  const now = moment.now;
  await sandbox.db.transaction(async (tx) => {
    const sub = await lockSubscription(tx, id);
    const { next, proration } = await planChange(tx, sub, change, now);
    if (proration.immediate > 0 && sub.cardDeclines) {
      throw ApiError.conflict('The card on file was declined: update the payment method first');
    }
    const batch = new EventBatch(tx, moment);
    const customData = { ...(sub.customData ?? {}), price_id: next.price.priceId };
    if (proration.immediate !== 0) {
      const charge = await chargeFor(tx, sub.customerId, proration.immediate);
      const [txn] = await tx
        .insert(localPayTransactions)
        .values({
          id: newLocalId('txn'),
          status: 'completed',
          customerId: sub.customerId,
          subscriptionId: sub.id,
          origin: 'subscription_update',
          priceId: next.price.id,
          quantity: change.quantity,
          currency: next.price.currency,
          ...charge,
          description: `${describeItem(next)}, prorated`,
          customData,
          invoiceNumber: await nextInvoiceNumber(tx, now),
          billedAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (txn) {
        if (charge.total > 0)
          await emitTransaction(sandbox, batch, 'transaction.paid', { ...txn, status: 'paid' });
        await emitTransaction(sandbox, batch, 'transaction.completed', txn);
      }
    }
    const [changed] = await tx
      .update(localPaySubscriptions)
      .set({
        priceId: next.price.id,
        quantity: change.quantity,
        customData,
        currentPeriodStart: proration.period.start,
        currentPeriodEnd: proration.period.end,
        nextBilledAt: proration.period.end,
        trialEndsAt: sub.status === 'trialing' ? proration.period.end : sub.trialEndsAt,
        updatedAt: now,
      })
      .where(eq(localPaySubscriptions.id, id))
      .returning();
    if (changed) await emitSubscription(sandbox, batch, 'subscription.updated', changed);
  });
  sandbox.deliveries.kick();
}

/** Ends the subscription at once (nothing more billed) and tells the webhook pipeline. */
async function endNow(sandbox: Sandbox, tx: Tx, batch: EventBatch, id: string, now: Date): Promise<void> {
  const [canceled] = await tx
    .update(localPaySubscriptions)
    .set({
      status: 'canceled',
      canceledAt: now,
      cancelAtPeriodEnd: false,
      nextBilledAt: null,
      retryAt: null,
      updatedAt: now,
    })
    .where(eq(localPaySubscriptions.id, id))
    .returning();
  if (canceled) await emitSubscription(sandbox, batch, 'subscription.canceled', canceled);
}

/**
 * At the period's end (the renewal job ends it then) or now. A subscription without a period
 * (a perpetual licence) has no end to wait for: it ends now.
 */
export async function cancelSubscription(
  sandbox: Sandbox,
  id: string,
  when: 'period_end' | 'immediately',
): Promise<void> {
  const moment = await sandbox.clock.moment();
  const now = moment.now;
  await sandbox.db.transaction(async (tx) => {
    const sub = await lockSubscription(tx, id);
    if (sub.status === 'canceled')
      throw ApiError.conflict('The subscription is already canceled', { reason: 'already_canceled' });
    const batch = new EventBatch(tx, moment);
    if (when === 'period_end' && sub.currentPeriodEnd && sub.status !== 'past_due') {
      if (sub.cancelAtPeriodEnd) return;
      const [scheduled] = await tx
        .update(localPaySubscriptions)
        .set({ cancelAtPeriodEnd: true, updatedAt: now })
        .where(eq(localPaySubscriptions.id, id))
        .returning();
      if (scheduled) await emitSubscription(sandbox, batch, 'subscription.updated', scheduled);
      return;
    }
    // A past-due renewal nobody will pay any more is canceled with the subscription.
    const open = await openRenewal(tx, id);
    if (open) {
      const [dropped] = await tx
        .update(localPayTransactions)
        .set({ status: 'canceled', updatedAt: now })
        .where(eq(localPayTransactions.id, open.id))
        .returning();
      if (dropped) await emitTransaction(sandbox, batch, 'transaction.canceled', dropped);
    }
    await endNow(sandbox, tx, batch, id, now);
  });
  sandbox.deliveries.kick();
}

/** Undoes a cancellation scheduled for the period's end; a subscription without one is left as is. */
export async function resumeSubscription(sandbox: Sandbox, id: string): Promise<void> {
  const moment = await sandbox.clock.moment();
  const now = moment.now;
  await sandbox.db.transaction(async (tx) => {
    const sub = await lockSubscription(tx, id);
    if (sub.status === 'canceled') throw ApiError.conflict('A canceled subscription cannot be resumed');
    if (!sub.cancelAtPeriodEnd) return;
    const [resumed] = await tx
      .update(localPaySubscriptions)
      .set({ cancelAtPeriodEnd: false, updatedAt: now })
      .where(eq(localPaySubscriptions.id, id))
      .returning();
    if (resumed) await emitSubscription(sandbox, new EventBatch(tx, moment), 'subscription.updated', resumed);
  });
  sandbox.deliveries.kick();
}

/** The hosted page where the card is replaced; it sends the customer back to `returnUrl`. */
export async function paymentMethodUrl(sandbox: Sandbox, id: string, returnUrl: string): Promise<string> {
  const [sub] = await sandbox.db
    .update(localPaySubscriptions)
    .set({ paymentMethodReturnUrl: returnUrl })
    .where(eq(localPaySubscriptions.id, id))
    .returning({ id: localPaySubscriptions.id });
  if (!sub) throw notFound(id);
  return paymentMethodLink(sandbox, id);
}

export type CardUpdate =
  | { kind: 'updated'; recovered: boolean; returnUrl: string | null }
  | { kind: 'declined' }
  | { kind: 'canceled' };

/**
 * A new card on file: a zero `subscription_payment_method_change` transaction records it, and a
 * past-due subscription's open renewal is charged to it at once (recovered → active).
 */
export async function replaceCard(
  sandbox: Sandbox,
  id: string,
  card: { last4: string; declinesNow: boolean; declinesLater: boolean },
): Promise<CardUpdate> {
  const moment = await sandbox.clock.moment();
  const now = moment.now;
  const outcome = await sandbox.db.transaction(async (tx): Promise<CardUpdate> => {
    const sub = await lockSubscription(tx, id);
    if (sub.status === 'canceled') return { kind: 'canceled' };
    if (card.declinesNow) return { kind: 'declined' };
    const batch = new EventBatch(tx, moment);
    const item = await requirePrice(tx, sub.priceId);
    const [txn] = await tx
      .insert(localPayTransactions)
      .values({
        id: newLocalId('txn'),
        status: 'completed',
        customerId: sub.customerId,
        subscriptionId: sub.id,
        origin: 'subscription_payment_method_change',
        priceId: sub.priceId,
        quantity: sub.quantity,
        currency: sub.currency,
        subtotal: 0,
        tax: 0,
        total: 0,
        description: `${describeItem(item)}, card ending ${card.last4}`,
        customData: sub.customData,
        billedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (txn) await emitTransaction(sandbox, batch, 'transaction.completed', txn);
    const [updated] = await tx
      .update(localPaySubscriptions)
      .set({ cardLast4: card.last4, cardDeclines: card.declinesLater, updatedAt: now })
      .where(eq(localPaySubscriptions.id, id))
      .returning();
    if (!updated) throw notFound(id);
    // The card "accepted now, declining later" pays this retry: it is a charge made now.
    const recovered = await retryWithNewCard(sandbox, batch, { ...updated, cardDeclines: false }, now);
    return { kind: 'updated', recovered, returnUrl: sub.paymentMethodReturnUrl };
  });
  sandbox.deliveries.kick();
  return outcome;
}

/**
 * A second live subscription of one plan type that slipped past the checks (the billing core found
 * it when its event arrived): the sandbox refunds what it charged and cancels it now.
 */
export async function refundAndCancel(sandbox: Sandbox, id: string): Promise<void> {
  const moment = await sandbox.clock.moment();
  const now = moment.now;
  await sandbox.db.transaction(async (tx) => {
    const sub = await lockSubscription(tx, id);
    if (sub.status === 'canceled') return;
    const batch = new EventBatch(tx, moment);
    const charges = await tx
      .select()
      .from(localPayTransactions)
      .where(
        and(
          eq(localPayTransactions.subscriptionId, id),
          eq(localPayTransactions.status, 'completed'),
          gt(localPayTransactions.total, 0),
        ),
      )
      .orderBy(desc(localPayTransactions.createdAt));
    const paid = charges.reduce((sum, t) => sum + t.total, 0);
    const paidTax = charges.reduce((sum, t) => sum + t.tax, 0);
    if (paid > 0) {
      const item = await requirePrice(tx, sub.priceId);
      const [refund] = await tx
        .insert(localPayTransactions)
        .values({
          id: newLocalId('txn'),
          status: 'completed',
          customerId: sub.customerId,
          subscriptionId: sub.id,
          origin: 'refund',
          priceId: sub.priceId,
          quantity: sub.quantity,
          currency: sub.currency,
          subtotal: paidTax - paid,
          tax: -paidTax,
          taxRate: charges[0]?.taxRate ?? '0',
          total: -paid,
          description: `${describeItem(item)}, refunded`,
          customData: sub.customData,
          invoiceNumber: await nextInvoiceNumber(tx, now),
          billedAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (refund) await emitTransaction(sandbox, batch, 'transaction.completed', refund);
    }
    await endNow(sandbox, tx, batch, id, now);
  });
  sandbox.deliveries.kick();
}
