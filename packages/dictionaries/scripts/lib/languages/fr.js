// French dictionaries from Debian's hunspell-fr-comprehensive (Dicollecte/Grammalecte "toutes
// variantes", MPL-2.0): its entries carry parts of speech and gender (`po:nom is:fem`), and its
// suffix rules give each adjective's feminine. Kept to the lemmas among the most common words of
// @zxcvbn-ts/language-fr (OpenSubtitles 2024 via OPUS, ODC-BY).
//
// The Debian package is read from FR_HUNSPELL_DIR (default /usr/share/hunspell), after
//   apt-get download hunspell-fr-comprehensive && dpkg -x hunspell-fr-comprehensive_*.deb /tmp/fr
//   FR_HUNSPELL_DIR=/tmp/fr/usr/share/hunspell node scripts/build-language.js fr
// (or `apt-get install hunspell-fr-comprehensive`). The files' hashes are checked, so another
// version of the package cannot silently give another bundle.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formsOf, readAffixes, readEntries } from './hunspell.js';
import { isProfane, profaneWordsOf } from './profanity.js';

const require = createRequire(import.meta.url);
const LISTS = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'lists', 'fr');

/** SHA-256 of fr.dic and fr.aff of hunspell-fr-comprehensive 1:7.0-1. */
export const FR_SOURCE_HASHES = {
  'fr.dic': 'f98d56be522f05426ae254ecfac1d089b196ea19a35f231d8306715c19e47d9a',
  'fr.aff': '0c756a9cae09bf4c4fd8ad1fc894a800cfc65940b7914ef9bf681fea66a4f19c',
};
export const FR_SOURCE_PACKAGE = 'hunspell-fr-comprehensive 1:7.0-1 (Debian)';

/** Common words ranked: the frequency list's first entries a native reader knows. */
const COMMON_TOP = 20_000;
const WORD = /^[a-zàâäçéèêëîïôöùûüÿœæ]+$/u;

export function frSourceDir() {
  return process.env.FR_HUNSPELL_DIR || '/usr/share/hunspell';
}

export function frSourceAvailable() {
  return existsSync(join(frSourceDir(), 'fr.dic')) && existsSync(join(frSourceDir(), 'fr.aff'));
}

