// Russian dictionaries from the OpenCorpora dictionary as compiled by pymorphy2 and shipped in npm
// `az` 0.2.3 (OpenCorpora 0.92; the data CC-BY-SA-3.0, az's code MIT): each word's part of speech,
// gender and forms (храбрый → храбрая, храброе). Commonness: the word forms that occur in the
// OpenCorpora annotated corpus (az's P(t|w) table, news, fiction and encyclopaedia texts); nouns
// and adjectives need two attested forms, verbs one. No adverbs: nearly every Russian adverb is
// also the short form of an adjective (быстро), so none reads one way only.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isProfane, profaneWordsOf } from './profanity.js';

const require = createRequire(import.meta.url);
const LISTS = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'lists', 'ru');
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

export const RU_TAGS = [
  ...['adjective', 'noun', 'verb'].flatMap((kind) => [
    { kind, tag: 'negative', description: 'Unpleasant in a name (hand-kept list)', opt_in: true },
    {
      kind,
      tag: 'offensive',
      description: 'Listed by a Russian profanity list, or holds a mat root',
      opt_in: true,
    },
  ]),
  { kind: 'noun', tag: 'feminine', description: 'Grammatical gender: feminine (она)', opt_in: false },
  { kind: 'noun', tag: 'masculine', description: 'Grammatical gender: masculine (он)', opt_in: false },
  { kind: 'noun', tag: 'neuter', description: 'Grammatical gender: neuter (оно)', opt_in: false },
].sort((a, b) => (a.kind + a.tag < b.kind + b.tag ? -1 : 1));

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
  const stop = listFile('stopwords.txt');
  const negative = listFile('negative.txt');
  const matRoots = [...listFile('mat-roots.txt')];
  const profane = await profaneWordsOf('ru');
  const topics = (w) => {
    const tags = [];
    if (negative.has(w)) tags.push('negative');
    // Whole words for the lists; mat roots anywhere in a word (Russian builds words on them with
    // prefixes and suffixes: заебать, распиздяй).
    if (isProfane(w, profane, new Set(), Number.POSITIVE_INFINITY) || matRoots.some((r) => w.includes(r)))
      tags.push('offensive');
    return tags;
  };

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
      const tags = topics(word);
      if (!tags.includes('offensive') && [feminine, neuter].some((f) => topics(f).includes('offensive')))
        tags.push('offensive');
      adjectives.push({ word, tags: tags.sort(), forms: { feminine, masculine: word, neuter } });
    } else if (kind === 'verb') {
      if (parses.every((p) => p.tag.POS === 'INFN')) verbs.push({ word, tags: topics(word) });
    }
  }
  // Two adjectives sharing a form would make two slugs equal: keep the first.
  const taken = { feminine: new Set(), masculine: new Set(), neuter: new Set() };
  const distinctAdjectives = adjectives.sort(byWord).filter((a) => {
    if (Object.entries(a.forms).some(([g, f]) => taken[g].has(f))) return false;
    for (const [g, f] of Object.entries(a.forms)) taken[g].add(f);
    return true;
  });
  return {
    dictionaries: [
      { kind: 'adjective', language: 'ru', words: distinctAdjectives },
      { kind: 'noun', language: 'ru', words: nouns.sort(byWord) },
      { kind: 'verb', language: 'ru', words: verbs.sort(byWord) },
    ],
    tags: RU_TAGS,
  };
}
