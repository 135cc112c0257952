// G2 under agreement, as a property: for random small German-like bundles (forms that may meet
// across genders, nouns of any gender or none) and patterns with agreeing groups, mixed casing and
// ascii=true, every position of the whole space gives a different slug, and the longest slug is
// exactly max_slug_length.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DictionaryBundle } from '../src/index.js';
import { Generator, GeneratorError, SAMPLE_BUNDLE } from '../src/index.js';

const GENDERS = ['masculine', 'feminine', 'neuter'] as const;
const syllable = fc.constantFrom('ka', 'lo', 'mü', 'ra', 'ße', 'ti', 'nä', 'o', 'e');
const word = fc.array(syllable, { minLength: 1, maxLength: 3 }).map((s) => s.join(''));

const bundle = fc
  .record({
    adjectives: fc.uniqueArray(word, { minLength: 1, maxLength: 4 }),
    nouns: fc.uniqueArray(fc.tuple(word, fc.constantFrom(...GENDERS, null)), {
      minLength: 1,
      maxLength: 4,
      selector: ([w]) => w,
    }),
    endings: fc.tuple(
      fc.constantFrom('er', 'e', 'es', ''),
      fc.constantFrom('er', 'e', 'es', ''),
      fc.constantFrom('er', 'e', 'es', ''),
    ),
  })
  .map(
    ({ adjectives, nouns, endings }): DictionaryBundle => ({
      id: 'prop-de',
      version: '0.0.0',
      hash: 'prop-de',
      language: 'de',
      dictionaries: [
        {
          kind: 'adjective',
          language: 'de',
          words: adjectives.map((w) => ({
            word: w,
            tags: [],
            forms: { masculine: w + endings[0], feminine: w + endings[1], neuter: w + endings[2] },
          })),
        },
        { kind: 'noun', language: 'de', words: nouns.map(([w, g]) => ({ word: w, tags: g ? [g] : [] })) },
      ],
      tags: [],
    }),
  );

const PATTERNS = [
  '{adjective@de}-{noun@de}',
  '{adjective@de}-{adjective@de}-{noun@de}.{number:1d}',
  '{noun@de}-{adjective@de}-{noun@de}',
  '{aDjEcTiVe@de}_{NoUn@de}',
  '{ADJECTIVE@de}-{NOUN@de}',
  '{adjective@de:ascii=true}-{noun@de:ascii=true}',
  '{adjective@de}{noun}-{adjective@de}',
];

const utf8 = (s: string) => new TextEncoder().encode(s).length;

let checked = 0;
describe('agreement keeps every slug distinct (property)', () => {
  it('over random bundles and patterns: |slugs| = capacity, and the longest is max_slug_length', () => {
    fc.assert(
      fc.property(bundle, fc.constantFrom(...PATTERNS), fc.string({ maxLength: 4 }), (de, pattern, seed) => {
        const gen = new Generator(SAMPLE_BUNDLE, { languages: [de] });
        let info: ReturnType<Generator['patternInfo']>;
        try {
          info = gen.patternInfo(pattern);
        } catch (e) {
          // Refusals are allowed (words that run together, forms that meet within a gender),
          // wrong slugs are not.
          if (e instanceof GeneratorError) return;
          throw e;
        }
        const capacity = Number(info.capacity);
        if (capacity > 20_000) return;
        checked++;
        const slugs = gen.forge(pattern, { seed, sequence: 0, count: capacity });
        expect(new Set(slugs).size).toBe(capacity);
        expect(Math.max(...slugs.map(utf8))).toBeLessThanOrEqual(info.max_slug_length);
        if (!/[a-z][A-Z]|[A-Z][a-z]{0,2}[A-Z]/.test(pattern))
          expect(Math.max(...slugs.map(utf8))).toBe(info.max_slug_length);
      }),
      { numRuns: 300, seed: 35 },
    );
    // Most runs must reach the check, or the property proves little.
    expect(checked).toBeGreaterThan(200);
  });
});
