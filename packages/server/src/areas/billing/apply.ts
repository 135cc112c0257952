// What a provider event changes, read as the service's snapshot (./snapshots.ts): a subscription
// snapshot the organisation's subscription, a transaction snapshot its billing history.
import { LIVE_SUBSCRIPTION_STATES, type PaymentProviderName, quantityUnitOf } from '@slugsmith/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.js';
import type { PendingChange } from '../../db/schema.js';
import { orgExists } from '../orgs/read.js';
import { subscribable } from '../plans/catalogue.js';
import { invoiceParties } from './parties.js';
import * as q from './queries.js';
import type { ProviderSnapshot, SubscriptionSnapshot, TransactionSnapshot } from './snapshots.js';

/** An event that cannot be applied yet (unknown organisation or price): failed, retried later. */
export class NotApplicable extends Error {}

/**
 * An event applied, but what it brought needs staff with the provider (a second subscription the
 * provider cannot undo by itself): it waits for them, without retries.
 */
export class NeedsStaff extends Error {}

export interface ApplyContext {
  db: Db;
  provider: PaymentProviderName;
  graceDays: number;
  /** An organisation's limits changed: forget what this node cached. */
  changed(orgId: string): void;
  /** A subscription was written (bought, renewed, changed, ended): its followers (licences) act. */
  subscriptionChanged(subscriptionId: string): Promise<void>;
  /** Refunds and cancels a subscription that should not exist; false when staff must. */
  undoDuplicate(providerSubscriptionId: string): Promise<boolean>;
  /** A transaction was written: e-mails its receipt once it is completed (./receipt-mail.ts). */
  receipt?(transactionId: string): Promise<void>;
}

/** `stale`: a newer event of the same entity was applied before; `ignored`: nothing to change. */
export type Outcome = 'applied' | 'stale' | 'ignored';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

export async function applyEvent(
  ctx: ApplyContext,
  snapshot: ProviderSnapshot,
  occurredAt: Date,
): Promise<Outcome> {
  if (snapshot.kind === 'subscription') return applySubscription(ctx, snapshot.subscription, occurredAt);
  if (snapshot.kind === 'transaction') return applyTransaction(ctx, snapshot.transaction, occurredAt);
  return 'ignored';
}

/** The organisation our checkout named, if it exists. */
async function namedOrganisation(ctx: ApplyContext, named: unknown) {
  return isUuid(named) && (await orgExists(ctx.db, named)) ? named : undefined;
}

/** A subscription cancelled when its organisation was deleted (../closing.ts). */
async function closedWithOrganisation(ctx: ApplyContext, providerSubscriptionId: string) {
  return (
    (await q.findLocalId(ctx.db, ctx.provider, 'closed_subscription', providerSubscriptionId)) !== undefined
  );
}

/**
 * A checkout paid while its organisation was being deleted: deletion cancelled what it knew of,
 * and this subscription's event arrived after. Nobody can use it, so it is refunded and cancelled
 * (the sandbox does it; with Paddle staff are told to).
 */
async function paidForDeletedOrganisation(
  ctx: ApplyContext,
  deletedOrgId: string,
  providerSubscriptionId: string,
): Promise<Outcome> {
  if (await ctx.undoDuplicate(providerSubscriptionId)) {
    // Its later events (the cancellation, the refund) are let go like those of closing.ts.
    await q.saveRefs(ctx.db, ctx.provider, 'closed_subscription', [
      { localId: deletedOrgId, providerId: providerSubscriptionId },
    ]);
    return 'applied';
  }
  throw new NeedsStaff(
    `no organisation ${deletedOrgId} for subscription ${providerSubscriptionId} (deleted meanwhile, or named wrongly): correct the event, or refund and cancel it at ${ctx.provider}`,
  );
}

/** The organisation the provider's customer was first seen paying for. */
async function customerOrganisation(ctx: ApplyContext, customerId: string | null | undefined) {
  if (!customerId) return undefined;
  const local = await q.findLocalId(ctx.db, ctx.provider, 'customer', customerId);
  return local && (await orgExists(ctx.db, local)) ? local : undefined;
}

/**
 * Our price of a subscription item: the provider's price as we synced it (it follows plan
 * changes), else the price id the provider's price or the checkout carried.
 */
async function priceOf(ctx: ApplyContext, data: SubscriptionSnapshot) {
  const item = data.items[0];
  const candidates = [
    await q.findLocalId(ctx.db, ctx.provider, 'price', item.providerPriceId),
    item.priceId,
    data.namedPriceId,
  ];
  for (const id of candidates) {
    if (!isUuid(id)) continue;
    const found = await q.findPrice(ctx.db, id);
    if (found) return found;
  }
  return undefined;
}

const DAY_MS = 86_400_000;

/**
 * When the unpaid time of a past-due subscription began: Paddle moves to the new period when it
 * bills the renewal (the unpaid period is the current one: its start), the sandbox keeps the paid
 * period until a payment succeeds (its end). Either way, the latest period bound already reached.
 */
