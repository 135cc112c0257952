import { PatternError } from '@slugsmith/generator';
import { describe, expect, it } from 'vitest';
import { listDocuments } from '../src/index.js';
import { capacityOf, codeBlocks, engine } from './helpers.js';

// Every ```pattern block in the docs and articles (any language) is one pattern per line; each
// must parse and compile against the current dictionary bundle, so the docs never show a pattern
// the product rejects.
const all = listDocuments();
const docs = all.filter((d) => d.collection === 'docs' || d.collection === 'articles');
const cases = docs.flatMap((d) =>
  codeBlocks(d.body)
    .filter((b) => b.info === 'pattern')
    .flatMap((b) =>
      b.code
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((pattern) => ({ where: `${d.collection}/${d.slug}/${d.lang}.md:${b.line}`, pattern })),
    ),
);

/**
 * A table row that shows a pattern the engine rejects on purpose says so with a cell that is, or
 * begins with, ✗ (the same in every language), like ```pattern-error blocks.
 */
const isErrorExample = (cells: string[]) => cells.some((c) => /^✗(\s|$)/.test(c));

describe('patterns in docs and articles', () => {
  it('the docs show patterns at all', () => {
    expect(cases.length).toBeGreaterThan(60);
  });

  it.each(cases)(
    '$where $pattern',
    ({ pattern }) => {
      const info = engine().patternInfo(pattern);
      expect(BigInt(info.capacity)).toBeGreaterThan(0n);
      expect(engine().forge(pattern, { seed: 'docs', count: 3 })).toHaveLength(3);
    },
    // The first case builds the engine over the main bundle and every language bundle (3 s alone,
    // past the default 5 s on a loaded 2-core machine).
    60_000,
  );

  it('blocks marked pattern-error really are rejected by the engine with a PatternError', () => {
    const bad = docs.flatMap((d) =>
      codeBlocks(d.body)
        .filter((b) => b.info === 'pattern-error')
        .flatMap((b) => b.code.split('\n').filter((l) => l.trim() !== '')),
    );
    expect(bad.length).toBeGreaterThan(10);
    for (const pattern of bad) {
      expect(() => engine().patternInfo(pattern), pattern).toThrow(PatternError);
    }
  });

  it('capacities stated in tables (first numeric cell after a pattern) are the engine capacities', () => {
    const rows = all.flatMap((d) =>
      d.body
        .split('\n')
        .filter((line) => line.startsWith('|'))
        .map((line) => ({
          where: `${d.collection}/${d.slug}/${d.lang}.md`,
          cells: line
            .split('|')
            .slice(1, -1)
            .map((c) => c.trim()),
        })),
    );
    let checked = 0;
    for (const { where, cells } of rows) {
      const m = /^`([^`]*\{[^`]*)`$/.exec(cells[0] ?? '');
      if (!m?.[1]) continue;
      const numeric = cells.slice(1).find((c) => /^\d[\d,.\s\u00a0\u202f']*$/.test(c));
      if (numeric === undefined) continue;
      let capacity: string;
      try {
        capacity = capacityOf(m[1]);
      } catch (error) {
        // Only a row marked as an error example may show a pattern the engine rejects, and it must
        // be rejected for its pattern (a PatternError), not for anything else.
        expect(isErrorExample(cells), `${where} ${m[1]} does not parse: ${String(error)}`).toBe(true);
        expect(error, `${where} ${m[1]}`).toBeInstanceOf(PatternError);
        continue;
      }
      expect(isErrorExample(cells), `${where} ${m[1]} is marked ✗ but the engine accepts it`).toBe(false);
      expect(numeric.replace(/\D/g, ''), `${where} ${m[1]}`).toBe(capacity);
      checked++;
    }
    expect(checked).toBeGreaterThan(15);
  });
});
