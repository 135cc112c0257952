import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.js';
import { series } from '../../db/schema.js';
import { ApiError } from '../../platform/errors.js';
import { effectiveLimits } from './service.js';

/**
 * Plan limits enforced outside the generation hot path. Checked before the insert, so requests of
 * one organisation racing each other may overshoot `max_series` by the number that raced.
 */
export async function assertMayCreateSeries(db: Db, orgId: string): Promise<void> {
  const limits = await effectiveLimits(db, orgId);
  const max = limits?.limits.max_series ?? 0;
  if (max < 0) return;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(series)
    .where(eq(series.orgId, orgId));
  if (Number(row.n) >= max) {
    throw ApiError.forbidden(
      `The ${limits?.plan_name || 'current'} plan allows at most ${max} series in this organisation`,
      {
        reason: 'plan_limit',
        limit: 'max_series',
        max,
        plan: limits?.plan,
      },
    );
  }
}
