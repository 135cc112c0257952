import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Generator, PatternError, type PatternInfo, SAMPLE_BUNDLE } from '../src/index.js';

const vectors: { info: { pattern: string; info: PatternInfo }[] } = JSON.parse(
  readFileSync(new URL('../test-vectors.json', import.meta.url), 'utf8'),
);

/**
 * What keeps a pattern's compile bounded: its components and complexity are known from the parse
 * alone (plan limits are checked before any word list is built), a placeholder's word list is
 * built once however often and however spelt it appears, and a pattern written differently is
 * not compiled again.
 */
describe('compile bounds', () => {
  it('measures components and complexity from the parse alone, as pattern info reports them', () => {
    const gen = new Generator(SAMPLE_BUNDLE);
    for (const { pattern, info } of vectors.info) {
      expect([pattern, gen.measure(pattern)]).toEqual([
        pattern,
        { components: info.components, complexity: info.complexity },
      ]);
    }
    // No dictionary is looked at: unknown kinds and tags are measured all the same.
    const unknown = Array.from({ length: 9 }, () => '{nosuchkind:+nosuchtag}').join('-');
    expect(gen.measure(unknown)).toEqual({ components: 9, complexity: 9 * 7 });
    expect(() => gen.compile(unknown)).toThrow(PatternError);
  });

  it('builds the word list of a placeholder once, whatever the spelling of a mixed-case kind', () => {
    const gen = new Generator(SAMPLE_BUNDLE);
    const repeated = gen.compile(Array.from({ length: 50 }, () => '{Noun}').join(''));
    const first = repeated.layouts[0].component;
    expect(repeated.layouts.every((l) => l.component === first)).toBe(true);
    const mixed = gen.compile('{nOuN}-{NoUn}-{noun@en}');
    expect(mixed.layouts[0].component).toBe(mixed.layouts[1].component);
    // Shared with later patterns too: `{noun}` and `{noun@en}` are the same words.
    expect(gen.compile('{noun}').layouts[0].component).toBe(mixed.layouts[2].component);
  });

  it('compiles a pattern once however it is written', () => {
    const gen = new Generator(SAMPLE_BUNDLE);
    const compiled = gen.compile('{adjective:+color-pos}-{noun}');
    expect(gen.compile('{ adjective:-pos+color }-{noun}')).toBe(compiled);
    expect(gen.compile('{adjective}-{noun}[-pos]')).not.toBe(compiled);
  });

  it('answers a refused pattern again without compiling it again', () => {
    const gen = new Generator(SAMPLE_BUNDLE);
    const refusal = (pattern: string) => {
      try {
        gen.compile(pattern);
      } catch (error) {
        return error;
      }
      throw new Error(`${pattern} compiled`);
    };
    const pattern = '{noun}-{noun}-{noun:+nosuchtag}';
    const first = refusal(pattern);
    expect(first).toBeInstanceOf(PatternError);
    expect(refusal(pattern)).toBe(first);
  });
});

describe('unknown tags', () => {
  const refusal = (gen: Generator, pattern: string): PatternError => {
    try {
      gen.compile(pattern);
    } catch (error) {
      if (error instanceof PatternError) return error;
    }
    throw new Error(`${pattern} was not refused`);
  };

  it('names the tag, and gives the tags the kind has (the reference SDK README example)', () => {
    const gen = new Generator(SAMPLE_BUNDLE);
    const tags = SAMPLE_BUNDLE.tags
      .filter((t) => t.kind === 'adjective')
      .map((t) => t.tag)
      .sort();
    expect(tags.length).toBeGreaterThan(0);
    const error = refusal(gen, '{adjective@en:+positive}');
    expect({ message: error.message, start: error.start, end: error.end, expected: error.expected }).toEqual({
      message: "Unknown tag 'positive' for 'adjective'",
      start: 0,
      end: 24,
      expected: tags,
    });
  });

  it('gives no tags when the kind has none', () => {
    const gen = new Generator(SAMPLE_BUNDLE);
    const kind = SAMPLE_BUNDLE.dictionaries.find((d) => !SAMPLE_BUNDLE.tags.some((t) => t.kind === d.kind));
    expect(kind).toBeDefined();
    expect(refusal(gen, `{${kind?.kind}:+positive}`).expected).toEqual([]);
  });
});
