import type { RateLimitReason } from '@slugsmith/contract';
import type { RateLimitInfo } from './rate-limit.js';

/** The product name used in client messages (product spec §8: "{product} is not initialized yet"). */
export const PRODUCT = 'Slugsmith';

export const Messages = {
  apiError: 'API Error',
  noResponse: 'Network error: No response received',
  network:
    'Network error: Unable to reach the server. This might be due to CORS issues or the server being unavailable.',
  html: 'Server configuration error: HTML returned instead of JSON',
  invalidJson: 'Invalid JSON response from server',
  timeout: 'Request timed out',
  noKeys: 'No valid SDK keys found',
  invalidJwk: 'Invalid JWK',
  notInitialized: `${PRODUCT} is not initialized yet`,
  authenticationFailed: (m: string) => `Authentication failed: ${m}`,
  afterRefresh: (m: string) => `Request failed after key refresh: ${m}`,
  notFound: (m: string) => `Resource not found: ${m}`,
  rateLimited: (m: string) => `Rate limit exceeded: ${m}`,
  failedWithStatus: (path: string, status: number) => `Request to ${path} failed with status ${status}`,
  signing: (m: string) => `Failed to sign request: ${m}`,
} as const;

/**
 * Every failure of the client. `status` is the HTTP status (0: no response; −1: unknown), `message`
 * the text of product spec §8, `details` the server's details when it sent any.
 */
export class SlugsmithError extends Error {
  override readonly name: string = 'SlugsmithError';
  constructor(
    message: string,
    readonly status: number,
    readonly details?: unknown,
    /** The server's own message, when the answer had one. */
    readonly serverMessage?: string,
  ) {
    super(message);
  }
}

/** A 429: which limit, when to retry, and what remains of the others. */
export class RateLimitError extends SlugsmithError {
  override readonly name = 'RateLimitError';
  constructor(
    message: string,
    details: unknown,
    serverMessage: string,
    readonly reason: RateLimitReason | string | undefined,
    /** Seconds to wait before retrying, when the server said. */
    readonly retryAfter: number | undefined,
    readonly limits: RateLimitInfo | undefined,
  ) {
    super(message, 429, details, serverMessage);
  }
}
