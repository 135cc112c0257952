import { describe, expect, it } from 'vitest';
import type { DictionaryBundle } from '../src/index.js';
import {
  canonicalPattern,
  Generator,
  hepburn,
  type PatternError,
  parsePattern,
  SAMPLE_BUNDLE,
  SAMPLE_LANGUAGE_BUNDLES,
} from '../src/index.js';

/** Every slug of a pattern. */
function all(gen: Generator, pattern: string): string[] {
  return gen.forge(pattern, { seed: 'ascii', sequence: 0, count: Number(gen.patternInfo(pattern).capacity) });
}

function errorOf(gen: Generator, pattern: string): PatternError {
  try {
    gen.patternInfo(pattern);
  } catch (e) {
    return e as PatternError;
  }
  throw new Error(`${pattern} did not fail`);
}

const french: DictionaryBundle = {
  id: 'fr-ascii',
  version: '0.0.0',
  hash: 'fr-ascii',
  language: 'fr',
  dictionaries: [
    {
      kind: 'adjective',
      language: 'fr',
      words: [
        { word: 'mûr', tags: [], forms: { masculine: 'mûr', feminine: 'mûre' } },
        { word: 'mur', tags: [], forms: { masculine: 'mur', feminine: 'mure' } },
        { word: 'sûr', tags: [], forms: { masculine: 'sûr', feminine: 'sûre' } },
        { word: 'égal', tags: [], forms: { masculine: 'égal', feminine: 'égale' } },
        // Invented pair: different lemmas whose feminines meet in ASCII (rée / ree).
        { word: 'ra', tags: [], forms: { masculine: 'ra', feminine: 'rée' } },
        { word: 'rb', tags: [], forms: { masculine: 'rb', feminine: 'ree' } },
      ],
    },
    {
      kind: 'noun',
      language: 'fr',
      words: [
        { word: 'pêche', tags: ['feminine'] },
        { word: 'péché', tags: ['masculine'] },
        { word: 'cœur', tags: ['masculine'] },
        { word: 'forêt', tags: ['feminine'] },
      ],
    },
  ],
  tags: [],
};

