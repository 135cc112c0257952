// The reference service's vocabulary in bundle 2.3.0 (issue 32 item 1): its category and short tags
// with word counts of the same order of magnitude as its documented table, the `domain` and `shell`
// dictionaries under the safety rules of the default dictionaries, and older bundles unchanged.

import { Generator } from '@slugsmith/generator';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSafety, optInTagsOf, type Safety } from '../scripts/lib/build.js';
import { readLines } from '../scripts/lib/curated.js';
import { type DictionaryBundle, loadBundle } from '../src/index.js';
import { WORD_KINDS } from './helpers.js';

/** Word counts of the reference's `dictionary-and-tag-reference.md`, by kind and tag. */
const REFERENCE_COUNTS: Record<string, Record<string, number>> = {
  adjective: { det: 14138, obj: 8382, neut: 6595, emo: 2944, neg: 1395, pos: 710 },
  noun: {
    object: 18861,
    artifact: 6787,
    device: 1673,
    machine: 141,
    person: 6273,
    animal: 2437,
    activity: 2663,
    event: 6644,
    location: 882,
    building: 231,
    vehicle: 198,
    substance: 2407,
    material: 1856,
    food: 826,
    drink: 23,
    currency: 57,
    fantasy: 59,
    content: 1446,
    information: 133,
    concept: 203,
    idea: 380,
    emotion: 229,
    feeling: 683,
    music: 255,
    art: 63,
    action: 1693,
    creation: 492,
    unit: 528,
    number: 239,
    chemical: 904,
    drug: 644,
    surface: 128,
    furniture: 107,
    situation: 78,
    shop: 38,
    det: 39391,
    obj: 26812,
  },
  verb: {
    change: 2583,
    act: 1246,
    travel: 463,
    be: 215,
    have: 119,
    make: 5,
    create: 2,
    become: 4,
    destroy: 29,
    take: 1,
    give: 1,
    imagine: 20,
    det: 8172,
    obj: 5689,
    neut: 2597,
    emo: 233,
  },
  domain: {
    com: 989,
    org: 175,
    net: 225,
    tld: 1281,
    sld: 4853,
    sub: 3049,
    io: 91,
    dev: 62,
    app: 49,
    cloud: 65,
    tech: 2,
    us: 245,
    uk: 43,
    de: 76,
    jp: 1890,
    au: 35,
    ca: 22,
    fr: 33,
  },
};
/**
 * Tags this bundle already had with a meaning of its own, kept as they were: `plant` (264 whole
 * plants; the reference 25) and `state` (WordNet's noun.state, 835; the reference 4).
 */
const KEPT_MEANING = { noun: { plant: 25, state: 4 } };

const DICTIONARY_SIZES = { domain: 9183, shell: 2137 };

let bundle: DictionaryBundle;
let generator: Generator;
let safety: Safety;

function words(kind: string) {
  const d = bundle.dictionaries.find((x) => x.kind === kind);
  if (!d) throw new Error(`no ${kind} dictionary`);
  return d.words;
}

beforeAll(async () => {
  bundle = loadBundle();
  generator = new Generator(bundle);
  safety = await loadSafety();
});

describe('tags of the reference documents', () => {
  it('dictionaryTags lists each with a count within a factor of ten of the reference table', () => {
    const rows = generator.dictionaryTags();
    for (const [kind, counts] of Object.entries(REFERENCE_COUNTS)) {
      for (const [tag, reference] of Object.entries(counts)) {
        const row = rows.find((r) => r.kind === kind && r.tag === tag);
        expect(row, `${kind}:${tag}`).toBeDefined();
        const ratio = (row?.word_count ?? 0) / reference;
        expect(ratio, `${kind}:${tag} ${row?.word_count} vs ${reference}`).toBeGreaterThanOrEqual(0.1);
        expect(ratio, `${kind}:${tag} ${row?.word_count} vs ${reference}`).toBeLessThanOrEqual(10);
      }
    }
    for (const [kind, counts] of Object.entries(KEPT_MEANING))
      for (const tag of Object.keys(counts))
        expect(rows.some((r) => r.kind === kind && r.tag === tag)).toBe(true);
  });

  it('short tags count what their long tags count, in every English kind', () => {
    const rows = generator.dictionaryTags();
    const count = (kind: string, tag: string) =>
      rows.find((r) => r.kind === kind && r.tag === tag)?.word_count;
    for (const kind of WORD_KINDS)
      for (const [short, long] of [
        ['pos', 'positive'],
        ['neg', 'negative'],
        ['neut', 'neutral'],
        ['emo', 'emotional'],
        ['det', 'detached'],
        ['obj', 'objective'],
      ]) {
        expect(count(kind, short), `${kind}:${short}`).toBe(count(kind, long));
        expect(count(kind, long), `${kind}:${long}`).toBeGreaterThan(0);
      }
  });

  it('every English word is emotional or detached, never both; objective words are detached and not negative', () => {
    for (const kind of WORD_KINDS)
      for (const { word, tags } of words(kind)) {
        expect(tags.includes('emotional') !== tags.includes('detached'), `${kind}:${word}`).toBe(true);
        if (tags.includes('objective'))
          expect(tags.includes('detached') && !tags.includes('negative'), word).toBe(true);
      }
    const tagsOf = (kind: string, word: string) => words(kind).find((w) => w.word === word)?.tags;
    expect(tagsOf('adjective', 'happy')).toContain('emotional');
    expect(tagsOf('noun', 'joy')).toContain('emotional');
    expect(tagsOf('noun', 'router')).toEqual(expect.arrayContaining(['device', 'objective', 'object']));
    expect(tagsOf('noun', 'dragon')).toContain('fantasy');
    expect(tagsOf('verb', 'walk')).toContain('travel');
    expect(tagsOf('noun', 'coffee')).toContain('drink');
  });
});

