import { Timestamp } from './common.js';
import { DatePart, StatsRow } from './generation.js';
import { z } from './zod.js';

/**
 * Usage statistics (product spec §3 Statistics row, §7.2, §9): counts of forge, mint, slice and
 * reset calls per period. Periods are UTC: hour, day (from 00:00), week (from Monday 00:00),
 * month (from the 1st), year (from January 1st) and `total` (everything, period_start 1970-01-01).
 * Rows of type reset count series resets; the ticker leaves them out.
 */

export type StatsDatePart = z.infer<typeof DatePart>;

/** A statistics row of one period: the reference row plus the UTC start of its period. */
export const StatsEntry = StatsRow.extend({ period_start: Timestamp }).meta({ id: 'StatsEntry' });
export type StatsEntry = z.infer<typeof StatsEntry>;

export const StatsList = z.array(StatsEntry).meta({ id: 'StatsList' });
export type StatsList = z.infer<typeof StatsList>;

/** Periods a history may cover (`total` has one period only). */
export const HistoryDatePart = DatePart.exclude(['total']);
export type HistoryDatePart = z.infer<typeof HistoryDatePart>;

/** The most periods one history answer covers. */
export const MAX_STATS_PERIODS = 400;

/** How many periods a history covers when the caller does not say. */
export const DEFAULT_STATS_PERIODS: Record<HistoryDatePart, number> = {
  hour: 24,
  day: 30,
  week: 12,
  month: 12,
  year: 5,
};

/**
 * A query string (no `meta` id: OpenAPI parameters cannot be references).
 * Without `date_part`: the current period of every date part (the "latest" rows). With it: the
 * rows of the last `periods` periods of that date part, oldest first, periods without calls left
 * out.
 */
export const StatsQuery = z.object({
  date_part: HistoryDatePart.optional().describe(
    'Answer the last periods of this kind (hour, day, week, month, year) instead of the current ones',
  ),
  periods: z.coerce
    .number()
    .int('Must be a whole number')
    .min(1, 'Minimum value is 1')
    .max(MAX_STATS_PERIODS, `Maximum value is ${MAX_STATS_PERIODS}`)
    .optional()
    .describe('How many periods of date_part (oldest first)'),
});
export type StatsQuery = z.infer<typeof StatsQuery>;
