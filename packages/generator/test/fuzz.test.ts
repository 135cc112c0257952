import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canonicalPattern,
  Generator,
  PatternError,
  parsePattern,
  SAMPLE_BUNDLE,
  suggest,
} from '../src/index.js';

const gen = new Generator(SAMPLE_BUNDLE);
const meta = { dictionaries: gen.dictionaryInfo(), tags: gen.dictionaryTags() };

/** Parses, and checks that the only failure is a PatternError with a span inside the pattern. */
function parseChecked(pattern: string): ReturnType<typeof parsePattern> | null {
  try {
    return parsePattern(pattern);
  } catch (e) {
    if (!(e instanceof PatternError)) throw new Error(`${JSON.stringify(pattern)} threw ${String(e)}`);
    expect(typeof e.message).toBe('string');
    expect(e.message.length).toBeGreaterThan(0);
    expect(Array.isArray(e.expected)).toBe(true);
    expect(e.start).toBeGreaterThanOrEqual(0);
    expect(e.end).toBeGreaterThanOrEqual(e.start);
    expect(e.end, `${JSON.stringify(pattern)}: ${e.message} ${e.start}..${e.end}`).toBeLessThanOrEqual(
      pattern.length,
    );
    return null;
  }
}

/** For a pattern that parses: canonical is a fixed point, and means the same slugs. */
function checkCanonical(pattern: string, forge: boolean): void {
  const parsed = parseChecked(pattern);
  if (!parsed) return;
  const once = canonicalPattern(parsed);
  const again = parsePattern(once);
  expect(canonicalPattern(again), JSON.stringify(pattern)).toBe(once);
  expect(again.chunks).toEqual(parsed.chunks);
  expect(again.elements.length).toBe(parsed.elements.length);
  if (!forge) return;
  let info: ReturnType<Generator['patternInfo']>;
  try {
    info = gen.patternInfo(pattern);
  } catch (e) {
    // Compiling may reject (unknown kind, empty selection…), but only with a PatternError.
    if (!(e instanceof PatternError)) throw new Error(`${JSON.stringify(pattern)} threw ${String(e)}`);
    expect(() => gen.patternInfo(once)).toThrow(PatternError);
    return;
  }
  expect(gen.patternInfo(once)).toEqual(info);
  const count = info.capacity === '1' ? 1 : 2;
  const slugs = gen.forge(pattern, { seed: 'fuzz', count });
  expect(gen.forge(once, { seed: 'fuzz', count }), JSON.stringify(pattern)).toEqual(slugs);
}

const VALID = [
  '{adjective}-{noun}-{number:3d}',
  '{Adjective}{Noun}{number:2x}',
  '{aDjEcTiVe}_{NOUN:+animal-food<=6}',
  '{noun@en:+plant}.{verb:>3}',
  '{ noun : +animal  -plant >= 4 }',
  '{number:5,hex}-{num:2R}-{number:15r}',
  '{special}{special:2-4}{spec:-3}',
  '{emoji:+face count=2 unique=true}',
  '{emoji count=1-3}',
  'id\\{{suffix}\\}\\[x\\]\\\\',
  '{adjective}-{noun}[@en +animal -offensive <=8]',
  'test-{noun@fr}-{noun}-slug[@en]',
  '{adverb} {verb} [<=6]',
  'plain text',
  '',
];

const PATTERN_CHARS = [
  ...'{}[]\\:@+-=!<>,_ ',
  ...'0123456789',
  ...'abcdemnoprstuvxyADNRX',
  'number',
  'num',
  'special',
  'emoji',
  'noun',
  'adjective',
  'count=',
  'unique=',
  'true',
  'hex',
  'ROMAN',
  '😀',
  '\t',
];
const patternish = fc.array(fc.constantFrom(...PATTERN_CHARS), { maxLength: 30 }).map((a) => a.join(''));
const anyChar = fc.oneof(
  fc.constantFrom(...PATTERN_CHARS),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
);

