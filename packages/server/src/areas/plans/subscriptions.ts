// Organisations' subscriptions to plans: what they see, and what staff set.
import type {
  CreateSubscription,
  Subscription,
  SubscriptionBilling,
  UpdateSubscription,
} from '@slugsmith/contract';
import { quantityUnitOf } from '@slugsmith/contract';
import type { CallerOrg } from '../../auth/access.js';
import type { Db } from '../../db/connect.js';
import type { Caches } from '../../platform/cache.js';
import { ApiError } from '../../platform/errors.js';
import { nearestTranslation } from '../../platform/reader-language.js';
import { findOrgBySlug } from '../orgs/read.js';
import { PlanMessages, subscribable } from './catalogue.js';
import { forgetLimits, inForce, isEffective } from './effective-limits.js';
import * as q from './queries.js';

/**
 * `effective` is true for the one subscription in force of its plan type: a Free subscription
 * beside a paid Pro one is live but not in force (the console must not show both as active).
 */
function toSubscriptions(
  rows: q.SubscriptionRow[],
  names?: ReadonlyMap<string, string>,
  now = new Date(),
): Subscription[] {
  const winners = new Set([...inForce(rows, now).values()].map((s) => s.id));
  return rows.map((s) => ({
    ...toSubscription(s, now, names),
    effective: winners.has(s.id),
  }));
}

/**
 * The names, in the translation nearest `lang` (English otherwise) and by plan slug, of the
 * subscriptions' plans and of the plans a pending change moves them to.
 */
async function planNames(
  db: Db,
  rows: readonly q.SubscriptionRow[],
  lang: string | undefined,
): Promise<Map<string, string>> {
  const named = new Map(rows.map((r) => [r.plan.slug, { id: r.plan.id, name: r.plan.name }]));
  for (const slug of rows.map((r) => r.billing?.pendingChange?.planSlug)) {
    if (!slug || named.has(slug)) continue;
    const plan = await q.findPlan(db, slug);
    if (plan) named.set(slug, { id: plan.id, name: plan.name });
  }
  const translations = await q.translationsOf(
    db,
    [...named.values()].map((p) => p.id),
  );
  return new Map(
    [...named].map(([slug, plan]) => [
      slug,
      nearestTranslation(
        translations.filter((t) => t.planId === plan.id),
        lang,
      )?.name ?? plan.name,
    ]),
  );
}

function toSubscription(
  s: q.SubscriptionRow,
  now = new Date(),
  names?: ReadonlyMap<string, string>,
): Subscription {
  return {
    id: s.id,
    plan: {
      slug: s.plan.slug,
      name: names?.get(s.plan.slug) ?? s.plan.name,
      plan_type: s.plan.planType,
      free: s.plan.free,
      custom_features: s.plan.customFeatures,
      custom_plan: s.plan.customPlan,
    },
    state: s.state,
    effective: isEffective(s, now),
    quantity: s.quantity,
    unit: s.unit,
    started_at: s.startedAt.toISOString(),
    trial_until: s.trialUntil?.toISOString() ?? null,
    renews_at: s.renewsAt?.toISOString() ?? null,
    ends_at: s.endsAt?.toISOString() ?? null,
    billing: s.billing && toBilling(s, s.billing, now, names),
  };
}

function toBilling(
  s: q.SubscriptionRow,
  b: q.SubscriptionBillingRow,
  now: Date,
  names?: ReadonlyMap<string, string>,
): SubscriptionBilling {
  const renews = !b.cancelAtPeriodEnd && b.price !== null && b.price.period !== 'perpetual';
  return {
    provider: b.provider,
    provider_subscription_id: b.providerSubscriptionId,
    price_id: b.price?.id ?? null,
    period: b.price?.period ?? null,
    cancel_at_period_end: b.cancelAtPeriodEnd,
    current_period_start: b.currentPeriodStart?.toISOString() ?? null,
    current_period_end: b.currentPeriodEnd?.toISOString() ?? null,
    next_payment:
      renews && b.price ? { amount: b.price.amount * s.quantity, currency: b.price.currency } : null,
    pending_change: pendingChange(b.pendingChange, now, names),
  };
}

/** A provider that never confirmed within this long did not make the change: no longer pending. */
const PENDING_FOR_MS = 60 * 60_000;

function pendingChange(
  p: q.SubscriptionBillingRow['pendingChange'],
  now: Date,
  names?: ReadonlyMap<string, string>,
): SubscriptionBilling['pending_change'] {
  if (!p || now.getTime() - Date.parse(p.requestedAt) > PENDING_FOR_MS) return null;
  return {
    // The name the reader reads the plan by; the stored one is the English of when it was asked.
    plan: { slug: p.planSlug, name: names?.get(p.planSlug) ?? p.planName },
    period: p.period,
    quantity: p.quantity,
    requested_at: p.requestedAt,
  };
}