describe('the domain and shell dictionaries', () => {
  it('hold lower-case labels and tool names, about as many as the reference', () => {
    for (const [kind, reference] of Object.entries(DICTIONARY_SIZES)) {
      const list = words(kind).map((w) => w.word);
      expect(list.length / reference, kind).toBeGreaterThan(0.5);
      expect([...list].sort()).toEqual(list);
      expect(new Set(list).size).toBe(list.length);
      for (const w of list) expect(w).toMatch(/^(?=[a-z0-9]*[a-z])[a-z0-9]{2,15}$/);
    }
    const tagsOf = (kind: string, word: string) => words(kind).find((w) => w.word === word)?.tags;
    expect(tagsOf('domain', 'com')).toEqual(expect.arrayContaining(['tld', 'com']));
    expect(tagsOf('domain', 'co')).toEqual(expect.arrayContaining(['sld', 'uk', 'jp']));
    for (const tool of ['git', 'curl', 'ssh', 'grep', 'tar', 'rsync', 'make', 'jq', 'npm'])
      expect(tagsOf('shell', tool), tool).toBeDefined();
    expect(tagsOf('shell', 'git')).toEqual(['vcs']);
  });

  it('come from the committed lists, with their sources named', () => {
    expect(readLines('domains.txt').length).toBe(words('domain').length);
    expect(readLines('shell.txt').length).toBe(words('shell').length);
  });

  it('a word or tag on the profanity lists is opt-in offensive, so default slugs hold none', () => {
    for (const kind of ['domain', 'shell']) {
      const optIn = new Set(optInTagsOf(kind));
      for (const { word, tags } of words(kind)) {
        expect(tags.includes('offensive'), `${kind}:${word}`).toBe(safety.isOffensive(kind, word));
        for (const tag of tags)
          if (!optIn.has(tag)) expect(safety.profane.has(tag), `${kind}:${word} +${tag}`).toBe(false);
      }
      // Every default word, once each.
      const count = Number(generator.patternInfo(`{${kind}}`).capacity);
      expect(count).toBeGreaterThan(words(kind).length * 0.9);
      for (const slug of generator.forge(`{${kind}}`, { seed: 'safety', count }))
        expect(safety.profane.has(slug), slug).toBe(false);
    }
    for (const word of ['sex', 'porn', 'xxx'])
      expect(words('domain').find((w) => w.word === word)?.tags).toContain('offensive');
    expect(words('domain').find((w) => w.word === 'vodka')?.tags).toContain('drugs');
  });
});

describe('stability', () => {
  it('2.3.0 keeps 2.2.0’s English words in order, so patterns of the old tags mint the same slugs', () => {
    const old = loadBundle('2.2.0-8d3e69c0');
    for (const kind of WORD_KINDS) {
      const before = old.dictionaries.find((d) => d.kind === kind)?.words ?? [];
      const after = words(kind);
      expect(after.map((w) => w.word)).toEqual(before.map((w) => w.word));
      // Tags are only added.
      for (const [i, w] of after.entries()) expect(w.tags).toEqual(expect.arrayContaining(before[i].tags));
    }
    const pattern = '{adjective:+positive}-{noun:+animal}-{verb}-{adverb}-{number:3d}';
    expect(generator.forge(pattern, { seed: 'pinned', count: 1000 })).toEqual(
      new Generator(old).forge(pattern, { seed: 'pinned', count: 1000 }),
    );
  });
});
