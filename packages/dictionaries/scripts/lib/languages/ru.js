// Russian dictionaries from the OpenCorpora dictionary as compiled by pymorphy2 and shipped in npm
// `az` 0.2.3 (OpenCorpora 0.92; the data CC-BY-SA-3.0, az's code MIT): each word's part of speech,
// gender and forms (храбрый → храбрая, храброе). Commonness: the word forms that occur in the
// OpenCorpora annotated corpus (az's P(t|w) table, news, fiction and encyclopaedia texts); nouns
// and adjectives need two attested forms, verbs one. No adverbs: nearly every Russian adverb is
// also the short form of an adjective (быстро), so none reads one way only.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  adjectiveTags,
  buildResult,
  genderTags,
  handKeptLists,
  languageTags,
  listFile,
  topicTagger,
  withDistinctForms,
} from './common.js';
import { isProfane, profaneWordsOf } from './profanity.js';

const require = createRequire(import.meta.url);
export const RU_SOURCE_PACKAGE = 'az 0.2.3 (npm; OpenCorpora 0.92 dictionary, corpus revision 4199617)';

const WORD = /^[а-яё]+$/u;
const GENDERS = { masc: 'masculine', femn: 'feminine', neut: 'neuter' };
/**
 * Names, places, abbreviations, slang, archaic and misspelt entries, possessives (митин),
 * superlatives, pronominal and ordinal adjectives, plural-only and common-gender nouns: no lemma a
 * slug wants, or none with one form per gender.
 */
const EXCLUDED_GRAMMEMES = [
  'Name',
  'Surn',
  'Patr',
  'Geox',
  'Orgn',
  'Trad',
  'Abbr',
  'Init',
  'Infr',
  'Slng',
  'Arch',
  'Litr',
  'Erro',
  'Dist',
  'Pltm',
  'Apro',
  'Anum',
  'Ms-f',
  'Poss',
  'Supr',
];

export const RU_TAGS = languageTags(
  ['adjective', 'noun', 'verb'],
  'Listed by a Russian profanity list, or holds a mat root',
  genderTags({ feminine: 'она', masculine: 'он', neuter: 'оно' }),
);

/** az with its dictionary loaded (its loader takes a callback). */
async function loadAz() {
  const Az = require('az');
  const dicts = join(dirname(require.resolve('az/package.json')), 'dicts');
  await new Promise((resolve, reject) => Az.Morph.init(dicts, (err) => (err ? reject(err) : resolve())));
  return { Az, dicts };
}

/** The word forms of the OpenCorpora corpus: the keys (`form:tag`, CP1251) of az's P(t|w) table. */
function corpusForms(Az, dicts) {
  const buf = readFileSync(join(dicts, 'p_t_given_w.intdawg'));
  const dawg = Az.DAWG.fromArrayBuffer(
    buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength),
    'int',
  );
  const decoder = new TextDecoder('windows-1251');
  const forms = new Set();
  for (const key of dawg.iterateAll(0)) forms.add(decoder.decode(Uint8Array.from(key)).split(':')[0]);
  return [...forms].filter((f) => WORD.test(f)).sort();
}

const kindOf = (pos) =>
  pos === 'NOUN' ? 'noun' : pos === 'ADJF' ? 'adjective' : pos === 'INFN' || pos === 'VERB' ? 'verb' : null;

export async function buildRussian() {
  const { Az, dicts } = await loadAz();
  const { stop, negative } = handKeptLists('ru');
  const matRoots = [...listFile('ru', 'mat-roots.txt')];
  const profane = await profaneWordsOf('ru');
  const topics = topicTagger(
    (w) => negative.has(w),
    // Whole words for the lists; mat roots anywhere in a word (Russian builds words on them with
    // prefixes and suffixes: заебать, распиздяй).
    (w) => isProfane(w, profane, new Set(), Number.POSITIVE_INFINITY) || matRoots.some((r) => w.includes(r)),
  );

  // Lemma -> the corpus forms read as it (a form read several ways counts for each reading).
  const attested = new Map();
  for (const form of corpusForms(Az, dicts)) {
    for (const p of Az.Morph(form)) {
      // Only the dictionary's own readings (az guesses unknown words from their endings), and the
      // ones the corpus makes likely: "времени" is read as time, not as a verb's imperative.
      if (p.parser !== 'Dictionary' || p.score < 0.3) continue;
      const kind = kindOf(p.tag.POS);
      if (!kind) continue;
      const key = `${kind}:${p.normalize().word}`;
      const set = attested.get(key) ?? new Set();
      set.add(form);
      attested.set(key, set);
    }
  }
  const minimum = { noun: 2, adjective: 2, verb: 1 };
  const nouns = [];
  const adjectives = [];
  const verbs = [];
  for (const [key, forms] of attested) {
    const [kind, word] = key.split(':');
    if (forms.size < minimum[kind] || !WORD.test(word) || stop.has(word) || word.length < 3) continue;
    // The lemma as a word must read as this kind only, in its citation form (a noun that is also
    // a verb form or an adjective reads as either, and is left out).
    const parses = Az.Morph(word);
    if (parses.length === 0) continue;
    if (
      parses.some(
        (p) => p.parser !== 'Dictionary' || kindOf(p.tag.POS) !== kind || p.normalize().word !== word,
      )
    )
      continue;
    if (parses.some((p) => EXCLUDED_GRAMMEMES.some((g) => p.tag[g]))) continue;
    if (kind === 'noun') {
      const genders = new Set(parses.map((p) => p.tag.GNdr));
      const [gender] = genders;
      if (genders.size !== 1 || !GENDERS[gender] || !parses.some((p) => p.tag.sing && p.tag.nomn)) continue;
      nouns.push({ word, tags: [GENDERS[gender], ...topics(word)].sort() });
    } else if (kind === 'adjective') {
      const p = parses.find((x) => x.tag.masc && x.tag.sing && x.tag.nomn);
      const feminine = p?.inflect(['femn', 'sing', 'nomn'])?.word;
      const neuter = p?.inflect(['neut', 'sing', 'nomn'])?.word;
      if (!feminine || !neuter || !WORD.test(feminine) || !WORD.test(neuter)) continue;
      const forms = { feminine, masculine: word, neuter };
      adjectives.push({
        word,
        tags: adjectiveTags(topics, word, forms, (f) => topics(f).includes('offensive')),
        forms,
      });
    } else if (kind === 'verb') {
      if (parses.every((p) => p.tag.POS === 'INFN')) verbs.push({ word, tags: topics(word) });
    }
  }
  return buildResult('ru', { adjective: withDistinctForms(adjectives), noun: nouns, verb: verbs }, RU_TAGS);
}