function unpaidSince(period: SubscriptionSnapshot['period'], occurredAt: Date): Date {
  const reached = [period?.endsAt, period?.startsAt].find((d) => d !== undefined && d <= occurredAt);
  return reached ?? occurredAt;
}

async function applySubscription(
  ctx: ApplyContext,
  data: SubscriptionSnapshot,
  occurredAt: Date,
): Promise<Outcome> {
  const existing = await q.findProviderSubscription(ctx.db, ctx.provider, data.id);
  if (existing?.providerUpdatedAt && existing.providerUpdatedAt > occurredAt) return 'stale';
  const orgId =
    existing?.orgId ??
    (await namedOrganisation(ctx, data.namedOrgId)) ??
    (await customerOrganisation(ctx, data.customerId));
  if (!orgId) {
    // The organisation was deleted, and this subscription cancelled with it: nothing left to grant.
    if (data.state === 'cancelled' || (await closedWithOrganisation(ctx, data.id))) return 'ignored';
    if (isUuid(data.namedOrgId)) return paidForDeletedOrganisation(ctx, data.namedOrgId, data.id);
    throw new NotApplicable(`no organisation for subscription ${data.id} (none named, no known customer)`);
  }
  // A known subscription keeps its plan when an event names a price we cannot place.
  const found = await priceOf(ctx, data);
  const plan = found
    ? { planId: found.plan.id, priceId: found.price.id, unit: quantityUnitOf(found.plan.planType) }
    : existing && { planId: existing.planId, priceId: existing.priceId, unit: existing.unit };
  if (!plan) throw new NotApplicable(`no plan price for provider price ${data.items[0].providerPriceId}`);

  const { state, period } = data;
  const periodEnd = period?.endsAt ?? null;
  const cancelScheduled = data.scheduledChange?.cancel === true;
  let endsAt: Date | null = null;
  if (state === 'cancelled') {
    endsAt = data.canceledAt ?? data.scheduledChange?.effectiveAt ?? occurredAt;
  } else if (state === 'past_due') {
    // The grace period: the plan's limits hold for graceDays after the paid time ran out, while
    // the provider retries the payment.
    endsAt = new Date(unpaidSince(period, occurredAt).getTime() + ctx.graceDays * DAY_MS);
  } else if (cancelScheduled) {
    // Ends by itself at the period end, even if the cancellation's own event comes late.
    endsAt = data.scheduledChange?.effectiveAt ?? periodEnd;
  }
  const trialEnds = data.items
    .map((i) => i.trialEndsAt)
    .filter((d): d is Date => d !== null)
    .sort((a, b) => b.getTime() - a.getTime())[0];
  const quantity = data.items.reduce((sum, i) => sum + i.quantity, 0);

  const values = {
    orgId,
    ...plan,
    state,
    quantity,
    startedAt: data.startedAt ?? period?.startsAt ?? occurredAt,
    trialUntil: trialEnds ?? (state === 'trial' ? periodEnd : null),
    renewsAt: state === 'active' || state === 'trial' ? (cancelScheduled ? null : data.nextBilledAt) : null,
    endsAt,
    provider: ctx.provider,
    providerSubscriptionId: data.id,
    cancelAtPeriodEnd: cancelScheduled && state !== 'cancelled',
    currentPeriodStart: period?.startsAt ?? null,
    currentPeriodEnd: periodEnd,
    providerUpdatedAt: occurredAt,
    pendingChange: stillPending(existing?.pendingChange ?? null, plan.priceId, quantity, occurredAt),
  };
  // A subscription new to us that is a second live one of its plan type, or of a plan no longer
  // sold: two checkouts prepared before either was paid, or one paid after staff archived the plan.
  // New subscriptions of one organisation are checked and written in turns (nodes apply events
  // concurrently), so two arriving at once cannot both pass.
  let unwanted: string | undefined;
  let written: Awaited<ReturnType<typeof q.upsertProviderSubscription>>;
  if (!existing && found && LIVE_SUBSCRIPTION_STATES.includes(state)) {
    [unwanted, written] = await ctx.db.transaction(async (tx) => {
      await tx.execute(
        sql`SELECT pg_advisory_xact_lock(hashtextextended(${`org-subscriptions:${orgId}`}, 0))`,
      );
      const why = await unwantedSubscription(tx, orgId, found.plan);
      return [why, await q.upsertProviderSubscription(tx, values)] as const;
    });
  } else {
    written = await q.upsertProviderSubscription(ctx.db, values);
  }
  if (!written) return 'stale';
  await q.rememberCustomer(ctx.db, ctx.provider, written.orgId, data.customerId);
  if (unwanted) {
    ctx.changed(written.orgId);
    // The sandbox refunds and cancels it (its events follow); with Paddle staff do, told here.
    if (await ctx.undoDuplicate(data.id)) return 'applied';
    throw new NeedsStaff(
      `${unwanted}: subscription ${data.id} of organisation ${written.orgId} — refund and cancel it at ${ctx.provider}`,
    );
  }
  // An on-premise plan bought, renewed or changed: its licence follows (../licences subscribes).
  await ctx.subscriptionChanged(written.id);
  ctx.changed(written.orgId);
  return 'applied';
}

