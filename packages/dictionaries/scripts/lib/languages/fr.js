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
import { join } from 'node:path';
import {
  adjectiveTags,
  buildResult,
  checkHashes,
  filesPresent,
  frequencyList,
  genderTags,
  handKeptLists,
  languageTags,
  topicTagger,
  usableWord,
  withDistinctForms,
} from './common.js';
import { formsOf, readAffixes, readEntries } from './hunspell.js';
import { isProfane, profaneWordsOf } from './profanity.js';

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
  return filesPresent(frSourceDir(), Object.keys(FR_SOURCE_HASHES));
}

export const FR_TAGS = languageTags(
  ['adjective', 'adverb', 'noun', 'verb'],
  'Listed by a French profanity list',
  genderTags({ feminine: 'la', masculine: 'le' }),
);

export async function buildFrench() {
  const dir = frSourceDir();
  if (!frSourceAvailable()) {
    throw new Error(
      `French source not found in ${dir}: apt-get download hunspell-fr-comprehensive, dpkg -x it, and set FR_HUNSPELL_DIR`,
    );
  }
  checkHashes(dir, FR_SOURCE_HASHES, FR_SOURCE_PACKAGE);
  const { flagType, suffixes } = readAffixes(join(dir, 'fr.aff'));
  const entries = readEntries(join(dir, 'fr.dic'), flagType);
  const known = new Set(frequencyList('@zxcvbn-ts/language-fr/dist/commonWords.json.cjs', COMMON_TOP));
  // Names need no list: the lexicon spells them with a capital (po:npr, po:prn), and the
  // frequency package's first names include common words (petit, maison, blanc).
  const lists = handKeptLists('fr');
  const profane = await profaneWordsOf('fr');
  const topics = topicTagger(
    (w) => lists.negative.has(w),
    // Whole words only: French does not glue words together, and entries such as "trique" end
    // many innocent words (électrique, typique).
    (w) => isProfane(w, profane, lists.profaneAllow, Number.POSITIVE_INFINITY),
  );
  const usable = usableWord(WORD, known, lists);

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
  // "folle" is listed, "fou" is not: the adjective fou is offensive.
  const adjectiveWords = [...adjectiveForms].map(([word, forms]) => ({
    word,
    tags: adjectiveTags(topics, word, forms, (f) => profane.has(f)),
    forms,
  }));
  const plain = (set) => [...set].map((word) => ({ word, tags: topics(word) }));
  return buildResult(
    'fr',
    {
      adjective: withDistinctForms(adjectiveWords),
      adverb: plain(adverbs),
      noun: nounWords,
      verb: plain(verbs),
    },
    FR_TAGS,
  );
}
