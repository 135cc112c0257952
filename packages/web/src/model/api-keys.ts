import type { ApiKey } from '@slugsmith/contract';

/** Whether a key is past its expiry. */
export function isExpired(key: Pick<ApiKey, 'expires_at'>, now = Date.now()): boolean {
  return key.expires_at !== null && Date.parse(key.expires_at) <= now;
}

/**
 * An expiry the console accepts: none, or one still to come (the API would take a past one, for a
 * key that never works). A text that is no date is left to the contract's timestamp rule.
 */
export function expiryAhead(expiresAt: string | null | undefined, now = Date.now()): boolean {
  return !expiresAt || !(Date.parse(expiresAt) <= now);
}
