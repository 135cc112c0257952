import { describe, expect, it } from 'vitest';
import type { Suggestion, SuggestMeta } from '../src/index.js';
import { Generator, parsePattern, SAMPLE_BUNDLE, suggest } from '../src/index.js';

const gen = new Generator(SAMPLE_BUNDLE);
const meta: SuggestMeta = { dictionaries: gen.dictionaryInfo(), tags: gen.dictionaryTags() };
const KINDS = ['adjective', 'adverb', 'noun', 'suffix', 'verb'];
const OPERATORS = ['==', '!=', '<', '<=', '>', '>='];
const tagsOf = (kind: string) =>
  SAMPLE_BUNDLE.tags
    .filter((t) => t.kind === kind)
    .map((t) => t.tag)
    .sort();

/** Suggestions at the cursor (default: the end), or at the position of a `|` marker. */
function at(pattern: string, m = meta): Suggestion[] {
  const cursor = pattern.indexOf('|');
  return cursor < 0 ? suggest(pattern, pattern.length, m) : suggest(pattern.replace('|', ''), cursor, m);
}
const texts = (p: string, m = meta) => at(p, m).map((s) => s.text);
const sorted = (xs: string[]) => [...xs].sort();

/** Applies a suggestion to the pattern. */
const apply = (pattern: string, s: Suggestion) =>
  pattern.slice(0, s.replace.start) + s.text + pattern.slice(s.replace.end);

