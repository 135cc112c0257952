// Italian dictionaries from morph-it (Baroni & Zanchetta; dual CC-BY-SA-2.0 / LGPL, used here
// under CC-BY-SA-2.0) as exported on npm (italian-words-dict, italian-adjectives-dict,
// italian-verbs-dict), kept to the words of the @zxcvbn-ts/language-it frequency list (MIT) that a
// native reader knows.
import {
  adjectiveTags,
  buildResult,
  frequencyList,
  genderTags,
  handKeptLists,
  languageTags,
  packageJson,
  topicTagger,
  usableWord,
  withDistinctForms,
} from './common.js';
import { isProfane, profaneWordsOf } from './profanity.js';

const WORD = /^[a-zàèéìíòóùú]+$/u;
const GENDERS = { M: 'masculine', F: 'feminine' };

export const IT_TAGS = languageTags(
  ['adjective', 'noun', 'verb'],
  'Listed by an Italian profanity list',
  genderTags({ feminine: 'la', masculine: 'il' }),
);

export async function buildItalian() {
  const nouns = packageJson('italian-words-dict', 'words.json');
  const adjectives = packageJson('italian-adjectives-dict', 'adjectives.json');
  const verbs = packageJson('italian-verbs-dict', 'verbs.json');
  const known = new Set(frequencyList('@zxcvbn-ts/language-it/dist/commonWords.json.js'));
  const profane = await profaneWordsOf('it');
  const lists = handKeptLists('it');
  const topics = topicTagger(
    (w) => lists.negative.has(w),
    // Whole words: Italian glues no words together.
    (w) => isProfane(w, profane, new Set(), Number.POSITIVE_INFINITY),
  );
  const usable = usableWord(WORD, known, lists);

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
    adjectiveWords.push({ word, tags: adjectiveTags(topics, word, forms, (f) => profane.has(f)), forms });
  }
  const verbWords = Object.keys(verbs)
    .map((w) => w.normalize('NFC'))
    .filter((w) => usable(w) && /(are|ere|ire|rre)$/.test(w))
    .map((word) => ({ word, tags: topics(word) }));
  return buildResult(
    'it',
    { adjective: withDistinctForms(adjectiveWords), noun: nounWords, verb: verbWords },
    IT_TAGS,
  );
}