function listFile(name) {
  const path = join(LISTS, name);
  if (!existsSync(path)) return new Set();
  return new Set(
    readFileSync(path, 'utf8')
      .split('\n')
      .map((l) => l.replace(/#.*/, '').trim().normalize('NFC').toLowerCase())
      .filter(Boolean),
  );
}

const byWord = (a, b) => (a.word < b.word ? -1 : a.word > b.word ? 1 : 0);

export const FR_TAGS = [
  ...['adjective', 'adverb', 'noun', 'verb'].flatMap((kind) => [
    { kind, tag: 'negative', description: 'Unpleasant in a name (hand-kept list)', opt_in: true },
    { kind, tag: 'offensive', description: 'Listed by a French profanity list', opt_in: true },
  ]),
  { kind: 'noun', tag: 'feminine', description: 'Grammatical gender: feminine (la)', opt_in: false },
  { kind: 'noun', tag: 'masculine', description: 'Grammatical gender: masculine (le)', opt_in: false },
].sort((a, b) => (a.kind + a.tag < b.kind + b.tag ? -1 : 1));

export async function buildFrench() {
  const dir = frSourceDir();
  if (!frSourceAvailable()) {
    throw new Error(
      `French source not found in ${dir}: apt-get download hunspell-fr-comprehensive, dpkg -x it, and set FR_HUNSPELL_DIR`,
    );
  }
  for (const [file, expected] of Object.entries(FR_SOURCE_HASHES)) {
    const hash = createHash('sha256')
      .update(readFileSync(join(dir, file)))
      .digest('hex');
    if (hash !== expected)
      throw new Error(`${file} in ${dir} is not the one of ${FR_SOURCE_PACKAGE} (sha256 ${hash})`);
  }
  const { flagType, suffixes } = readAffixes(join(dir, 'fr.aff'));
  const entries = readEntries(join(dir, 'fr.dic'), flagType);
  const commonModule = require('@zxcvbn-ts/language-fr/dist/commonWords.json.cjs');
  const common = (commonModule.default ?? commonModule).slice(0, COMMON_TOP).map((w) => w.normalize('NFC'));
  const known = new Set(common);
  // Names need no list: the lexicon spells them with a capital (po:npr, po:prn), and the
  // frequency package's first names include common words (petit, maison, blanc).
  const added = listFile('nouns-add.txt');
  const profane = await profaneWordsOf('fr');
  const profaneAllow = listFile('profanity-allow.txt');
  const stop = listFile('stopwords.txt');
  const negative = listFile('negative.txt');
  const excluded = listFile('excluded.txt');
  const topics = (w) => {
    const tags = [];
    if (negative.has(w)) tags.push('negative');
    // Whole words only: French does not glue words together, and entries such as "trique" end
    // many innocent words (électrique, typique).
    if (isProfane(w, profane, profaneAllow, Number.POSITIVE_INFINITY)) tags.push('offensive');
    return tags;
  };
  /**
   * Tags of an adjective: its lemma's, and `offensive` when a form is itself a list entry
   * ("folle" of fou). Forms are matched whole: an ending is no compound ("arabische" ends in a
   * listed word).
   */
  const topicsOf = ([lemma, ...forms]) => {
    const tags = topics(lemma);
    if (!tags.includes('offensive') && forms.some((f) => profane.has(f))) tags.push('offensive');
    return tags.sort();
  };
  const usable = (w) => WORD.test(w) && (known.has(w) || added.has(w)) && !stop.has(w) && !excluded.has(w);

  // Homographs (le livre, la livre) have several entries: a noun whose entries disagree on gender
  // is left out, as is a word that is also an adjective or a verb (it reads as either).
  // Past participles and passé-simple forms read as the verb (aimé, perdu, fut); words that are
  // also function words, names or numbers (la, si, oui, bob, sept) are no nouns to a reader.
  const verbal = new Set();
  const functional = new Set();
  for (const e of entries) {
    const pos = e.morph.match(/po:[a-z0-9_]+/g) ?? [];
    if (pos.some((p) => p.startsWith('po:v'))) {
      for (const f of formsOf(e, suffixes))
        if (/po:(ppas|ipsi)/.test(f.morph)) verbal.add(f.form.normalize('NFC'));
    }
    if (pos.some((p) => !/^po:(nom|adj|v)/.test(p))) functional.add(e.word);
  }
  const nounGenders = new Map();
  const adjectiveForms = new Map();
  const verbs = new Set();
  const adverbs = new Set();
  const alsoOther = new Set();
  for (const e of entries) {
    const pos = e.morph.match(/po:[a-z0-9_]+/g) ?? [];
    const isNoun = pos.includes('po:nom');
    const isAdjective = pos.includes('po:adj');
    const isVerb = pos.some((p) => p.startsWith('po:v'));
    if (!usable(e.word)) continue;
    if (isNoun && !isAdjective && !isVerb) {
      let gender = /is:fem/.test(e.morph) ? 'feminine' : /is:mas/.test(e.morph) ? 'masculine' : null;
      if (!gender && !/is:epi/.test(e.morph)) {
        const own = formsOf(e, suffixes).find((f) => f.form === e.word && /is:(sg|inv)/.test(f.morph));
        if (own && /is:mas/.test(own.morph)) gender = 'masculine';
        if (own && /is:fem/.test(own.morph)) gender = 'feminine';
      }
      const seen = nounGenders.get(e.word);
      nounGenders.set(e.word, seen === undefined || seen === gender ? gender : null);
    } else if (isNoun || isVerb || isAdjective) alsoOther.add(e.word);
    if (isAdjective) {
      const forms = formsOf(e, suffixes);
      const feminine = /is:epi/.test(e.morph)
        ? e.word
        : forms.find((f) => /is:fem/.test(f.morph) && /is:(sg|inv)/.test(f.morph))?.form;
      if (feminine && WORD.test(feminine) && !adjectiveForms.has(e.word) && !functional.has(e.word))
        adjectiveForms.set(e.word, { masculine: e.word, feminine: feminine.normalize('NFC') });
    }
    if (isVerb && /(er|ir|re)$/.test(e.word)) verbs.add(e.word);
    // Adverbs of manner (-ment): the rest are function words (alors, ici, oui).
    if (pos.includes('po:adv') && !isNoun && !isAdjective && !isVerb && e.word.endsWith('ment'))
      adverbs.add(e.word);
  }

  const nounWords = [];
  for (const [word, gender] of nounGenders) {
    if (!gender || alsoOther.has(word) || verbal.has(word) || functional.has(word)) continue;
    nounWords.push({ word, tags: [gender, ...topics(word)].sort() });
  }
  const adjectiveWords = [...adjectiveForms]
    // An adjective is as offensive as its worst form ("folle" is listed, "fou" is not).
    .map(([word, forms]) => ({ word, tags: topicsOf([word, ...Object.values(forms)]), forms }))
    .sort(byWord);
  // Two adjectives sharing a feminine (or masculine) form would make two slugs equal: keep the first.
  const taken = { feminine: new Set(), masculine: new Set() };
  const distinctAdjectives = adjectiveWords.filter((a) => {
    if (Object.entries(a.forms).some(([g, f]) => taken[g].has(f))) return false;
    for (const [g, f] of Object.entries(a.forms)) taken[g].add(f);
    return true;
  });
  const plain = (set) => [...set].map((word) => ({ word, tags: topics(word) })).sort(byWord);
  return {
    dictionaries: [
      { kind: 'adjective', language: 'fr', words: distinctAdjectives },
      { kind: 'adverb', language: 'fr', words: plain(adverbs) },
      { kind: 'noun', language: 'fr', words: nounWords.sort(byWord) },
      { kind: 'verb', language: 'fr', words: plain(verbs) },
    ],
    tags: FR_TAGS,
  };
}
