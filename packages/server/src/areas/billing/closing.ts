// An organisation that goes (deleted by its owner or staff, or with its owner's account) must not
// go on paying: its running provider subscriptions are cancelled at the provider, now, before the
// organisation's rows go. Cancelling is not refunding: what was paid stays paid, its invoices stay
// with the provider and in the billing history (staff keep rows of deleted organisations).

import { ApiError } from '../../platform/errors.js';
import * as q from './queries.js';
import type { Billing } from './service.js';

export const ClosingMessages = {
  providerFailed:
    'The paid subscription could not be cancelled at the payment provider, so nothing was deleted: try again later',
} as const;

/** Ends what the organisations still pay for; throws (and nothing should be deleted) when the provider fails. */
export async function endPaidSubscriptions(billing: Billing, orgIds: readonly string[]): Promise<void> {
  if (orgIds.length === 0) return;
  const running = await q.runningProviderSubscriptions(billing.db, orgIds);
  for (const sub of running) {
    if (sub.provider !== billing.provider.name) {
      // Made through a provider this install no longer runs: nothing here can reach it.
      billing.deps.log.warn(
        { org_id: sub.orgId, provider: sub.provider, provider_subscription_id: sub.providerSubscriptionId },
        'subscription of a deleted organisation left at a provider no longer in use',
      );
      continue;
    }
    try {
      await billing.provider.cancelSubscription(sub.providerSubscriptionId, 'immediately');
    } catch (error) {
      // The provider had ended it already (a cancellation whose event is still on its way), or
      // holds no such subscription (nothing there to charge).
      if (!(error instanceof ApiError && (error.status === 409 || error.status === 404))) {
        billing.deps.log.error({ err: error, org_id: sub.orgId }, 'cancelling for deletion failed');
        throw new ApiError(502, ClosingMessages.providerFailed, {
          reason: 'provider_error',
          subscription: sub.id,
        });
      }
    }
    // Its events still on their way find no organisation: remembered, they are let go quietly.
    await q.saveRefs(billing.db, sub.provider, 'closed_subscription', [
      { localId: sub.id, providerId: sub.providerSubscriptionId },
    ]);
  }
}
