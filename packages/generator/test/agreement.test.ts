import { describe, expect, it } from 'vitest';
import type { DictionaryBundle } from '../src/index.js';
import {
  Generator,
  GeneratorError,
  PatternError,
  SAMPLE_BUNDLE,
  SAMPLE_LANGUAGE_BUNDLES,
  suggest,
} from '../src/index.js';

type Forms = { masculine: string; feminine: string; neuter: string };

/** A small German language bundle: adjectives with their strong forms, nouns with their gender. */
function german(
  adjectives: [string, Forms][],
  nouns: [string, 'masculine' | 'feminine' | 'neuter'][],
  extra: Partial<DictionaryBundle> = {},
): DictionaryBundle {
  return {
    id: 'de-test',
    version: '0.0.0',
    hash: 'de-test',
    language: 'de',
    license: 'CC0-1.0',
    sources: ['test'],
    dictionaries: [
      {
        kind: 'adjective',
        language: 'de',
        words: adjectives.map(([word, forms]) => ({ word, tags: [], forms })),
      },
      { kind: 'noun', language: 'de', words: nouns.map(([word, g]) => ({ word, tags: [g] })) },
    ],
    tags: ['masculine', 'feminine', 'neuter'].map((tag) => ({
      kind: 'noun',
      tag,
      description: tag,
      opt_in: false,
    })),
    ...extra,
  };
}

const strong = (w: string): Forms => ({ masculine: `${w}er`, feminine: `${w}e`, neuter: `${w}es` });

const DE = german(
  [
    ['mutig', strong('mutig')],
    ['klein', strong('klein')],
    ['dunkel', { masculine: 'dunkler', feminine: 'dunkle', neuter: 'dunkles' }],
    ['groß', strong('groß')],
  ],
  [
    ['otter', 'masculine'],
    ['katze', 'feminine'],
    ['pferd', 'neuter'],
    ['maß', 'neuter'],
  ],
);

const GENDER_OF: Record<string, keyof Forms> = {
  otter: 'masculine',
  katze: 'feminine',
  pferd: 'neuter',
  maß: 'neuter',
};
const FORMS_OF: Record<string, Forms> = Object.fromEntries(
  DE.dictionaries[0].words.map((w) => [w.word, w.forms as Forms]),
);

/** Every slug of a pattern, in position order. */
function all(gen: Generator, pattern: string): string[] {
  const capacity = Number(gen.patternInfo(pattern).capacity);
  return gen.forge(pattern, { seed: 'agree', sequence: 0, count: capacity });
}

const utf8 = (s: string) => new TextEncoder().encode(s).length;

