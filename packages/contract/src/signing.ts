/**
 * What a signed request and its answer's limit headers are made of, without a schema: the SDK
 * (in a browser) takes these from here, and no zod comes with them.
 */

export const SIGNED_HEADERS = {
  timestamp: 'x-timestamp',
  sdkSlug: 'x-sdk-slug',
  signature: 'x-signature',
} as const;
/** A signed request's timestamp must be within this many milliseconds of the server's clock. */
export const SIGNATURE_MAX_SKEW_MS = 5 * 60 * 1000;

/**
 * The string an SDK key signs (reference protocol): `"<METHOD> <path>:<sdkSlug>:<timestamp>:"` —
 * the path includes `/api/v1` and path parameters but no host or query; the body is not signed.
 * The signature is ECDSA P-256 / SHA-256, raw r‖s (64 bytes), base64url without padding.
 */
export function signingString(method: string, path: string, sdkSlug: string, timestamp: string): string {
  return `${method.toUpperCase()} ${path}:${sdkSlug}:${timestamp}:`;
}

/** The SDKs fetch an SDK config's keys again this many seconds before the one they sign with expires (rotation.ts). */
export const KEY_REFRESH_LEAD_SECONDS = 120;

/** Response headers with what remains of each limit; −1 means unlimited. */
export const RATE_LIMIT_HEADERS = {
  rpm: 'x-slug-rpm-remaining',
  daily: 'x-slug-daily-remaining',
  monthly: 'x-slug-monthly-remaining',
  lifetime: 'x-slug-lifetime-remaining',
  reason: 'x-slug-rate-limit-reason',
  retryAfter: 'x-slug-retry-after',
} as const;