type Edit = { op: 'insert' | 'delete' | 'replace'; at: number; text: string };
const edit: fc.Arbitrary<Edit> = fc.record({
  op: fc.constantFrom('insert', 'delete', 'replace'),
  at: fc.nat(),
  text: anyChar,
});
function mutate(pattern: string, edits: Edit[]): string {
  let s = pattern;
  for (const { op, at, text } of edits) {
    const i = s.length === 0 ? 0 : at % (s.length + (op === 'insert' ? 1 : 0));
    if (op === 'insert') s = s.slice(0, i) + text + s.slice(i);
    else if (op === 'delete') s = s.slice(0, i) + s.slice(i + 1);
    else s = s.slice(0, i) + text + s.slice(i + 1);
  }
  return s;
}
const mutated = fc
  .tuple(fc.constantFrom(...VALID), fc.array(edit, { minLength: 1, maxLength: 4 }))
  .map(([p, edits]) => mutate(p, edits));

describe('parser fuzzing', { timeout: 120_000 }, () => {
  it('the valid seeds parse', () => {
    for (const p of VALID) expect(() => parsePattern(p), p).not.toThrow();
  });

  it('arbitrary strings parse or throw a PatternError with 0 ≤ start ≤ end ≤ length', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), (s) => {
        parseChecked(s);
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (s) => {
        parseChecked(s);
      }),
      { numRuns: 1000 },
    );
  });

  it('strings of pattern tokens parse or throw a PatternError with a span inside the pattern', () => {
    fc.assert(
      fc.property(patternish, (s) => {
        parseChecked(s);
      }),
      { numRuns: 4000 },
    );
  });

  it('mutated valid patterns: only PatternError; canonical is a fixed point with the same slugs', () => {
    fc.assert(
      fc.property(mutated, (s) => {
        checkCanonical(s, true);
      }),
      { numRuns: 3000 },
    );
  });

  it('the canonical form of every pattern-token string that parses is a fixed point', () => {
    fc.assert(
      fc.property(patternish, (s) => {
        checkCanonical(s, false);
      }),
      { numRuns: 3000 },
    );
  });

  it('large inputs finish (no backtracking blow-up)', () => {
    const big = [
      '{'.repeat(20_000),
      '}'.repeat(20_000),
      '\\{'.repeat(20_000),
      'a'.repeat(100_000),
      `{noun:${'+a'.repeat(5_000)}}`,
      `{noun:${Array.from({ length: 3_000 }, (_, i) => `+t${i}`).join(' ')}}`,
      `{emoji:${'count=1 '.repeat(2_000)}}`,
      `${'{noun}-'.repeat(5_000)}[@en]`,
      `{number:${'9'.repeat(10_000)}}`,
      `{special:${'1'.repeat(5_000)}-${'2'.repeat(5_000)}}`,
      `${' '.repeat(50_000)}{`,
      `{noun}[${' '.repeat(50_000)}`,
    ];
    for (const p of big) parseChecked(p);
    expect(parsePattern('{noun}-'.repeat(5_000)).elements).toHaveLength(5_000);
  });
});

describe('suggest fuzzing', { timeout: 120_000 }, () => {
  const checkAll = (s: string) => {
    for (let cursor = -2; cursor <= s.length + 2; cursor++) {
      const out = suggest(s, cursor, meta);
      expect(Array.isArray(out)).toBe(true);
      for (const x of out) {
        expect(x.text.length).toBeGreaterThan(0);
        expect(x.replace.start).toBeGreaterThanOrEqual(0);
        expect(x.replace.end).toBeGreaterThanOrEqual(x.replace.start);
        expect(x.replace.end).toBeLessThanOrEqual(s.length);
      }
    }
  };

  it('never throws at any cursor of arbitrary strings, and replace ranges stay inside', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 30 }), checkAll), { numRuns: 300 });
    fc.assert(fc.property(patternish, checkAll), { numRuns: 600 });
    fc.assert(fc.property(mutated, checkAll), { numRuns: 300 });
  });

  it('never throws with empty or odd dictionary metadata', () => {
    const odd = {
      dictionaries: [{ kind: 'X' }, { kind: 'noun', language: null }, { kind: 'emoji', language: null }],
      tags: [{ kind: 'X', tag: 'T' }],
    };
    for (const p of [...VALID, '{', '{x', '{X:+', '{noun@', '{noun}[+', '{emoji:+']) {
      for (let c = 0; c <= p.length; c++) {
        expect(() => suggest(p, c, { dictionaries: [], tags: [] })).not.toThrow();
        expect(() => suggest(p, c, odd)).not.toThrow();
      }
    }
  });
});
