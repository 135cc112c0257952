import { describe, expect, it } from 'vitest';
import { randomBelow, randomSeed } from '../src/random.js';

describe('random numbers of unseeded forges', () => {
  it('randomBelow stays in [0, bound) for small, 2^53-sized and larger bounds', () => {
    for (const bound of [1n, 2n, 3n, 1000n, 2n ** 53n - 1n, 2n ** 53n, 2n ** 53n + 1n, 10n ** 30n]) {
      for (let i = 0; i < 2_000; i++) {
        const r = randomBelow(bound);
        expect(r >= 0n && r < bound).toBe(true);
      }
    }
    expect(randomBelow(1n)).toBe(0n);
  });

  it('randomBelow reaches the top of a bound beyond 2^53 (not only its low bits)', () => {
    const bound = 3n * 2n ** 70n;
    const draws = Array.from({ length: 1_000 }, () => randomBelow(bound));
    // Each of the three equal thirds holds about a third of the draws.
    const thirds = [0, 0, 0];
    for (const r of draws) thirds[Number(r / 2n ** 70n)]++;
    for (const n of thirds) expect(n).toBeGreaterThan(250);
  });

  it('randomSeed gives 16 hex digits, different each time', () => {
    const seeds = new Set(Array.from({ length: 1_000 }, randomSeed));
    expect(seeds.size).toBe(1_000);
    for (const s of seeds) expect(s).toMatch(/^[0-9a-f]{16}$/);
  });
});
