import { describe, expect, it } from 'vitest';
import { closestNames, editDistance } from '../src/did-you-mean.js';
import { Generator, PatternError, SAMPLE_BUNDLE } from '../src/index.js';

function refusal(pattern: string): PatternError {
  try {
    new Generator(SAMPLE_BUNDLE).compile(pattern);
  } catch (error) {
    if (error instanceof PatternError) return error;
    throw error;
  }
  throw new Error(`${pattern} was not refused`);
}

describe('did you mean', () => {
  it('counts insertions, deletions, substitutions and swaps of neighbours as one edit each', () => {
    expect(editDistance('noun', 'noun')).toBe(0);
    expect(editDistance('nuon', 'noun')).toBe(1);
    expect(editDistance('nou', 'noun')).toBe(1);
    expect(editDistance('nouns', 'noun')).toBe(1);
    expect(editDistance('neun', 'noun')).toBe(1);
    expect(editDistance('NOUN', 'noun')).toBe(0);
    expect(editDistance('adjetcive', 'adjective')).toBe(1);
    expect(editDistance('', 'verb')).toBe(4);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });

  it('suggests the closest names within a typo of the word, or names it begins, at most three', () => {
    const kinds = ['adjective', 'adverb', 'noun', 'verb', 'number', 'special'];
    expect(closestNames('nuon', kinds)).toEqual(['noun']);
    expect(closestNames('adjectiv', kinds)).toEqual(['adjective']);
    expect(closestNames('ad', kinds)).toEqual([]);
    expect(closestNames('adj', kinds)).toEqual(['adjective']);
    expect(closestNames('adv', kinds)).toEqual(['adverb']);
    expect(closestNames('herb', kinds)).toEqual(['verb']);
    expect(closestNames('colour', kinds)).toEqual([]);
    expect(closestNames('e', ['a', 'b', 'c', 'd'])).toEqual(['a', 'b', 'c']);
  });

  it('ends the refusal of an unknown kind or tag with the closest names', () => {
    expect(refusal('{nuon}-{verb}').message).toBe("Unknown dictionary 'nuon'. Did you mean 'noun'?");
    // In the casing the writer used: {Nuon} renders title case, so Noun is what they meant.
    expect(refusal('{Nuon}').message).toBe("Unknown dictionary 'Nuon'. Did you mean 'Noun'?");
    expect(refusal('{numbr}').message).toBe("Unknown dictionary 'numbr'. Did you mean 'number'?");
    const tag = refusal('{noun:+anmal}');
    expect(tag.message).toBe("Unknown tag 'anmal' for 'noun'. Did you mean 'animal'?");
    // Editors still get every tag of the kind.
    expect(tag.expected).toEqual(['animal', 'artifact', 'food', 'location', 'offensive', 'plant']);
    expect(refusal('{adjective:+colr}').message).toBe(
      "Unknown tag 'colr' for 'adjective'. Did you mean 'color'?",
    );
    // Nothing close: the message as before.
    expect(refusal('{noun:+nosuchtag}').message).toBe("Unknown tag 'nosuchtag' for 'noun'");
    expect(refusal('{zzzz}').message).toBe("Unknown dictionary 'zzzz'");
  });
});
