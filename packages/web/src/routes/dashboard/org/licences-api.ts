// The console's calls for an organisation's on-premise licences (its own small client: the
// licences tab loads it with itself).
import type { Licence } from '@slugsmith/contract';
import { api } from '../../../lib/api.js';

export const licenceKeys = {
  org: (org: string) => ['console', 'org', org, 'licences'] as const,
};

export function listOrgLicences(org: string, signal?: AbortSignal): Promise<Licence[]> {
  return api<Licence[]>(`/orgs/${encodeURIComponent(org)}/licences`, { auth: 'required', signal });
}
