import { queryOptions, useQuery } from '@tanstack/react-query';
import { body, client } from './api.js';

/** How this server runs (service or on-premise install) and, on-premise, its licence. */
export const installQuery = () =>
  queryOptions({
    queryKey: ['install'] as const,
    queryFn: ({ signal }) => body(client.GET('/install', { auth: 'none', signal })),
    // A server's mode is fixed while it runs; its licence changes only on a renewal.
    staleTime: 5 * 60_000,
  });

export function useInstall() {
  return useQuery(installQuery());
}

/**
 * Whether this server is an on-premise install (undefined until known). An install sells
 * nothing and issues no licences: the service's licence pages and menu items are not shown there.
 */
export function useOnPremise(): boolean | undefined {
  const install = useInstall();
  return install.isPending ? undefined : install.data?.mode === 'on_premise';
}
