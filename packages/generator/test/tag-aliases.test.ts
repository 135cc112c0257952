// Short tag names of the reference service's documents (+pos, +neg, +obj, …) select exactly the
// words of the tags they stand for, with those tags' opt-in rules, and are listed with their counts.
import { describe, expect, it } from 'vitest';
import { type DictionaryBundle, Generator, PatternError } from '../src/index.js';

const words = [
  { word: 'bright', tags: ['positive', 'objective'] },
  { word: 'calm', tags: ['neutral', 'objective'] },
  { word: 'gloomy', tags: ['negative', 'emotional'] },
  { word: 'happy', tags: ['positive', 'emotional'] },
  { word: 'plain', tags: ['neutral', 'objective'] },
];
const bundle: DictionaryBundle = {
  id: 'test-aliases',
  version: '0.0.0',
  hash: '0',
  dictionaries: [
    { kind: 'adjective', language: 'en', words },
    // A dictionary with a tag named like an alias keeps its own tag.
    {
      kind: 'noun',
      language: 'en',
      words: [
        { word: 'cat', tags: ['pos', 'positive'] },
        { word: 'dog', tags: ['positive'] },
      ],
    },
  ],
  tags: [
    { kind: 'adjective', tag: 'positive', description: 'Pleasant words', opt_in: false },
    { kind: 'adjective', tag: 'neutral', description: 'Plain words', opt_in: false },
    { kind: 'adjective', tag: 'negative', description: 'Unpleasant words', opt_in: true },
    { kind: 'adjective', tag: 'emotional', description: 'Words with feeling', opt_in: false },
    { kind: 'adjective', tag: 'objective', description: 'Matter-of-fact words', opt_in: false },
    { kind: 'noun', tag: 'pos', description: 'Position words', opt_in: false },
    { kind: 'noun', tag: 'positive', description: 'Pleasant words', opt_in: false },
  ],
};
const generator = new Generator(bundle);
const all = (pattern: string) =>
  generator.forge(pattern, { seed: 's', count: Number(generator.patternInfo(pattern).capacity) }).sort();

describe('short tag aliases', () => {
  it('select the same words as the long tags, in the same slugs', () => {
    expect(all('{adjective:+pos}')).toEqual(['bright', 'happy']);
    expect(generator.forge('{adjective:+pos}', { seed: 'x', count: 2 })).toEqual(
      generator.forge('{adjective:+positive}', { seed: 'x', count: 2 }),
    );
    expect(all('{adjective:+pos+obj}')).toEqual(['bright']);
    expect(all('{adjective:+neut}')).toEqual(['calm', 'plain']);
    expect(all('{adjective:-emo}')).toEqual(['bright', 'calm', 'plain']);
    expect(all('{adjective}[+obj]')).toEqual(['bright', 'calm', 'plain']);
  });

  it('opt in as their tag does: +neg includes the opt-in negative words, -pos excludes', () => {
    expect(all('{adjective:+neg}')).toEqual(['gloomy']);
    expect(all('{adjective}')).not.toContain('gloomy');
    expect(all('{adjective:-pos}')).toEqual(['calm', 'plain']);
  });

  it('are listed by dictionaryTags with the tag’s count, description and opt-in flag', () => {
    const row = (kind: string, tag: string) =>
      generator.dictionaryTags().find((t) => t.kind === kind && t.tag === tag);
    expect(row('adjective', 'pos')).toMatchObject({
      word_count: 2,
      opt_in: false,
      description: 'Short for +positive. Pleasant words',
    });
    expect(row('adjective', 'neg')).toMatchObject({ word_count: 1, opt_in: true });
    expect(row('adjective', 'det')).toBeUndefined(); // no `detached` tag in this dictionary
    expect(row('noun', 'pos')).toMatchObject({ word_count: 1, description: 'Position words' });
  });

  it('exist only where their tag does; a dictionary’s own tag of that name wins', () => {
    expect(() => generator.compile('{adjective:+det}')).toThrow(PatternError);
    expect(() => generator.compile('{adjective:+det}')).toThrow("Unknown tag 'det' for 'adjective'");
    expect(all('{noun:+pos}')).toEqual(['cat']);
  });
});
