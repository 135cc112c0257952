/** Billing periods and sandbox days, in UTC calendar arithmetic. */
export type Period = 'monthly' | 'semi_annual' | 'annual' | 'perpetual';

const MONTHS: Record<Exclude<Period, 'perpetual'>, number> = { monthly: 1, semi_annual: 6, annual: 12 };

export const DAY_MS = 86_400_000;

/** The end of a period that starts at `start`; null for a perpetual licence (no renewals). */
export function periodEnd(start: Date, period: Period): Date | null {
  if (period === 'perpetual') return null;
  return addMonths(start, MONTHS[period]);
}

/** Adds calendar months; the 31st of a month becomes the last day of a shorter one. */
export function addMonths(date: Date, months: number): Date {
  const day = date.getUTCDate();
  const result = new Date(date.getTime());
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

export const addDays = (date: Date, days: number): Date => new Date(date.getTime() + days * DAY_MS);

/** Paddle's `billing_cycle` for a price. */
export function billingCycle(period: Period): { interval: 'month' | 'year'; frequency: number } | null {
  switch (period) {
    case 'monthly':
      return { interval: 'month', frequency: 1 };
    case 'semi_annual':
      return { interval: 'month', frequency: 6 };
    case 'annual':
      return { interval: 'year', frequency: 1 };
    case 'perpetual':
      return null;
  }
}
