// Japanese dictionaries from IPAdic (Debian mecab-ipadic 2.7.0; NAIST/ICOT licence, BSD-style):
// common nouns (名詞・一般), i-adjectives (形容詞・自立, dictionary form), na-adjective stems
// (名詞・形容動詞語幹) and verbs (動詞・自立, dictionary form), each with its katakana reading.
// Commonness: a word's reading, in Hepburn romaji, is among the most frequent words of Japanese
// Wikipedia in @zxcvbn-ts/language-ja (MIT); of the words sharing a reading only the one IPAdic
// finds cheapest (its most common spelling) is kept. Each word carries that romaji as its Latin
// spelling (`latin`, for ascii=true).
//
// The CSV sources are read from JA_IPADIC_DIR (default /usr/share/mecab/dic/ipadic), after
//   apt-get install mecab-ipadic && node scripts/build-language.js ja
// Their hashes are checked, so another version cannot silently give another bundle.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hepburn } from '@slugsmith/generator';
import {
  buildResult,
  checkHashes,
  filesPresent,
  frequencyList,
  handKeptLists,
  languageTags,
  topicTagger,
} from './common.js';
import { profaneWordsOf } from './profanity.js';

/** SHA-256 of the IPAdic CSV files of mecab-ipadic 2.7.0-20070801+main-3. */
const JA_SOURCE_HASHES = {
  'Noun.csv': '2b3079bc7e30bbd0072d30b0ca859477cc9ca63ab2306f153491ffb97ea13c6e',
  'Adj.csv': '5a654779dd6e5eb8e4c1309779bc4b344298a6418c982a357cf49ea7ae425f36',
  'Noun.adjv.csv': 'e1be88858408754f45f4f322b15c20c4030e8f60e76af4ad98567bd374a70b4b',
  'Verb.csv': 'c61a0174fa0081eff979eda28fc74ba4ff3563b723f435d77ea2b378bc1e494f',
};
export const JA_SOURCE_PACKAGE = 'mecab-ipadic 2.7.0-20070801+main-3 (Debian)';

/** The first words of the Wikipedia frequency list a reader knows. */
const COMMON_TOP = 20_000;
/** Kanji and kana only (no Latin, digits or symbols), two characters at least. */
const WORD = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]{2,}$/u;

export function jaSourceDir() {
  return process.env.JA_IPADIC_DIR || '/usr/share/mecab/dic/ipadic';
}

export function jaSourceAvailable() {
  return filesPresent(jaSourceDir(), Object.keys(JA_SOURCE_HASHES));
}

function readCsv(dir, file) {
  const text = new TextDecoder('euc-jp').decode(readFileSync(join(dir, file)));
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const f = line.split(',');
      return {
        surface: f[0].normalize('NFC'),
        cost: Number(f[3]),
        pos: f.slice(4, 10),
        base: f[10],
        reading: f[11],
      };
    });
}

export const JA_TAGS = languageTags(['adjective', 'noun', 'verb'], 'Listed by a Japanese profanity list', [
  {
    kind: 'adjective',
    tag: 'na',
    description: 'Na-adjective (形容動詞): takes な before a noun',
    opt_in: false,
  },
  { kind: 'noun', tag: 'common', description: 'Common noun (名詞・一般)', opt_in: false },
]);

export async function buildJapanese() {
  const dir = jaSourceDir();
  if (!jaSourceAvailable()) {
    throw new Error(
      `Japanese source not found in ${dir}: apt-get install mecab-ipadic, or set JA_IPADIC_DIR`,
    );
  }
  checkHashes(dir, JA_SOURCE_HASHES, JA_SOURCE_PACKAGE);
  const known = new Set(frequencyList('@zxcvbn-ts/language-ja/dist/wikipedia.json.js', COMMON_TOP));
  const { excluded, negative } = handKeptLists('ja');
  const negativeStems = [...negative];
  const profane = [...(await profaneWordsOf('ja'))];
  // Japanese writes words together: a listed stem or profanity entry inside a word counts
  // (one-character profanity entries, which many innocent words hold, are left to the stems).
  const topics = topicTagger(
    (w) => negativeStems.some((n) => w.includes(n)),
    (w) => profane.some((p) => p.length >= 2 && w.includes(p)),
  );

  /** The cheapest entry of each reading among the common ones, per kind. */
  const pick = (rows, kind) => {
    const byReading = new Map();
    for (const r of rows) {
      // ー lengthens katakana; after hiragana it is a casual spelling (いーかげん).
      if (!WORD.test(r.surface) || /\p{Script=Hiragana}ー/u.test(r.surface) || excluded.has(r.surface))
        continue;
      const romaji = hepburn(r.reading ?? '');
      if (!romaji || !known.has(romaji)) continue;
      const seen = byReading.get(romaji);
      if (!seen || r.cost < seen.cost) byReading.set(romaji, r);
    }
    return [...byReading.entries()].map(([latin, r]) => ({ kind, word: r.surface, latin }));
  };
  const nouns = pick(readCsv(dir, 'Noun.csv'), 'noun');
  const naAdjectives = pick(readCsv(dir, 'Noun.adjv.csv'), 'na');
  const iAdjectives = pick(
    readCsv(dir, 'Adj.csv').filter(
      (r) => r.pos[1] === '自立' && r.pos[5] === '基本形' && r.surface.endsWith('い'),
    ),
    'i',
  );
  const verbs = pick(
    readCsv(dir, 'Verb.csv').filter((r) => r.pos[1] === '自立' && r.pos[5] === '基本形'),
    'verb',
  );

  // A word listed as two kinds reads as either: it stays in neither.
  const count = new Map();
  for (const w of [...nouns, ...naAdjectives, ...iAdjectives, ...verbs])
    count.set(w.word, (count.get(w.word) ?? 0) + 1);
  const single = (list) => list.filter((w) => count.get(w.word) === 1);
  // After a na-adjective's な a noun must not spell an entry either (な + めい holds なめ).
  const nounTopics = (w) => [...new Set([...topics(w), ...topics(`な${w}`)])];
  const nounWords = single(nouns).map(({ word, latin }) => ({
    word,
    tags: ['common', ...nounTopics(word)].sort(),
    latin,
  }));
  // Before a noun a na-adjective takes な (静かな猫); an i-adjective is the same (高い山).
  const adjectiveWords = [
    ...single(naAdjectives).map(({ word, latin }) => ({
      word,
      tags: ['na', ...topics(word), ...topics(`${word}な`).filter((t) => !topics(word).includes(t))].sort(),
      forms: { common: `${word}な` },
      latin,
    })),
    ...single(iAdjectives).map(({ word, latin }) => ({
      word,
      tags: topics(word),
      forms: { common: word },
      latin,
    })),
  ];
  const verbWords = single(verbs).map(({ word, latin }) => ({ word, tags: topics(word), latin }));
  return buildResult('ja', { adjective: adjectiveWords, noun: nounWords, verb: verbWords }, JA_TAGS);
}
