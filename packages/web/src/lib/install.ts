import { useQuery } from '@tanstack/react-query';
import { body, client } from './api.js';

export const installKey = ['install'] as const;

export function useInstall() {
  return useQuery({
    queryKey: installKey,
    queryFn: ({ signal }) => body(client.GET('/install', { auth: 'none', signal })),
    // A server's mode is fixed while it runs; its licence changes only on a renewal.
    staleTime: 5 * 60_000,
  });
}
