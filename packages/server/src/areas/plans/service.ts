import {
  type AdminPlan,
  type CreatePlan,
  type CreateSubscription,
  type EffectiveLimits,
  FEATURE_KEYS,
  LIMIT_KEYS,
  LIVE_SUBSCRIPTION_STATES,
  PLAN_TYPES,
  type PlanFeatures,
  type PlanPrice,
  type PlanType,
  type PublicPlan,
  type PublicPlanCatalogue,
  type PublicPlanFeatures,
  type Scope,
  Scope as ScopeEnum,
  SDK_SCOPES,
  SLA_KEYS,
  type Subscription,
  type SubscriptionFeatures,
  sortScopes,
  type UpdatePlan,
  type UpdateSubscription,
} from '@slugsmith/contract';
import type { CallerOrg } from '../../auth/access.js';
import type { CallerKey } from '../../auth/keys.js';
import type { Db } from '../../db/connect.js';
import { isUniqueViolation } from '../../db/errors.js';
import { ApiError } from '../../platform/errors.js';
import { SharedLoads } from '../../platform/shared-loads.js';
import * as q from './queries.js';

export const PlanMessages = {
  notFound: 'Plan Not Found',
  slugTaken: 'This slug is taken',
  inUse: 'The plan has subscriptions: archive it instead',
} as const;

/**
 * What applies when no plan can be found at all (the Free plan was deleted): nothing but the
 * console. Unknown keys of a stored plan (added after it was written) take these values too.
 */
export const NO_PLAN_FEATURES: PlanFeatures = {
  ...(Object.fromEntries(LIMIT_KEYS.map((k) => [k, 0])) as Record<(typeof LIMIT_KEYS)[number], number>),
  ...(Object.fromEntries(FEATURE_KEYS.map((k) => [k, false])) as Record<
    (typeof FEATURE_KEYS)[number],
    boolean
  >),
  ...(Object.fromEntries(SLA_KEYS.map((k) => [k, null])) as Record<(typeof SLA_KEYS)[number], null>),
  management_ui_available: true,
};

/** The stored features, completed and restricted to the keys of the contract. */
export function planFeatures(stored: Record<string, unknown>): PlanFeatures {
  const out: Record<string, unknown> = { ...NO_PLAN_FEATURES };
  for (const key of Object.keys(NO_PLAN_FEATURES)) {
    const value = stored[key];
    const fallback = out[key];
    if (fallback === null ? value === null || typeof value === 'string' : typeof value === typeof fallback) {
      out[key] = value;
    }
  }
  return out as PlanFeatures;
}

function publicFeatures(features: PlanFeatures): PublicPlanFeatures {
  return Object.fromEntries(
    [...FEATURE_KEYS, ...SLA_KEYS].map((k) => [k, features[k]]),
  ) as PublicPlanFeatures;
}

const subscribable = (state: q.PlanState) => state === 'active' || state === 'inactive';

function toPrice(p: q.PriceRow): PlanPrice {
  return { period: p.period, amount: p.amount, currency: p.currency, per_node: p.perNode };
}

function common(p: q.PlanWithPrices) {
  return {
    slug: p.slug,
    name: p.name,
    description: p.description,
    plan_type: p.planType,
    display_order: p.displayOrder,
    free: p.free,
    custom_features: p.customFeatures,
    custom_plan: p.customPlan,
    state: p.state,
    subscribable: subscribable(p.state),
    prices: p.prices.map(toPrice),
  };
}

export function toPublicPlan(p: q.PlanWithPrices): PublicPlan {
  return { ...common(p), features: publicFeatures(planFeatures(p.features)) };
}

