import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Generator, SAMPLE_BUNDLE } from '../src/index.js';

const bundle = { ...SAMPLE_BUNDLE, avoid_pairs: [['silly', 'otter'] as [string, string]] };
const gen = new Generator(bundle);

describe('awkward pairs (bundle avoid_pairs)', () => {
  it('leaves out exactly the positions whose neighbouring words form a listed pair', () => {
    for (const pattern of [
      '{adjective}-{noun:+animal}',
      '{Adjective}{Noun:+animal}',
      '{ADJECTIVE} {nOuN:+animal}',
    ]) {
      const capacity = Number(gen.patternInfo(pattern).capacity);
      const all = gen.forge(pattern, { seed: 'p', count: capacity });
      const kept = gen.forge(pattern, { seed: 'p', count: capacity, skipAwkward: true });
      const awkward = all.filter((s) => /^silly\W?otter$/i.test(s));
      expect(awkward, pattern).toHaveLength(1);
      expect(kept).toHaveLength(capacity - 1);
      expect(kept).toEqual(all.filter((s) => s !== awkward[0]));
    }
  });

  it('only checks neighbouring word placeholders in that order', () => {
    const pattern = '{noun:+animal}-{adjective}';
    const capacity = Number(gen.patternInfo(pattern).capacity);
    expect(gen.forge(pattern, { seed: 'p', count: capacity, skipAwkward: true })).toHaveLength(capacity);
  });

  it('never changes the slugs at the positions it keeps (no shift of the sequence)', () => {
    const pattern = '{adjective}-{noun:+animal}';
    const all = gen.forge(pattern, { seed: 'q', count: 200 });
    const kept = gen.forge(pattern, { seed: 'q', count: 200, skipAwkward: true });
    expect(kept.every((s) => all.includes(s))).toBe(true);
  });

  it('slices count slugs from a position, reading past the positions it leaves out', () => {
    const pattern = '{adjective}-{noun:+animal}';
    const capacity = Number(gen.patternInfo(pattern).capacity);
    fc.assert(
      fc.property(
        fc.string(),
        fc.integer({ min: 0, max: capacity - 1 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 25 }),
        (seed, sequence, count, window) => {
          fc.pre(sequence + count <= capacity);
          // What a series hands out from `sequence` on: every kept position, in order.
          const kept = gen.forge(pattern, { seed, sequence, count: capacity - sequence, skipAwkward: true });
          const { slugs, next } = gen.slice(pattern, { seed, sequence, count });
          expect(slugs).toEqual(kept.slice(0, count));
          const read = gen.forge(pattern, {
            seed,
            sequence,
            count: Number(next) - sequence,
            skipAwkward: true,
          });
          expect(read).toEqual(slugs.length === count ? slugs : kept);
          // Windows chained through `next` read what one window reads.
          const chained: string[] = [];
          let at = BigInt(sequence);
          while (chained.length < count && at < BigInt(capacity)) {
            const step = Math.min(window, count - chained.length, Number(BigInt(capacity) - at));
            const part = gen.slice(pattern, { seed, sequence: at, count: step });
            chained.push(...part.slugs);
            at = part.next;
          }
          expect(chained).toEqual(slugs);
        },
      ),
      { numRuns: 300 },
    );
  });
});
