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
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pinyin } from 'pinyin-pro';
import { profaneWordsOf } from './profanity.js';

const LISTS = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'lists', 'zh');
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

function listFile(name) {
  const path = join(LISTS, name);
  if (!existsSync(path)) return new Set();
  return new Set(
    readFileSync(path, 'utf8')
      .split('\n')
      .map((l) => l.replace(/#.*/, '').trim().normalize('NFC'))
      .filter(Boolean),
  );
}

const byWord = (a, b) => (a.word < b.word ? -1 : a.word > b.word ? 1 : 0);

export const ZH_TAGS = ['adjective', 'adverb', 'noun', 'verb'].flatMap((kind) => [
  { kind, tag: 'negative', description: 'Unpleasant in a name (hand-kept list)', opt_in: true },
  { kind, tag: 'offensive', description: 'Contains an entry of a Chinese profanity list', opt_in: true },
]);

export async function buildChinese() {
  const path = zhSource();
  if (!zhSourceAvailable()) {
    throw new Error(
      `Chinese source not found at ${path}: apt-get download python3-jieba, dpkg -x it, and set ZH_JIEBA_DICT`,
    );
  }
  const text = readFileSync(path);
  const hash = createHash('sha256').update(text).digest('hex');
  if (hash !== ZH_SOURCE_HASH)
    throw new Error(`${path} is not the dictionary of ${ZH_SOURCE_PACKAGE} (sha256 ${hash})`);
  const profane = [...(await profaneWordsOf('zh'))].filter((p) => p.length >= 2);
  const negative = listFile('negative.txt');
  const excluded = listFile('excluded.txt');
  // Chinese writes words together: a word holding a listed entry is offensive.
  const topics = (w) => {
    const tags = [];
    if (negative.has(w)) tags.push('negative');
    if (profane.some((p) => w.includes(p))) tags.push('offensive');
    return tags;
  };
  // A word with two parts of speech appears once per line; it goes to the kind of its first line
  // above the cut, and a word already taken by an earlier kind is not listed twice.
  const byKind = { n: [], a: [], v: [], d: [] };
  const seen = new Set();
  for (const line of text.toString('utf8').split('\n')) {
    const [raw, freq, pos] = line.split(' ');
    if (!raw || !(pos in KINDS) || Number(freq) < MIN_FREQUENCY[pos]) continue;
    const word = raw.normalize('NFC');
    if (!HAN.test(word) || word.includes('的') || excluded.has(word) || seen.has(word)) continue;
    seen.add(word);
    const latin = pinyin(word, { toneType: 'none', separator: '', v: true });
    byKind[pos].push({ word, tags: topics(word), latin });
  }
  return {
    dictionaries: Object.entries(KINDS)
      .map(([pos, kind]) => ({ kind, language: 'zh', words: byKind[pos].sort(byWord) }))
      .sort((a, b) => (a.kind < b.kind ? -1 : 1)),
    tags: ZH_TAGS,
  };
}
