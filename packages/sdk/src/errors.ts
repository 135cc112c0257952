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

/**
 * The reasons whose limit ends soon enough to wait for (the minute, the day) and that the server
 * answers with an accurate retry-after. The others — the plan lacks the feature, the request is
 * larger than the plan allows, a monthly or lifetime quota is used up — fail again on a retry.
 */
const RETRYABLE_REASONS: ReadonlySet<string> = new Set<RateLimitReason>([
  'rate-limit-exceeded',
  'daily-limit-exceeded',
]);

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

  /** Whether the same request can succeed after `retryAfter` seconds (see RETRYABLE_REASONS). */
  get retryable(): boolean {
    return this.reason !== undefined && RETRYABLE_REASONS.has(this.reason);
  }
}
