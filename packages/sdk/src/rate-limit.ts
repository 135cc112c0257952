import { RATE_LIMIT_HEADERS } from '@slugsmith/contract';

/** What remains of each limit after a response; −1 means unlimited (product spec §3). */
export interface RateLimitInfo {
  rpmRemaining: number;
  dailyRemaining: number;
  monthlyRemaining: number;
  lifetimeRemaining: number;
}

function intHeader(headers: Headers, name: string): number | undefined {
  const raw = headers.get(name);
  if (raw === null || raw.trim() === '') return undefined;
  const n = Number(raw);
  return Number.isInteger(n) ? n : undefined;
}

/** The x-slug-* headers of a response, or undefined when it carried none. */
export function readRateLimit(headers: Headers): RateLimitInfo | undefined {
  const rpm = intHeader(headers, RATE_LIMIT_HEADERS.rpm);
  const daily = intHeader(headers, RATE_LIMIT_HEADERS.daily);
  const monthly = intHeader(headers, RATE_LIMIT_HEADERS.monthly);
  const lifetime = intHeader(headers, RATE_LIMIT_HEADERS.lifetime);
  if (rpm === undefined && daily === undefined && monthly === undefined && lifetime === undefined)
    return undefined;
  return {
    rpmRemaining: rpm ?? -1,
    dailyRemaining: daily ?? -1,
    monthlyRemaining: monthly ?? -1,
    lifetimeRemaining: lifetime ?? -1,
  };
}

export function readRetryAfter(headers: Headers): number | undefined {
  return intHeader(headers, RATE_LIMIT_HEADERS.retryAfter);
}

/**
 * Which limit refused a 429: the `x-slug-rate-limit-reason` header, else the body's
 * `details.reason` (the server sends both; a proxy may strip unknown headers).
 */
export function readReason(headers: Headers, details: unknown): string | undefined {
  const header = headers.get(RATE_LIMIT_HEADERS.reason);
  if (header) return header;
  const reason = (details as { reason?: unknown } | null | undefined)?.reason;
  return typeof reason === 'string' ? reason : undefined;
}
