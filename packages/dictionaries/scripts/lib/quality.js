// Word quality tags of the English kinds (bundle 2.0.0 on): sentiment (positive, neutral,
// negative), sensitive topics (topics.js), familiarity (rare) and profanity-list look-alikes.
// Everything but positive and neutral is opt-in, so default output is pleasant and familiar.
import { readLines } from './curated.js';
import { NEGATIVE_VALENCE, POSITIVE_VALENCE, readFrequencyRanks, readVader } from './sentiment.js';
import { TOPIC_TAGS } from './topics.js';

/** A word ranked below this in the frequency list is `rare` unless SCOWL calls it very common. */
export const FAMILIAR_RANK = 50000;
/** SCOWL size level of the most common words: these count as familiar whatever their rank. */
export const CORE_SCOWL_LEVEL = 10;
/** A word VADER does not rate is negative when a WordNet relative is at most this. */
export const RELATIVE_NEGATIVE_VALENCE = -1.5;

export const SENTIMENT_TAGS = {
  positive: 'Pleasant words (bright, gentle, cheerful) by the VADER valence lexicon',
  neutral: 'Words without a marked sentiment (table, walk, blue)',
  negative:
    'Unpleasant words (gloomy, rotten, mistake) by the VADER valence lexicon and review; opt-in: only with +negative',
};
/**
 * Subjectivity tags (bundle 2.3.0), the reference service's `emo`/`det` and `obj` (short aliases
 * in the engine): every English word is `emotional` or `detached`; `objective` words are detached
 * and not negative, so they go with `positive` or `neutral` (+pos+obj: stable, reliable).
 */
export const SUBJECTIVITY_TAGS = {
  emotional:
    'Words that carry feeling (thrilling, grief, adore): a strong VADER valence or a feeling sense in WordNet',
  detached: 'Words without emotional charge (tidy, lantern, measure): every word that is not emotional',
  objective: 'Matter-of-fact words (stable, metal, annual): detached and not negative',
};
/** A VADER valence at least this far from 0 makes a word emotional. */
export const EMOTIONAL_VALENCE = 1.5;

export const QUALITY_OPT_IN = {
  negative: SENTIMENT_TAGS.negative,
  rare: 'Less familiar words, outside the 50,000 most frequent English words (giddiness, mete); opt-in: only with +rare',
  profanity: 'Ordinary words that profanity lists flag (escort, prick, snatch); opt-in: only with +profanity',
};

/** Lines `tag word word kind:word …` -> matcher per tag. */
function readTaggedWords(file) {
  /** @type {Map<string, Set<string>>} */
  const byTag = new Map();
  for (const line of readLines(file)) {
    const [tag, ...words] = line.split(/\s+/);
    const set = byTag.get(tag) ?? new Set();
    for (const w of words) set.add(w);
    byTag.set(tag, set);
  }
  const has = (tag, kind, word) => {
    const set = byTag.get(tag);
    return !!set && (set.has(word) || set.has(`${kind}:${word}`));
  };
  return { byTag, has };
}

/**
 * Loads the sources once. `tagsOf(kind, word, {topics, relatives, level, offensive})` gives the
 * quality tags of one English word: `topics` from WordNet, `relatives` the lemmas of its cluster
 * head and derivation links, `level` its SCOWL level, `offensive` whether it carries that tag.
 */
export function loadQuality(profane) {
  const vader = readVader();
  const ranks = readFrequencyRanks();
  const topicAdd = readTaggedWords('topics.txt');
  const topicAllow = readTaggedWords('topics-allow.txt');
  const sentimentSet = readTaggedWords('sentiment.txt');
  for (const tag of [...topicAdd.byTag.keys(), ...topicAllow.byTag.keys()])
    if (!TOPIC_TAGS.includes(tag)) throw new Error(`topics list names an unknown topic: ${tag}`);
  for (const tag of sentimentSet.byTag.keys())
    if (!(tag in SENTIMENT_TAGS)) throw new Error(`sentiment.txt names an unknown sentiment: ${tag}`);

  /** VADER valence of the word, or of its adjective for an -ly adverb. */
  const valenceOf = (kind, word) => {
    const own = vader.get(word);
    if (own !== undefined || kind !== 'adverb') return own;
    const base = /ily$/.test(word) ? word.replace(/ily$/, 'y') : word.replace(/ly$/, '');
    return vader.get(base) ?? vader.get(`${base}e`);
  };
  /**
   * A word VADER does not rate takes a clearly negative valence from its WordNet relatives: the
   * head of its adjective cluster ("ghastly" is similar to "unpleasant") and the words it is derived
   * from or pertains to ("bigoted" from "bigot").
   */
  const relativesValence = (relatives) => {
    let min;
    for (const w of relatives) {
      const v = vader.get(w);
      if (v !== undefined && (min === undefined || v < min)) min = v;
    }
    return min !== undefined && min <= RELATIVE_NEGATIVE_VALENCE ? min : undefined;
  };
  const sentiment = (kind, word, relatives = []) => {
    for (const tag of Object.keys(SENTIMENT_TAGS)) if (sentimentSet.has(tag, kind, word)) return tag;
    const v = valenceOf(kind, word) ?? relativesValence(relatives);
    if (v === undefined) return 'neutral';
    if (v <= NEGATIVE_VALENCE) return 'negative';
    return v >= POSITIVE_VALENCE ? 'positive' : 'neutral';
  };
  const topics = (kind, word, fromWordNet) =>
    TOPIC_TAGS.filter(
      (t) => (fromWordNet.has(t) && !topicAllow.has(t, kind, word)) || topicAdd.has(t, kind, word),
    );
  const isRare = (word, level) =>
    level > CORE_SCOWL_LEVEL && !((ranks.get(word) ?? Infinity) < FAMILIAR_RANK);

  return {
    ranks,
    vader,
    sentiment,
    topics,
    isRare,
    tagsOf(kind, word, { topics: fromWordNet, relatives, level, offensive, feeling }) {
      const mood = sentiment(kind, word, relatives);
      const valence = valenceOf(kind, word);
      const emotional = feeling || (valence !== undefined && Math.abs(valence) >= EMOTIONAL_VALENCE);
      const tags = [mood, emotional ? 'emotional' : 'detached', ...topics(kind, word, fromWordNet)];
      if (!emotional && mood !== 'negative') tags.push('objective');
      if (isRare(word, level)) tags.push('rare');
      if (profane.has(word) && !offensive) tags.push('profanity');
      return tags;
    },
  };
}
