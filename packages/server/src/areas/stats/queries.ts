import type { StatsDatePart as DatePart, StatsEntry } from '@slugsmith/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.js';
import { NIL_UUID } from './recorder.js';

/** Whose statistics: the whole service, an organisation, one of its series or one of its keys. */
export type StatsScope =
  | { kind: 'all' }
  | { kind: 'org'; orgId: string }
  | { kind: 'series'; orgId: string; seriesId: string }
  | { kind: 'key'; orgId: string; keyId: string };

function scopeFilter(scope: StatsScope): SQL {
  switch (scope.kind) {
    case 'all':
      return sql`org_id = ${NIL_UUID}::uuid AND series_id = ${NIL_UUID}::uuid AND key_id = ${NIL_UUID}::uuid`;
    case 'org':
      return sql`org_id = ${scope.orgId}::uuid`;
    case 'series':
      return sql`org_id = ${scope.orgId}::uuid AND series_id = ${scope.seriesId}::uuid`;
    case 'key':
      return sql`org_id = ${scope.orgId}::uuid AND key_id = ${scope.keyId}::uuid`;
  }
}

interface SumRow {
  event_type: StatsEntry['event_type'];
  date_part: DatePart;
  period_start: Date | string;
  total_count: number | bigint;
  request_count: number | bigint;
  total_duration_us: number | bigint;
}

function toEntry(row: SumRow): StatsEntry {
  const total = Number(row.total_count);
  const duration = Number(row.total_duration_us);
  return {
    event_type: row.event_type,
    date_part: row.date_part,
    period_start: new Date(row.period_start).toISOString(),
    total_count: total,
    request_count: Number(row.request_count),
    total_duration_us: duration,
    // Per slug, as the reference service reports it (per reset for reset rows).
    avg_duration_us: total > 0 ? Math.round((duration / total) * 100) / 100 : 0,
  };
}

const EVENT_ORDER = "array_position(ARRAY['forge', 'mint', 'slice', 'reset'], event_type)";
const PART_ORDER = "array_position(ARRAY['hour', 'day', 'week', 'month', 'year', 'total'], date_part)";

/** The stats rows that match `where`, summed per event, date part and period. */
async function sums(db: Db, where: SQL, orderBy: SQL): Promise<StatsEntry[]> {
  const result = (await db.execute(
    sql`SELECT event_type, date_part, period_start,
               sum(total_count)::bigint AS total_count,
               sum(request_count)::bigint AS request_count,
               sum(total_duration_us)::bigint AS total_duration_us
        FROM stats
        WHERE ${where}
        GROUP BY event_type, date_part, period_start
        ORDER BY ${orderBy}`,
  )) as unknown as { rows: SumRow[] };
  return result.rows.map(toEntry);
}

/** The rows of the given periods (one per date part), summed over the scope. */
export function periodSums(db: Db, scope: StatsScope, periods: { datePart: DatePart; start: Date }[]) {
  const which = sql.join(
    periods.map(
      (p) => sql`(date_part = ${p.datePart} AND period_start = ${p.start.toISOString()}::timestamptz)`,
    ),
    sql` OR `,
  );
  return sums(
    db,
    sql`${scopeFilter(scope)} AND (${which})`,
    sql`${sql.raw(PART_ORDER)}, ${sql.raw(EVENT_ORDER)}`,
  );
}

/** The rows of one date part with period starts in [from, to], summed over the scope, oldest first. */
export function historySums(db: Db, scope: StatsScope, datePart: DatePart, from: Date, to: Date) {
  return sums(
    db,
    sql`${scopeFilter(scope)} AND date_part = ${datePart}
        AND period_start >= ${from.toISOString()}::timestamptz
        AND period_start <= ${to.toISOString()}::timestamptz`,
    sql`period_start, ${sql.raw(EVENT_ORDER)}`,
  );
}
