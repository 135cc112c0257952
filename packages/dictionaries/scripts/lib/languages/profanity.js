// Profanity lists of other languages, read the same way by the language builds and their tests.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/**
 * Lower-case NFC entries listed as profane for `language` by LDNOOBW (`naughty-words`, CC-BY-4.0)
 * and `@2toad/profanity` (MIT). Multi-word entries are kept whole; callers match words against them.
 */
export async function profaneWordsOf(language) {
  const words = new Set();
  const ldnoobwPath = join(dirname(require.resolve('naughty-words/package.json')), `${language}.json`);
  for (const w of JSON.parse(readFileSync(ldnoobwPath, 'utf8'))) words.add(w.normalize('NFC').toLowerCase());
  const { profaneWords } = await import('@2toad/profanity/dist/data/profane-words.js');
  const map = profaneWords instanceof Map ? profaneWords : profaneWords.default;
  for (const w of map.get(language) ?? []) words.add(w.normalize('NFC').toLowerCase());
  return words;
}

/**
 * Whether a word is profane by the lists: it is an entry, or it starts or ends with an entry of
 * at least `stemLength` letters (compounds: German glues words together, "riesenarschloch"),
 * unless a reviewed allow list clears that compound ("marsch" ends in an entry, and is a march).
 */
export function isProfane(word, profane, allow = new Set(), stemLength = 5) {
  const w = word.toLowerCase();
  if (profane.has(w)) return true;
  if (allow.has(w)) return false;
  for (const p of profane)
    if (p.length >= stemLength && !p.includes(' ') && (w.startsWith(p) || w.endsWith(p))) return true;
  return false;
}
