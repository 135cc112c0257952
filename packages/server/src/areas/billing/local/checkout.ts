import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { localPayCustomers, localPaySubscriptions, localPayTransactions } from '../../../db/schema.js';
import { ApiError } from '../../../platform/errors.js';
import { customDataOf } from '../paddle/events.js';
import type { CheckoutInput, PreparedCheckout, ResumedCheckout } from '../provider.js';
import type { Card } from './cards.js';
import { chargeFor } from './charges.js';
import {
  emitSubscription,
  emitTransaction,
  nextInvoiceNumber,
  priceWithProduct,
  requirePrice,
  type Sandbox,
} from './context.js';
import { isLocalId, newLocalId } from './ids.js';
import { EventBatch, type Tx } from './outbox.js';
import { type Unpayable, unpayable } from './payable.js';
import type { PriceWithProduct, SubscriptionRow, TransactionRow } from './payloads.js';
import { addDays, periodEnd } from './periods.js';

/**
 * A checkout starts with the free trial its price offers (the card is taken, the first charge
 * waits); tests may ask for another length.
 */
export type LocalCheckoutInput = CheckoutInput & { trialDays?: number };

export const MAX_TRIAL_DAYS = 365;

/** How a line of a transaction reads on the page and the invoice. */
export function describeItem({ price, product }: PriceWithProduct): string {
  const per = price.perNode ? ', per node' : '';
  return `${product.name} (${price.period.replace('_', '-')}${per})`;
}

/**
 * A `ready` transaction for the hosted checkout (the customer is known, so nothing is missing).
 * Taxed as a merchant of record would tax it (./charges.ts), by the buyer's country and VAT number.
 */
export async function prepareCheckout(
  sandbox: Sandbox,
  input: LocalCheckoutInput,
): Promise<PreparedCheckout> {
  const { quantity } = input.item;
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > 10_000)
    throw ApiError.badRequest('Invalid quantity');
  const moment = await sandbox.clock.moment();
  const now = moment.now;
  const transactionId = await sandbox.db.transaction(async (tx) => {
    const item = await priceWithProduct(tx, input.item.providerPriceId);
    if (!item) throw ApiError.badRequest('Missing price information', { reason: 'missing_price' });
    const trialDays = input.trialDays ?? item.price.trialDays;
    if (!Number.isInteger(trialDays) || trialDays < 0 || trialDays > MAX_TRIAL_DAYS) {
      throw ApiError.badRequest('Invalid trial period');
    }
    if (trialDays > 0 && item.price.period === 'perpetual') throw ApiError.badRequest('Invalid trial period');
    const customerId = await customerFor(tx, input);
    const charge = await chargeFor(tx, customerId, trialDays > 0 ? 0 : item.price.amount * quantity);
    const [txn] = await tx
      .insert(localPayTransactions)
      .values({
        id: newLocalId('txn'),
        status: 'ready',
        customerId,
        origin: 'web',
        priceId: item.price.id,
        quantity,
        currency: item.price.currency,
        ...charge,
        description: describeItem(item),
        customData: customDataOf(input.reference),
        trialDays,
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!txn) throw new Error('transaction not created');
    await emitTransaction(sandbox, new EventBatch(tx, moment), 'transaction.created', txn);
    return txn.id;
  });
  sandbox.deliveries.kick();
  return {
    transactionId,
    checkoutUrl: sandbox.urls.checkout(transactionId),
    providerToken: null,
    environment: 'sandbox',
  };
}

/** The buyer's customer record: the one named, else the organisation's. */
async function knownCustomer(tx: Tx, input: CheckoutInput) {
  const named = input.customer.providerCustomerId;
  if (named) {
    const [row] = await tx.select().from(localPayCustomers).where(eq(localPayCustomers.id, named));
    if (row) return row;
  }
  const [ofOrg] = await tx.select().from(localPayCustomers).where(eq(localPayCustomers.orgId, input.org.id));
  return ofOrg;
}