describe('agreement between an adjective and a noun of one language', () => {
  const gen = new Generator(SAMPLE_BUNDLE, { languages: [DE] });

  it('an adjective before a noun takes the strong ending of its gender (mutiger Otter, mutige Katze, mutiges Pferd)', () => {
    const slugs = all(gen, '{adjective@de}-{noun@de}');
    expect(slugs).toHaveLength(16);
    expect(new Set(slugs).size).toBe(16);
    for (const s of [
      'mutiger-otter',
      'mutige-katze',
      'mutiges-pferd',
      'dunkler-otter',
      'dunkle-katze',
      'großes-maß',
    ])
      expect(slugs).toContain(s);
    const formsByGender = (g: keyof Forms) => new Set(Object.values(FORMS_OF).map((f) => f[g]));
    for (const slug of slugs) {
      const [adjective, noun] = slug.split('-');
      expect(formsByGender(GENDER_OF[noun]).has(adjective)).toBe(true);
    }
  });

  it('the user order stays: an adjective after a noun, or alone, also agrees or stays the lemma', () => {
    const after = all(gen, '{noun@de}_{adjective@de}');
    expect(after).toContain('katze_mutige');
    expect(after).toContain('otter_dunkler');
    const alone = all(gen, '{adjective@de}');
    expect(alone.sort()).toEqual(['dunkel', 'groß', 'klein', 'mutig']);
    // `[@de]` applies the language to every word placeholder, agreement included.
    expect(all(gen, '{adjective}-{noun}[@de]')).toEqual(all(gen, '{adjective@de}-{noun@de}'));
  });

  it('casing applies to the agreeing form', () => {
    expect(all(gen, '{Adjective@de}{Noun@de}')).toContain('MutigeKatze');
    expect(all(gen, '{ADJECTIVE@de}-{NOUN@de}')).toContain('MUTIGES-PFERD');
    const mixed = all(gen, '{aDjEcTiVe@de}-{noun@de}').map((s) => s.toLowerCase());
    expect(new Set(mixed).size).toBe(16);
    expect(mixed).toContain('mutige-katze');
  });

  it('no two positions render the same slug: exhaustive on a multilingual pattern with chained adjectives', () => {
    // ~7 million slugs (about 5 s on a loaded machine, hence the minute).
    // Two adjectives before the noun both agree; an English word and a number sit around the group.
    const pattern = '{adjective@de}-{adjective@de}-{noun@de}.{noun}-{number:1d}';
    const info = gen.patternInfo(pattern);
    const nouns = Number(gen.patternInfo('{noun}').capacity);
    const slugs = all(gen, pattern);
    expect(info.capacity).toBe(String(4 * 4 * 4 * 10 * nouns));
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(Math.max(...slugs.map(utf8))).toBe(info.max_slug_length);
    for (const slug of slugs) {
      const [a1, a2, rest] = slug.split('-');
      const g = GENDER_OF[rest.split('.')[0]];
      expect(Object.values(FORMS_OF).some((f) => f[g] === a1)).toBe(true);
      expect(Object.values(FORMS_OF).some((f) => f[g] === a2)).toBe(true);
    }
  }, 60_000);

  it('forms that coincide across genders stay injective: the noun fixes the gender', () => {
    // "blaue" is the feminine of blau and the masculine of an invented "blaug"; the noun tells them apart.
    const clash = german(
      [
        ['blau', { masculine: 'blauer', feminine: 'blaue', neuter: 'blaues' }],
        ['blaug', { masculine: 'blaue', feminine: 'blauge', neuter: 'blauges' }],
      ],
      [
        ['otter', 'masculine'],
        ['katze', 'feminine'],
      ],
    );
    const g = new Generator(SAMPLE_BUNDLE, { languages: [clash] });
    const slugs = all(g, '{adjective@de}-{noun@de}');
    expect(slugs.sort()).toEqual(['blaue-katze', 'blaue-otter', 'blauer-otter', 'blauge-katze']);
  });

  it('refuses a bundle whose forms of one gender coincide (two slugs would be equal)', () => {
    const broken = german(
      [
        ['a', { masculine: 'same', feminine: 'ae', neuter: 'aes' }],
        ['b', { masculine: 'same', feminine: 'be', neuter: 'bes' }],
      ],
      [['otter', 'masculine']],
    );
    const g = new Generator(SAMPLE_BUNDLE, { languages: [broken] });
    expect(() => g.forge('{adjective@de}-{noun@de}', { seed: 's', count: 1 })).toThrow(GeneratorError);
  });

  it('a language without data is a pattern error naming the language and the languages that have the kind', () => {
    const error = (() => {
      try {
        gen.patternInfo('{noun@fr}');
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(PatternError);
    expect((error as PatternError).message).toBe("No 'noun' dictionary for language 'fr'");
    expect((error as PatternError).expected).toEqual(['@de', '@en']);
  });

  it('binding a language bundle changes nothing for English patterns, tags or dictionary info', () => {
    const plain = new Generator(SAMPLE_BUNDLE);
    for (const pattern of [
      '{adjective}-{noun}',
      '{Adjective}{Noun}-{number:3d}',
      '{adjective}-{noun}-{verb}[-offensive]',
    ]) {
      expect(gen.forge(pattern, { seed: 'same', count: 200 })).toEqual(
        plain.forge(pattern, { seed: 'same', count: 200 }),
      );
    }
    expect(
      gen
        .dictionaryTags()
        .filter((t) => t.kind === 'noun' && t.tag === 'feminine')
        .map((t) => t.word_count),
    ).toEqual([1]);
    expect(() => gen.patternInfo('{noun:+feminine}')).toThrow("Unknown tag 'feminine' for 'noun'");
    expect(gen.dictionaryInfo().slice(0, plain.dictionaryInfo().length)).toEqual(plain.dictionaryInfo());
    expect(gen.languageBundleIds).toEqual(['de-test']);
  });

  it('French: an adjective between two nouns agrees with the one before it (prefer previous)', () => {
    const fr: DictionaryBundle = {
      id: 'fr-test',
      version: '0.0.0',
      hash: 'fr-test',
      language: 'fr',
      dictionaries: [
        {
          kind: 'adjective',
          language: 'fr',
          words: [
            { word: 'courageux', tags: [], forms: { masculine: 'courageux', feminine: 'courageuse' } },
            { word: 'petit', tags: [], forms: { masculine: 'petit', feminine: 'petite' } },
          ],
        },
        {
          kind: 'noun',
          language: 'fr',
          words: [
            { word: 'chat', tags: ['masculine'] },
            { word: 'loutre', tags: ['feminine'] },
          ],
        },
      ],
      tags: [],
    };
    const g = new Generator(SAMPLE_BUNDLE, { languages: [fr] });
    const slugs = all(g, '{noun@fr}-{adjective@fr}-{noun@fr}');
    expect(slugs).toHaveLength(8);
    expect(slugs).toContain('loutre-courageuse-chat');
    expect(slugs).toContain('chat-petit-loutre');
    expect(slugs).not.toContain('loutre-courageux-chat');
    expect(all(g, '{adjective@fr}_{noun@fr}')).toContain('petite_loutre');
  });

  it('Korean: a descriptive verb before a noun takes its attributive form, after it the dictionary form', () => {
    const attributive = { 용감하다: '용감한', 작다: '작은', 아름답다: '아름다운' } as Record<string, string>;
    const ko: DictionaryBundle = {
      id: 'ko-test',
      version: '0.0.0',
      hash: 'ko-test',
      language: 'ko',
      dictionaries: [
        {
          kind: 'adjective',
          language: 'ko',
          words: Object.entries(attributive).map(([word, form]) => ({
            word,
            tags: [],
            forms: { common: form },
          })),
        },
        {
          kind: 'noun',
          language: 'ko',
          words: [
            { word: '수달', tags: ['common'] },
            { word: '배', tags: ['common'] },
          ],
        },
      ],
      tags: [{ kind: 'noun', tag: 'common', description: 'Common noun', opt_in: false }],
    };
    const g = new Generator(SAMPLE_BUNDLE, { languages: [ko] });
    const before = all(g, '{adjective@ko}-{noun@ko}');
    expect(new Set(before).size).toBe(6);
    expect(before).toContain('용감한-수달');
    expect(before).toContain('작은-배');
    expect(before).toContain('아름다운-수달');
    expect(before.filter((s) => s.includes('다-'))).toEqual([]);
    const after = all(g, '{noun@ko}-{adjective@ko}');
    expect(after).toContain('수달-용감하다');
    expect(after.filter((s) => Object.values(attributive).includes(s.split('-')[1]))).toEqual([]);
    // Alone, or with only English around it, the dictionary form stays.
    expect(all(g, '{adjective@ko}').sort()).toEqual(Object.keys(attributive).sort());
  });

  it('editor completions after @ offer the languages of the bound bundles that have the kind', () => {
    const g = new Generator(SAMPLE_BUNDLE, { languages: SAMPLE_LANGUAGE_BUNDLES });
    const meta = { dictionaries: g.dictionaryInfo(), tags: g.dictionaryTags() };
    const at = (pattern: string) =>
      suggest(pattern, pattern.length, meta)
        .filter((s) => s.kind === 'language')
        .map((s) => s.text);
    expect(at('{noun@')).toEqual(expect.arrayContaining(['de', 'en', 'fr', 'zh']));
    expect(at('{verb@')).not.toContain('de');
    expect(at('{noun@f')).toEqual(['fr']);
  });

  it('a language bundle may hold only its own language, once', () => {
    const wrong = { ...german([], [['otter', 'masculine']]), language: 'fr' };
    expect(() => new Generator(SAMPLE_BUNDLE, { languages: [wrong] })).toThrow(GeneratorError);
    expect(() => new Generator(SAMPLE_BUNDLE, { languages: [DE, DE] })).toThrow(GeneratorError);
  });
});
