import { type StatsDatePart as DatePart, periodStart } from '@slugsmith/contract';

/** Statistics periods (product spec §9; the arithmetic is the contract's `periodStart`). */
export const DATE_PARTS: readonly DatePart[] = ['hour', 'day', 'week', 'month', 'year', 'total'];

/** The current period of every date part at `now`: what "latest" statistics answer. */
export function currentPeriods(now: Date): { datePart: DatePart; start: Date }[] {
  return DATE_PARTS.map((datePart) => ({ datePart, start: periodStart(datePart, now) }));
}
