/**
 * Statistics for the console's charts and tables (product spec §3 Statistics row, §9): the
 * calls, the UTC periods (day from 00:00, week from Monday, month from the 1st, year from
 * January 1st) and the shaping of rows into chart series. Periods without calls are absent from
 * the server's answers; charts fill them with zeros so the time axis has no holes.
 */
import { periodStart, type StatsEntry, shiftPeriod } from '@slugsmith/contract';
import { queryOptions } from '@tanstack/react-query';
import { body, client } from './api.js';
import { consoleKeys } from './console-api.js';

export type { StatsEntry };
export type DatePart = StatsEntry['date_part'];
export type HistoryPart = Exclude<DatePart, 'total'>;
export type EventType = StatsEntry['event_type'];

/** Date parts from the shortest period to everything. */
export const DATE_PARTS: readonly DatePart[] = ['hour', 'day', 'week', 'month', 'year', 'total'];
export const HISTORY_PARTS: readonly HistoryPart[] = ['hour', 'day', 'week', 'month', 'year'];
/** Operations shown in charts; resets are counted separately (the ticker drops them). */
export const OPERATIONS = ['forge', 'mint', 'slice'] as const;
export type Operation = (typeof OPERATIONS)[number];
/** One Mantine colour per operation, the same on every chart. */
export const OPERATION_COLORS: Record<Operation, string> = {
  forge: 'indigo.6',
  mint: 'teal.6',
  slice: 'orange.6',
};
/** How many periods a history shows (the server's defaults). */
export const HISTORY_PERIODS: Record<HistoryPart, number> = {
  hour: 24,
  day: 30,
  week: 12,
  month: 12,
  year: 5,
};

/** The whole service's current periods (public; the /stats page and the ticker). */
export const publicStats = (signal?: AbortSignal) =>
  body(client.GET('/stats/total', { auth: 'none', signal }));

/** A series' current periods, or the last periods of one date part (oldest first). */
export const seriesStats = (org: string, series: string, datePart?: HistoryPart, signal?: AbortSignal) =>
  body(
    client.GET('/orgs/{org}/series/{series}/stats', {
      params: {
        path: { org, series },
        query: datePart ? { date_part: datePart, periods: HISTORY_PERIODS[datePart] } : {},
      },
      auth: 'required',
      signal,
    }),
  );

/**
 * The statistics' queries: the whole service's (one cache for the header's ticker and the /stats
 * page) and a series' (under the series' console key, so refreshing the series refreshes them).
 */
export const statsQueries = {
  total: () =>
    queryOptions({ queryKey: ['stats', 'total'] as const, queryFn: ({ signal }) => publicStats(signal) }),
  /** The series' current periods (no date part), or the last periods of one date part. */
  series: (org: string, series: string, datePart?: HistoryPart) =>
    queryOptions({
      queryKey: [...consoleKeys.seriesStats(org, series), datePart ?? 'latest'],
      queryFn: ({ signal }) => seriesStats(org, series, datePart, signal),
    }),
};

/** The starts of the last `count` periods, oldest first, the current one last. */
export function recentPeriods(datePart: HistoryPart, count: number, now: Date): Date[] {
  const current = periodStart(datePart, now);
  return Array.from({ length: count }, (_, i) => shiftPeriod(datePart, current, i - (count - 1)));
}

export interface ChartPoint {
  /** Period start, ms since the epoch (UTC). */
  at: number;
  label: string;
  forge: number;
  mint: number;
  slice: number;
}

/**
 * One point per period of the history (zeros where nothing happened), slugs per operation.
 * Rows for periods outside the expected window (another clock) are kept, in order.
 */
export function historyPoints(
  rows: readonly StatsEntry[],
  datePart: HistoryPart,
  now: Date,
  label: (at: Date) => string,
): ChartPoint[] {
  const points = new Map<number, ChartPoint>();
  const point = (at: number) => {
    let p = points.get(at);
    if (!p) {
      p = { at, label: label(new Date(at)), forge: 0, mint: 0, slice: 0 };
      points.set(at, p);
    }
    return p;
  };
  for (const start of recentPeriods(datePart, HISTORY_PERIODS[datePart], now)) point(start.getTime());
  for (const row of rows) {
    if (row.date_part !== datePart || !isOperation(row.event_type)) continue;
    const at = Date.parse(row.period_start);
    if (Number.isNaN(at)) continue;
    point(at)[row.event_type] += row.total_count;
  }
  return [...points.values()].sort((a, b) => a.at - b.at);
}

export function isOperation(type: string): type is Operation {
  return (OPERATIONS as readonly string[]).includes(type);
}

export interface PeriodSummary {
  datePart: DatePart;
  /** Slugs per operation in the current period. */
  counts: Record<Operation, number>;
  requests: number;
  slugs: number;
  /** Mean duration of one request, microseconds (0 without requests). */
  avgDurationUs: number;
  resets: number;
}

/** The latest rows folded into one summary per date part (shortest first), resets apart. */
export function summarise(rows: readonly StatsEntry[]): PeriodSummary[] {
  return DATE_PARTS.map((datePart) => {
    const summary: PeriodSummary = {
      datePart,
      counts: { forge: 0, mint: 0, slice: 0 },
      requests: 0,
      slugs: 0,
      avgDurationUs: 0,
      resets: 0,
    };
    let durationUs = 0;
    for (const row of rows) {
      if (row.date_part !== datePart) continue;
      if (row.event_type === 'reset') {
        summary.resets += row.request_count;
        continue;
      }
      summary.counts[row.event_type] += row.total_count;
      summary.slugs += row.total_count;
      summary.requests += row.request_count;
      durationUs += row.total_duration_us;
    }
    summary.avgDurationUs = summary.requests > 0 ? durationUs / summary.requests : 0;
    return summary;
  });
}

/** Whether any period has calls worth showing. */
export const hasActivity = (summaries: readonly PeriodSummary[]) =>
  summaries.some((s) => s.requests > 0 || s.resets > 0);

/** How the start of a period is written on a chart axis, in the page's language and UTC. */
export function periodLabel(datePart: HistoryPart, locale: string | undefined): (at: Date) => string {
  const options: Record<HistoryPart, Intl.DateTimeFormatOptions> = {
    hour: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
    day: { day: 'numeric', month: 'short' },
    week: { day: 'numeric', month: 'short' },
    month: { month: 'short', year: 'numeric' },
    year: { year: 'numeric' },
  };
  const format = new Intl.DateTimeFormat(locale, { ...options[datePart], timeZone: 'UTC' });
  return (at) => format.format(at);
}
