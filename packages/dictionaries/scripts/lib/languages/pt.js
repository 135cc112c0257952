// Portuguese dictionaries from Debian's hunspell-pt-pt (Natura project, Universidade do Minho;
// GPL-2 or LGPL-2.1 or MPL-1.1, used here under MPL-1.1): its entries carry parts of speech and
// gender (`[CAT=nc,G=f,N=s]`), and its suffix rules give each adjective's feminine (`+G=f`).
// Kept to the lemmas among the most common words of @zxcvbn-ts/language-pt-br (OpenSubtitles 2024
// via OPUS, ODC-BY).
//
// The Debian package is read from PT_HUNSPELL_DIR (default /usr/share/hunspell), after
//   apt-get download hunspell-pt-pt && dpkg -x hunspell-pt-pt_*.deb /tmp/pt
//   PT_HUNSPELL_DIR=/tmp/pt/usr/share/hunspell node scripts/build-language.js pt
// The files' hashes are checked, so another version cannot silently give another bundle.
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

/** SHA-256 of pt_PT.dic and pt_PT.aff of hunspell-pt-pt 1:7.5.0-1. */
export const PT_SOURCE_HASHES = {
  'pt_PT.dic': '9d90cfd9fb15312db71fbe46c11f871df67684dae7c218ab270142e7ae68c377',
  'pt_PT.aff': '975a209fcc892cb382fa5f34a28c391a39668661ce373ae071287809c5fcae24',
};
export const PT_SOURCE_PACKAGE = 'hunspell-pt-pt 1:7.5.0-1 (Debian)';

const COMMON_TOP = 20_000;
const WORD = /^[a-zàáâãçéêíóôõú]+$/u;

export function ptSourceDir() {
  return process.env.PT_HUNSPELL_DIR || '/usr/share/hunspell';
}

export function ptSourceAvailable() {
  return filesPresent(ptSourceDir(), Object.keys(PT_SOURCE_HASHES));
}

/** The fields of an entry's `[CAT=nc,G=f,N=s]`. */
const fieldsOf = (morph) =>
  Object.fromEntries((morph.match(/([A-Z]+)=([^,\]\s]+)/g) ?? []).map((f) => f.split('=')));

export const PT_TAGS = languageTags(
  ['adjective', 'noun', 'verb'],
  'Listed by a Portuguese profanity list',
  genderTags({ feminine: 'a', masculine: 'o' }),
);

export async function buildPortuguese() {
  const dir = ptSourceDir();
  if (!ptSourceAvailable()) {
    throw new Error(
      `Portuguese source not found in ${dir}: apt-get download hunspell-pt-pt, dpkg -x it, and set PT_HUNSPELL_DIR`,
    );
  }
  checkHashes(dir, PT_SOURCE_HASHES, PT_SOURCE_PACKAGE);
  const { flagType, suffixes } = readAffixes(join(dir, 'pt_PT.aff'));
  const entries = readEntries(join(dir, 'pt_PT.dic'), flagType);
  const known = new Set(frequencyList('@zxcvbn-ts/language-pt-br/dist/commonWords.json.cjs', COMMON_TOP));
  const profane = await profaneWordsOf('pt');
  const lists = handKeptLists('pt');
  const topics = topicTagger(
    (w) => lists.negative.has(w),
    (w) => isProfane(w, profane, new Set(), Number.POSITIVE_INFINITY),
  );
  const usable = usableWord(WORD, known, lists);

  // A word with entries of several kinds (an adjective that is also a noun, a noun that is a verb
  // form) reads as either: nouns keep only words that are nothing else; a noun whose entries
  // disagree on gender is left out.
  const kinds = new Map();
  for (const e of entries) {
    const { CAT } = fieldsOf(e.morph);
    const set = kinds.get(e.word) ?? new Set();
    set.add(CAT);
    kinds.set(e.word, set);
  }
  const verbForms = new Set();
  for (const e of entries)
    if (fieldsOf(e.morph).CAT === 'v')
      for (const f of formsOf(e, suffixes)) verbForms.add(f.form.normalize('NFC'));

  const nounGenders = new Map();
  const adjectives = new Map();
  const verbs = new Set();
  for (const e of entries) {
    if (!usable(e.word)) continue;
    const f = fieldsOf(e.morph);
    if (f.CAT === 'nc' && kinds.get(e.word).size === 1 && !verbForms.has(e.word)) {
      const gender = f.G === 'f' ? 'feminine' : f.G === 'm' ? 'masculine' : null;
      const seen = nounGenders.get(e.word);
      nounGenders.set(e.word, seen === undefined || seen === gender ? gender : null);
    }
    if ((f.CAT === 'adj' || f.CAT === 'a_nc') && !adjectives.has(e.word)) {
      const invariable = f.G === '_' || f.G === '2';
      const feminine = invariable
        ? e.word
        : f.G === 'm'
          ? formsOf(e, suffixes).find((x) => /G=f/.test(x.morph) && !/N=p/.test(x.morph))?.form
          : undefined;
      if (feminine && WORD.test(feminine))
        adjectives.set(e.word, { masculine: e.word, feminine: feminine.normalize('NFC') });
    }
    // Infinitives only (the lexicon marks some gerunds, sendo, tendo, as infinitive entries).
    if (f.CAT === 'v' && f.T === 'inf' && /(ar|er|ir|or|ôr)$/.test(e.word)) verbs.add(e.word);
  }
  const nounWords = [...nounGenders]
    .filter(([, g]) => g)
    .map(([word, g]) => ({ word, tags: [g, ...topics(word)].sort() }));
  const adjectiveWords = [...adjectives].map(([word, forms]) => ({
    word,
    tags: adjectiveTags(topics, word, forms, (f) => profane.has(f)),
    forms,
  }));
  const verbWords = [...verbs].map((word) => ({ word, tags: topics(word) }));
  return buildResult(
    'pt',
    { adjective: withDistinctForms(adjectiveWords), noun: nounWords, verb: verbWords },
    PT_TAGS,
  );
}
