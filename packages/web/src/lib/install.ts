/**
 * How this server runs (GET /install, public): the service sells plans; an on-premise install
 * sells nothing and shows its licence where plans and checkout would be.
 */
import type { PublicInstall } from '@slugsmith/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from './api.js';

export const installKey = ['install'] as const;

export function useInstall() {
  return useQuery({
    queryKey: installKey,
    queryFn: ({ signal }) => api<PublicInstall>('/install', { auth: 'none', signal }),
    // A server's mode is fixed while it runs; its licence changes only on a renewal.
    staleTime: 5 * 60_000,
  });
}
