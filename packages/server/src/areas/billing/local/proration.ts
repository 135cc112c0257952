import type { Period } from './periods.js';
import { periodEnd } from './periods.js';

export interface ProrationInput {
  old: { unitAmount: number; quantity: number; period: Period };
  next: { unitAmount: number; quantity: number; period: Period };
  currentPeriod: { start: Date; end: Date };
  now: Date;
}

export interface Proration {
  /** The unused part of the current period at the old price, credited (≥ 0). */
  credit: number;
  /** What the new price costs for the time it now covers (≥ 0). */
  charge: number;
  /** charge − credit: charged now when positive, credited when negative. */
  immediate: number;
  /** What each renewal after the change costs. */
  recurring: number;
  /** The period after the change: the same one, or a new one from now when the period changes. */
  period: { start: Date; end: Date };
}

/**
 * Proration as Paddle's `prorated_immediately` does it: the unused fraction of the current
 * period at the old price and quantity is credited, the new price and quantity is charged for the
 * rest of that period. A change of billing period (monthly → annual) starts a new period now and
 * charges the new price in full. Amounts are minor units, rounded half away from zero each.
 */
export function prorate(input: ProrationInput): Proration {
  const { start, end } = input.currentPeriod;
  const length = end.getTime() - start.getTime();
  const left = Math.min(Math.max(end.getTime() - input.now.getTime(), 0), length);
  const unused = length > 0 ? left / length : 0;
  const oldTotal = input.old.unitAmount * input.old.quantity;
  const newTotal = input.next.unitAmount * input.next.quantity;
  const credit = Math.round(oldTotal * unused);
  if (input.next.period !== input.old.period) {
    const newEnd = periodEnd(input.now, input.next.period);
    if (!newEnd) throw new Error('a perpetual price has no period to prorate');
    return {
      credit,
      charge: newTotal,
      immediate: newTotal - credit,
      recurring: newTotal,
      period: { start: input.now, end: newEnd },
    };
  }
  const charge = Math.round(newTotal * unused);
  return { credit, charge, immediate: charge - credit, recurring: newTotal, period: { start, end } };
}
