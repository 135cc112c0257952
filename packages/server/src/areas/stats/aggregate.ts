import type { Database } from '../../db/connect.js';
import { NIL_UUID } from './recorder.js';

/** Raw rows one transaction folds at most (a backlog is worked off in several). */
export const AGGREGATION_BATCH = 50_000;

export interface AggregationResult {
  /** False when another node held the aggregation lock (it does the work). */
  ran: boolean;
  /** Raw minute rows folded in. */
  claimed: number;
}

/**
 * Folds the raw minute rows into the per-period rows, exactly once however many nodes run it:
 * one transaction deletes the raw rows it reads (`DELETE … RETURNING`: a row is claimed by one
 * transaction only, and comes back if that transaction fails) and adds their sums to every period
 * row they belong to. A transaction-scoped advisory lock keeps a second node from doing the same
 * work at the same moment (it skips; the rows wait for the next run). Each raw row lands in six
 * periods (hour … total) at two levels: its own (organisation, series, key) and the
 * all-organisations row (nil ids) that the public ticker reads — customers' calls only, not the
 * site's own (system organisations).
 */
export async function aggregateStats(
  database: Database,
  limit = AGGREGATION_BATCH,
): Promise<AggregationResult> {
  return database.rawTransaction(async (exec) => {
    const [lock] = await exec(
      `SELECT pg_try_advisory_xact_lock(hashtext(current_schema() || ':slugsmith-stats')) AS locked`,
      [],
    );
    if (lock?.locked !== true) return { ran: false, claimed: 0 };
    const [result] = await exec(
      `WITH claimed AS (
         DELETE FROM stats_minutes
         WHERE id IN (SELECT id FROM stats_minutes ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED)
         RETURNING org_id, series_id, key_id, event_type, minute, total_count, request_count, total_duration_us
       ),
       periods AS (
         SELECT c.*, p.date_part, p.period_start
         FROM claimed c
         CROSS JOIN LATERAL (VALUES
           ('hour', date_trunc('hour', c.minute, 'UTC')),
           ('day', date_trunc('day', c.minute, 'UTC')),
           ('week', date_trunc('week', c.minute, 'UTC')),
           ('month', date_trunc('month', c.minute, 'UTC')),
           ('year', date_trunc('year', c.minute, 'UTC')),
           ('total', timestamptz '1970-01-01 00:00:00+00')
         ) AS p (date_part, period_start)
       ),
       sums AS (
         SELECT coalesce(org_id, $1::uuid) AS org_id,
                coalesce(series_id, $1::uuid) AS series_id,
                coalesce(key_id, $1::uuid) AS key_id,
                event_type, date_part, period_start,
                sum(total_count)::bigint AS total_count,
                sum(request_count)::bigint AS request_count,
                sum(total_duration_us)::bigint AS total_duration_us
         FROM periods
         GROUP BY org_id, series_id, key_id, event_type, date_part, period_start
         UNION ALL
         -- The public figures count what customers generate: the site's own widgets (landing,
         -- playground, sudoku, self-check: the system organisations) stay out of them.
         SELECT $1::uuid, $1::uuid, $1::uuid, event_type, date_part, period_start,
                sum(total_count)::bigint, sum(request_count)::bigint, sum(total_duration_us)::bigint
         FROM periods p
         WHERE NOT EXISTS (SELECT 1 FROM system_organisations so WHERE so.org_id = p.org_id)
         GROUP BY event_type, date_part, period_start
       ),
       upserted AS (
         INSERT INTO stats AS s
           (org_id, series_id, key_id, event_type, date_part, period_start,
            total_count, request_count, total_duration_us)
         SELECT org_id, series_id, key_id, event_type, date_part, period_start,
                total_count, request_count, total_duration_us
         FROM sums
         -- One order for every run: concurrent writers of the same rows cannot deadlock.
         ORDER BY org_id, series_id, key_id, event_type, date_part, period_start
         ON CONFLICT (org_id, series_id, key_id, event_type, date_part, period_start) DO UPDATE SET
           total_count = s.total_count + EXCLUDED.total_count,
           request_count = s.request_count + EXCLUDED.request_count,
           total_duration_us = s.total_duration_us + EXCLUDED.total_duration_us,
           updated_at = now()
         RETURNING 1
       )
       SELECT (SELECT count(*) FROM claimed)::int AS claimed`,
      [NIL_UUID, limit],
    );
    return { ran: true, claimed: Number(result?.claimed ?? 0) };
  });
}
