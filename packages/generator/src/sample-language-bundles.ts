import type { DictionaryBundle } from './bundle.js';

const strong = (lemma: string, stem = lemma) => ({
  word: lemma,
  tags: [],
  forms: { feminine: `${stem}e`, masculine: `${stem}er`, neuter: `${stem}es` },
});

/**
 * Small language bundles for tests, the language test vectors and ports: German with strong
 * adjective endings (regular and irregular: dunkel → dunkler, hoch → hoher), French with
 * feminines, Chinese without forms, Korean with attributive forms. Real words, real forms; not the
 * product's data.
 */
export const SAMPLE_LANGUAGE_BUNDLES: DictionaryBundle[] = [
  {
    id: 'sample-de-1',
    version: '1.0.0',
    hash: 'sample-de-1',
    language: 'de',
    license: 'MIT',
    sources: ['Slugsmith sample'],
    dictionaries: [
      {
        kind: 'adjective',
        language: 'de',
        words: [
          strong('dunkel', 'dunkl'),
          strong('klein'),
          strong('mutig'),
          strong('schnell'),
          strong('still'),
          {
            word: 'hoch',
            tags: [],
            forms: { feminine: 'hohe', masculine: 'hoher', neuter: 'hohes' },
          },
        ],
      },
      {
        kind: 'noun',
        language: 'de',
        words: [
          { word: 'buch', tags: ['neuter'] },
          { word: 'fluss', tags: ['masculine'] },
          { word: 'katze', tags: ['feminine'] },
          { word: 'otter', tags: ['masculine'] },
          { word: 'pferd', tags: ['neuter'] },
          { word: 'stadt', tags: ['feminine'] },
        ],
      },
    ],
    tags: [
      { kind: 'noun', tag: 'feminine', description: 'Grammatical gender: feminine (die)', opt_in: false },
      { kind: 'noun', tag: 'masculine', description: 'Grammatical gender: masculine (der)', opt_in: false },
      { kind: 'noun', tag: 'neuter', description: 'Grammatical gender: neuter (das)', opt_in: false },
    ],
  },
  {
    id: 'sample-fr-1',
    version: '1.0.0',
    hash: 'sample-fr-1',
    language: 'fr',
    license: 'MIT',
    sources: ['Slugsmith sample'],
    dictionaries: [
      {
        kind: 'adjective',
        language: 'fr',
        words: [
          { word: 'beau', tags: [], forms: { feminine: 'belle', masculine: 'beau' } },
          { word: 'blanc', tags: [], forms: { feminine: 'blanche', masculine: 'blanc' } },
          { word: 'courageux', tags: [], forms: { feminine: 'courageuse', masculine: 'courageux' } },
          { word: 'rapide', tags: [], forms: { feminine: 'rapide', masculine: 'rapide' } },
        ],
      },
      {
        kind: 'noun',
        language: 'fr',
        words: [
          { word: 'chat', tags: ['masculine'] },
          { word: 'loutre', tags: ['feminine'] },
          { word: 'maison', tags: ['feminine'] },
          { word: 'nuage', tags: ['masculine'] },
        ],
      },
    ],
    tags: [
      { kind: 'noun', tag: 'feminine', description: 'Grammatical gender: feminine (la)', opt_in: false },
      { kind: 'noun', tag: 'masculine', description: 'Grammatical gender: masculine (le)', opt_in: false },
    ],
  },
  {
    id: 'sample-zh-1',
    version: '1.0.0',
    hash: 'sample-zh-1',
    language: 'zh',
    license: 'MIT',
    sources: ['Slugsmith sample'],
    dictionaries: [
      {
        kind: 'adjective',
        language: 'zh',
        words: ['安静', '勇敢', '快乐', '美丽'].map((word) => ({ word, tags: [] })),
      },
      {
        kind: 'noun',
        language: 'zh',
        words: ['水獭', '河流', '猫', '城市', '书'].map((word) => ({ word, tags: [] })),
      },
    ],
    tags: [],
  },
  {
    id: 'sample-ko-1',
    version: '1.0.0',
    hash: 'sample-ko-1',
    language: 'ko',
    license: 'MIT',
    sources: ['Slugsmith sample'],
    dictionaries: [
      {
        kind: 'adjective',
        language: 'ko',
        // Descriptive verbs with their attributive form before a noun (regular and irregular).
        words: [
          ['아름답다', '아름다운'],
          ['용감하다', '용감한'],
          ['작다', '작은'],
          ['조용하다', '조용한'],
        ].map(([word, common]) => ({ word, tags: [], forms: { common } })),
      },
      {
        kind: 'noun',
        language: 'ko',
        words: ['고양이', '나무', '배', '수달'].map((word) => ({ word, tags: ['common'] })),
      },
    ],
    tags: [{ kind: 'noun', tag: 'common', description: 'Common noun (일반 명사, NNG)', opt_in: false }],
  },
];
