import type { BillingEvent } from '@slugsmith/contract';

/** Failed or acknowledged events can be processed again; received ones are on their way already. */
export const retryable = (event: Pick<BillingEvent, 'state'>): boolean =>
  event.state === 'failed' || event.state === 'acknowledged';

/** Staff acknowledge what has not been processed (acknowledging stops further retries). */
export const acknowledgeable = (event: Pick<BillingEvent, 'state'>): boolean =>
  event.state === 'failed' || event.state === 'received';

/** A processed event stays as it was applied; any other can have its payload corrected. */
export const editable = (event: Pick<BillingEvent, 'state'>): boolean => event.state !== 'processed';

/** The edited payload text as a JSON object, or null when it is not one. */
export function parsePayload(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
