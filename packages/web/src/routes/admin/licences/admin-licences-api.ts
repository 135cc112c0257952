// Staff's calls for on-premise licences, loaded with the licence pages only.
import type { IssueLicence } from '@slugsmith/contract';
import { queryOptions } from '@tanstack/react-query';
import { body, client } from '../../../lib/api.js';

export const adminLicenceKeys = {
  all: () => ['admin', 'licences'] as const,
  org: (org: string) => ['admin', 'licences', 'org', org] as const,
  keys: () => ['admin', 'licences', 'keys'] as const,
};

export const adminLicenceQueries = {
  all: () =>
    queryOptions({
      queryKey: adminLicenceKeys.all(),
      queryFn: ({ signal }) => body(client.GET('/admin/licences', { auth: 'required', signal })),
    }),
  /** One organisation's licences as staff see them (with who issued and revoked them). */
  org: (org: string) =>
    queryOptions({
      queryKey: adminLicenceKeys.org(org),
      queryFn: ({ signal }) =>
        body(
          client.GET('/admin/orgs/{org}/licences', { params: { path: { org } }, auth: 'required', signal }),
        ),
    }),
  /** The signing keys (ids, which signs, licences in force), for the keys panel. */
  keys: () =>
    queryOptions({
      queryKey: adminLicenceKeys.keys(),
      queryFn: ({ signal }) => body(client.GET('/admin/licences/keys', { auth: 'required', signal })),
    }),
};

export const issueLicence = (org: string, json: IssueLicence) =>
  body(
    client.POST('/admin/orgs/{org}/licences', { params: { path: { org } }, body: json, auth: 'required' }),
  );

export const revokeLicence = (licence: string) =>
  body(client.POST('/admin/licences/{licence}/revoke', { params: { path: { licence } }, auth: 'required' }));

export const rotateLicenceKeys = () => body(client.POST('/admin/licences/keys/rotate', { auth: 'required' }));
