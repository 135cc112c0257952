import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Generator, SAMPLE_BUNDLE } from '../src/index.js';

const vectors: { slugs: { pattern: string; seed: string; sequence: string; slugs: string[] }[] } = JSON.parse(
  readFileSync(new URL('../test-vectors.json', import.meta.url), 'utf8'),
);

/**
 * One slug per call at a position given as a number (how library users call `forge`) takes a
 * shorter path than a batch: it must give the slug the batch gives at that position, for every
 * kind of pattern (word lists before and after their surrounding text is baked in, padded
 * layouts, one-limb and digit-group patterns, capacities past 2^53).
 */
describe('forge of one slug per call', () => {
  it('gives every slug of the test vectors, position by position', () => {
    let checked = 0;
    for (const v of vectors.slugs) {
      // A generator of its own: the pattern starts unbaked, as a library user's first calls do.
      const gen = new Generator(SAMPLE_BUNDLE);
      const start = Number(v.sequence);
      if (!Number.isSafeInteger(start + v.slugs.length)) continue;
      v.slugs.forEach((slug, i) => {
        expect(gen.forge(v.pattern, { seed: v.seed, sequence: start + i, count: 1 }), v.pattern).toEqual([
          slug,
        ]);
        checked++;
      });
    }
    expect(checked).toBeGreaterThan(500);
  });

  it('gives the batch slugs before and after the lists are baked, and under another seed or pattern between', () => {
    const gen = new Generator(SAMPLE_BUNDLE);
    const pattern = '{adjective}-{noun}';
    const capacity = Number(gen.patternInfo(pattern).capacity);
    // More single calls than the lists hold words: the lists are baked partway through.
    const batch = new Generator(SAMPLE_BUNDLE).forge(pattern, { seed: 'one', count: capacity });
    for (let n = 0; n < capacity; n++) {
      expect(gen.forge(pattern, { seed: 'one', sequence: n, count: 1 })[0]).toBe(batch[n]);
      if (n % 97 === 0) gen.forge('{noun}-{verb}', { seed: 'two', sequence: n % 500, count: 1 });
    }
  });

  it('refuses what the batch path refuses', () => {
    const gen = new Generator(SAMPLE_BUNDLE);
    const capacity = Number(gen.patternInfo('{noun}').capacity);
    expect(() => gen.forge('{noun}', { seed: 's', sequence: capacity, count: 1 })).toThrow(
      /beyond the capacity/,
    );
    expect(() => gen.forge('{noun}', { seed: 's', sequence: -1, count: 1 })).toThrow('Sequence must be');
    expect(() => gen.forge('{noun}', { seed: 's', sequence: 1.5, count: 1 })).toThrow(
      'Sequence must be a whole number',
    );
    expect(() => gen.forge('{noun', { seed: 's', sequence: 0, count: 1 })).toThrow();
  });
});
