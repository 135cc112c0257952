import { describe, expect, it } from 'vitest';
import { type DictionaryBundle, Generator } from '../src/index.js';

/** Three kinds of 12,000 made-up words each: lists large enough to be baked over several calls. */
const bundle: DictionaryBundle = {
  id: 'baking',
  version: '0.0.0',
  hash: '',
  tags: [],
  dictionaries: ['adjective', 'noun', 'verb'].map((kind) => ({
    kind,
    language: 'en',
    words: Array.from({ length: 12_000 }, (_, i) => ({
      word: `${kind.slice(0, 3)}${i.toString(36)}`,
      tags: [],
    })),
  })),
};

/**
 * A pattern that has rendered as many slugs as its lists hold words bakes the surrounding text
 * into them, a few lists per call (a long pattern's would otherwise take tens of milliseconds in
 * one call). Windows rendered while some lists are baked and others not give the slugs of a
 * pattern that never baked.
 */
describe('lists baked over several calls', () => {
  it('gives the same slugs before, while and after the lists are baked', { timeout: 30_000 }, () => {
    for (const pattern of ['{adjective}-{noun}_{verb}', 'x({adjective}.{noun}/{verb})']) {
      const gen = new Generator(bundle);
      const compiled = gen.compile(pattern);
      // 36,000 words: the ninth window starts baking (24,000 words, two whole lists: 20,000 at
      // most), the tenth bakes the third list. A fresh generator renders a window unbaked.
      for (let w = 0; w < 11; w++) {
        const options = { seed: 'bake', sequence: w * 4_000, count: 4_000 };
        const slugs = gen.forge(compiled, options);
        if (w < 7) continue;
        const unbaked = new Generator(bundle).forge(pattern, options);
        expect(slugs, `${pattern} window ${w}`).toEqual(unbaked);
        // One slug per call takes the baked lists too.
        expect(gen.forge(compiled, { seed: 'bake', sequence: w * 4_000 + 7, count: 1 })).toEqual([
          unbaked[7],
        ]);
      }
    }
  });
});
