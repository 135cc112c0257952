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
