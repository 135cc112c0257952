// The limits an organisation is held to: those of its effective subscriptions, cached per app.
import {
  type EffectiveLimits,
  LIVE_SUBSCRIPTION_STATES,
  PLAN_TYPES,
  type PlanType,
  type Scope,
  Scope as ScopeEnum,
  SDK_SCOPES,
  type SubscriptionFeatures,
  sortScopes,
} from '@slugsmith/contract';
import type { CallerOrg } from '../../auth/access.js';
import type { CallerKey } from '../../auth/keys.js';
import type { Db } from '../../db/connect.js';
import { CacheKind, type Caches, LOOKUP_TTL_MS } from '../../platform/cache.js';
import { ApiError } from '../../platform/errors.js';
import { NO_PLAN_FEATURES, planFeatures } from './features.js';
import * as q from './queries.js';

/** Does the subscription grant its plan's limits at `now`? */
export function isEffective(s: q.SubscriptionRow, now: Date): boolean {
  if (!LIVE_SUBSCRIPTION_STATES.includes(s.state)) return false;
  if (s.startedAt > now) return false;
  if (s.endsAt && s.endsAt <= now) return false;
  if (s.state === 'trial' && s.trialUntil && s.trialUntil <= now) return false;
  return true;
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
 * The one subscription in force per plan type among the effective ones: the paid one wins over
 * the free one, then the higher display order, then the newest.
 */
export function inForce<S extends q.SubscriptionRow>(subs: readonly S[], now: Date): Map<PlanType, S> {
  const result = new Map<PlanType, S>();
  for (const planType of PLAN_TYPES) {
    const best = subs
      .filter((s) => s.plan.planType === planType && isEffective(s, now))
      .sort(
        (a, b) =>
          Number(a.plan.free) - Number(b.plan.free) ||
          b.plan.displayOrder - a.plan.displayOrder ||
          b.startedAt.getTime() - a.startedAt.getTime(),
      )[0];
    if (best) result.set(planType, best);
  }
  return result;
}

/**
 * The limits in force for each plan type the organisation has an effective subscription of.
 * Among several of one type the paid one wins over the free one, then the higher display order,
 * then the newest. SaaS limits are always present: without an effective SaaS subscription the
 * free plan applies (and, if even that was deleted, NO_PLAN_FEATURES).
 */
async function computeLimits(db: Db, orgId: string, now: Date): Promise<Map<PlanType, EffectiveLimits>> {
  const result = new Map<PlanType, EffectiveLimits>();
  for (const [planType, best] of inForce(await q.listSubscriptions(db, orgId), now)) {
    result.set(planType, fromPlan(planType, best.plan));
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

/** An organisation's limits by plan type; SaaS always present (Free by default). */
export interface OrgLimits {
  byType: Map<PlanType, EffectiveLimits>;
  saas: EffectiveLimits;
}

/** Limits are read on every generation call (enforcement): kept per node for a short time. */
const limitsByOrg = new CacheKind<OrgLimits>({ ttlMs: LOOKUP_TTL_MS, max: 10_000 });

/** Forgets the cached limits of one organisation, or of all (after a change on this node). */
export function forgetLimits(caches: Caches, orgId?: string): void {
  const cache = caches.of(limitsByOrg);
  if (orgId) cache.delete(orgId);
  else cache.clear();
}

/**
 * Limits that replace the plan catalogue for every organisation of one app: an on-premise
 * install's licence (areas/install). Keyed by the app's caches, which every reader is given.
 */
const limitsSources = new WeakMap<Caches, () => OrgLimits>();

export function useLimitsSource(caches: Caches, source: () => OrgLimits): void {
  limitsSources.set(caches, source);
}

function loadLimits(db: Db, caches: Caches, orgId: string): OrgLimits | Promise<OrgLimits> {
  const source = limitsSources.get(caches);
  if (source) return source();
  const cache = caches.of(limitsByOrg);
  return (
    cache.get(orgId) ??
    cache.fetch(orgId, async () => {
      const byType = await computeLimits(db, orgId, new Date());
      return { byType, saas: byType.get('saas') as EffectiveLimits };
    })
  );
}

/** The organisation's limits for `planType` (SaaS: what generation calls are held to). */
export async function effectiveLimits(
  db: Db,
  caches: Caches,
  orgId: string,
  planType: PlanType = 'saas',
): Promise<EffectiveLimits | undefined> {
  return (await loadLimits(db, caches, orgId)).byType.get(planType);
}

/**
 * The SaaS limits from the cache, without waiting when they are there (the hot path of every
 * generation call); otherwise read from the database.
 */
export function saasLimits(
  db: Db,
  caches: Caches,
  orgId: string,
): EffectiveLimits | Promise<EffectiveLimits> {
  const entry = loadLimits(db, caches, orgId);
  return entry instanceof Promise ? entry.then((e) => e.saas) : entry.saas;
}

export async function orgLimits(db: Db, caches: Caches, org: CallerOrg): Promise<EffectiveLimits[]> {
  const { byType } = await loadLimits(db, caches, org.id);
  return PLAN_TYPES.flatMap((t) => byType.get(t) ?? []);
}

export async function orgLimitsOfType(
  db: Db,
  caches: Caches,
  org: CallerOrg,
  planType: PlanType,
): Promise<EffectiveLimits> {
  const limits = await effectiveLimits(db, caches, org.id, planType);
  if (!limits) {
    throw ApiError.notFound('The organisation has no subscription of this plan type', {
      reason: 'no_subscription_of_type',
      plan_type: planType,
    });
  }
  return limits;
}

/** `GET /limits` for a key: the reference service's SubscriptionFeatures of the key's organisation. */
export async function keyLimits(db: Db, caches: Caches, key: CallerKey): Promise<SubscriptionFeatures> {
  const saas = await saasLimits(db, caches, key.orgId);
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
