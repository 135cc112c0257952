// Staff's "sync now" of the catalogue: the same single-flight sync checkout runs on demand, with
// its outcome in numbers. Not audited: it changes nothing staff choose, the provider's copy only
// follows the plans (whose edits are audited).
import type { CatalogueSyncResult } from '@slugsmith/contract';
import { ApiError } from '../../platform/errors.js';
import { activeProvider } from './events-admin.js';
import type { Billing } from './service.js';

export const CatalogueMessages = {
  syncFailed: 'The payment provider did not take the catalogue; see the server log for its answer',
} as const;

export async function syncCatalogueNow(billing: Billing, provider: string): Promise<CatalogueSyncResult> {
  const name = activeProvider(billing, provider);
  try {
    const sync = await billing.syncCatalogue();
    return {
      provider: name,
      products: sync.products.length,
      prices: sync.prices.length,
      joined: sync.joined,
      finished_at: sync.finishedAt.toISOString(),
    };
  } catch (error) {
    billing.deps.log.error({ err: error }, 'catalogue sync for staff failed');
    throw new ApiError(502, CatalogueMessages.syncFailed, { reason: 'catalogue_sync_failed' });
  }
}
