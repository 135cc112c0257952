// The bundle through the real engine: opt-in words never appear unless a pattern asks for them.
import { Generator } from '@slugsmith/generator';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSafety, type Safety } from '../scripts/lib/build.js';
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
  it.each(WORD_KINDS)('{%s} never yields an offensive or sensitive word', (kind) => {
    const slugs = everySlug(`{${kind}}`);
    const dict = bundle.dictionaries.find((d) => d.kind === kind)!;
    const optIn = dict.words.filter((w) => w.tags.includes('offensive') || w.tags.includes('sensitive'));
    expect(slugs.length).toBe(dict.words.length - optIn.length);
    const produced = new Set(slugs);
    for (const w of optIn) expect(produced.has(w.word), `${kind}:${w.word}`).toBe(false);
    // A word from the profanity sources only appears when the review marked it harmless.
    for (const s of slugs)
      if (safety.profane.has(s)) expect(safety.allow.has(kind, s), `${kind}:${s}`).toBe(true);
  });

  it('{noun:+offensive} yields only offensive nouns, and all of them', () => {
    const slugs = everySlug('{noun:+offensive}');
    const expected = bundle.dictionaries
      .find((d) => d.kind === 'noun')!
      .words.filter((w) => w.tags.includes('offensive'))
      .map((w) => w.word);
    expect([...slugs].sort()).toEqual(expected);
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
