// The bundle through the real engine: opt-in words never appear unless a pattern asks for them.
import { Generator } from '@slugsmith/generator';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSafety, optInTagsOf, type Safety } from '../scripts/lib/build.js';
import { type DictionaryBundle, loadBundle } from '../src/index.js';
import { WORD_KINDS } from './helpers.js';

let bundle: DictionaryBundle;
let generator: Generator;
let safety: Safety;

/** Every slug of a one-placeholder pattern (the whole space, in permuted order). */
function everySlug(pattern: string): string[] {
  const capacity = Number(generator.patternInfo(pattern).capacity);
  return generator.forge(pattern, { seed: 'audit', sequence: 0, count: capacity });
}

beforeAll(async () => {
  bundle = loadBundle();
  generator = new Generator(bundle);
  safety = await loadSafety();
});

describe('opt-in tags in generated output (G6)', () => {
  it.each(WORD_KINDS)('{%s} never yields a word with an opt-in tag', (kind) => {
    const slugs = everySlug(`{${kind}}`);
    const dict = bundle.dictionaries.find((d) => d.kind === kind)!;
    const optInTags = optInTagsOf(kind);
    const optIn = dict.words.filter((w) => w.tags.some((t) => optInTags.includes(t)));
    expect(slugs.length).toBe(dict.words.length - optIn.length);
    const produced = new Set(slugs);
    for (const w of optIn) expect(produced.has(w.word), `${kind}:${w.word}`).toBe(false);
    // No word from the profanity sources, not even one reviewed harmless (those are +profanity).
    for (const s of slugs) expect(safety.profane.has(s), `${kind}:${s}`).toBe(false);
  });

  it('{noun:+offensive} yields the offensive nouns that carry no other opt-in tag, all of them', () => {
    const slugs = everySlug('{noun:+offensive}');
    const optInTags = optInTagsOf('noun');
    const expected = bundle.dictionaries
      .find((d) => d.kind === 'noun')!
      .words.filter((w) => w.tags.includes('offensive'))
      .filter((w) => w.tags.every((t) => t === 'offensive' || !optInTags.includes(t)))
      .map((w) => w.word);
    expect(expected.length).toBeGreaterThan(10);
    expect([...slugs].sort()).toEqual(expected);
  });

  it.each(WORD_KINDS)('every %s left out by default is reachable by opting into its tags', (kind) => {
    const optInTags = optInTagsOf(kind);
    const groups = new Map<string, string[]>();
    for (const { word, tags } of bundle.dictionaries.find((d) => d.kind === kind)!.words) {
      const own = tags.filter((t) => optInTags.includes(t));
      if (own.length === 0) continue;
      const key = own.map((t) => `+${t}`).join('');
      groups.set(key, [...(groups.get(key) ?? []), word]);
    }
    expect(groups.size).toBeGreaterThan(5);
    for (const [selector, words] of groups) {
      // `{kind:+a+b}` holds every word whose opt-in tags are exactly a and b (and words with a, b
      // and further plain tags), so each word of the group appears.
      const produced = new Set(everySlug(`{${kind}:${selector}}`));
      for (const w of words) expect(produced.has(w), `${kind}:${w} via ${selector}`).toBe(true);
    }
  });

  it('each new opt-in tag can be opted into on its own, and the sentiment tags select', () => {
    for (const tag of ['negative', 'rare', 'profanity', 'violence', 'weapon', 'disease', 'crime', 'misery']) {
      const slugs = everySlug(`{noun:+${tag}}`);
      expect(slugs.length, tag).toBeGreaterThan(0);
      const tagged = new Set(
        bundle.dictionaries
          .find((d) => d.kind === 'noun')!
          .words.filter((w) => w.tags.includes(tag))
          .map((w) => w.word),
      );
      for (const s of slugs) expect(tagged.has(s), `${tag}:${s}`).toBe(true);
    }
    const positive = generator.forge('{adjective@en:+positive}-{noun}', { seed: 'audit', count: 200 });
    const positives = new Set(
      bundle.dictionaries
        .find((d) => d.kind === 'adjective')!
        .words.filter((w) => w.tags.includes('positive'))
        .map((w) => w.word),
    );
    for (const s of positive) expect(positives.has(s.split('-')[0]), s).toBe(true);
    expect(everySlug('{adjective:+negative}')).toContain('rotten');
    expect(everySlug('{noun:+hate+negative}')).toContain('racist');
  });

  it('{emoji} never yields an nsfw emoji; {emoji:+nsfw} yields only those', () => {
    const emoji = bundle.dictionaries.find((d) => d.kind === 'emoji')!;
    const nsfw = new Set(emoji.words.filter((w) => w.tags.includes('nsfw')).map((w) => w.word));
    const plain = everySlug('{emoji}');
    expect(plain.length).toBe(emoji.words.length - nsfw.size);
    for (const e of plain) expect(nsfw.has(e), e).toBe(false);
    for (const e of everySlug('{emoji:+nsfw}')) expect(nsfw.has(e), e).toBe(true);
  });

  it('category and colour tags select what they say', () => {
    const animals = new Set(everySlug('{noun:+animal}'));
    for (const w of ['otter', 'falcon', 'beetle', 'salmon']) expect(animals.has(w), w).toBe(true);
    const colors = new Set(everySlug('{adjective:+color}'));
    for (const w of ['red', 'teal', 'amber', 'crimson']) expect(colors.has(w), w).toBe(true);
    expect(colors.has('quick')).toBe(false);
  });
});

describe('awkward pairs of bundle 2.x in generated output', () => {
  it('a series-style forge skips adjective + person pairs and never reuses a skipped position', () => {
    const pattern = '{adjective:+descriptive==3}-{noun:+person<=5}';
    const avoid = new Set((bundle.avoid_pairs ?? []).map((p) => p.join('-')));
    const capacity = Number(generator.patternInfo(pattern).capacity);
    const all = generator.forge(pattern, { seed: 'audit', sequence: 0, count: capacity });
    const kept = generator.forge(pattern, { seed: 'audit', sequence: 0, count: capacity, skipAwkward: true });
    const awkward = all.filter((s) => avoid.has(s));
    expect(awkward.length).toBeGreaterThan(20);
    // Exactly the awkward positions are left out, in order; nothing is produced twice.
    expect(kept).toEqual(all.filter((s) => !avoid.has(s)));
    expect(new Set(kept).size).toBe(kept.length);
  });
});
