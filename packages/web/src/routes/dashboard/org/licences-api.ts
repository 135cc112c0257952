// The console's calls for an organisation's on-premise licences (its own small module: the
// licences tab loads it with itself).
import { queryOptions } from '@tanstack/react-query';
import { body, client } from '../../../lib/api.js';

export const licenceQueries = {
  /** The organisation's own licences (members read them). */
  org: (org: string) =>
    queryOptions({
      queryKey: ['console', 'org', org, 'licences'] as const,
      queryFn: ({ signal }) =>
        body(client.GET('/orgs/{org}/licences', { params: { path: { org } }, auth: 'required', signal })),
    }),
};
