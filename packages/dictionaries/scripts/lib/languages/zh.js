// Simplified Chinese dictionaries from jieba's dictionary (Sun Junyi; MIT), as packaged by Debian
// in python3-jieba: each line is `word frequency part-of-speech` (n noun, a adjective, v verb,
// d adverb). Kept to words of 1–4 Han characters above a frequency per kind; no word holds 的, so
// `{adjective@zh}的{noun@zh}` (勇敢的猫) is always unambiguous. Each word carries its pinyin
// without tones as its Latin spelling (`latin`, for ascii=true), read per word by pinyin-pro (MIT)
// so polyphonic characters take the word's reading (银行 yinhang); ü is written v (绿色 lvse), as
// pinyin keyboards and URLs do.
//
// The Debian package is read from ZH_JIEBA_DICT (default its installed path), after
//   apt-get download python3-jieba && dpkg -x python3-jieba_*.deb /tmp/zh
//   ZH_JIEBA_DICT=/tmp/zh/usr/lib/python3/dist-packages/jieba/dict.txt node scripts/build-language.js zh
// The file's hash is checked, so another version cannot silently give another bundle.
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { pinyin } from 'pinyin-pro';
import { buildResult, checkHashes, handKeptLists, languageTags, topicTagger } from './common.js';
import { profaneWordsOf } from './profanity.js';

export const ZH_SOURCE_HASH = '7197c3211ddd98962b036cdf40324d1ea2bfaa12bd028e68faa70111a88e12a8';
export const ZH_SOURCE_PACKAGE = 'python3-jieba 0.42.1-3 (Debian)';
const HAN = /^\p{Script=Han}{1,4}$/u;
/** The least frequency per kind: enough common words for the floors, few rare ones. */
const MIN_FREQUENCY = { n: 500, a: 300, v: 500, d: 300 };
const KINDS = { n: 'noun', a: 'adjective', v: 'verb', d: 'adverb' };

export function zhSource() {
  return process.env.ZH_JIEBA_DICT || '/usr/lib/python3/dist-packages/jieba/dict.txt';
}

export function zhSourceAvailable() {
  return existsSync(zhSource());
}

export const ZH_TAGS = languageTags(
  ['adjective', 'adverb', 'noun', 'verb'],
  'Contains an entry of a Chinese profanity list',
);

export async function buildChinese() {
  const path = zhSource();
  if (!zhSourceAvailable()) {
    throw new Error(
      `Chinese source not found at ${path}: apt-get download python3-jieba, dpkg -x it, and set ZH_JIEBA_DICT`,
    );
  }
  checkHashes(dirname(path), { [basename(path)]: ZH_SOURCE_HASH }, ZH_SOURCE_PACKAGE);
  const profane = [...(await profaneWordsOf('zh'))].filter((p) => p.length >= 2);
  const { negative, excluded } = handKeptLists('zh');
  // Chinese writes words together: a word holding a listed entry is offensive.
  const topics = topicTagger(
    (w) => negative.has(w),
    (w) => profane.some((p) => w.includes(p)),
  );
  // A word with two parts of speech appears once per line; it goes to the kind of its first line
  // above the cut, and a word already taken by an earlier kind is not listed twice.
  const byKind = { n: [], a: [], v: [], d: [] };
  const seen = new Set();
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const [raw, freq, pos] = line.split(' ');
    if (!raw || !(pos in KINDS) || Number(freq) < MIN_FREQUENCY[pos]) continue;
    const word = raw.normalize('NFC');
    if (!HAN.test(word) || word.includes('的') || excluded.has(word) || seen.has(word)) continue;
    seen.add(word);
    const latin = pinyin(word, { toneType: 'none', separator: '', v: true });
    byKind[pos].push({ word, tags: topics(word), latin });
  }
  return buildResult(
    'zh',
    Object.fromEntries(Object.entries(KINDS).map(([pos, kind]) => [kind, byKind[pos]])),
    ZH_TAGS,
  );
}
