import { PLAN_TYPES, type PlanType, type PricePeriod, type PublicPlan } from '@slugsmith/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE } from '../i18n/languages.js';
import { publicPlans } from './console-api.js';

/**
 * The plans on offer in the reader's language, loaded once per language for the header's Products
 * menu and the products pages.
 */
export function usePublicPlans() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? DEFAULT_LANGUAGE;
  return useQuery({
    queryKey: ['public-plans', language],
    queryFn: () => publicPlans(language),
    staleTime: 5 * 60_000,
    retry: 1,
  });
}

/** Order of the billing periods wherever prices are listed or picked. */
export const PERIOD_ORDER: readonly PricePeriod[] = ['monthly', 'semi_annual', 'annual', 'perpetual'];

export interface PlanGroup {
  type: PlanType;
  plans: PublicPlan[];
}

/** Plans grouped by plan type (saas, on_premise, other), each by display order, then name (§2.7). */
export function groupPlans(plans: readonly PublicPlan[]): PlanGroup[] {
  return PLAN_TYPES.map((type) => ({
    type,
    plans: plans
      .filter((p) => p.plan_type === type)
      .sort((a, b) => a.display_order - b.display_order || a.name.localeCompare(b.name)),
  })).filter((g) => g.plans.length > 0);
}
