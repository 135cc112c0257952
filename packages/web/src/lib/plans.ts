import { PLAN_TYPES, type PlanType, type PricePeriod, type PublicPlan } from '@slugsmith/contract';
import { useQuery } from '@tanstack/react-query';
import { publicPlans } from './console-api.js';

/** The plans on offer, loaded once for the header's Products menu and the products pages. */
export function usePublicPlans() {
  return useQuery({
    queryKey: ['public-plans'],
    queryFn: publicPlans,
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
