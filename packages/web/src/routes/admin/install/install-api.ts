// How this server runs (service or on-premise install), loaded with the install page only.
import { queryOptions } from '@tanstack/react-query';
import { body, client } from '../../../lib/api.js';

export const installQueries = {
  status: () =>
    queryOptions({
      queryKey: ['admin', 'install'] as const,
      queryFn: ({ signal }) => body(client.GET('/admin/install', { auth: 'required', signal })),
    }),
};

/** Imports a revocation list file's text (admins; the server verifies its signature). */
export const importRevocations = (list: string) =>
  body(client.POST('/admin/install/revocations', { body: { list }, auth: 'required' }));
