// What every language build does the same way: its hand-kept lists, its frequency list, the
// check of a Debian source, the opt-in tags, adjectives with distinct forms and the result.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const LISTS = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'lists');

const byWord = (a, b) => (a.word < b.word ? -1 : a.word > b.word ? 1 : 0);

/** A hand-kept list of `lists/<language>/`: one word per line, `#` comments; none when absent. */
export function listFile(language, name) {
  const path = join(LISTS, language, name);
  if (!existsSync(path)) return new Set();
  return new Set(
    readFileSync(path, 'utf8')
      .split('\n')
      .map((l) => l.replace(/#.*/, '').trim().normalize('NFC').toLowerCase())
      .filter(Boolean),
  );
}

/** The hand-kept lists a language may have (an absent one is empty). */
export function handKeptLists(language) {
  return {
    stop: listFile(language, 'stopwords.txt'),
    negative: listFile(language, 'negative.txt'),
    excluded: listFile(language, 'excluded.txt'),
    added: listFile(language, 'nouns-add.txt'),
    profaneAllow: listFile(language, 'profanity-allow.txt'),
  };
}

/** A JSON file of an npm data package's `dist/`. */
export function packageJson(pkg, file) {
  return JSON.parse(
    readFileSync(join(dirname(require.resolve(`${pkg}/package.json`)), 'dist', file), 'utf8'),
  );
}

/** The first `top` entries (NFC) of a frequency list module, such as a @zxcvbn-ts language's. */
export function frequencyList(specifier, top = Number.POSITIVE_INFINITY) {
  const list = require(specifier);
  return (list.default ?? list).slice(0, top).map((w) => w.normalize('NFC'));
}

/**
 * Whether a word may be listed: spelt by `pattern`, common (or added by hand) and on neither the
 * stop nor the excluded list.
 */
export function usableWord(pattern, known, { added, stop, excluded }) {
  return (w) => pattern.test(w) && (known.has(w) || added.has(w)) && !stop.has(w) && !excluded.has(w);
}

/** Whether each named file is in `dir`. */
export function filesPresent(dir, files) {
  return files.every((f) => existsSync(join(dir, f)));
}

/** Throws unless each file in `dir` has its SHA-256: another package version would silently give another bundle. */
export function checkHashes(dir, hashes, packageName) {
  for (const [file, expected] of Object.entries(hashes)) {
    const hash = createHash('sha256')
      .update(readFileSync(join(dir, file)))
      .digest('hex');
    if (hash !== expected)
      throw new Error(`${file} in ${dir} is not the one of ${packageName} (sha256 ${hash})`);
  }
}

/** A word's opt-in topic tags: `negative` and `offensive`, by the language's own tests. */
export function topicTagger(isNegative, isOffensive) {
  return (w) => {
    const tags = [];
    if (isNegative(w)) tags.push('negative');
    if (isOffensive(w)) tags.push('offensive');
    return tags;
  };
}

/** An adjective's tags: its lemma's, and `offensive` when a form is (it is as offensive as its worst form). */
export function adjectiveTags(topics, word, forms, isOffensiveForm) {
  const tags = topics(word);
  if (!tags.includes('offensive') && Object.values(forms).some(isOffensiveForm)) tags.push('offensive');
  return tags.sort();
}

/**
 * The adjectives in word order, less those whose form of one gender another one before them
 * already has: two would make two slugs equal.
 */
export function withDistinctForms(adjectives) {
  const taken = new Map();
  return [...adjectives].sort(byWord).filter((a) => {
    const forms = Object.entries(a.forms);
    if (forms.some(([g, f]) => taken.get(g)?.has(f))) return false;
    for (const [g, f] of forms) taken.set(g, (taken.get(g) ?? new Set()).add(f));
    return true;
  });
}

/** The grammatical gender tags of nouns, each with its article (`{ feminine: 'la' }`). */
export function genderTags(articles) {
  return Object.entries(articles).map(([gender, article]) => ({
    kind: 'noun',
    tag: gender,
    description: `Grammatical gender: ${gender} (${article})`,
    opt_in: false,
  }));
}

/** A language's tags, by kind then tag: opt-in `negative` and `offensive` on each kind, and its own. */
export function languageTags(kinds, offensiveDescription, ownTags = []) {
  return [
    ...kinds.flatMap((kind) => [
      { kind, tag: 'negative', description: 'Unpleasant in a name (hand-kept list)', opt_in: true },
      { kind, tag: 'offensive', description: offensiveDescription, opt_in: true },
    ]),
    ...ownTags,
  ].sort((a, b) => (a.kind + a.tag < b.kind + b.tag ? -1 : 1));
}

/** Emoji groups whose names are no everyday things (skin tones, flags). */
const NAMELESS_GROUPS = new Set([2, 9]);
/** Category of a noun named by an emoji of these subgroups (Emojibase). */
const CATEGORY_OF_SUBGROUP = {
  'animal-mammal': 'animal',
  'animal-bird': 'animal',
  'animal-amphibian': 'animal',
  'animal-reptile': 'animal',
  'animal-marine': 'animal',
  'animal-bug': 'animal',
  'plant-flower': 'plant',
  'plant-other': 'plant',
  'food-fruit': 'food',
  'food-vegetable': 'food',
  'food-prepared': 'food',
  'food-asian': 'food',
  'food-sweet': 'food',
  drink: 'drink',
};
/** Emoji of those subgroups that show no whole animal or plant: feather, wing, web, paw prints,
 *  pig nose, microbe, coral, nests, leaves, shell, bouquet and rosette (no plant). */
const NOT_WHOLE = new Set([
  '1FAB6',
  '1FABD',
  '1F578',
  '1F43E',
  '1F43D',
  '1F9A0',
  '1FAB8',
  '1FAB9',
  '1FABA',
  '1F341',
  '1F342',
  '1F343',
  '1F41A',
  '1F490',
  '1F3F5',
]);
const CATEGORY_DESCRIPTIONS = {
  animal: 'Animal: an emoji of Emoji 17 is named with the word (🦦, in the language of the bundle)',
  drink: 'Drink: an emoji of Emoji 17 is named with the word (☕)',
  food: 'Food: an emoji of Emoji 17 is named with the word (🍎, 🍜)',
  plant: 'Plant: an emoji of Emoji 17 is named with the word (🌳, 🌷)',
};

/** The emoji of a language (Emojibase's localised CLDR names), with their one-word names. */
function emojiOf(language) {
  const data = JSON.parse(readFileSync(require.resolve(`emojibase-data/${language}/data.json`), 'utf8'));
  return data
    .filter((e) => !NAMELESS_GROUPS.has(e.group) && !/\s/u.test(e.label))
    .map((e) => ({ ...e, name: e.label.normalize('NFC').toLowerCase() }));
}

/** One-word names of a language's emoji (Emojibase, CLDR annotations): everyday nouns. */
export function emojiNames(language) {
  return [...new Set(emojiOf(language).map((e) => e.name))].sort();
}

/** Noun → its category (animal, plant, food, drink) by the emoji named with it. */
function emojiCategories(language) {
  const subgroups = JSON.parse(
    readFileSync(require.resolve('emojibase-data/meta/groups.json'), 'utf8'),
  ).subgroups;
  const categories = new Map();
  for (const e of emojiOf(language)) {
    const category = CATEGORY_OF_SUBGROUP[subgroups[e.subgroup]];
    if (category && !NOT_WHOLE.has(e.hexcode)) categories.set(e.name, category);
  }
  return categories;
}

/**
 * What a language build gives: a dictionary per kind (kinds and words in order) and its tags.
 * Nouns an emoji of the animal, plant, food or drink subgroups is named with (in the language's
 * CLDR names, through Emojibase) carry that category as a tag (since the second bundle of each
 * language).
 */
export function buildResult(language, wordsByKind, tags) {
  const categories = emojiCategories(language);
  const used = new Set();
  const categorised = (w) => {
    const category = categories.get(w.word);
    if (!category || w.tags.includes(category)) return w;
    used.add(category);
    return { ...w, tags: [...w.tags, category].sort() };
  };
  const dictionaries = Object.keys(wordsByKind)
    .sort()
    .map((kind) => ({
      kind,
      language,
      words: [...wordsByKind[kind]].map((w) => (kind === 'noun' ? categorised(w) : w)).sort(byWord),
    }));
  const categoryTags = [...used].map((tag) => ({
    kind: 'noun',
    tag,
    description: CATEGORY_DESCRIPTIONS[tag],
    opt_in: false,
  }));
  return {
    dictionaries,
    tags: [...tags, ...categoryTags].sort((a, b) => (a.kind + a.tag < b.kind + b.tag ? -1 : 1)),
  };
}
