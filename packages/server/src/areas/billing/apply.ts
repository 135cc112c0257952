// What a provider event changes: subscription.* events the organisation's subscription,
// transaction.* events its billing history. Both providers speak Paddle's format.
import {
  LIVE_SUBSCRIPTION_STATES,
  type PaymentProviderName,
  type SubscriptionState,
} from '@slugsmith/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.js';
import type { PendingChange } from '../../db/schema.js';
import { issueLicenceForSubscription } from '../licences/service.js';
import { orgExists } from '../orgs/read.js';
import { subscribable } from '../plans/catalogue.js';
import { SubscriptionData, TransactionData } from './event-format.js';
import type { EventRow } from './event-queries.js';
import { invoiceParties } from './parties.js';
import * as q from './queries.js';

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
  /** Refunds and cancels a subscription that should not exist; false when staff must. */
  undoDuplicate(providerSubscriptionId: string): Promise<boolean>;
  /** A transaction was written: e-mails its receipt once it is completed (./receipt-mail.ts). */
  receipt?(transactionId: string): Promise<void>;
}

/** `stale`: a newer event of the same entity was applied before; `ignored`: nothing to change. */
export type Outcome = 'applied' | 'stale' | 'ignored';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

const STATES: Record<SubscriptionData['status'], SubscriptionState> = {
  active: 'active',
  trialing: 'trial',
  past_due: 'past_due',
  paused: 'inactive',
  canceled: 'cancelled',
};

export async function applyEvent(ctx: ApplyContext, row: EventRow): Promise<Outcome> {
  const category = row.eventType.split('.')[0];
  const data = (row.payload as { data?: unknown }).data;
  if (category === 'subscription')
    return applySubscription(ctx, SubscriptionData.parse(data), row.occurredAt);
  if (category === 'transaction') return applyTransaction(ctx, TransactionData.parse(data), row.occurredAt);
  return 'ignored';
}

/** The organisation our checkout named in custom_data, if it exists. */
async function namedOrganisation(ctx: ApplyContext, customData: Record<string, unknown> | null | undefined) {
  const named = customData?.org_id;
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
 * changes), else the price id the provider's price or the checkout carried in custom_data.
 */
async function priceOf(ctx: ApplyContext, data: SubscriptionData) {
  const item = data.items[0];
  const candidates = [
    await q.findLocalId(ctx.db, ctx.provider, 'price', item.price.id),
    (item.price.custom_data as Record<string, unknown> | null | undefined)?.price_id,
    data.custom_data?.price_id,
  ];
  for (const id of candidates) {
    if (!isUuid(id)) continue;
    const found = await q.findPrice(ctx.db, id);
    if (found) return found;
  }
  return undefined;
}

/** On-premise plans count concurrent nodes. */
const unitOf = (plan: q.PlanRow) => (plan.planType === 'on_premise' ? ('node' as const) : ('unit' as const));

const date = (value: string | null | undefined) => (value ? new Date(value) : null);
const DAY_MS = 86_400_000;

/**
 * When the unpaid time of a past-due subscription began: Paddle moves to the new period when it
 * bills the renewal (the unpaid period is the current one: its start), the sandbox keeps the paid
 * period until a payment succeeds (its end). Either way, the latest period bound already reached.
 */
function unpaidSince(period: { starts_at: string; ends_at: string } | null, occurredAt: Date): Date {
  const reached = [date(period?.ends_at), date(period?.starts_at)].find((d) => d !== null && d <= occurredAt);
  return reached ?? occurredAt;
}

