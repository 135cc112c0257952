/**
 * Statistics periods (product spec §9), all in UTC: an hour, a day from 00:00, a week from Monday
 * 00:00, a month from the 1st, a year from January 1st; `total` is one period starting at the
 * epoch. Plain functions without zod, so the web console's charts use the same arithmetic as the
 * server (whose aggregation SQL computes the same starts with date_trunc(…, 'UTC')).
 */

export type PeriodPart = 'hour' | 'day' | 'week' | 'month' | 'year' | 'total';
export type HistoryPeriodPart = Exclude<PeriodPart, 'total'>;

/** The start of the period of `datePart` that contains `at`. */
export function periodStart(datePart: PeriodPart, at: Date): Date {
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
      return new Date(0);
  }
}

/** The start of the period `steps` periods after (negative: before) the one starting at `start`. */
export function shiftPeriod(datePart: HistoryPeriodPart, start: Date, steps: number): Date {
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