/**
 * The buyer's customer record (a new one when none is known), with the country and VAT number of
 * this checkout, as Paddle's checkout records the buyer's address.
 */
async function customerFor(tx: Tx, input: CheckoutInput): Promise<string> {
  const address = { country: input.countryCode ?? null, vatNumber: input.vatNumber ?? null };
  const known = await knownCustomer(tx, input);
  if (known) {
    await tx.update(localPayCustomers).set(address).where(eq(localPayCustomers.id, known.id));
    return known.id;
  }
  const id = newLocalId('ctm');
  await tx
    .insert(localPayCustomers)
    .values({ id, orgId: input.org.id, email: input.customer.email, name: input.org.name, ...address });
  return id;
}

/** The hosted page of a checkout transaction, as Paddle.js would open one of Paddle's. */
export async function resumeCheckout(sandbox: Sandbox, id: string): Promise<ResumedCheckout | undefined> {
  if (!isLocalId('txn', id)) return undefined;
  const [txn] = await sandbox.db.select().from(localPayTransactions).where(eq(localPayTransactions.id, id));
  if (txn?.origin !== 'web') return undefined;
  const orgId = txn.customData?.org_id;
  return {
    transactionId: txn.id,
    checkoutUrl: sandbox.urls.checkout(txn.id),
    providerToken: null,
    environment: 'sandbox',
    open: txn.status === 'ready',
    orgId: typeof orgId === 'string' ? orgId : null,
  };
}

export async function findTransaction(sandbox: Sandbox, id: string) {
  const [txn] = await sandbox.db.select().from(localPayTransactions).where(eq(localPayTransactions.id, id));
  if (!txn) return undefined;
  return { txn, item: await requirePrice(sandbox.db, txn.priceId) };
}

export type PaymentOutcome =
  | { kind: 'paid'; successUrl: string | null }
  | { kind: 'declined' }
  | { kind: 'confirm'; challenge: string }
  | { kind: 'not_payable'; status: TransactionRow['status'] }
  /** Refused when paying (../payable.ts): the transaction is closed, nothing was charged. */
  | { kind: 'refused'; reason: Unpayable };

/** Closes a checkout that can no longer be paid, so that its link stays closed. */
async function refuse(
  sandbox: Sandbox,
  batch: EventBatch,
  txn: TransactionRow,
  reason: Unpayable,
  now: Date,
) {
  const [closed] = await batch.tx
    .update(localPayTransactions)
    .set({ status: 'canceled', pendingCard: null, pendingChallenge: null, updatedAt: now })
    .where(eq(localPayTransactions.id, txn.id))
    .returning();
  if (closed) await emitTransaction(sandbox, batch, 'transaction.canceled', closed);
  return { kind: 'refused' as const, reason };
}

/** The card form of the hosted checkout was sent with a valid card. */
export async function payCheckout(
  sandbox: Sandbox,
  transactionId: string,
  card: Card,
): Promise<PaymentOutcome> {
  const moment = await sandbox.clock.moment();
  const now = moment.now;
  const outcome = await sandbox.db.transaction(async (tx): Promise<PaymentOutcome> => {
    const [txn] = await tx
      .select()
      .from(localPayTransactions)
      .where(eq(localPayTransactions.id, transactionId))
      .for('update');
    if (!txn) throw ApiError.notFound();
    if (txn.status !== 'ready') return { kind: 'not_payable', status: txn.status };
    const batch = new EventBatch(tx, moment);
    const refusal = await unpayable(tx, txn);
    if (refusal) return refuse(sandbox, batch, txn, refusal, now);
    if (card.declinesNow) {
      await emitTransaction(sandbox, batch, 'transaction.payment_failed', txn);
      return { kind: 'declined' };
    }
    if (card.needsConfirmation) {
      const challenge = randomBytes(16).toString('hex');
      await tx
        .update(localPayTransactions)
        .set({
          pendingChallenge: challenge,
          pendingCard: { last4: card.last4, declines: card.declinesLater },
        })
        .where(eq(localPayTransactions.id, txn.id));
      return { kind: 'confirm', challenge };
    }
    await completeCheckout(sandbox, batch, txn, { last4: card.last4, declines: card.declinesLater }, now);
    return { kind: 'paid', successUrl: txn.successUrl };
  });
  sandbox.deliveries.kick();
  return outcome;
}

