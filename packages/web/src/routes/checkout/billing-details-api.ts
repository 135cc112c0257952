// The console's calls for an organisation's billing details (who its invoices name; tax follows
// the country and VAT number).
import type { OrgBillingDetails, UpdateOrgBillingDetails } from '@slugsmith/contract';
import { api } from '../../lib/api.js';

export const billingDetailsKey = (org: string) => ['console', 'org', org, 'billing', 'details'] as const;

const path = (org: string) => `/orgs/${encodeURIComponent(org)}/billing/details`;

export function getBillingDetails(org: string, signal?: AbortSignal): Promise<OrgBillingDetails> {
  return api<OrgBillingDetails>(path(org), { auth: 'required', signal });
}

export function saveBillingDetails(org: string, body: UpdateOrgBillingDetails): Promise<OrgBillingDetails> {
  return api<OrgBillingDetails>(path(org), { method: 'PUT', body, auth: 'required' });
}
