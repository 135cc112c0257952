// Audit of the shipped bundles: shape, character rules, tags and the safety policy.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSafety, optInTagsOf, type Safety, SUFFIX_RE, WORD_RE } from '../scripts/lib/build.js';
import { contentHash, serializeBundle } from '../scripts/lib/canonical.js';
import { readAvoidPairs, readEmojiList, readLines } from '../scripts/lib/curated.js';
import { FAMILIAR_RANK } from '../scripts/lib/quality.js';
import {
  NEGATIVE_VALENCE,
  POSITIVE_VALENCE,
  readFrequencyRanks,
  readVader,
} from '../scripts/lib/sentiment.js';
import { TOPIC_TAGS } from '../scripts/lib/topics.js';
import { currentBundleId, type DictionaryBundle, listBundles, loadBundle } from '../src/index.js';
import { BUNDLES_DIR, WORD_KINDS } from './helpers.js';

const OPT_IN = ['offensive', 'sensitive', 'nsfw', 'negative', 'rare', 'profanity', ...TOPIC_TAGS];
const SENTIMENTS = ['positive', 'neutral', 'negative'];
const SKIN_TONES = /[\u{1F3FB}-\u{1F3FF}]/u;
// biome-ignore lint/complexity/useRegexLiterals: a literal with the v flag needs an ES2024 target in TypeScript
const RGI_EMOJI = new RegExp('^\\p{RGI_Emoji}$', 'v');

let bundle: DictionaryBundle;
let safety: Safety;

function dictionary(kind: string) {
  const d = bundle.dictionaries.find((x) => x.kind === kind);
  if (!d) throw new Error(`no ${kind} dictionary`);
  return d;
}

beforeAll(async () => {
  bundle = loadBundle();
  safety = await loadSafety();
});

describe('shipped bundles', () => {
  it('lists the current bundle and every listed file holds the content its hash names', () => {
    const ids = listBundles().map((b) => b.id);
    expect(ids).toContain(currentBundleId);
    for (const info of listBundles()) {
      const b = loadBundle(info.id);
      expect(b.id).toBe(info.id);
      expect(b.id).toBe(`${b.version}-${b.hash.slice(0, 8)}`);
      expect(contentHash(b)).toBe(b.hash);
      // The file is in the canonical layout, so a rebuild of the same content is byte-identical.
      expect(readFileSync(join(BUNDLES_DIR, info.file), 'utf8')).toBe(serializeBundle(b));
    }
  });

  it('has the kinds the engine expects, with languages', () => {
    expect(bundle.dictionaries.map((d) => [d.kind, d.language])).toEqual([
      ['adjective', 'en'],
      ['adverb', 'en'],
      ['noun', 'en'],
      ['verb', 'en'],
      ['suffix', null],
      ['emoji', null],
      ['domain', null],
      ['shell', null],
    ]);
  });

  it('caches: loading twice returns the same object', () => {
    expect(loadBundle(currentBundleId)).toBe(loadBundle());
  });
});

describe('character rules', () => {
  it('word kinds hold lower-case a-z words of 2-12 letters, sorted and unique', () => {
    for (const kind of WORD_KINDS) {
      const words = dictionary(kind).words.map((w) => w.word);
      expect(words.length).toBeGreaterThan(500);
      for (const w of words) expect(w).toMatch(WORD_RE);
      expect([...words].sort()).toEqual(words);
      expect(new Set(words).size).toBe(words.length);
    }
  });

  it('suffixes are lower-case a-z of 2-6 letters', () => {
    for (const { word } of dictionary('suffix').words) expect(word).toMatch(SUFFIX_RE);
  });

  it('emoji are single RGI emoji, each once, without skin-tone variants', () => {
    const words = dictionary('emoji').words.map((w) => w.word);
    expect(words.length).toBeGreaterThan(1800);
    expect(new Set(words).size).toBe(words.length);
    // The RGI set of the runtime's Unicode data; older runtimes do not know the newest emoji.
    const runtimeKnowsAll = Number.parseFloat(process.versions.unicode ?? '0') >= 17;
    for (const e of words) {
      expect(e).not.toMatch(SKIN_TONES);
      if (runtimeKnowsAll) expect(e).toMatch(RGI_EMOJI);
    }
  });

  it('every tag is [a-z0-9_]+, sorted and unique per word, and described once per kind', () => {
    const described = new Set(bundle.tags.map((t) => `${t.kind}:${t.tag}`));
    expect(described.size).toBe(bundle.tags.length);
    for (const t of bundle.tags) {
      expect(t.tag).toMatch(/^[a-z0-9_]+$/);
      expect(t.description.length).toBeGreaterThan(3);
      expect(t.opt_in, `${t.kind}:${t.tag}`).toBe(optInTagsOf(t.kind).includes(t.tag));
    }
    for (const d of bundle.dictionaries) {
      for (const { word, tags } of d.words) {
        expect([...new Set(tags)].sort(), word).toEqual(tags);
        for (const tag of tags) expect(described.has(`${d.kind}:${tag}`), `${d.kind}:${tag}`).toBe(true);
      }
    }
  });

  it('no length tags: length is computed by the engine', () => {
    for (const t of bundle.tags) {
      if (t.kind !== 'emoji') expect(t.tag).not.toMatch(/^(len|length|letters|short|long)(_|\d|$)/);
    }
  });
});

