import { describe, expect, it } from 'vitest';
import {
  CreateApiKey,
  CreateSdkConfig,
  ForgeRequest,
  Name,
  Pattern,
  Sequence,
  SeriesSliceRequest,
  Timestamp,
} from '../src/index.js';

/** What the server would otherwise hand to BigInt() or to PostgreSQL, and fail on. */
describe('request schemas refuse text the server cannot use', () => {
  it('take a sequence only as a number or plain ASCII digits', () => {
    for (const bad of ['1e5', 'NaN', '\u0661\u0662\u0663', '\uff11\uff12\uff13', '-1', ' 1', '0x10', '']) {
      expect(Sequence.safeParse(bad).success, bad).toBe(false);
      expect(SeriesSliceRequest.safeParse({ count: 1, sequence: bad }).success, bad).toBe(false);
      expect(ForgeRequest.safeParse({ pattern: '{noun}', sequence: bad }).success, bad).toBe(false);
    }
    expect(SeriesSliceRequest.safeParse({ count: 1, sequence: '18446744073709551616' }).success).toBe(false);
    expect(Sequence.parse('18446744073709551615')).toBe('18446744073709551615');
  });

  it('refuse a NUL character in names, patterns and origins', () => {
    expect(Name.safeParse('a\u0000b').error?.issues[0]?.message).toBe('Invalid format');
    expect(Pattern.safeParse('{noun}\u0000').success).toBe(false);
    expect(
      CreateSdkConfig.safeParse({
        name: 'web',
        scopes: ['forge'],
        allowed_origins: ['https://a\u0000.example'],
      }).success,
    ).toBe(false);
  });

  it('refuse year 0, which PostgreSQL has no date for', () => {
    expect(Timestamp.safeParse('0000-01-01T00:00:00Z').success).toBe(false);
    expect(Timestamp.safeParse('0001-01-01T00:30:00+01:00').success).toBe(false);
    expect(Timestamp.safeParse('0001-01-01T00:00:00Z').success).toBe(true);
    expect(
      CreateApiKey.safeParse({ name: 'k', scopes: ['forge'], expires_at: '0000-01-01T00:00:00Z' }).success,
    ).toBe(false);
  });
});