/** The 3-D-Secure-like step: the buyer confirmed (or refused) the payment of a held card. */
export async function confirmCheckout(
  sandbox: Sandbox,
  transactionId: string,
  challenge: string,
  approve: boolean,
): Promise<PaymentOutcome | undefined> {
  const moment = await sandbox.clock.moment();
  const now = moment.now;
  const outcome = await sandbox.db.transaction(async (tx): Promise<PaymentOutcome | undefined> => {
    const [txn] = await tx
      .select()
      .from(localPayTransactions)
      .where(eq(localPayTransactions.id, transactionId))
      .for('update');
    if (!txn) throw ApiError.notFound();
    if (txn.status !== 'ready') return { kind: 'not_payable', status: txn.status };
    if (!txn.pendingChallenge || !txn.pendingCard || txn.pendingChallenge !== challenge) return undefined;
    const card = txn.pendingCard;
    await tx
      .update(localPayTransactions)
      .set({ pendingChallenge: null, pendingCard: null })
      .where(eq(localPayTransactions.id, txn.id));
    const batch = new EventBatch(tx, moment);
    if (!approve) {
      await emitTransaction(sandbox, batch, 'transaction.payment_failed', txn);
      return { kind: 'declined' };
    }
    const refusal = await unpayable(tx, txn);
    if (refusal) return refuse(sandbox, batch, txn, refusal, now);
    await completeCheckout(sandbox, batch, txn, card, now);
    return { kind: 'paid', successUrl: txn.successUrl };
  });
  sandbox.deliveries.kick();
  return outcome;
}

/**
 * A paid checkout: the transaction is paid and completed and the subscription starts — active
 * for a period, trialing for a trial, or active without renewals for a perpetual licence.
 */
async function completeCheckout(
  sandbox: Sandbox,
  batch: EventBatch,
  txn: TransactionRow,
  card: { last4: string; declines: boolean },
  now: Date,
): Promise<void> {
  const { tx } = batch;
  const item = await requirePrice(tx, txn.priceId);
  const trialEnd = txn.trialDays > 0 ? addDays(now, txn.trialDays) : null;
  const end = trialEnd ?? periodEnd(now, item.price.period);
  const [sub] = await tx
    .insert(localPaySubscriptions)
    .values({
      id: newLocalId('sub'),
      customerId: txn.customerId,
      status: trialEnd ? 'trialing' : 'active',
      priceId: txn.priceId,
      quantity: txn.quantity,
      currency: txn.currency,
      customData: txn.customData,
      startedAt: now,
      currentPeriodStart: end ? now : null,
      currentPeriodEnd: end,
      nextBilledAt: end,
      trialEndsAt: trialEnd,
      cardLast4: card.last4,
      cardDeclines: card.declines,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!sub) throw new Error('subscription not created');
  const invoiceNumber = await nextInvoiceNumber(tx, now);
  const paid = { ...txn, status: 'paid' as const, subscriptionId: sub.id, billedAt: now, updatedAt: now };
  await emitTransaction(sandbox, batch, 'transaction.paid', paid);
  await emitSubscription(sandbox, batch, 'subscription.created', sub);
  await emitSubscription(sandbox, batch, trialEnd ? 'subscription.trialing' : 'subscription.activated', sub);
  const [completed] = await tx
    .update(localPayTransactions)
    .set({
      status: 'completed',
      subscriptionId: sub.id,
      invoiceNumber,
      billedAt: now,
      updatedAt: now,
      pendingCard: null,
      pendingChallenge: null,
    })
    .where(eq(localPayTransactions.id, txn.id))
    .returning();
  if (completed) await emitTransaction(sandbox, batch, 'transaction.completed', completed);
}

export type { SubscriptionRow };