/**
 * A requested change stays pending until an event shows it made (its price and quantity), or
 * until an event that happened after the request (the provider said what it did instead).
 */
function stillPending(
  pending: PendingChange | null,
  priceId: string | null,
  quantity: number,
  occurredAt: Date,
): PendingChange | null {
  if (!pending) return null;
  if (pending.priceId === priceId && pending.quantity === quantity) return null;
  return occurredAt.getTime() >= Date.parse(pending.requestedAt) ? null : pending;
}

/** Why a new live subscription should not be there, if it should not. */
async function unwantedSubscription(db: Db, orgId: string, plan: q.PlanRow) {
  if (!subscribable(plan.state)) return `plan ${plan.slug} is no longer offered`;
  const other = await q.liveProviderSubscriptionOfType(db, orgId, plan.planType, LIVE_SUBSCRIPTION_STATES);
  return other ? `a second live ${plan.planType} subscription beside ${other}` : undefined;
}

async function applyTransaction(
  ctx: ApplyContext,
  data: TransactionSnapshot,
  occurredAt: Date,
): Promise<Outcome> {
  const subscription = data.subscriptionId
    ? await q.findProviderSubscription(ctx.db, ctx.provider, data.subscriptionId)
    : undefined;
  // One customer may pay for several organisations: the subscription's is surer than the customer's.
  const orgId =
    (await namedOrganisation(ctx, data.namedOrgId)) ??
    subscription?.orgId ??
    (await customerOrganisation(ctx, data.customerId));
  if (!orgId) {
    // A renewal dropped with the subscription of a deleted organisation: nothing to record.
    if (data.status === 'canceled') return 'ignored';
    // A transaction of a deleted organisation's subscription (or recorded before it was deleted):
    // its invoice stays in the history staff keep, without the organisation.
    const kept =
      (await q.transactionKnown(ctx.db, ctx.provider, data.id)) ||
      (data.subscriptionId !== null && (await closedWithOrganisation(ctx, data.subscriptionId)));
    if (!kept)
      throw new NotApplicable(`no organisation for transaction ${data.id} (none named, no known customer)`);
  }
  // A one-off price (a perpetual licence) starts no subscription at the provider: the paid
  // transaction is the licence.
  if (orgId && !data.subscriptionId && (data.status === 'completed' || data.status === 'paid')) {
    await perpetualLicence(ctx, data, orgId, occurredAt);
  }
  const { totals } = data;
  // The plan price paid for: the checkout's, else the subscription's (a renewal).
  const pricedAs = isUuid(data.namedPriceId) ? data.namedPriceId : subscription?.priceId;
  const tax = totals?.tax ?? 0;
  // The rate as the provider states it: one rate for the transaction, none when lines differ.
  const rates = new Set(data.taxRates);
  const { parties, reverseCharge } = await invoiceParties(ctx.db, orgId ?? null, tax);
  const written = await q.upsertTransaction(ctx.db, {
    provider: ctx.provider,
    providerTransactionId: data.id,
    orgId: orgId ?? null,
    subscriptionId: subscription?.id ?? null,
    status: data.status,
    origin: data.origin,
    currency: data.currency,
    subtotal: totals?.subtotal ?? 0,
    tax,
    taxRate: rates.size === 1 ? ([...rates][0] as string) : null,
    reverseCharge,
    parties,
    total: totals?.total ?? 0,
    items: data.lines.map((line, _, lines) => ({
      ...line,
      ...(lines.length === 1 && pricedAs && { priceId: pricedAs }),
    })),
    invoiceNumber: data.invoiceNumber,
    billedAt: data.billedAt,
    createdAt: data.createdAt ?? occurredAt,
    providerUpdatedAt: occurredAt,
  });
  if (!written) return 'stale';
  await ctx.receipt?.(written);
  return 'applied';
}

async function perpetualLicence(
  ctx: ApplyContext,
  data: TransactionSnapshot,
  orgId: string,
  occurredAt: Date,
) {
  const found = isUuid(data.namedPriceId) ? await q.findPrice(ctx.db, data.namedPriceId) : undefined;
  if (found?.price.period !== 'perpetual') return;
  const written = await q.upsertProviderSubscription(ctx.db, {
    orgId,
    planId: found.plan.id,
    priceId: found.price.id,
    state: 'active',
    quantity: data.lines[0]?.quantity ?? 1,
    unit: quantityUnitOf(found.plan.planType),
    startedAt: data.billedAt ?? occurredAt,
    trialUntil: null,
    renewsAt: null,
    endsAt: null,
    provider: ctx.provider,
    providerSubscriptionId: data.id,
    cancelAtPeriodEnd: false,
    currentPeriodStart: null,
    currentPeriodEnd: null,
    providerUpdatedAt: occurredAt,
  });
  if (!written) return;
  await ctx.subscriptionChanged(written.id);
  ctx.changed(written.orgId);
}
