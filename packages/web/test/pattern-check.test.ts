import { Generator, SAMPLE_BUNDLE, SAMPLE_LANGUAGE_BUNDLES } from '@slugsmith/generator';
import { describe, expect, it } from 'vitest';
import { checkPatternLocally, tagLanguages } from '../src/routes/playground/pattern-check.js';
import { validatePattern } from '../src/routes/playground/pattern-editor.js';

const engine = new Generator(SAMPLE_BUNDLE, { languages: SAMPLE_LANGUAGE_BUNDLES });
const names = { dictionaries: engine.dictionaryInfo() };
const withTags = { ...names, tags: engine.dictionaryTags() };

describe('the playground checks a pattern in the browser before asking the server', () => {
  it('refuses unknown dictionaries from the names, and unknown tags once the tags are known', () => {
    expect(checkPatternLocally('{adjectiv}-{noun}', names).error?.message).toBe(
      "Unknown dictionary 'adjectiv'. Did you mean 'adjective'?",
    );
    expect(checkPatternLocally('{noun:+anmal}', names).error).toBeNull();
    expect(checkPatternLocally('{noun:+anmal}', withTags).error?.message).toBe(
      "Unknown tag 'anmal' for 'noun'. Did you mean 'animal'?",
    );
    const valid = checkPatternLocally('{adjective}-{noun:+animal}', withTags);
    expect(valid.error).toBeNull();
    expect(valid.parsed).not.toBeNull();
  });

  it('is the parser alone while the names are not known', () => {
    expect(checkPatternLocally('{adjectiv}', null)).toEqual(validatePattern('{adjectiv}'));
    expect(checkPatternLocally('{adjective', names).error?.message).toBe('Unexpected end of pattern');
  });

  it("loads the tag lists of the languages whose placeholders name a tag (emoji's are in every list)", () => {
    const languages = (p: string) => tagLanguages(validatePattern(p).parsed);
    expect(languages('{adjective}-{noun}')).toEqual([]);
    expect(languages('{adjective}-{noun:+animal}')).toEqual(['en']);
    expect(languages('{adjective@de}-{noun@de:+feminine}-{emoji:+animal}')).toEqual(['de', 'en']);
    expect(languages('{adjective}-{noun:+animal} [@fr]')).toEqual(['fr']);
  });
});