describe('safety', () => {
  it('the opt-in tags are flagged opt_in', () => {
    const optIn = bundle.tags.filter((t) => t.opt_in);
    expect(optIn.map((t) => `${t.kind}:${t.tag}`).sort()).toEqual(
      expect.arrayContaining(['adjective:offensive', 'noun:offensive', 'verb:offensive', 'emoji:nsfw']),
    );
  });

  it('a word carries `offensive` exactly when the reviewed policy says so', () => {
    for (const kind of WORD_KINDS) {
      for (const { word, tags } of dictionary(kind).words) {
        expect(tags.includes('offensive'), `${kind}:${word}`).toBe(safety.isOffensive(kind, word));
        expect(tags.includes('sensitive'), `${kind}:${word}`).toBe(safety.sensitive.has(kind, word));
        expect(tags.includes('nsfw'), `${kind}:${word}`).toBe(false);
      }
    }
    for (const { tags } of dictionary('suffix').words)
      expect(tags.some((t) => OPT_IN.includes(t))).toBe(false);
  });

  it('every word in the profanity sources is tagged offensive, or profanity when reviewed harmless', () => {
    let checked = 0;
    for (const kind of WORD_KINDS) {
      for (const { word, tags } of dictionary(kind).words) {
        if (!safety.profane.has(word)) continue;
        checked++;
        if (!tags.includes('offensive')) {
          expect(safety.allow.has(kind, word), `${kind}:${word}`).toBe(true);
          expect(tags, `${kind}:${word}`).toContain('profanity');
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
    // Spot checks of the policy.
    const tagsOf = (kind: string, word: string) => dictionary(kind).words.find((w) => w.word === word)?.tags;
    expect(tagsOf('noun', 'bitch')).toContain('offensive');
    expect(tagsOf('noun', 'idiot')).toContain('offensive');
    expect(tagsOf('verb', 'snatch')).not.toContain('offensive');
    expect(tagsOf('verb', 'snatch')).toContain('profanity');
    expect(tagsOf('noun', 'escort')).toContain('profanity');
    expect(tagsOf('noun', 'snatch')).toContain('offensive');
    expect(tagsOf('noun', 'tool')).not.toContain('offensive');
    expect(tagsOf('noun', 'otter')).toEqual(expect.arrayContaining(['animal', 'mammal']));
  });

  it('slurs are not shipped at all', () => {
    for (const d of bundle.dictionaries) {
      for (const { word } of d.words)
        expect(safety.excluded.has(d.kind, word), `${d.kind}:${word}`).toBe(false);
    }
    for (const slur of ['chink', 'faggot', 'retard']) {
      for (const kind of WORD_KINDS) expect(dictionary(kind).words.some((w) => w.word === slur)).toBe(false);
    }
  });

  it('emoji carry nsfw exactly for the curated list and profane keywords not reviewed harmless', () => {
    const curated = readEmojiList('emoji-nsfw.txt');
    const allowed = readEmojiList('emoji-allow.txt');
    for (const { word, tags } of dictionary('emoji').words) {
      const profaneKeyword = tags.some((t) => safety.profane.has(t));
      const expected = curated.has(word) || (profaneKeyword && !allowed.has(word));
      expect(tags.includes('nsfw'), word).toBe(expected);
      expect(tags.includes('offensive')).toBe(false);
    }
    expect(dictionary('emoji').words.find((w) => w.word === '🖕')?.tags).toContain('nsfw');
    expect(dictionary('emoji').words.find((w) => w.word === '🐶')?.tags).not.toContain('nsfw');
  });

  it('avoid pairs are lower case, unique, and name words the bundle has', () => {
    const all = new Set(bundle.dictionaries.flatMap((d) => d.words.map((w) => w.word)));
    const pairs = bundle.avoid_pairs ?? [];
    expect(pairs.length).toBeGreaterThan(100);
    expect(new Set(pairs.map((p) => p.join(' '))).size).toBe(pairs.length);
    for (const [a, b] of pairs) {
      expect(all.has(a) && all.has(b), `${a} ${b}`).toBe(true);
      expect(`${a}${b}`).toMatch(/^[a-z]+$/);
    }
    const curated = new Set(readAvoidPairs().map((p) => p.join(' ')));
    for (const p of pairs) expect(curated.has(p.join(' '))).toBe(true);
    expect(pairs).toContainEqual(['cheap', 'mother']);
    // Since 2.0.0: adjective + person, adjective + body part, verb + adverb, person + verb.
    for (const pair of [
      ['simple', 'wife'],
      ['hot', 'teacher'],
      ['tight', 'bottom'],
      ['stroke', 'gently'],
      ['child', 'undress'],
    ])
      expect(pairs).toContainEqual(pair);
  });
});

describe('sentiment, topics and familiarity (bundles 2.x)', () => {
  it('every English word has exactly one sentiment tag; VADER decides where it rates the word', () => {
    const vader = readVader();
    const reviewed = new Set(readLines('sentiment.txt').flatMap((l) => l.split(/\s+/).slice(1)));
    let rated = 0;
    for (const kind of WORD_KINDS) {
      for (const { word, tags } of dictionary(kind).words) {
        expect(
          tags.filter((t) => SENTIMENTS.includes(t)),
          `${kind}:${word}`,
        ).toHaveLength(1);
        const v = vader.get(word);
        if (v === undefined || reviewed.has(`${kind}:${word}`) || reviewed.has(word)) continue;
        rated++;
        const expected = v <= NEGATIVE_VALENCE ? 'negative' : v >= POSITIVE_VALENCE ? 'positive' : 'neutral';
        expect(tags, `${kind}:${word} (${v})`).toContain(expected);
      }
    }
    expect(rated).toBeGreaterThan(2000);
  });

  it('the reviewed topic words carry their topic, and the sentiment and topic tags are described', () => {
    const tagsOf = (kind: string, word: string) => dictionary(kind).words.find((w) => w.word === word)?.tags;
    for (const line of readLines('topics.txt')) {
      const [topic, ...tokens] = line.split(/\s+/);
      for (const token of tokens) {
        const [kind, word] = token.split(':');
        const tags = tagsOf(kind, word);
        if (tags) expect(tags, token).toContain(topic);
      }
    }
    expect(tagsOf('noun', 'cancer')).toContain('disease');
    expect(tagsOf('noun', 'bomb')).toContain('weapon');
    expect(tagsOf('noun', 'murder')).toContain('violence');
    expect(tagsOf('adjective', 'murderous')).toEqual(expect.arrayContaining(['violence']));
    expect(tagsOf('noun', 'otter')).toContain('neutral');
    for (const kind of WORD_KINDS) {
      const described = new Set(bundle.tags.filter((t) => t.kind === kind).map((t) => t.tag));
      for (const tag of [...SENTIMENTS, 'rare', ...TOPIC_TAGS.filter((t) => t !== 'weapon')])
        if (dictionary(kind).words.some((w) => w.tags.includes(tag)))
          expect(described.has(tag), tag).toBe(true);
    }
  });

  it('a word tagged rare is outside the familiar end of the frequency ranking', () => {
    const ranks = readFrequencyRanks();
    let rare = 0;
    for (const kind of WORD_KINDS) {
      for (const { word, tags } of dictionary(kind).words) {
        if (!tags.includes('rare')) continue;
        rare++;
        expect(ranks.get(word) ?? Number.POSITIVE_INFINITY, word).toBeGreaterThanOrEqual(FAMILIAR_RANK);
      }
    }
    expect(rare).toBeGreaterThan(1000);
    for (const w of ['giddiness', 'mete'])
      expect(dictionary('noun').words.find((x) => x.word === w)?.tags).toContain('rare');
  });
});
