import { describe, expect, it } from 'vitest';
import {
  checkNames,
  Generator,
  PatternError,
  parsePattern,
  SAMPLE_BUNDLE,
  SAMPLE_LANGUAGE_BUNDLES,
} from '../src/index.js';

const engine = new Generator(SAMPLE_BUNDLE, { languages: SAMPLE_LANGUAGE_BUNDLES });
/** What a browser knows: the names the dictionary-info and dictionary-tags answers list. */
const known = { dictionaries: engine.dictionaryInfo(), tags: engine.dictionaryTags() };

function engineRefusal(pattern: string): PatternError | null {
  try {
    engine.compile(pattern);
    return null;
  } catch (error) {
    if (error instanceof PatternError) return error;
    throw error;
  }
}

const shape = (e: PatternError | null) =>
  e && {
    code: e.code,
    params: e.params,
    message: e.message,
    start: e.start,
    end: e.end,
    expected: e.expected,
  };

describe('checking a pattern against the names of the dictionaries', () => {
  const refusedByNames = [
    '{a}',
    '{adjectiv}-{noun}',
    '{Nuon}',
    '{adjective}-{noun@de}-{verb@de}',
    '{noun:+anmal}',
    '{noun@de:+animal}',
    '{adjective}-{noun:+animal+nosuchtag}',
    '{adjective}-{noun} [@xx]',
    '{emoji:+nosuchtag}',
  ];
  for (const pattern of refusedByNames)
    it(`refuses ${pattern} as the engine does: same code, parameters, message, span and expected names`, () => {
      const engineError = engineRefusal(pattern);
      expect(engineError).not.toBeNull();
      expect(shape(checkNames(parsePattern(pattern), known))).toEqual(shape(engineError));
    });

  it('finds nothing in patterns the engine compiles', () => {
    for (const pattern of [
      '{adjective}-{noun}',
      '{Adjective}{Noun}-{number:3d}',
      '{adjective@de}-{noun@de}',
      '{noun:+animal}',
      '{emoji}',
    ]) {
      expect(engineRefusal(pattern), pattern).toBeNull();
      expect(checkNames(parsePattern(pattern), known), pattern).toBeNull();
    }
  });

  it('leaves the tags alone when it does not know them', () => {
    const withoutTags = { dictionaries: known.dictionaries };
    expect(checkNames(parsePattern('{noun:+anmal}'), withoutTags)).toBeNull();
    expect(checkNames(parsePattern('{nuon:+anmal}'), withoutTags)?.message).toMatch(
      /^Unknown dictionary 'nuon'/,
    );
  });
});