/** The organisation's subscriptions, plan names in the translation nearest `lang`. */
export async function orgSubscriptions(
  db: Db,
  org: CallerOrg,
  lang?: string | undefined,
): Promise<Subscription[]> {
  const rows = await q.listSubscriptions(db, org.id);
  return toSubscriptions(rows, await planNames(db, rows, lang));
}

async function orgIdOrNotFound(db: Db, slug: string): Promise<string> {
  const id = (await findOrgBySlug(db, slug))?.id;
  if (!id) throw ApiError.notFound();
  return id;
}

const toDate = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null ? null : new Date(value);

/** A trial needs its end; nothing ends before it starts. */
function assertConsistent(s: {
  state: string;
  startedAt: Date;
  trialUntil: Date | null;
  endsAt: Date | null;
}): void {
  if (s.state === 'trial' && !s.trialUntil) {
    throw ApiError.badRequest('A trial needs trial_until', {
      reason: 'trial_needs_end',
      field: 'trial_until',
    });
  }
  if (s.endsAt && s.endsAt < s.startedAt) {
    throw ApiError.badRequest('A subscription cannot end before it starts', {
      reason: 'ends_before_start',
      field: 'ends_at',
    });
  }
}

export async function adminOrgSubscriptions(db: Db, orgSlug: string): Promise<Subscription[]> {
  const orgId = await orgIdOrNotFound(db, orgSlug);
  return toSubscriptions(await q.listSubscriptions(db, orgId));
}

export async function createSubscription(
  db: Db,
  caches: Caches,
  orgSlug: string,
  input: CreateSubscription,
): Promise<Subscription> {
  const orgId = await orgIdOrNotFound(db, orgSlug);
  const plan = await q.findPlan(db, input.plan);
  if (!plan) throw ApiError.notFound(PlanMessages.notFound, { reason: 'plan_not_found' });
  if (!subscribable(plan.state)) {
    throw ApiError.conflict('The plan is not available for subscription', {
      reason: 'plan_not_subscribable',
      state: plan.state,
    });
  }
  const values = {
    orgId,
    planId: plan.id,
    state: input.state,
    quantity: input.quantity,
    unit: input.unit ?? quantityUnitOf(plan.planType),
    startedAt: toDate(input.started_at) ?? new Date(),
    trialUntil: toDate(input.trial_until) ?? null,
    renewsAt: toDate(input.renews_at) ?? null,
    endsAt: toDate(input.ends_at) ?? null,
  } satisfies q.SubscriptionValues;
  assertConsistent(values);
  const id = await q.insertSubscription(db, values);
  forgetLimits(caches, orgId);
  return toSubscription((await q.findSubscription(db, orgId, id)) as q.SubscriptionRow);
}

async function subscriptionOrNotFound(db: Db, orgSlug: string, id: string) {
  const orgId = await orgIdOrNotFound(db, orgSlug);
  const row = await q.findSubscription(db, orgId, id);
  if (!row) throw ApiError.notFound();
  return { orgId, row };
}

export async function updateSubscription(
  db: Db,
  caches: Caches,
  orgSlug: string,
  id: string,
  changes: UpdateSubscription,
): Promise<Subscription> {
  const { orgId, row } = await subscriptionOrNotFound(db, orgSlug, id);
  const values: Partial<q.SubscriptionValues> = {
    state: changes.state,
    quantity: changes.quantity,
    unit: changes.unit,
    startedAt: toDate(changes.started_at) ?? undefined,
    trialUntil: toDate(changes.trial_until),
    renewsAt: toDate(changes.renews_at),
    endsAt: toDate(changes.ends_at),
  };
  for (const key of Object.keys(values) as (keyof typeof values)[]) {
    if (values[key] === undefined) delete values[key];
  }
  assertConsistent({
    state: values.state ?? row.state,
    startedAt: values.startedAt ?? row.startedAt,
    trialUntil: values.trialUntil === undefined ? row.trialUntil : values.trialUntil,
    endsAt: values.endsAt === undefined ? row.endsAt : values.endsAt,
  });
  await q.updateSubscription(db, orgId, id, values);
  forgetLimits(caches, orgId);
  return toSubscription((await q.findSubscription(db, orgId, id)) as q.SubscriptionRow);
}

export async function deleteSubscription(db: Db, caches: Caches, orgSlug: string, id: string): Promise<void> {
  const { orgId } = await subscriptionOrNotFound(db, orgSlug, id);
  await q.deleteSubscription(db, orgId, id);
  forgetLimits(caches, orgId);
}
