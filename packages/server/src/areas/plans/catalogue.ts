// The plans on offer (public) and as staff edit them, with their prices.
import {
  type AdminPlan,
  type CreatePlan,
  type OfferedPrice,
  PLAN_TYPES,
  type PlanPrice,
  type PublicPlan,
  type PublicPlanCatalogue,
  type SetPlanTranslation,
  type UpdatePlan,
} from '@slugsmith/contract';
import type { Db } from '../../db/connect.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Caches } from '../../platform/cache.js';
import { ApiError } from '../../platform/errors.js';
import { translationLanguage } from '../../platform/reader-language.js';
import { forgetLimits } from './effective-limits.js';
import { planFeatures } from './features.js';
import * as q from './queries.js';
import { localise, storedSla, toTranslation } from './translations.js';

export const PlanMessages = {
  notFound: 'Plan Not Found',
  slugTaken: 'This slug is taken',
  inUse: 'The plan has subscriptions: archive it instead',
  translationNotFound: 'The plan has no translation in this language',
} as const;

export const subscribable = (state: q.PlanState) => state === 'active' || state === 'inactive';

function toPrice(p: q.PriceRow): OfferedPrice {
  return {
    id: p.id,
    period: p.period,
    amount: p.amount,
    currency: p.currency,
    per_node: p.perNode,
    trial_days: p.trialDays,
  };
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

/** A plan as buyers read it: its texts in the translation nearest `lang` (English otherwise). */
export function toPublicPlan(p: q.PlanWithPrices, lang: string | undefined): PublicPlan {
  const texts = localise(p, lang);
  return {
    ...common(p),
    name: texts.name,
    description: texts.description,
    language: texts.language,
    features: planFeatures(texts.features),
  };
}

export function toAdminPlan(p: q.PlanWithPrices): AdminPlan {
  return {
    ...common(p),
    features: planFeatures(p.features),
    translations: p.translations.map(toTranslation),
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

// ---- public catalogue --------------------------------------------------------------------------

/** Active plans, grouped by plan type in the Products menu's order; empty groups left out. */
export async function publicCatalogue(db: Db, lang: string | undefined): Promise<PublicPlanCatalogue> {
  const rows = await q.listPlans(db, ['active']);
  return {
    groups: PLAN_TYPES.map((planType) => ({
      plan_type: planType,
      plans: rows.filter((r) => r.planType === planType).map((r) => toPublicPlan(r, lang)),
    })).filter((g) => g.plans.length > 0),
  };
}

/** One plan that may be subscribed to (active or inactive); drafts and archived ones are 404. */
export async function publicPlan(db: Db, slug: string, lang: string | undefined): Promise<PublicPlan> {
  const row = await q.findPlan(db, slug);
  if (!row || !subscribable(row.state))
    throw ApiError.notFound(PlanMessages.notFound, { reason: 'plan_not_found' });
  return toPublicPlan(row, lang);
}

// ---- admin -------------------------------------------------------------------------------------

export async function adminPlans(db: Db): Promise<AdminPlan[]> {
  return (await q.listPlans(db)).map(toAdminPlan);
}

async function planOrNotFound(db: Db, slug: string): Promise<q.PlanWithPrices> {
  const row = await q.findPlan(db, slug);
  if (!row) throw ApiError.notFound(PlanMessages.notFound, { reason: 'plan_not_found' });
  return row;
}

export async function adminPlan(db: Db, slug: string): Promise<AdminPlan> {
  return toAdminPlan(await planOrNotFound(db, slug));
}

/** A perpetual licence is paid once: there is no first charge a trial could put off. */
function trialDaysOf(period: PlanPrice['period'], days: number | undefined): number | undefined {
  if (days && period === 'perpetual') {
    throw ApiError.badRequest('A perpetual licence has no trial', {
      reason: 'perpetual_no_trial',
      field: 'trial_days',
    });
  }
  return days;
}

function toNewPrices(prices: readonly PlanPrice[]): q.NewPrice[] {
  const seen = new Set<string>();
  for (const p of prices) {
    const key = `${p.period}/${p.currency}`;
    if (seen.has(key)) {
      throw ApiError.badRequest('Each period and currency may have one price', {
        reason: 'one_price_per_period',
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
    trialDays: trialDaysOf(p.period, p.trial_days),
  }));
}

const slugTaken = () => ApiError.conflict(PlanMessages.slugTaken, { reason: 'slug_taken', field: 'slug' });

export async function createPlan(db: Db, caches: Caches, input: CreatePlan): Promise<AdminPlan> {
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
  forgetLimits(caches);
  return adminPlan(db, input.slug);
}

export async function updatePlan(
  db: Db,
  caches: Caches,
  slug: string,
  changes: UpdatePlan,
): Promise<AdminPlan> {
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
  forgetLimits(caches);
  return adminPlan(db, changes.slug ?? slug);
}

/** Deletes a plan nobody ever subscribed to; one with subscriptions is archived instead (409). */
export async function deletePlan(db: Db, caches: Caches, slug: string): Promise<void> {
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
  forgetLimits(caches);
}

function isForeignKeyViolation(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && typeof e === 'object' && depth < 3; depth++) {
    if ((e as { code?: unknown }).code === '23503') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

// ---- staff: one price of a plan -----------------------------------------------------------------

export async function setPrice(
  db: Db,
  slug: string,
  period: PlanPrice['period'],
  price: { amount: number; currency: string; per_node: boolean; trial_days?: number },
): Promise<AdminPlan> {
  const row = await planOrNotFound(db, slug);
  await q.upsertPrice(db, row.id, {
    period,
    amount: price.amount,
    currency: price.currency,
    perNode: price.per_node,
    trialDays: trialDaysOf(period, price.trial_days),
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

/**
 * What each of these plan prices is, as a bill names it: the plan (name in the translation nearest
 * `lang`) and the period. Prices deleted since are absent.
 */
export async function priceLabels(
  db: Db,
  priceIds: readonly string[],
  lang: string | undefined,
): Promise<Map<string, { plan: { slug: string; name: string }; period: PlanPrice['period'] }>> {
  const rows = await q.pricesWithPlans(db, [...new Set(priceIds)]);
  return new Map(
    rows.map(({ price, plan }) => [
      price.id,
      { plan: { slug: plan.slug, name: localise(plan, lang).name }, period: price.period },
    ]),
  );
}

// ---- staff: a plan's texts in another language ------------------------------------------------

/** Adds or replaces the plan's texts in one language other than English. */
export async function setTranslation(
  db: Db,
  slug: string,
  language: string,
  texts: SetPlanTranslation,
): Promise<AdminPlan> {
  const stored = translationLanguage(language);
  const row = await planOrNotFound(db, slug);
  await q.upsertTranslation(db, row.id, stored, {
    name: texts.name,
    description: texts.description,
    sla: storedSla(texts.sla),
  });
  return adminPlan(db, slug);
}

/** Removes a translation: readers of that language see the English texts again. */
export async function deleteTranslation(db: Db, slug: string, language: string): Promise<void> {
  const stored = translationLanguage(language);
  const row = await planOrNotFound(db, slug);
  if (!(await q.deleteTranslation(db, row.id, stored)))
    throw ApiError.notFound(PlanMessages.translationNotFound, { reason: 'translation_not_found' });
}
