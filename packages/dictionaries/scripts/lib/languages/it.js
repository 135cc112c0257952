// Italian dictionaries from morph-it (Baroni & Zanchetta; dual CC-BY-SA-2.0 / LGPL, used here
// under CC-BY-SA-2.0) as exported on npm (italian-words-dict, italian-adjectives-dict,
// italian-verbs-dict), kept to the words of the @zxcvbn-ts/language-it frequency list (MIT) that a
// native reader knows.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isProfane, profaneWordsOf } from './profanity.js';

const require = createRequire(import.meta.url);
const LISTS = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'lists', 'it');
const WORD = /^[a-zàèéìíòóùú]+$/u;
const GENDERS = { M: 'masculine', F: 'feminine' };

function json(pkg, file) {
  return JSON.parse(
    readFileSync(join(dirname(require.resolve(`${pkg}/package.json`)), 'dist', file), 'utf8'),
  );
}

function listFile(name) {
  let text = '';
  try {
    text = readFileSync(join(LISTS, name), 'utf8');
  } catch {
    return new Set();
  }
  return new Set(
    text
      .split('\n')
      .map((l) => l.replace(/#.*/, '').trim().normalize('NFC').toLowerCase())
      .filter(Boolean),
  );
}

const byWord = (a, b) => (a.word < b.word ? -1 : a.word > b.word ? 1 : 0);

export const IT_TAGS = [
  ...['adjective', 'noun', 'verb'].flatMap((kind) => [
    { kind, tag: 'negative', description: 'Unpleasant in a name (hand-kept list)', opt_in: true },
    { kind, tag: 'offensive', description: 'Listed by an Italian profanity list', opt_in: true },
  ]),
  { kind: 'noun', tag: 'feminine', description: 'Grammatical gender: feminine (la)', opt_in: false },
  { kind: 'noun', tag: 'masculine', description: 'Grammatical gender: masculine (il)', opt_in: false },
].sort((a, b) => (a.kind + a.tag < b.kind + b.tag ? -1 : 1));

export async function buildItalian() {
  const nouns = json('italian-words-dict', 'words.json');
  const adjectives = json('italian-adjectives-dict', 'adjectives.json');
  const verbs = json('italian-verbs-dict', 'verbs.json');
  const known = new Set(
    require('@zxcvbn-ts/language-it/dist/commonWords.json.js').map((w) => w.normalize('NFC')),
  );
  const profane = await profaneWordsOf('it');
  const stop = listFile('stopwords.txt');
  const negative = listFile('negative.txt');
  const excluded = listFile('excluded.txt');
  const added = listFile('nouns-add.txt');
  const topics = (w) => {
    const tags = [];
    if (negative.has(w)) tags.push('negative');
    // Whole words: Italian glues no words together.
    if (isProfane(w, profane, new Set(), Number.POSITIVE_INFINITY)) tags.push('offensive');
    return tags;
  };
  const usable = (w) => WORD.test(w) && (known.has(w) || added.has(w)) && !stop.has(w) && !excluded.has(w);

  // Every adjective form and every verb form: a noun spelt like one is a nominalised adjective or
  // participle (abbandonata), or reads as the verb.
  const adjectiveForms = new Set();
  for (const [lemma, v] of Object.entries(adjectives)) {
    adjectiveForms.add(lemma.normalize('NFC'));
    for (const f of Object.values(v)) if (typeof f === 'string') adjectiveForms.add(f.normalize('NFC'));
  }
  const verbForms = new Set();
  const collect = (v) => {
    if (typeof v === 'string') verbForms.add(v.normalize('NFC'));
    else if (v && typeof v === 'object') for (const x of Object.values(v)) collect(x);
  };
  for (const [inf, v] of Object.entries(verbs)) {
    verbForms.add(inf.normalize('NFC'));
    collect(v);
  }

  const nounWords = [];
  for (const [key, v] of Object.entries(nouns)) {
    const word = key.normalize('NFC');
    if (!usable(word) || !GENDERS[v.G] || adjectiveForms.has(word) || verbForms.has(word)) continue;
    nounWords.push({ word, tags: [GENDERS[v.G], ...topics(word)].sort() });
  }
  const adjectiveWords = [];
  for (const [key, v] of Object.entries(adjectives)) {
    const word = key.normalize('NFC');
    const feminine = v.FS?.normalize('NFC');
    if (!usable(word) || !feminine || !WORD.test(feminine) || verbForms.has(word)) continue;
    const forms = { feminine, masculine: word };
    const tags = topics(word);
    if (!tags.includes('offensive') && profane.has(feminine)) tags.push('offensive');
    adjectiveWords.push({ word, tags: tags.sort(), forms });
  }
  adjectiveWords.sort(byWord);
  const taken = { feminine: new Set(), masculine: new Set() };
  const distinctAdjectives = adjectiveWords.filter((a) => {
    if (Object.entries(a.forms).some(([g, f]) => taken[g].has(f))) return false;
    for (const [g, f] of Object.entries(a.forms)) taken[g].add(f);
    return true;
  });
  const verbWords = Object.keys(verbs)
    .map((w) => w.normalize('NFC'))
    .filter((w) => usable(w) && /(are|ere|ire|rre)$/.test(w))
    .map((word) => ({ word, tags: topics(word) }));
  return {
    dictionaries: [
      { kind: 'adjective', language: 'it', words: distinctAdjectives },
      { kind: 'noun', language: 'it', words: nounWords.sort(byWord) },
      { kind: 'verb', language: 'it', words: verbWords.sort(byWord) },
    ],
    tags: IT_TAGS,
  };
}
