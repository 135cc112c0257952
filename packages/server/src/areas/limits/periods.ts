/**
 * Quota periods are UTC calendar periods (product spec §9): a day from 00:00, a month from the
 * 1st. A period is named by its start ("2026-11-22", "2026-11"), so a counter key changes at the
 * boundary and the new period starts at zero without waiting for the old key to expire.
 */
export type QuotaPeriod = 'day' | 'month';

export interface PeriodWindow {
  /** Appears in counter keys: "2026-11-22" or "2026-11". */
  id: string;
  /** When the period starts (ms since the epoch). */
  startsAt: number;
  /** When the next period starts (ms since the epoch). */
  endsAt: number;
}

/** The period that holds `now` (callers keep it until `now` leaves it). */
export function periodWindow(period: QuotaPeriod, now: number): PeriodWindow {
  const d = new Date(now);
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth();
  const mm = String(month + 1).padStart(2, '0');
  if (period === 'month') {
    return { id: `${year}-${mm}`, startsAt: Date.UTC(year, month, 1), endsAt: Date.UTC(year, month + 1, 1) };
  }
  const day = d.getUTCDate();
  return {
    id: `${year}-${mm}-${String(day).padStart(2, '0')}`,
    startsAt: Date.UTC(year, month, day),
    endsAt: Date.UTC(year, month, day + 1),
  };
}

/** Whole seconds until `at`, at least 1 (a retry-after of 0 would invite a busy loop). */
export function secondsUntil(at: number, now: number): number {
  return Math.max(1, Math.ceil((at - now) / 1000));
}