export function toAdminPlan(p: q.PlanWithPrices): AdminPlan {
  return {
    ...common(p),
    features: planFeatures(p.features),
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

// ---- public catalogue --------------------------------------------------------------------------

/** Active plans, grouped by plan type in the Products menu's order; empty groups left out. */
export async function publicCatalogue(db: Db): Promise<PublicPlanCatalogue> {
  const rows = await q.listPlans(db, ['active']);
  return {
    groups: PLAN_TYPES.map((planType) => ({
      plan_type: planType,
      plans: rows.filter((r) => r.planType === planType).map(toPublicPlan),
    })).filter((g) => g.plans.length > 0),
  };
}

/** One plan that may be subscribed to (active or inactive); drafts and archived ones are 404. */
export async function publicPlan(db: Db, slug: string): Promise<PublicPlan> {
  const row = await q.findPlan(db, slug);
  if (!row || !subscribable(row.state)) throw ApiError.notFound(PlanMessages.notFound);
  return toPublicPlan(row);
}

// ---- admin -------------------------------------------------------------------------------------

export async function adminPlans(db: Db): Promise<AdminPlan[]> {
  return (await q.listPlans(db)).map(toAdminPlan);
}

async function planOrNotFound(db: Db, slug: string): Promise<q.PlanWithPrices> {
  const row = await q.findPlan(db, slug);
  if (!row) throw ApiError.notFound(PlanMessages.notFound);
  return row;
}

export async function adminPlan(db: Db, slug: string): Promise<AdminPlan> {
  return toAdminPlan(await planOrNotFound(db, slug));
}

function toNewPrices(prices: readonly PlanPrice[]): q.NewPrice[] {
  const seen = new Set<string>();
  for (const p of prices) {
    const key = `${p.period}/${p.currency}`;
    if (seen.has(key)) {
      throw ApiError.badRequest('Each period and currency may have one price', {
        period: p.period,
        currency: p.currency,
      });
    }
    seen.add(key);
  }
  return prices.map((p) => ({
    period: p.period,
    amount: p.amount,
    currency: p.currency,
    perNode: p.per_node,
  }));
}

const slugTaken = () => ApiError.conflict(PlanMessages.slugTaken, { field: 'slug' });

export async function createPlan(db: Db, input: CreatePlan): Promise<AdminPlan> {
  const prices = toNewPrices(input.prices);
  try {
    await q.insertPlan(
      db,
      {
        slug: input.slug,
        name: input.name,
        description: input.description,
        planType: input.plan_type,
        displayOrder: input.display_order,
        free: input.free,
        customFeatures: input.custom_features,
        customPlan: input.custom_plan,
        state: input.state,
        features: input.features,
      },
      prices,
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
  forgetLimits();
  return adminPlan(db, input.slug);
}

export async function updatePlan(db: Db, slug: string, changes: UpdatePlan): Promise<AdminPlan> {
  const row = await planOrNotFound(db, slug);
  const prices = changes.prices && toNewPrices(changes.prices);
  const values: Partial<q.PlanValues> = {
    slug: changes.slug,
    name: changes.name,
    description: changes.description,
    planType: changes.plan_type,
    displayOrder: changes.display_order,
    free: changes.free,
    customFeatures: changes.custom_features,
    customPlan: changes.custom_plan,
    state: changes.state,
    features: changes.features && { ...planFeatures(row.features), ...changes.features },
  };
  for (const key of Object.keys(values) as (keyof typeof values)[]) {
    if (values[key] === undefined) delete values[key];
  }
  try {
    await q.updatePlan(db, row.id, values, prices);
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
  forgetLimits();
  return adminPlan(db, changes.slug ?? slug);
}

/** Deletes a plan nobody ever subscribed to; one with subscriptions is archived instead (409). */
export async function deletePlan(db: Db, slug: string): Promise<void> {
  const row = await planOrNotFound(db, slug);
  if ((await q.countSubscriptionsOfPlan(db, row.id)) > 0) {
    throw ApiError.conflict(PlanMessages.inUse, { reason: 'plan_in_use' });
  }
  try {
    await q.deletePlan(db, row.id);
  } catch (error) {
    // A subscription created meanwhile: the foreign key refuses.
    if (isForeignKeyViolation(error)) throw ApiError.conflict(PlanMessages.inUse, { reason: 'plan_in_use' });
    throw error;
  }
  forgetLimits();
}

function isForeignKeyViolation(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && typeof e === 'object' && depth < 3; depth++) {
    if ((e as { code?: unknown }).code === '23503') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

// ---- subscriptions and limits ------------------------------------------------------------------

/** Does the subscription grant its plan's limits at `now`? */
export function isEffective(s: q.SubscriptionRow, now: Date): boolean {
  if (!LIVE_SUBSCRIPTION_STATES.includes(s.state)) return false;
  if (s.startedAt > now) return false;
  if (s.endsAt && s.endsAt <= now) return false;
  if (s.state === 'trial' && s.trialUntil && s.trialUntil <= now) return false;
  return true;
}

export function toSubscription(s: q.SubscriptionRow, now = new Date()): Subscription {
  return {
    id: s.id,
    plan: {
      slug: s.plan.slug,
      name: s.plan.name,
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
  };
}

export async function orgSubscriptions(db: Db, org: CallerOrg): Promise<Subscription[]> {
  const now = new Date();
  return (await q.listSubscriptions(db, org.id)).map((s) => toSubscription(s, now));
}

function fromPlan(planType: PlanType, plan: q.PlanRow): EffectiveLimits {
  return {
    plan_type: planType,
    plan: plan.slug,
    plan_name: plan.name,
    custom_features: plan.customFeatures,
    limits: planFeatures(plan.features),
  };
}

/**
 * The limits in force for each plan type the organisation has an effective subscription of.
 * Among several of one type the paid one wins over the free one, then the higher display order,
 * then the newest. SaaS limits are always present: without an effective SaaS subscription the
 * free plan applies (and, if even that was deleted, NO_PLAN_FEATURES).
 */
async function computeLimits(db: Db, orgId: string, now: Date): Promise<Map<PlanType, EffectiveLimits>> {
  const live = (await q.listSubscriptions(db, orgId)).filter((s) => isEffective(s, now));
  const result = new Map<PlanType, EffectiveLimits>();
  for (const planType of PLAN_TYPES) {
    const best = live
      .filter((s) => s.plan.planType === planType)
      .sort(
        (a, b) =>
          Number(a.plan.free) - Number(b.plan.free) ||
          b.plan.displayOrder - a.plan.displayOrder ||
          b.startedAt.getTime() - a.startedAt.getTime(),
      )[0];
    if (best) result.set(planType, fromPlan(planType, best.plan));
  }
  if (!result.has('saas')) {
    const free = await q.findFreePlan(db);
    result.set(
      'saas',
      free
        ? fromPlan('saas', free)
        : { plan_type: 'saas', plan: '', plan_name: '', custom_features: false, limits: NO_PLAN_FEATURES },
    );
  }
  return result;
}

/**
 * Limits are read on every generation call (enforcement): they are cached per node for a short
 * time; changes made on this node clear the cache at once, other nodes see them within CACHE_MS.
 */
const CACHE_MS = 2_000;
interface CachedLimits {
  at: number;
  limits: Map<PlanType, EffectiveLimits>;
  /** Every organisation has a SaaS subscription (Free by default). */
  saas: EffectiveLimits;
}
const cache = new Map<string, CachedLimits>();
/** Moves on each change: a read begun before it is neither joined nor kept. */
let epoch = 0;
const loads = new SharedLoads<CachedLimits>(() => epoch);

export function forgetLimits(orgId?: string): void {
  epoch++;
  if (orgId) cache.delete(orgId);
  else cache.clear();
}

function loadLimits(db: Db, orgId: string): CachedLimits | Promise<CachedLimits> {
  const now = Date.now();
  const hit = cache.get(orgId);
  if (hit && now - hit.at < CACHE_MS) return hit;
  return loads.load(
    orgId,
    async () => {
      const byType = await computeLimits(db, orgId, new Date(now));
      return { at: now, limits: byType, saas: byType.get('saas') as EffectiveLimits };
    },
    (entry) => {
      if (cache.size > 10_000) cache.clear();
      cache.set(orgId, entry);
    },
  );
}

async function limitsByType(db: Db, orgId: string): Promise<Map<PlanType, EffectiveLimits>> {
  return (await loadLimits(db, orgId)).limits;
}

/** The organisation's limits for `planType` (SaaS: what generation calls are held to). */
export async function effectiveLimits(
  db: Db,
  orgId: string,
  planType: PlanType = 'saas',
): Promise<EffectiveLimits | undefined> {
  return (await limitsByType(db, orgId)).get(planType);
}

/**
 * The SaaS limits from the cache, without waiting when they are there (the hot path of every
 * generation call); otherwise read from the database.
 */
export function saasLimits(db: Db, orgId: string): EffectiveLimits | Promise<EffectiveLimits> {
  const entry = loadLimits(db, orgId);
  return entry instanceof Promise ? entry.then((e) => e.saas) : entry.saas;
}

export async function orgLimits(db: Db, org: CallerOrg): Promise<EffectiveLimits[]> {
  const byType = await limitsByType(db, org.id);
  return PLAN_TYPES.flatMap((t) => byType.get(t) ?? []);
}

export async function orgLimitsOfType(db: Db, org: CallerOrg, planType: PlanType): Promise<EffectiveLimits> {
  const limits = await effectiveLimits(db, org.id, planType);
  if (!limits) {
    throw ApiError.notFound('The organisation has no subscription of this plan type', {
      plan_type: planType,
    });
  }
  return limits;
}

/** `GET /limits` for a key: the reference service's SubscriptionFeatures of the key's organisation. */
export async function keyLimits(db: Db, key: CallerKey): Promise<SubscriptionFeatures> {
  const saas = (await effectiveLimits(db, key.orgId, 'saas')) as EffectiveLimits;
  const f = saas.limits;
  const allowed = (s: Scope) =>
    (s !== 'forge' || f.forge_enabled) &&
    (s !== 'mint' || f.mint_enabled) &&
    (s !== 'slice' || f.slice_enabled);
  return {
    ...f,
    custom_features: saas.custom_features,
    plan: saas.plan,
    api_key_scopes: f.api_key_access ? sortScopes(ScopeEnum.options.filter(allowed)) : [],
    sdk_scopes: f.sdk_access ? sortScopes(SDK_SCOPES.filter(allowed)) : [],
  };
}

// ---- staff: an organisation's subscriptions ------------------------------------------------------

async function orgIdOrNotFound(db: Db, slug: string): Promise<string> {
  const id = await q.findOrgId(db, slug);
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
    throw ApiError.badRequest('A trial needs trial_until', { field: 'trial_until' });
  }
  if (s.endsAt && s.endsAt < s.startedAt) {
    throw ApiError.badRequest('A subscription cannot end before it starts', { field: 'ends_at' });
  }
}

export async function adminOrgSubscriptions(db: Db, orgSlug: string): Promise<Subscription[]> {
  const orgId = await orgIdOrNotFound(db, orgSlug);
  const now = new Date();
  return (await q.listSubscriptions(db, orgId)).map((s) => toSubscription(s, now));
}

export async function createSubscription(
  db: Db,
  orgSlug: string,
  input: CreateSubscription,
): Promise<Subscription> {
  const orgId = await orgIdOrNotFound(db, orgSlug);
  const plan = await q.findPlan(db, input.plan);
  if (!plan) throw ApiError.notFound(PlanMessages.notFound);
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
    unit: input.unit ?? (plan.planType === 'on_premise' ? 'node' : 'unit'),
    startedAt: toDate(input.started_at) ?? new Date(),
    trialUntil: toDate(input.trial_until) ?? null,
    renewsAt: toDate(input.renews_at) ?? null,
    endsAt: toDate(input.ends_at) ?? null,
  } satisfies q.SubscriptionValues;
  assertConsistent(values);
  const id = await q.insertSubscription(db, values);
  forgetLimits(orgId);
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
  forgetLimits(orgId);
  return toSubscription((await q.findSubscription(db, orgId, id)) as q.SubscriptionRow);
}

export async function deleteSubscription(db: Db, orgSlug: string, id: string): Promise<void> {
  const { orgId } = await subscriptionOrNotFound(db, orgSlug, id);
  await q.deleteSubscription(db, orgId, id);
  forgetLimits(orgId);
}

// ---- staff: one price of a plan -----------------------------------------------------------------

export async function setPrice(
  db: Db,
  slug: string,
  period: PlanPrice['period'],
  price: { amount: number; currency: string; per_node: boolean },
): Promise<AdminPlan> {
  const row = await planOrNotFound(db, slug);
  await q.upsertPrice(db, row.id, {
    period,
    amount: price.amount,
    currency: price.currency,
    perNode: price.per_node,
  });
  return adminPlan(db, slug);
}

export async function deletePrice(
  db: Db,
  slug: string,
  period: PlanPrice['period'],
  currency: string,
): Promise<void> {
  const row = await planOrNotFound(db, slug);
  if (!(await q.deletePrice(db, row.id, period, currency))) throw ApiError.notFound();
}
