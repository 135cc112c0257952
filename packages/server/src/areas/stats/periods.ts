import type { StatsDatePart as DatePart, HistoryDatePart } from '@slugsmith/contract';

/**
 * Statistics periods (product spec §9), all in UTC: an hour, a day from 00:00, a week from Monday
 * 00:00, a month from the 1st, a year from January 1st; `total` is one period starting at the
 * epoch. The aggregation SQL computes the same starts with date_trunc(…, 'UTC').
 */
export const DATE_PARTS: readonly DatePart[] = ['hour', 'day', 'week', 'month', 'year', 'total'];

export const TOTAL_PERIOD_START = new Date(0);

/** The start of the period of `datePart` that contains `at`. */
export function periodStart(datePart: DatePart, at: Date): Date {
  const y = at.getUTCFullYear();
  const m = at.getUTCMonth();
  const d = at.getUTCDate();
  switch (datePart) {
    case 'hour':
      return new Date(Date.UTC(y, m, d, at.getUTCHours()));
    case 'day':
      return new Date(Date.UTC(y, m, d));
    case 'week': {
      // getUTCDay: Sunday 0 … Saturday 6; weeks start on Monday.
      const sinceMonday = (at.getUTCDay() + 6) % 7;
      return new Date(Date.UTC(y, m, d - sinceMonday));
    }
    case 'month':
      return new Date(Date.UTC(y, m, 1));
    case 'year':
      return new Date(Date.UTC(y, 0, 1));
    case 'total':
      return TOTAL_PERIOD_START;
  }
}

/** The start of the period `steps` periods after (negative: before) the one starting at `start`. */
export function shiftPeriod(datePart: HistoryDatePart, start: Date, steps: number): Date {
  const y = start.getUTCFullYear();
  const m = start.getUTCMonth();
  const d = start.getUTCDate();
  switch (datePart) {
    case 'hour':
      return new Date(Date.UTC(y, m, d, start.getUTCHours() + steps));
    case 'day':
      return new Date(Date.UTC(y, m, d + steps));
    case 'week':
      return new Date(Date.UTC(y, m, d + 7 * steps));
    case 'month':
      return new Date(Date.UTC(y, m + steps, 1));
    case 'year':
      return new Date(Date.UTC(y + steps, 0, 1));
  }
}

/** The current period of every date part at `now`: what "latest" statistics answer. */
export function currentPeriods(now: Date): { datePart: DatePart; start: Date }[] {
  return DATE_PARTS.map((datePart) => ({ datePart, start: periodStart(datePart, now) }));
}
