import { describe, expect, it } from 'vitest';
import { Generator, PatternError, parsePattern, SAMPLE_BUNDLE, suggest } from '../src/index.js';

function errorOf(pattern: string): PatternError {
  try {
    parsePattern(pattern);
  } catch (e) {
    if (e instanceof PatternError) return e;
    throw e;
  }
  throw new Error(`${pattern} parsed`);
}

describe('parser regressions', () => {
  it('points an emoji count with trailing junk at the junk, inside the pattern', () => {
    const e = errorOf('{emoji:count=2x}');
    expect([e.message, e.start, e.end]).toEqual(['Expected a number', 14, 15]);
    const open = errorOf('{emoji count=1-3{');
    expect(open.end).toBeLessThanOrEqual('{emoji count=1-3{'.length);
  });

  it('ignores leading zeros in lengths', () => {
    expect(parsePattern('{number:0000000000000000005}').elements[0]).toMatchObject({ length: 5 });
    expect(errorOf('{number:0000000000000000000}').message).toBe('Max length must be greater than 0');
    expect(errorOf('{number:0000000000000000019}').message).toBe('Maximum value is 18');
  });
});

describe('suggest regressions', () => {
  const gen = new Generator(SAMPLE_BUNDLE);
  const meta = { dictionaries: gen.dictionaryInfo(), tags: gen.dictionaryTags() };

  it('offers nothing after the global settings', () => {
    expect(suggest('{noun}[@en]', 11, meta)).toEqual([]);
    expect(suggest('{noun}[@en] ', 12, meta)).toEqual([]);
  });

  it('offers [ only at the end, where global settings may go', () => {
    expect(suggest('{adjective}-{noun}', 12, meta).map((s) => s.text)).toEqual(['{']);
    expect(suggest('{adjective}-{noun}', 18, meta).map((s) => s.text)).toEqual(['{', '[']);
    expect(suggest('a\\[b{noun}', 10, meta).map((s) => s.text)).toEqual(['{', '[']);
  });
});
