import { describe, expect, it } from 'vitest';
import * as contract from '../src/index.js';

const { CreateSdkConfig, originList, RotationPeriod, RotationPeriodInRange, rotationPeriodSeconds } =
  contract;

describe('rotation periods (product spec §5)', () => {
  it('reads a number followed by d, h, m or s', () => {
    expect(rotationPeriodSeconds('30d')).toBe(30 * 86_400);
    expect(rotationPeriodSeconds('24h')).toBe(86_400);
    expect(rotationPeriodSeconds('60m')).toBe(3_600);
    expect(rotationPeriodSeconds('45s')).toBe(45);
    for (const bad of ['', '30', 'd', '0d', '030d', '1w', '1.5h', '30 d', '1000000s'])
      expect(rotationPeriodSeconds(bad), bad).toBeUndefined();
  });

  it('the API takes any written period; keys rotate only on 7 minutes to 366 days', () => {
    expect(RotationPeriod.safeParse('29s').success).toBe(true);
    expect(RotationPeriodInRange.safeParse(`${contract.MIN_ROTATION_SECONDS}s`).success).toBe(true);
    expect(RotationPeriodInRange.safeParse('7m').success).toBe(true);
    expect(RotationPeriodInRange.safeParse(`${contract.MAX_ROTATION_SECONDS / 86_400}d`).success).toBe(true);
    expect(RotationPeriodInRange.safeParse('367d').error?.issues[0]?.message).toBe('Maximum value is 366d');
    expect(RotationPeriodInRange.safeParse('30x').error?.issues.map((i) => i.message)).toEqual([
      'Invalid format',
    ]);
  });

  it('refuses periods whose keys an SDK would refresh over and over', () => {
    // The shortest life an SDK sees on its key is one period: it must outlast the 2-minute
    // refresh lead on a clock up to SIGNATURE_MAX_SKEW_MS ahead.
    expect(contract.MIN_ROTATION_SECONDS).toBe(
      contract.KEY_REFRESH_LEAD_SECONDS + contract.SIGNATURE_MAX_SKEW_MS / 1000,
    );
    for (const short of ['30s', '2m', '419s', '6m']) {
      expect(RotationPeriodInRange.safeParse(short).error?.issues[0]?.message, short).toBe(
        'Minimum value is 7m',
      );
    }
    expect(contract.formatRotationPeriod(420)).toBe('7m');
    expect(contract.formatRotationPeriod(86_400)).toBe('1d');
    expect(contract.formatRotationPeriod(90)).toBe('90s');
  });
});

describe('allowed origins', () => {
  it('are one per line, blank lines dropped, no trailing slash; at most 50', () => {
    expect(originList(' https://a.example/ \n\nhttp://localhost:3000')).toEqual([
      'https://a.example',
      'http://localhost:3000',
    ]);
    const body = (allowed_origins: string) =>
      CreateSdkConfig.safeParse({ name: 'x', scopes: ['forge'], allowed_origins });
    expect(body('https://a.example\nnope').error?.issues[0]).toMatchObject({
      path: ['allowed_origins', 1],
      message: 'Must be a valid URL',
    });
    const many = Array.from({ length: 51 }, (_, i) => `https://h${i}.example`).join('\n');
    expect(body(many).error?.issues[0]?.message).toBe('At most 50 origins');
  });
});