async function applySubscription(
  ctx: ApplyContext,
  data: SubscriptionData,
  occurredAt: Date,
): Promise<Outcome> {
  const existing = await q.findProviderSubscription(ctx.db, ctx.provider, data.id);
  if (existing?.providerUpdatedAt && existing.providerUpdatedAt > occurredAt) return 'stale';
  const orgId =
    existing?.orgId ??
    (await namedOrganisation(ctx, data.custom_data)) ??
    (await customerOrganisation(ctx, data.customer_id));
  if (!orgId) {
    // The organisation was deleted, and this subscription cancelled with it: nothing left to grant.
    if (STATES[data.status] === 'cancelled' || (await closedWithOrganisation(ctx, data.id))) return 'ignored';
    const named = data.custom_data?.org_id;
    if (isUuid(named)) return paidForDeletedOrganisation(ctx, named, data.id);
    throw new NotApplicable(`no organisation for subscription ${data.id} (custom_data.org_id, customer)`);
  }
  // A known subscription keeps its plan when an event names a price we cannot place.
  const found = await priceOf(ctx, data);
  const plan = found
    ? { planId: found.plan.id, priceId: found.price.id, unit: unitOf(found.plan) }
    : existing && { planId: existing.planId, priceId: existing.priceId, unit: existing.unit };
  if (!plan) throw new NotApplicable(`no plan price for provider price ${data.items[0].price.id}`);

  const state = STATES[data.status];
  const period = data.current_billing_period ?? null;
  const periodEnd = date(period?.ends_at);
  const cancelScheduled = data.scheduled_change?.action === 'cancel';
  let endsAt: Date | null = null;
  if (state === 'cancelled') {
    endsAt = date(data.canceled_at) ?? date(data.scheduled_change?.effective_at) ?? occurredAt;
  } else if (state === 'past_due') {
    // The grace period: the plan's limits hold for graceDays after the paid time ran out, while
    // the provider retries the payment.
    endsAt = new Date(unpaidSince(period, occurredAt).getTime() + ctx.graceDays * DAY_MS);
  } else if (cancelScheduled) {
    // Ends by itself at the period end, even if the cancellation's own event comes late.
    endsAt = date(data.scheduled_change?.effective_at) ?? periodEnd;
  }
  const trialEnds = data.items
    .map((i) => date(i.trial_dates?.ends_at))
    .filter((d): d is Date => d !== null)
    .sort((a, b) => b.getTime() - a.getTime())[0];
  const quantity = data.items.reduce((sum, i) => sum + i.quantity, 0);

  const values = {
    orgId,
    ...plan,
    state,
    quantity,
    startedAt: date(data.started_at) ?? date(period?.starts_at) ?? occurredAt,
    trialUntil: trialEnds ?? (state === 'trial' ? periodEnd : null),
    renewsAt:
      state === 'active' || state === 'trial' ? (cancelScheduled ? null : date(data.next_billed_at)) : null,
    endsAt,
    provider: ctx.provider,
    providerSubscriptionId: data.id,
    cancelAtPeriodEnd: cancelScheduled && state !== 'cancelled',
    currentPeriodStart: date(period?.starts_at),
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
  await q.rememberCustomer(ctx.db, ctx.provider, written.orgId, data.customer_id);
  if (unwanted) {
    ctx.changed(written.orgId);
    // The sandbox refunds and cancels it (its events follow); with Paddle staff do, told here.
    if (await ctx.undoDuplicate(data.id)) return 'applied';
    throw new NeedsStaff(
      `${unwanted}: subscription ${data.id} of organisation ${written.orgId} — refund and cancel it at ${ctx.provider}`,
    );
  }
  // An on-premise plan bought, renewed or changed: its licence follows.
  await issueLicenceForSubscription(ctx.db, written.id);
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

const minor = (amount: string) => Number.parseInt(amount, 10);

async function applyTransaction(
  ctx: ApplyContext,
  data: TransactionData,
  occurredAt: Date,
): Promise<Outcome> {
  const subscription = data.subscription_id
    ? await q.findProviderSubscription(ctx.db, ctx.provider, data.subscription_id)
    : undefined;
  // One customer may pay for several organisations: the subscription's is surer than the customer's.
  const orgId =
    (await namedOrganisation(ctx, data.custom_data)) ??
    subscription?.orgId ??
    (await customerOrganisation(ctx, data.customer_id));
  if (!orgId) {
    // A renewal dropped with the subscription of a deleted organisation: nothing to record.
    if (data.status === 'canceled') return 'ignored';
    // A transaction of a deleted organisation's subscription (or recorded before it was deleted):
    // its invoice stays in the history staff keep, without the organisation.
    const kept =
      (await q.transactionKnown(ctx.db, ctx.provider, data.id)) ||
      (data.subscription_id !== null &&
        data.subscription_id !== undefined &&
        (await closedWithOrganisation(ctx, data.subscription_id)));
    if (!kept)
      throw new NotApplicable(`no organisation for transaction ${data.id} (custom_data.org_id, customer)`);
  }
  // A one-off price (a perpetual licence) starts no subscription at the provider: the paid
  // transaction is the licence.
  if (orgId && !data.subscription_id && (data.status === 'completed' || data.status === 'paid')) {
    await perpetualLicence(ctx, data, orgId, occurredAt);
  }
  const totals = data.details?.totals;
  // The plan price paid for: the checkout's, else the subscription's (a renewal).
  const checkoutPrice = data.custom_data?.price_id;
  const pricedAs = isUuid(checkoutPrice) ? checkoutPrice : subscription?.priceId;
  const tax = totals ? minor(totals.tax) : 0;
  // The rate as the provider states it: one rate for the transaction, none when lines differ.
  const rates = new Set((data.details?.tax_rates_used ?? []).map((r) => r.tax_rate));
  const { parties, reverseCharge } = await invoiceParties(ctx.db, orgId ?? null, tax);
  const written = await q.upsertTransaction(ctx.db, {
    provider: ctx.provider,
    providerTransactionId: data.id,
    orgId: orgId ?? null,
    subscriptionId: subscription?.id ?? null,
    status: data.status,
    origin: data.origin ?? 'web',
    currency: data.currency_code,
    subtotal: totals ? minor(totals.subtotal) : 0,
    tax,
    taxRate: rates.size === 1 ? ([...rates][0] as string) : null,
    reverseCharge,
    parties,
    total: totals ? minor(totals.total) : 0,
    items: (data.details?.line_items ?? []).map((line, _, lines) => ({
      description: line.product?.name ?? 'Item',
      quantity: line.quantity,
      amount: minor(line.totals.subtotal),
      ...(lines.length === 1 && pricedAs && { priceId: pricedAs }),
    })),
    invoiceNumber: data.invoice_number ?? null,
    billedAt: date(data.billed_at),
    createdAt: date(data.created_at) ?? occurredAt,
    providerUpdatedAt: occurredAt,
  });
  if (!written) return 'stale';
  await ctx.receipt?.(written);
  return 'applied';
}

async function perpetualLicence(ctx: ApplyContext, data: TransactionData, orgId: string, occurredAt: Date) {
  const priceId = data.custom_data?.price_id;
  const found = isUuid(priceId) ? await q.findPrice(ctx.db, priceId) : undefined;
  if (found?.price.period !== 'perpetual') return;
  const written = await q.upsertProviderSubscription(ctx.db, {
    orgId,
    planId: found.plan.id,
    priceId: found.price.id,
    state: 'active',
    quantity: data.details?.line_items?.[0]?.quantity ?? 1,
    unit: unitOf(found.plan),
    startedAt: date(data.billed_at) ?? occurredAt,
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
  await issueLicenceForSubscription(ctx.db, written.id);
  ctx.changed(written.orgId);
}
