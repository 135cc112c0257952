import { CacheKind, type Caches } from '../../platform/cache.js';
import { ApiError } from '../../platform/errors.js';
import { LimitMessages } from '../limits/enforcer.js';
import { Counter, type LimitStore } from '../limits/store.js';

/** How many invitations may be sent in an hour (INVITATIONS_PER_SENDER_PER_HOUR, …_PER_ORG_PER_HOUR). */
export interface InvitationBounds {
  perSender: number;
  perOrg: number;
}

const WINDOW_MS = 60 * 60_000;

/**
 * The memory store keeps a count in its counter handle: one handle per sender and per
 * organisation for as long as its window lasts (Redis reads only the key).
 */
const invitationCounters = new CacheKind<Counter>({ ttlMs: WINDOW_MS, max: 50_000 });

/** Refuses a send beyond a bound: 429 with the seconds until the window ends. */
function refusal(limit: 'invitations_per_sender' | 'invitations_per_org', msLeft: number): ApiError {
  const seconds = Math.max(1, Math.ceil(msLeft / 1000));
  return new ApiError(429, LimitMessages.rateLimited(seconds), {
    reason: 'rate-limit-exceeded',
    retry_after: seconds,
    limit,
  });
}

/**
 * Counts invitation e-mails per sender and per organisation in `store` (memory, or Redis shared
 * by every node), each in a fixed window of an hour. Every send counts (a renewal mails again); a refused
 * one is taken back, so a flood does not also spend the other bound. The count is raised before
 * it is compared: of N simultaneous sends, at most the bound pass.
 */
export function invitationLimiter(store: LimitStore, caches: Caches, bounds: InvitationBounds) {
  const counters = caches.of(invitationCounters);
  const handle = (key: string) => {
    let counter = counters.get(key);
    if (!counter) {
      counter = new Counter(key);
      counters.set(key, counter);
    }
    return counter;
  };
  const msLeft = (counter: Counter, now: number) => (counter.live(now) ? counter.endsAt - now : WINDOW_MS);

  return async function admitInvitation(orgId: string, senderId: string): Promise<void> {
    const now = Date.now();
    const sender = handle(`invitations:sender:${senderId}`);
    const org = handle(`invitations:org:${orgId}`);
    if ((await store.add(sender, 1, now + WINDOW_MS, now)) > bounds.perSender) {
      await store.subtract(sender, 1, now);
      throw refusal('invitations_per_sender', msLeft(sender, now));
    }
    if ((await store.add(org, 1, now + WINDOW_MS, now)) > bounds.perOrg) {
      await Promise.all([store.subtract(org, 1, now), store.subtract(sender, 1, now)]);
      throw refusal('invitations_per_org', msLeft(org, now));
    }
  };
}

export type AdmitInvitation = ReturnType<typeof invitationLimiter>;
