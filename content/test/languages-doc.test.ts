import { describe, expect, it } from 'vitest';
import { LANGUAGES, listDocuments } from '../src/index.js';
import { engine } from './helpers.js';

/**
 * "Slugs in other languages" shows, next to each pattern's capacity (checked in patterns.test.ts),
 * the first two slugs the engine forges under the seed `docs`: recomputed here, so the page fails
 * this test once a language bundle changes them.
 */
const pages = listDocuments().filter((d) => d.collection === 'docs' && d.slug === 'slugs-in-other-languages');

describe('Slugs in other languages', () => {
  it('exists in every language', () => {
    expect(pages.map((d) => d.lang).sort()).toEqual([...LANGUAGES].sort());
  });

  it.each(pages.map((d) => ({ lang: d.lang, body: d.body })))(
    '$lang: examples are the engine’s',
    ({ body }) => {
      const rows = body
        .split('\n')
        .filter((line) => line.startsWith('| `'))
        .map((line) =>
          line
            .split('|')
            .slice(1, -1)
            .map((c) => c.trim()),
        );
      expect(rows.length).toBeGreaterThanOrEqual(12);
      for (const [pattern, , examples] of rows) {
        const p = pattern.slice(1, -1);
        expect(examples, p).toBe(engine().forge(p, { seed: 'docs', count: 2 }).join(', '));
      }
    },
    // The first page builds the engine over every language bundle and compiles each pattern
    // (4 s alone on a loaded 2-core machine, near the default 5 s).
    60_000,
  );
});
