/**
 * The instance settings every visitor's console reads (GET /settings, public): whether to show the
 * development-instance warning and the sandbox disclaimer, and the support contact. One query for
 * the shell (footer, warning) and the staff pages (same key as adminKeys.settings()).
 */
import type { InstanceSettings } from '@slugsmith/contract';
import { useQuery } from '@tanstack/react-query';
import { body, client } from './api.js';

export const instanceSettingsKey = ['settings'] as const;

export function useInstanceSettings(): InstanceSettings | undefined {
  const settings = useQuery({
    queryKey: instanceSettingsKey,
    queryFn: ({ signal }) => body(client.GET('/settings', { auth: 'none', signal })),
    // Staff change them rarely; a visitor's page need not ask again while it is open.
    staleTime: 5 * 60_000,
  });
  return settings.data;
}

/** A support contact as a link: an e-mail address opens the mail program. */
export function contactHref(contact: string): string {
  return /^https?:\/\//i.test(contact) ? contact : `mailto:${contact}`;
}
