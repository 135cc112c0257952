import { describe, expect, it } from 'vitest';
import { earliestStart, pageStarts } from '../src/routes/series/slice-panel.js';

describe('the first position of the slice window', () => {
  it('is at most slice_window_back behind the ids handed out, never below 0', () => {
    expect(earliestStart(1_500n, 1_000)).toBe(500n);
    expect(earliestStart(1_000n, 1_000)).toBe(0n);
    expect(earliestStart(999n, 1_000)).toBe(0n);
    expect(earliestStart(1_500n, 0)).toBe(1_500n);
    // No limit (-1), or the plan not known: from 0.
    expect(earliestStart(1_500n, -1)).toBe(0n);
    expect(earliestStart(1_500n, undefined)).toBe(0n);
  });

  it('bounds paging back', () => {
    expect(pageStarts(500n, 10, 10_000n, 500n)).toEqual({ previous: null, next: 510n });
    expect(pageStarts(505n, 10, 10_000n, 500n)).toEqual({ previous: 500n, next: 515n });
    expect(pageStarts(530n, 10, 10_000n, 500n)).toEqual({ previous: 520n, next: 540n });
  });
});