describe('ascii=true: words in plain ASCII letters', () => {
  const gen = new Generator(SAMPLE_BUNDLE, {
    languages: [...SAMPLE_LANGUAGE_BUNDLES.filter((b) => b.language !== 'fr'), french],
  });

  it('German umlauts and ß become digraphs, and the adjective still agrees', () => {
    const de = new Generator(SAMPLE_BUNDLE, { languages: SAMPLE_LANGUAGE_BUNDLES });
    const plain = all(de, '{adjective@de}-{noun@de}');
    const ascii = all(de, '{adjective@de:ascii=true}-{noun@de:ascii=true}');
    expect(ascii).toHaveLength(plain.length);
    for (const s of ascii) expect(s).toMatch(/^[a-z-]+$/);
    expect(ascii).toContain('mutiger-otter');
    expect(ascii).toContain('hohes-pferd');
  });

  it('accents go; spellings that meet count once (the first stays), so every slug is distinct', () => {
    const nouns = all(gen, '{noun@fr:ascii=true}');
    expect(nouns.sort()).toEqual(['coeur', 'foret', 'peche']);
    // mûr and mur meet in both genders, ra and rb in the feminine: mur and rb are left out; the
    // capacity is what is really reachable.
    const slugs = all(gen, '{noun@fr:ascii=true}-{adjective@fr:ascii=true}');
    expect(slugs).toHaveLength(3 * 4);
    expect(slugs).toContain('peche-ree');
    expect(slugs.filter((s) => s.endsWith('-rb'))).toEqual([]);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(slugs).toContain('peche-mure');
    expect(slugs).toContain('coeur-egal');
    expect(slugs).toContain('foret-egale');
    for (const s of slugs) expect(s).toMatch(/^[a-z-]+$/);
  });

  it('Russian is spelt by ICAO Doc 9303 and still agrees; words that meet once the soft sign is dropped count once', () => {
    const adjective = (m: string, f: string, n: string) => ({
      word: m,
      tags: [],
      forms: { masculine: m, feminine: f, neuter: n },
    });
    const russian: DictionaryBundle = {
      id: 'ru-ascii',
      version: '0.0.0',
      hash: 'ru-ascii',
      language: 'ru',
      dictionaries: [
        {
          kind: 'adjective',
          language: 'ru',
          words: [adjective('храбрый', 'храбрая', 'храброе'), adjective('свежий', 'свежая', 'свежее')],
        },
        {
          kind: 'noun',
          language: 'ru',
          words: [
            { word: 'выдра', tags: ['feminine'] },
            { word: 'кот', tags: ['masculine'] },
            { word: 'окно', tags: ['neuter'] },
            { word: 'щука', tags: ['feminine'] },
            { word: 'ёж', tags: ['masculine'] },
            // Invented pair: they differ by the soft sign only, so they meet in ICAO spelling.
            { word: 'мол', tags: ['masculine'] },
            { word: 'моль', tags: ['feminine'] },
          ],
        },
      ],
      tags: [],
    };
    const ru = new Generator(SAMPLE_BUNDLE, { languages: [russian] });
    expect(all(ru, '{adjective@ru}-{noun@ru}')).toContain('храбрая-выдра');
    const slugs = all(ru, '{adjective@ru:ascii=true}-{noun@ru:ascii=true}');
    expect(slugs).toHaveLength(2 * 6);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const s of [
      'khrabraia-vydra',
      'khrabryi-kot',
      'khrabroe-okno',
      'svezhaia-shchuka',
      'svezhii-ezh',
      'khrabryi-mol',
    ])
      expect(slugs).toContain(s);
    for (const s of slugs) expect(s).toMatch(/^[a-z-]+$/);
    expect(ru.forge('{Noun@ru:ascii=true}', { seed: 'c', count: 6 })).toContain('Shchuka');
  });

  it('Japanese: kana by Hepburn, kanji by the bundle’s romaji, and a na-adjective’s な spelt after it', () => {
    expect(hepburn('しずか')).toBe('shizuka');
    expect(hepburn('ダイジョウブ')).toBe('daijobu');
    expect(hepburn('きっぷ')).toBe('kippu');
    expect(hepburn('マッチャ')).toBe('matcha');
    expect(hepburn('静か')).toBeNull();
    const japanese: DictionaryBundle = {
      id: 'ja-ascii',
      version: '0.0.0',
      hash: 'ja-ascii',
      language: 'ja',
      dictionaries: [
        {
          kind: 'adjective',
          language: 'ja',
          words: [
            { word: '静か', tags: ['na'], forms: { common: '静かな' }, latin: 'shizuka' },
            { word: '高い', tags: [], forms: { common: '高い' }, latin: 'takai' },
            // Invented: a kanji word without romaji has no ASCII spelling and is left out.
            { word: '無名', tags: ['na'], forms: { common: '無名な' } },
          ],
        },
        {
          kind: 'noun',
          language: 'ja',
          words: [
            { word: '夜空', tags: ['common'], latin: 'yozora' },
            { word: 'さくら', tags: ['common'] },
            // Invented pair: their romaji meet, so the second counts once with the first.
            { word: '記者', tags: ['common'], latin: 'kisha' },
            { word: '汽車', tags: ['common'], latin: 'kisha' },
          ],
        },
      ],
      tags: [],
    };
    const ja = new Generator(SAMPLE_BUNDLE, { languages: [japanese] });
    expect(all(ja, '{adjective@ja}{noun@ja}')).toContain('静かな夜空');
    const slugs = all(ja, '{adjective@ja:ascii=true}-{noun@ja:ascii=true}');
    expect(slugs.sort()).toEqual([
      'shizukana-kisha',
      'shizukana-sakura',
      'shizukana-yozora',
      'takai-kisha',
      'takai-sakura',
      'takai-yozora',
    ]);
    expect(all(ja, '{noun@ja:ascii=true}-{adjective@ja:ascii=true}')).toContain('yozora-shizuka');
  });

  it('Korean: Revised Romanization, a final carried over to a silent ㅇ, and the attributive form spelt', () => {
    const cases: Record<string, string> = {
      수달: 'sudal',
      고양이: 'goyangi',
      용감한: 'yonggamhan',
      아름다운: 'areumdaun',
      작은: 'jageun',
      좋은: 'joeun',
      하얀: 'hayan',
      한국어: 'hangugeo',
      읽어: 'ilgeo',
      달력: 'dallyeok',
      꽃: 'kkot',
      영어: 'yeongeo',
    };
    const words = Object.keys(cases);
    const ko: DictionaryBundle = {
      id: 'ko-ascii',
      version: '0.0.0',
      hash: 'ko-ascii',
      language: 'ko',
      dictionaries: [
        { kind: 'noun', language: 'ko', words: words.map((word) => ({ word, tags: ['common'] })) },
      ],
      tags: [],
    };
    const g = new Generator(SAMPLE_BUNDLE, { languages: [ko] });
    expect(all(g, '{noun@ko:ascii=true}').sort()).toEqual(Object.values(cases).sort());
    const adjectives: DictionaryBundle = {
      ...ko,
      dictionaries: [
        {
          kind: 'adjective',
          language: 'ko',
          words: [{ word: '용감하다', tags: [], forms: { common: '용감한' } }],
        },
        { kind: 'noun', language: 'ko', words: [{ word: '수달', tags: ['common'] }] },
      ],
    };
    const both = new Generator(SAMPLE_BUNDLE, { languages: [adjectives] });
    expect(all(both, '{adjective@ko:ascii=true}-{noun@ko:ascii=true}')).toEqual(['yonggamhan-sudal']);
    expect(all(both, '{noun@ko:ascii=true}-{adjective@ko:ascii=true}')).toEqual(['sudal-yonggamhada']);
  });

  it('a script without an ASCII spelling here has no words under ascii=true', () => {
    expect(errorOf(gen, '{noun@zh:ascii=true}').message).toBe(
      'No words available for the given constraints: {noun@zh:ascii=true}',
    );
  });

  it('parses as an option of the selector, round-trips through the canonical form, and refuses bad use', () => {
    expect(canonicalPattern(parsePattern('{noun@de : ascii = true}'))).toBe('{noun@de:ascii=true}');
    expect(canonicalPattern(parsePattern('{noun@de:+feminine ascii=true}'))).toBe(
      '{noun@de:+feminine ascii=true}',
    );
    expect(canonicalPattern(parsePattern('{noun@de:ascii=false}'))).toBe('{noun@de}');
    expect(errorOf(gen, '{noun@de:ascii=yes}').message).toBe('Expected boolean');
    expect(errorOf(gen, '{noun@de:ascii=true ascii=true}').message).toBe('Option already set');
    expect(errorOf(gen, '{noun@de:case=lower}').message).toBe('Invalid option');
    // Same words, two spellings: the plain and the ASCII selector are different components.
    const de = new Generator(SAMPLE_BUNDLE, { languages: SAMPLE_LANGUAGE_BUNDLES });
    expect(de.patternInfo('{noun@de:ascii=true}').pattern).toBe('{noun@de:ascii=true}');
  });

  it('leaves English as it was (already ASCII)', () => {
    const plain = new Generator(SAMPLE_BUNDLE);
    expect(gen.forge('{adjective:ascii=true}-{noun:ascii=true}', { seed: 's', count: 100 })).toEqual(
      plain.forge('{adjective}-{noun}', { seed: 's', count: 100 }),
    );
  });
});
