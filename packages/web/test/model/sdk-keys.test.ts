import { describe, expect, it } from 'vitest';
import { isKeyActive, replacesKeys } from '../../src/model/sdk-keys.js';

describe('SDK keys and their rotation', () => {
  it('asks for confirmation when a change replaces the keys (§4)', () => {
    const change = { rotation: 'automatic' as const, rotation_period: ' 7d ' };
    expect(replacesKeys({ rotation: 'automatic', rotation_period: '7d' }, change)).toBe(false);
    expect(replacesKeys({ rotation: 'automatic', rotation_period: '30d' }, change)).toBe(true);
    expect(replacesKeys({ rotation: 'manual', rotation_period: null }, change)).toBe(true);
    // A manual config keeps its key whatever period the form still holds.
    expect(
      replacesKeys({ rotation: 'manual', rotation_period: null }, { ...change, rotation: 'manual' }),
    ).toBe(false);
  });

  it('tells active keys from inactive ones by their dates', () => {
    const now = Date.parse('2026-01-10T00:00:00Z');
    const key = (effective_from: string, effective_to: string | null = null) =>
      isKeyActive({ effective_from, effective_to }, now);
    expect(key('2026-01-01T00:00:00Z')).toBe(true);
    expect(key('2026-01-01T00:00:00Z', '2026-01-20T00:00:00Z')).toBe(true);
    expect(key('2026-01-10T00:00:00Z')).toBe(true);
    expect(key('2026-01-11T00:00:00Z')).toBe(false);
    expect(key('2026-01-01T00:00:00Z', '2026-01-10T00:00:00Z')).toBe(false);
  });
});
