// The console's calls for an organisation's billing details (who its invoices name; tax follows
// the country and VAT number).
import type { OrgBillingDetails, UpdateOrgBillingDetails } from '@slugsmith/contract';
import { queryOptions } from '@tanstack/react-query';
import { body, client } from '../../lib/api.js';

export const billingDetailsQueries = {
  org: (org: string) =>
    queryOptions({
      queryKey: ['console', 'org', org, 'billing', 'details'] as const,
      queryFn: ({ signal }) => getBillingDetails(org, signal),
    }),
};

const inOrg = (org: string) => ({ params: { path: { org } }, auth: 'required' }) as const;

export function getBillingDetails(org: string, signal?: AbortSignal): Promise<OrgBillingDetails> {
  return body(client.GET('/orgs/{org}/billing/details', { ...inOrg(org), signal }));
}

export function saveBillingDetails(org: string, json: UpdateOrgBillingDetails): Promise<OrgBillingDetails> {
  return body(client.PUT('/orgs/{org}/billing/details', { ...inOrg(org), body: json }));
}
