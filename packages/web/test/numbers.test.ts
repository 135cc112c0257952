import { describe, expect, it } from 'vitest';
import { formatCount, formatDurationUs } from '../src/lib/numbers.js';

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
    expect(formatCount(1500, 'de-DE')).toBe('1,5K');
    expect(formatCount(123_456, 'en-GB')).toBe('123K');
  });

  it('formats durations from ns to weeks', () => {
    expect(formatDurationUs(0.25)).toBe('250 ns');
    expect(formatDurationUs(12.34)).toBe('12.3 µs');
    expect(formatDurationUs(4200)).toBe('4.2 ms');
    expect(formatDurationUs(3_500_000)).toBe('3.5 s');
    expect(formatDurationUs(3_723_000_000)).toBe('01:02:03');
    expect(formatDurationUs((8 * 86_400 + 5) * 1e6)).toBe('1w 1d 00:00:05');
  });
});
