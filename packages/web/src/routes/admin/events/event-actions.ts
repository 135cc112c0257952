import type { BillingEvent } from '@slugsmith/contract';

/** Failed or acknowledged events can be processed again; received ones are on their way already. */
export const retryable = (event: Pick<BillingEvent, 'state'>): boolean =>
  event.state === 'failed' || event.state === 'acknowledged';

/** Staff acknowledge what has not been processed (acknowledging stops further retries). */
export const acknowledgeable = (event: Pick<BillingEvent, 'state'>): boolean =>
  event.state === 'failed' || event.state === 'received';
