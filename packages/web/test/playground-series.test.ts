import { describe, expect, it } from 'vitest';
import { MAX_MINT_COUNT, mintCountError } from '../src/routes/playground/series-tab.js';

describe('playground mint count (product spec §5)', () => {
  it('asks for a positive whole number up to the limit', () => {
    for (const ok of [1, 3, '7', MAX_MINT_COUNT]) expect(mintCountError(ok), String(ok)).toBeNull();
    for (const bad of ['', 0, -1, 1.5, '2.5', 'abc'])
      expect(mintCountError(bad), String(bad)).toBe('countPositive');
    expect(mintCountError(MAX_MINT_COUNT + 1)).toBe('countTooLarge');
  });
});
