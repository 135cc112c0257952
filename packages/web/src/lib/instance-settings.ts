/**
 * The instance settings every visitor's console reads (GET /settings, public): whether to show the
 * development-instance warning and the sandbox disclaimer, and the support contact. One query for
 * the shell (footer, warning) and the staff pages (settings, payment provider).
 */
import type { InstanceSettings } from '@slugsmith/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { body, client } from './api.js';

export const instanceSettingsQuery = () =>
  queryOptions({
    queryKey: ['settings'] as const,
    queryFn: ({ signal }) => body(client.GET('/settings', { auth: 'none', signal })),
  });

export function useInstanceSettings(): InstanceSettings | undefined {
  const settings = useQuery({
    ...instanceSettingsQuery(),
    // Staff change them rarely; a visitor's page need not ask again while it is open.
    staleTime: 5 * 60_000,
  });
  return settings.data;
}

/** A support contact as a link: an e-mail address opens the mail program. */
export function contactHref(contact: string): string {
  return /^https?:\/\//i.test(contact) ? contact : `mailto:${contact}`;
}
