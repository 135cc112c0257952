import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DictionaryBundle, Generator, SAMPLE_BUNDLE } from '../src/index.js';

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

  it('looks the pairs up in steps of compileStepwise, one per placeholder, the lazy lookup gives', () => {
    // `compile` leaves the lookup to the first forge that skips; `compileStepwise` takes one step
    // for each placeholder whose values of the listed words are new (a repeated one is looked up
    // once as a first and once as a second word).
    const pattern = '{adjective}-{noun:+animal}-{noun:+animal}-{number:2d}-{adjective}';
    const lazy = new Generator(bundle);
    const stepwise = new Generator(bundle);
    const steps = stepwise.compileStepwise(pattern);
    let taken = 1;
    let step = steps.next();
    for (; !step.done; step = steps.next()) taken++;
    // Parse, three new placeholders, putting together; then {adjective} first, {noun:+animal}
    // second and first: the number and the last adjective stand next to no word placeholder pair.
    expect(taken).toBe(1 + 3 + 1 + 3);
    const compiled = step.value;
    expect(compiled.awkwardReady).toBe(true);
    // Compiled now: one step, and `compile` answers the same instance with its pairs looked up.
    expect(stepwise.compile(pattern)).toBe(compiled);
    const capacity = Number(lazy.patternInfo(pattern).capacity);
    const count = Math.min(capacity, 50_000);
    const kept = stepwise.forge(compiled, { seed: 'w', count, skipAwkward: true });
    expect(kept).toEqual(lazy.forge(pattern, { seed: 'w', count, skipAwkward: true }));
    expect(kept.length).toBeLessThan(count);
  });

  it('matches a listed word whatever its case in the dictionary, the last of its spellings a selector keeps', () => {
    const cased: DictionaryBundle = {
      ...SAMPLE_BUNDLE,
      dictionaries: [
        {
          kind: 'adjective',
          language: 'en',
          words: ['calm', 'Polish', 'polish', 'bold'].map((word) => ({ word, tags: [] })),
        },
        { kind: 'noun', language: 'en', words: ['Otter', 'owl'].map((word) => ({ word, tags: [] })) },
      ],
      tags: [],
      avoid_pairs: [['polish', 'otter']],
    };
    const g = new Generator(cased);
    // {adjective} keeps both spellings and the pair is the last of them (what the lookup always
    // did: series pinned to a bundle keep their positions); {Adjective} renders them alike and
    // keeps the first.
    for (const [pattern, left] of [
      [
        '{adjective}-{noun}',
        ['calm-Otter', 'calm-owl', 'Polish-Otter', 'Polish-owl', 'polish-owl', 'bold-Otter', 'bold-owl'],
      ],
      ['{Adjective}-{Noun}', ['Calm-Otter', 'Calm-Owl', 'Polish-Owl', 'Bold-Otter', 'Bold-Owl']],
    ] as const) {
      const capacity = Number(g.patternInfo(pattern).capacity);
      const kept = g.forge(pattern, { seed: 's', count: capacity, skipAwkward: true });
      expect(kept.length, pattern).toBe(capacity - 1);
      expect([...kept].sort(), pattern).toEqual([...left].sort());
    }
  });
});
