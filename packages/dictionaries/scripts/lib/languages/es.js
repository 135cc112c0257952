// Spanish dictionaries from Apertium's Spanish morphology (Debian apertium-spa-cat, GPL-2+): its
// analyser gives each word's part of speech and gender (`gato<n><m><sg>`), its Spanish generator
// each adjective's feminine (`bravo<adj><f><sg>` → brava). Kept to the lemmas among the most
// common words of @zxcvbn-ts/language-es-es (OpenSubtitles 2024 via OPUS, ODC-BY).
//
// Needs lt-proc (Debian lttoolbox) and the package's transducers in ES_APERTIUM_DIR (default
// /usr/share/apertium/apertium-spa-cat), after
//   apt-get install lttoolbox apertium-spa-cat && node scripts/build-language.js es
// The transducers' hashes are checked, so another version cannot silently give another bundle.
import { join } from 'node:path';
import { analyse, generate } from './apertium.js';
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
  withDistinctForms,
} from './common.js';
import { isProfane, profaneWordsOf } from './profanity.js';

/** SHA-256 of the Spanish analyser and generator of apertium-spa-cat 2.2.0-3. */
const ES_SOURCE_HASHES = {
  'spa-cat.automorf.bin': '90c35e46b620f72c5008eaeb8642c072964f465b04ab35daa8c196e6fa0b4439',
  'cat-spa.autogen.bin': '46115a8b49d4d2616528ba782b5329a2e9d84b7559f4b111bfc20a1b15d5b1c1',
};
export const ES_SOURCE_PACKAGE = 'apertium-spa-cat 2.2.0-3 (Debian)';

const COMMON_TOP = 20_000;
const WORD = /^[a-záéíóúüñ]+$/u;

export function esSourceDir() {
  return process.env.ES_APERTIUM_DIR || '/usr/share/apertium/apertium-spa-cat';
}

export function esSourceAvailable() {
  return filesPresent(esSourceDir(), Object.keys(ES_SOURCE_HASHES));
}

const GENDERS = { m: 'masculine', f: 'feminine' };

export const ES_TAGS = languageTags(
  ['adjective', 'adverb', 'noun', 'verb'],
  'Listed by a Spanish profanity list',
  genderTags({ feminine: 'la', masculine: 'el' }),
);

/**
 * The one kind a word's analyses give when it is its own lemma in the citation form (a singular
 * noun of one gender, a masculine or invariable singular adjective, an infinitive, an adverb), or
 * null: a word read several ways (a noun that is also a verb form, an adjective that is also a
 * noun) or an inflected form is left out.
 */
function citationKind(word, analyses) {
  if (analyses.length === 0 || analyses.some((a) => a.lemma !== word)) return null;
  const kinds = new Set(
    analyses.map(({ tags }) => {
      const [pos, g, n] = tags;
      if (pos === 'n' && (g === 'm' || g === 'f') && n === 'sg' && tags.length === 3) return `noun:${g}`;
      if (pos === 'adj' && (g === 'm' || g === 'mf') && n === 'sg' && tags.length === 3)
        return `adjective:${g}`;
      if (pos === 'vblex' && g === 'inf' && tags.length === 2) return 'verb';
      if (pos === 'adv' && tags.length === 1) return 'adverb';
      return 'other';
    }),
  );
  return kinds.size === 1 && !kinds.has('other') ? [...kinds][0] : null;
}

export async function buildSpanish() {
  const dir = esSourceDir();
  if (!esSourceAvailable()) {
    throw new Error(
      `Spanish source not found in ${dir}: apt-get install lttoolbox apertium-spa-cat, or set ES_APERTIUM_DIR`,
    );
  }
  checkHashes(dir, ES_SOURCE_HASHES, ES_SOURCE_PACKAGE);
  const { stop, excluded, negative } = handKeptLists('es');
  const candidates = [
    ...new Set(
      frequencyList('@zxcvbn-ts/language-es-es/dist/commonWords.json.cjs', COMMON_TOP).filter(
        (w) => WORD.test(w) && !stop.has(w) && !excluded.has(w),
      ),
    ),
  ];
  const analyses = analyse(join(dir, 'spa-cat.automorf.bin'), candidates);
  const profane = await profaneWordsOf('es');
  const topics = topicTagger(
    (w) => negative.has(w),
    // Whole words only: Spanish does not glue words together ("puta" ends "disputa").
    (w) => isProfane(w, profane, new Set(), Number.POSITIVE_INFINITY),
  );

  const nouns = [];
  const adjectives = [];
  const verbs = [];
  const adverbs = [];
  for (const word of candidates) {
    const kind = citationKind(word, analyses.get(word) ?? []);
    if (!kind) continue;
    const [base, gender] = kind.split(':');
    if (base === 'noun') nouns.push({ word, tags: [GENDERS[gender], ...topics(word)].sort() });
    if (base === 'adjective') adjectives.push({ word, invariable: gender === 'mf' });
    if (base === 'verb' && /(ar|er|ir)$/u.test(word)) verbs.push({ word, tags: topics(word) });
    // Adverbs of manner (-mente): the rest are function words (aquí, nunca, ya).
    if (base === 'adverb' && word.endsWith('mente')) adverbs.push({ word, tags: topics(word) });
  }
  const variable = adjectives.filter((a) => !a.invariable);
  const feminines = generate(
    join(dir, 'cat-spa.autogen.bin'),
    variable.map((a) => `${a.word}<adj><f><sg>`),
  );
  const feminineOf = new Map(variable.map((a, i) => [a.word, feminines[i]]));
  const adjectiveWords = adjectives
    .map(({ word, invariable }) => {
      const feminine = invariable ? word : feminineOf.get(word);
      if (!feminine || !WORD.test(feminine)) return null;
      const forms = { masculine: word, feminine };
      return { word, tags: adjectiveTags(topics, word, forms, (f) => profane.has(f)), forms };
    })
    .filter(Boolean);
  return buildResult(
    'es',
    { adjective: withDistinctForms(adjectiveWords), adverb: adverbs, noun: nouns, verb: verbs },
    ES_TAGS,
  );
}
