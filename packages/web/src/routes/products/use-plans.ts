import { useQuery } from '@tanstack/react-query';
import { publicPlans } from '../../lib/console-api.js';
import { PLANS_QUERY_KEY } from './plan-catalogue.js';

/** The plans on offer; the same query as the header's Products menu, so one request serves both. */
export function usePublicPlans() {
  return useQuery({
    queryKey: PLANS_QUERY_KEY,
    queryFn: publicPlans,
    staleTime: 5 * 60_000,
    retry: 1,
  });
}
