import type { FastifyReply } from 'fastify';
import { CacheKind, type Caches } from '../../platform/cache.js';
import { ApiError } from '../../platform/errors.js';
import { chain, type MaybePromise } from '../../platform/maybe-promise.js';
import { setRetryHeaders } from '../../platform/retry-headers.js';
import { LimitMessages } from '../limits/enforcer.js';
import { Counter, type LimitStore } from '../limits/store.js';

/**
 * How many key fetches (POST /jwks) one caller may make for one config in a minute. An SDK
 * fetches once per page load and then about every 30 minutes (product spec §9); this leaves room
 * for reloads and many users behind one address, and holds a client stuck in a refresh loop to a
 * trickle.
 */
export const JWKS_PER_MINUTE = 60;
const WINDOW_MS = 60_000;

/**
 * The memory store keeps a count in its counter handle: one handle per config and caller address
 * for as long as its window lasts (Redis reads only the key).
 */
const jwksCounters = new CacheKind<Counter>({ ttlMs: WINDOW_MS, max: 50_000 });

/**
 * Counts key fetches per config and caller address in `store` (memory, or Redis shared by every
 * node). Per config alone, anyone could spend a config's allowance and lock its real users out.
 */
export function jwksLimiter(store: LimitStore, caches: Caches) {
  const counters = caches.of(jwksCounters);
  return function admitJwks(configSlug: string, address: string, reply: FastifyReply): MaybePromise<void> {
    const key = `jwks:${configSlug}:${address}`;
    let counter = counters.get(key);
    if (!counter) {
      counter = new Counter(key);
      counters.set(key, counter);
    }
    const now = Date.now();
    const window = counter;
    return chain(store.add(counter, 1, now + WINDOW_MS, now), (total) => {
      if (total <= JWKS_PER_MINUTE) return;
      const seconds = Math.max(1, Math.ceil((window.live(now) ? window.endsAt - now : WINDOW_MS) / 1000));
      setRetryHeaders(reply, 'rate-limit-exceeded', seconds);
      throw new ApiError(429, LimitMessages.rateLimited(seconds), {
        reason: 'rate-limit-exceeded',
        retry_after: seconds,
        limit: 'jwks_per_minute',
      });
    });
  };
}
