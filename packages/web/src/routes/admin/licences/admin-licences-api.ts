// Staff's calls for on-premise licences, loaded with the licence pages only.
import type { AdminLicence, IssueLicence } from '@slugsmith/contract';
import { api } from '../../../lib/api.js';

const enc = encodeURIComponent;

export const adminLicenceKeys = {
  all: () => ['admin', 'licences'] as const,
  org: (org: string) => ['admin', 'licences', 'org', org] as const,
};

export function listLicences(signal?: AbortSignal): Promise<AdminLicence[]> {
  return api<AdminLicence[]>('/admin/licences', { auth: 'required', signal });
}

export function listOrgLicences(org: string, signal?: AbortSignal): Promise<AdminLicence[]> {
  return api<AdminLicence[]>(`/admin/orgs/${enc(org)}/licences`, { auth: 'required', signal });
}

export function issueLicence(org: string, body: IssueLicence): Promise<AdminLicence> {
  return api<AdminLicence>(`/admin/orgs/${enc(org)}/licences`, { method: 'POST', body, auth: 'required' });
}

export function revokeLicence(id: string): Promise<AdminLicence> {
  return api<AdminLicence>(`/admin/licences/${enc(id)}/revoke`, { method: 'POST', auth: 'required' });
}