describe('suggest (generator.md §7)', () => {
  it('offers a new placeholder outside placeholders, and global settings after one', () => {
    expect(at('')).toEqual([
      { text: '{', kind: 'symbol', description: expect.any(String), replace: { start: 0, end: 0 } },
    ]);
    expect(texts('abc-')).toEqual(['{']);
    expect(texts('{noun}')).toEqual(['{', '[']);
    expect(texts('{noun}-')).toContain('[');
    expect(texts('{noun}[@en]')).not.toContain('[');
  });

  it('offers the generators and every kind in four casings in an empty placeholder, never emoji as a kind', () => {
    const list = at('{');
    expect(list.filter((s) => s.kind === 'generator').map((s) => s.text)).toEqual([
      'number',
      'special',
      'emoji',
    ]);
    const dict = list.filter((s) => s.kind === 'dictionary');
    expect(dict.some((s) => s.text.toLowerCase() === 'emoji')).toBe(false);
    for (const kind of KINDS) {
      const spellings = dict.filter((s) => s.text.toLowerCase() === kind).map((s) => s.text);
      expect(spellings).toHaveLength(4);
      // The four spellings are the four casings the engine distinguishes: complexity 5 / 7 / 8 / 11.
      const costs = spellings.map((k) => gen.patternInfo(`{${k}}`).complexity);
      expect(sorted(costs.map(String))).toEqual(['11', '5', '7', '8']);
    }
    for (const s of list) expect(s.replace).toEqual({ start: 1, end: 1 });
  });

  it('completes partial names in the typed casing, replacing what was typed', () => {
    expect(texts('{n')).toEqual(['number', 'noun', 'nOuN']);
    expect(texts('{N')).toEqual(['NOUN', 'Noun', 'NoUn']);
    expect(texts('{No')).toEqual(['Noun']);
    expect(texts('{NO')).toEqual(['NOUN']);
    expect(texts('{nO')).toEqual(['nOuN']);
    expect(sorted(texts('{ad'))).toEqual(['adjective', 'adverb']);
    expect(texts('{e')).toEqual(['emoji']);
    expect(texts('{s')).toContain('special');
    expect(texts('{zz')).toEqual([]);
    for (const s of at('{Adj')) {
      expect(s.replace).toEqual({ start: 1, end: 4 });
      expect(s.text.startsWith('Adj')).toBe(true);
    }
    expect(texts('{Adj')).toEqual(['Adjective']);
  });

  it('after a full name offers what may follow it', () => {
    expect(texts('{noun')).toEqual(['@', ':', '}']);
    expect(texts('{NOUN')).toEqual(['@', ':', '}']);
    expect(texts('{number')).toEqual([':']);
    expect(texts('{special')).toEqual([':', '}']);
    expect(texts('{emoji')).toEqual([':', '}']);
    expect(texts('{noun@en')).toEqual(['en']);
  });

  it('offers the languages of the kind after @', () => {
    const multi = {
      dictionaries: [
        { kind: 'noun', language: 'en' },
        { kind: 'noun', language: 'de' },
        { kind: 'noun', language: 'fr' },
        { kind: 'verb', language: 'es' },
      ],
      tags: [],
    };
    expect(texts('{noun@', multi)).toEqual(['de', 'en', 'fr']);
    expect(at('{noun@d', multi)).toEqual([
      { text: 'de', kind: 'language', description: expect.any(String), replace: { start: 6, end: 7 } },
    ]);
    expect(texts('{verb@', multi)).toEqual(['es']);
    expect(texts('{noun}[@', multi)).toEqual(['de', 'en', 'es', 'fr']);
    expect(texts('{noun@')).toEqual(['en']);
  });

  it('offers the tags of the kind after + or -, minus the ones already used, by prefix', () => {
    expect(sorted(texts('{noun:+'))).toEqual(tagsOf('noun'));
    expect(sorted(texts('{Noun:-'))).toEqual(tagsOf('noun'));
    expect(texts('{verb:+')).toEqual(['motion']);
    expect(sorted(texts('{noun:+animal-'))).toEqual(tagsOf('noun').filter((t) => t !== 'animal'));
    expect(sorted(texts('{noun:+animal-food+'))).toEqual(
      tagsOf('noun').filter((t) => t !== 'animal' && t !== 'food'),
    );
    expect(at('{noun:+an')).toEqual([
      { text: 'animal', kind: 'tag', description: 'Animals', replace: { start: 7, end: 9 } },
    ]);
    expect(texts('{noun:+zz')).toEqual([]);
    // Every offered tag compiles.
    for (const s of at('{noun:-')) expect(() => gen.patternInfo(`${apply('{noun:-', s)}}`)).not.toThrow();
  });

  it('offers the emoji tags and options inside an emoji placeholder', () => {
    expect(sorted(texts('{emoji:+'))).toEqual(tagsOf('emoji'));
    expect(texts('{emoji:+fa')).toEqual(['face']);
    expect(texts('{emoji:')).toEqual(['+', '-', 'count=', 'unique=', '}']);
    expect(texts('{emoji:+face ')).toEqual(['+', '-', 'count=', 'unique=', '}']);
    expect(texts('{emoji:+face count=2 ')).toEqual(['+', '-', 'unique=', '}']);
    expect(at('{emoji:+face c')).toEqual([
      { text: 'count=', kind: 'option', description: expect.any(String), replace: { start: 13, end: 14 } },
    ]);
    expect(texts('{emoji:+face count=2 unique=')).toEqual(['true', 'false']);
    expect(at('{emoji:count=2 unique=t')[0]).toMatchObject({ text: 'true', replace: { start: 22, end: 23 } });
  });

  it('offers operators after the tags, = to complete an operator and } after a size limit', () => {
    // ascii=true where an option may start: after the colon or a space, not glued to a tag.
    expect(texts('{noun:')).toEqual(['+', '-', ...OPERATORS, 'ascii=true', '}']);
    expect(texts('{noun:+animal')).toEqual(['+', '-', ...OPERATORS, '}']);
    expect(texts('{noun:+animal ')).toEqual(['+', '-', ...OPERATORS, 'ascii=true', '}']);
    expect(texts('{noun@en:')).toEqual(['+', '-', ...OPERATORS, 'ascii=true', '}']);
    expect(texts('{noun@de:ascii=')).toEqual(['true', 'false']);
    expect(texts('{noun@de:ascii=t')).toEqual(['true']);
    for (const s of ['{noun:ascii=true}', '{noun:+animal ascii=true}'])
      expect(() => parsePattern(s)).not.toThrow();
    expect(texts('{noun:=')).toEqual(['=']);
    expect(texts('{noun:!')).toEqual(['=']);
    expect(texts('{noun:<')).toEqual(['=']);
    expect(texts('{noun:<=5')).toEqual(['}']);
    for (const op of OPERATORS) expect(() => parsePattern(`{noun:${op}5}`)).not.toThrow();
  });

  it('offers number bases, short and long', () => {
    expect(texts('{number:5')).toEqual(['d', 'x', 'X', 'r', 'R', '}']);
    expect(texts('{num:3')).toEqual(['d', 'x', 'X', 'r', 'R', '}']);
    expect(texts('{number:')).toEqual([]);
    expect(texts('{number:5,')).toEqual(['dec', 'hex', 'HEX', 'roman', 'ROMAN']);
    expect(at('{number:5,h')).toEqual([
      { text: 'hex', kind: 'base', description: expect.any(String), replace: { start: 10, end: 11 } },
    ]);
    expect(texts('{number:5x')).toEqual(['}']);
    // Each offered base completes to a valid number placeholder with that base.
    const bases = at('{number:5').filter((s) => s.kind === 'base');
    expect(
      bases.map((s) => (parsePattern(`${apply('{number:5', s)}}`).elements[0] as { base: string }).base),
    ).toEqual(['dec', 'hex', 'HEX', 'roman', 'ROMAN']);
  });

  it('offers special lengths', () => {
    expect(texts('{special:3')).toEqual(['-', '}']);
    expect(texts('{spec:2')).toEqual(['-', '}']);
    expect(texts('{special:3-5')).toEqual(['}']);
  });

  it('offers global settings inside [ … ]', () => {
    expect(texts('{noun}[')).toEqual(['@', '+', '-', ...OPERATORS, ']']);
    const nonEmoji = [
      ...new Set(SAMPLE_BUNDLE.tags.filter((t) => t.kind !== 'emoji').map((t) => t.tag)),
    ].sort();
    expect(sorted(texts('{noun}[+'))).toEqual(nonEmoji);
    expect(texts('{noun}[+animal -')).not.toContain('animal');
    expect(texts('{noun}[+animal ')).toEqual(['+', '-', ...OPERATORS, ']']);
    expect(texts('{noun}[<=5')).toEqual([']']);
    expect(texts('{noun}[=')).toEqual(['=']);
  });

  it('works with the cursor in the middle of a pattern after earlier placeholders', () => {
    // Inside the second placeholder's tag, after `+an`: the tag is completed up to the cursor.
    expect(at('{adjective}-{noun:+an|imal}-{verb}')).toEqual([
      { text: 'animal', kind: 'tag', description: 'Animals', replace: { start: 19, end: 21 } },
    ]);
    // Right after the third `{`, with the rest of the pattern after the cursor.
    const third = at('{adjective}-{noun:+animal}-{|verb}');
    expect(third.filter((s) => s.kind === 'generator').map((s) => s.text)).toEqual([
      'number',
      'special',
      'emoji',
    ]);
    expect(third.every((s) => s.replace.start === 28 && s.replace.end === 28)).toBe(true);
    // In the text between placeholders.
    expect(texts('{adjective}-|{noun:+animal}-{verb}')).toContain('{');
    // After the name of the first placeholder while later ones exist.
    expect(texts('{adjective|}-{noun:+animal}-{verb}')).toEqual(['@', ':', '}']);
    // Tags used by another placeholder do not count as used in this one.
    expect(texts('{noun:+animal}-{noun:+')).toContain('animal');
    // Escaped braces before the cursor do not open a placeholder; an escaped backslash does not escape.
    expect(texts('a\\{b{noun:+')).toContain('animal');
    expect(texts('a\\{noun:+')).toEqual(['{']);
    expect(texts('a\\\\{noun:+')).toContain('animal');
  });
});
