import { count, eq, gte, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/connect.js';
import { shortLinks } from '../../db/schema.js';
import { ApiError } from '../../platform/errors.js';
import { setRetryHeaders } from '../../platform/retry-headers.js';
import { periodWindow, secondsUntil } from '../limits/periods.js';

/** How many short links one organisation may store: in all, and created per UTC day. */
export interface ShortLinkBounds {
  perOrg: number;
  perOrgPerDay: number;
}

export const ShortLinkMessages = {
  full: 'Short link limit reached',
  daily: 'Daily short link limit reached',
} as const;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Runs `insert` only while the organisation is under both bounds. Concurrent calls of one
 * organisation take turns on an advisory lock for the count and the insert, so N calls at once
 * cannot all see the same count and overshoot it.
 */
export async function withinShortLinkBounds<T>(
  db: Db,
  orgId: string,
  bounds: ShortLinkBounds,
  reply: FastifyReply | undefined,
  insert: (tx: Tx) => Promise<T>,
  now = Date.now(),
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('slugsmith:short-links:' || ${orgId}))`);
    const day = periodWindow('day', now);
    const [counts] = await tx
      .select({
        total: count(),
        today: sql<number>`count(*) FILTER (WHERE ${gte(shortLinks.createdAt, new Date(day.startsAt))})`,
      })
      .from(shortLinks)
      .where(eq(shortLinks.orgId, orgId));
    const total = Number(counts.total);
    const today = Number(counts.today);
    if (total >= bounds.perOrg) {
      // Waiting does not cure it: deleting the organisation's links (or a higher bound) does.
      throw ApiError.conflict(ShortLinkMessages.full, {
        reason: 'short-links-exhausted',
        limit: 'short_links_per_org',
        max: bounds.perOrg,
      });
    }
    if (today >= bounds.perOrgPerDay) {
      const seconds = secondsUntil(day.endsAt, now);
      if (reply) setRetryHeaders(reply, 'daily-limit-exceeded', seconds);
      throw new ApiError(429, ShortLinkMessages.daily, {
        reason: 'daily-limit-exceeded',
        retry_after: seconds,
        limit: 'short_links_per_org_per_day',
        max: bounds.perOrgPerDay,
      });
    }
    return insert(tx);
  });
}
