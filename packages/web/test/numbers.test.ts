import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatDurationUs,
  formatInterpolated,
  formatPeriod,
  formatUsedPercent,
} from '../src/lib/numbers.js';

describe('number formatting (§9)', () => {
  it('keeps small numbers and uses K, M, B, T, Qa, Qi', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1K');
    expect(formatCount(1500)).toBe('1.5K');
    expect(formatCount(999_949)).toBe('999K');
    expect(formatCount(99_949)).toBe('99.9K');
    expect(formatCount(999_950)).toBe('1M');
    expect(formatCount(2_340_000)).toBe('2.3M');
    expect(formatCount(7_000_000_000)).toBe('7B');
    expect(formatCount('12000000000000')).toBe('12T');
    expect(formatCount(10n ** 15n * 3n)).toBe('3Qa');
    expect(formatCount('4500000000000000000')).toBe('4.5Qi');
    expect(formatCount(-2500)).toBe('-2.5K');
  });

  it('goes scientific beyond Qi and formats per locale', () => {
    expect(formatCount('1234000000000000000000')).toBe('1.23e21');
    expect(formatCount('1000000000000000000000')).toBe('1e21');
    expect(formatCount(1500, 'en-US')).toBe('1.5K');
    expect(formatCount(123_456, 'en-GB')).toBe('123K');
  });

  it("uses the reader's own short forms outside English (Intl compact notation)", () => {
    const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
    expect(nbsp(formatCount(167_000_000_000, 'de-DE'))).toBe('167 Mrd.');
    expect(nbsp(formatCount(28_200_000_000, 'de-DE'))).toBe('28,2 Mrd.');
    // German abbreviates from a million; below it, the figure with its separator.
    expect(formatCount(65_000, 'de-DE')).toBe('65.000');
    expect(formatCount(167_000_000_000, 'ja-JP')).toBe('1670億');
    expect(formatCount(65_000, 'ja-JP')).toBe('6.5万');
    expect(formatCount(100_000, 'zh-CN')).toBe('10万');
    expect(nbsp(formatCount(1500, 'ru-RU'))).toBe('1,5 тыс.');
    // One decimal below 100 of a unit, cut to a whole figure above it, as in English.
    expect(nbsp(formatCount(123_456, 'ru-RU'))).toBe('123 тыс.');
    expect(nbsp(formatCount(999_949, 'fr-FR'))).toBe('999 k');
    expect(nbsp(formatCount(-2_500_000, 'de-DE'))).toBe('-2,5 Mio.');
    // Beyond trillions no language has a short word: scientific, with the reader's separator.
    expect(formatCount('1234000000000000000000', 'de-DE')).toBe('1,23e21');
    expect(formatCount(10n ** 15n * 3n, 'ja-JP')).toBe('3e15');
    expect(formatCount(999, 'de-DE')).toBe('999');
  });

  it("writes interpolated numbers with the reader's separators and leaves other values alone", () => {
    expect(formatInterpolated(64_999, undefined, 'de-DE')).toBe('64.999');
    expect(formatInterpolated(64_999, undefined, 'en-GB')).toBe('64,999');
    expect(formatInterpolated(100_000, undefined, 'ja-JP')).toBe('100,000');
    expect(formatInterpolated('64999', undefined, 'de-DE')).toBe('64999');
    expect(formatInterpolated(Number.NaN, undefined, 'de-DE')).toBeNaN();
    expect(formatInterpolated(1234, undefined, 'not a language!')).toBe('1,234');
  });

  it('formats durations from ns to weeks', () => {
    expect(formatDurationUs(0.25)).toBe('250 ns');
    expect(formatDurationUs(12.34)).toBe('12.3 μs');
    expect(formatDurationUs(4200)).toBe('4.2 ms');
    expect(formatDurationUs(3_500_000)).toBe('3.5s');
    expect(formatDurationUs(3_723_000_000)).toBe('01:02:03');
    expect(formatDurationUs((8 * 86_400 + 5) * 1e6)).toBe('1 wk 1 day 00:00:05');
  });

  it("formats durations in the reader's language: decimal separator and unit words", () => {
    expect(formatDurationUs(4200, 'de-DE')).toBe('4,2 ms');
    expect(formatDurationUs(3_500_000, 'de-DE')).toBe('3,5 Sek.');
    expect(formatDurationUs(4200, 'zh-CN')).toBe('4.2毫秒');
    expect(formatDurationUs(12.34, 'ru-RU')).toBe('12,3 мкс');
    // French separates a number from its unit with a narrow no-break space.
    expect(formatDurationUs((8 * 86_400 + 5) * 1e6, 'fr-FR')).toBe('1\u202fsem. 1\u202fj 00:00:05');
  });

  it("writes a rotation period in words of the reader's language", () => {
    expect(formatPeriod('7d')).toBe('7 days');
    expect(formatPeriod('1d')).toBe('1 day');
    expect(formatPeriod('24h', 'de-DE')).toBe('24 Stunden');
    expect(formatPeriod('30m', 'fr-FR')).toBe('30 minutes');
    expect(formatPeriod('45s', 'ja-JP')).toBe('45 秒');
    expect(formatPeriod('7x')).toBe('7x');
  });
});

describe('used percent in the reader language (issue 25 item 18)', () => {
  it('writes the threshold and decimals with the decimal separator of de-DE, en-GB and ja-JP', () => {
    expect(formatUsedPercent(0, 'de-DE', true)).toBe('<0,001');
    expect(formatUsedPercent(0, 'en-GB', true)).toBe('<0.001');
    expect(formatUsedPercent(0, 'ja-JP', true)).toBe('<0.001');
    expect(formatUsedPercent(0.25, 'de-DE')).toBe('0,25');
    expect(formatUsedPercent(0.125, 'en-GB')).toBe('0.125');
    expect(formatUsedPercent(12.34, 'de-DE')).toBe('12,3');
    expect(formatUsedPercent(12.34, 'ja-JP')).toBe('12.3');
    // Counts beyond Qi in scientific notation follow the same separator.
    expect(formatCount('1234000000000000000000', 'de-DE')).toBe('1,23e21');
    expect(formatCount('1999000000000000000000', 'ja-JP')).toBe('1.99e21');
  });

  it('shows an unused series as 0 and a full one as 100', () => {
    expect(formatUsedPercent(0, 'de-DE', false)).toBe('0');
    expect(formatUsedPercent(0, 'en-GB')).toBe('0');
    expect(formatUsedPercent(100, 'de-DE')).toBe('100');
    expect(formatUsedPercent(0.001, 'de-DE', true)).toBe('0,001');
  });
});
