import type { Subscription } from '@slugsmith/contract';
import { useQuery } from '@tanstack/react-query';
import { consoleQueries } from '../../../lib/console-api.js';

/**
 * The organisation's subscriptions that deleting it (or the account of a personal one) cancels
 * at the payment provider: billed, not ended, and renewing (a perpetual licence charges no more).
 * Asked only while `enabled` (the confirmation is open).
 */
export function usePaidSubscriptions(org: string | undefined, enabled: boolean): Subscription[] {
  const subs = useQuery({
    ...consoleQueries.subscriptions(org ?? ''),
    enabled: enabled && org !== undefined,
  });
  return (subs.data ?? []).filter(
    (s) =>
      s.billing !== null &&
      s.state !== 'cancelled' &&
      s.state !== 'expired' &&
      s.billing.period !== 'perpetual',
  );
}
