import type { StatsRow } from '@slugsmith/contract';
import { periodStart, type StatsEntry, shiftPeriod } from '@slugsmith/contract';
import { describe, expect, it } from 'vitest';
import { tickerRows } from '../src/components/layout/stats-ticker.js';
import {
  HISTORY_PERIODS,
  hasActivity,
  historyPoints,
  periodLabel,
  recentPeriods,
  summarise,
} from '../src/lib/stats.js';
import { pageStarts, parseSequence } from '../src/routes/series/slice-panel.js';
import { testCountError } from '../src/routes/series/test-panel.js';

const row = (over: Partial<StatsEntry>): StatsEntry => ({
  event_type: 'mint',
  date_part: 'day',
  total_count: 0,
  request_count: 0,
  total_duration_us: 0,
  avg_duration_us: 0,
  period_start: '2026-11-22T00:00:00.000Z',
  ...over,
});

describe('UTC periods (product spec §9)', () => {
  // A Sunday evening: the week started on Monday the 16th.
  const at = new Date('2026-11-22T21:34:56.789Z');

  it('starts hours, days, weeks (Monday), months and years in UTC', () => {
    expect(periodStart('hour', at).toISOString()).toBe('2026-11-22T21:00:00.000Z');
    expect(periodStart('day', at).toISOString()).toBe('2026-11-22T00:00:00.000Z');
    expect(periodStart('week', at).toISOString()).toBe('2026-11-16T00:00:00.000Z');
    expect(periodStart('week', new Date('2026-11-16T00:00:00Z')).toISOString()).toBe(
      '2026-11-16T00:00:00.000Z',
    );
    expect(periodStart('month', at).toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(periodStart('year', at).toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(periodStart('total', at).getTime()).toBe(0);
  });

  it('steps across month and year ends', () => {
    expect(shiftPeriod('month', new Date('2026-01-01T00:00:00Z'), -2).toISOString()).toBe(
      '2025-11-01T00:00:00.000Z',
    );
    expect(shiftPeriod('day', new Date('2026-03-01T00:00:00Z'), -1).toISOString()).toBe(
      '2026-02-28T00:00:00.000Z',
    );
    expect(shiftPeriod('week', new Date('2026-11-16T00:00:00Z'), 1).toISOString()).toBe(
      '2026-11-23T00:00:00.000Z',
    );
    expect(shiftPeriod('hour', new Date('2026-11-22T00:00:00Z'), -1).toISOString()).toBe(
      '2026-11-21T23:00:00.000Z',
    );
  });

  it('lists the recent periods oldest first, the current one last', () => {
    const days = recentPeriods('day', 3, at).map((d) => d.toISOString().slice(0, 10));
    expect(days).toEqual(['2026-11-20', '2026-11-21', '2026-11-22']);
  });
});

describe('history points', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const label = periodLabel('day', 'en-GB');

  it('fills periods without calls with zeros and adds the counts of each operation', () => {
    const points = historyPoints(
      [
        row({ total_count: 7, period_start: '2026-11-22T00:00:00Z' }),
        row({ event_type: 'slice', total_count: 3, period_start: '2026-11-22T00:00:00Z' }),
        row({ event_type: 'forge', total_count: 2, period_start: '2026-11-20T00:00:00Z' }),
        row({ event_type: 'reset', total_count: 0, request_count: 1 }),
        row({ date_part: 'hour', total_count: 99, period_start: '2026-11-22T11:00:00Z' }),
      ],
      'day',
      now,
      label,
    );
    expect(points).toHaveLength(HISTORY_PERIODS.day);
    const last = points.at(-1);
    expect(last).toMatchObject({ label: '22 Nov', forge: 0, mint: 7, slice: 3 });
    expect(points.at(-3)).toMatchObject({ forge: 2, mint: 0, slice: 0 });
    expect(points.slice(0, -3).every((p) => p.forge + p.mint + p.slice === 0)).toBe(true);
    expect(points.map((p) => p.at)).toEqual([...points.map((p) => p.at)].sort((a, b) => a - b));
  });

  it('keeps a row from outside the expected window instead of dropping it', () => {
    const points = historyPoints(
      [row({ total_count: 1, period_start: '2026-01-05T00:00:00Z' })],
      'day',
      now,
      label,
    );
    expect(points).toHaveLength(HISTORY_PERIODS.day + 1);
    expect(points[0]).toMatchObject({ mint: 1 });
  });
});

describe('period summaries', () => {
  it('adds operations, requests and durations per date part, resets apart', () => {
    const summaries = summarise([
      row({ total_count: 7, request_count: 1, total_duration_us: 100 }),
      row({ event_type: 'forge', total_count: 3, request_count: 3, total_duration_us: 500 }),
      row({ event_type: 'reset', request_count: 2 }),
      row({ date_part: 'total', total_count: 10, request_count: 4, total_duration_us: 600 }),
    ]);
    expect(summaries.map((s) => s.datePart)).toEqual(['hour', 'day', 'week', 'month', 'year', 'total']);
    const day = summaries[1];
    expect(day).toMatchObject({ counts: { forge: 3, mint: 7, slice: 0 }, requests: 4, slugs: 10, resets: 2 });
    expect(day?.avgDurationUs).toBe(150);
    expect(summaries[0]).toMatchObject({ requests: 0, avgDurationUs: 0 });
    expect(hasActivity(summaries)).toBe(true);
    expect(hasActivity(summarise([]))).toBe(false);
  });
});

describe('slice viewer paging and the test count', () => {
  it('reads positions of up to 20 digits only', () => {
    expect(parseSequence(' 42 ')).toBe(42n);
    expect(parseSequence('18446744073709551615')).toBe(18446744073709551615n);
    for (const bad of ['', '-1', '1.5', '1e3', '123456789012345678901'])
      expect(parseSequence(bad)).toBeNull();
  });

  it('pages back to 0 at most and forward only inside the capacity', () => {
    expect(pageStarts(0n, 10, 100n)).toEqual({ previous: null, next: 10n });
    expect(pageStarts(5n, 10, 100n)).toEqual({ previous: 0n, next: 15n });
    expect(pageStarts(90n, 10, 100n)).toEqual({ previous: 80n, next: null });
    expect(pageStarts(0n, 25, 20n)).toEqual({ previous: null, next: null });
  });

  it('answers the §5 count messages', () => {
    expect(testCountError(5)).toBeNull();
    expect(testCountError(100)).toBeNull();
    expect(testCountError(0)).toBe('countPositive');
    expect(testCountError('')).toBe('countPositive');
    expect(testCountError(2.5)).toBe('countPositive');
    expect(testCountError(101)).toBe('countTooLarge');
  });
});

describe('the statistics ticker', () => {
  const ticker = (
    event_type: StatsEntry['event_type'],
    date_part: StatsEntry['date_part'],
    total_count: number,
  ) => row({ event_type, date_part, total_count }) as unknown as StatsRow;

  it('leaves out a period that counts as many slugs as the longer one before it', () => {
    const young = (['total', 'year', 'month', 'week', 'day', 'hour'] as const).map((p) =>
      ticker('forge', p, 12),
    );
    expect(tickerRows(young).map((r) => r.date_part)).toEqual(['total']);
    const rows = tickerRows([
      ticker('mint', 'hour', 3),
      ticker('forge', 'day', 40),
      ticker('forge', 'total', 90),
      ticker('mint', 'total', 5),
      ticker('forge', 'year', 90),
      ticker('mint', 'day', 5),
      ticker('reset', 'total', 1),
    ]);
    expect(rows.map((r) => `${r.event_type} ${r.date_part}`)).toEqual([
      'forge total',
      'forge day',
      'mint total',
      'mint hour',
    ]);
  });
});
