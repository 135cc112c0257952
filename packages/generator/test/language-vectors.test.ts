import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { DictionaryBundle } from '../src/index.js';
import {
  ALGORITHM_VERSION,
  Generator,
  PatternError,
  SAMPLE_BUNDLE,
  SAMPLE_LANGUAGE_BUNDLES,
} from '../src/index.js';

interface Vectors {
  algorithm: string;
  bundle: string;
  languages: DictionaryBundle[];
  slugs: { pattern: string; seed: string; sequence: string; slugs: string[] }[];
  info: { pattern: string; info: unknown }[];
  errors: { pattern: string; message: string; start: number; end: number }[];
}

const vectors: Vectors = JSON.parse(
  readFileSync(new URL('../test-vectors-languages.json', import.meta.url), 'utf8'),
);
// The bundles the file carries, as a port would load them.
const gen = new Generator(SAMPLE_BUNDLE, { languages: vectors.languages });

describe('test-vectors-languages.json (agreement, other languages)', () => {
  it('is for this algorithm and carries the sample language bundles', () => {
    expect(vectors.algorithm).toBe(ALGORITHM_VERSION);
    expect(vectors.bundle).toBe(SAMPLE_BUNDLE.id);
    expect(vectors.languages).toEqual(SAMPLE_LANGUAGE_BUNDLES);
    expect(vectors.slugs.length).toBeGreaterThan(40);
  });

  it('reproduces every slug vector, in a batch and one position at a time', () => {
    for (const v of vectors.slugs) {
      const got = gen.forge(v.pattern, { seed: v.seed, sequence: v.sequence, count: v.slugs.length });
      expect(got, `${v.pattern} seed=${JSON.stringify(v.seed)} from ${v.sequence}`).toEqual(v.slugs);
      v.slugs.forEach((slug, i) => {
        expect(gen.forge(v.pattern, { seed: v.seed, sequence: Number(v.sequence) + i, count: 1 })[0]).toBe(
          slug,
        );
      });
    }
  });

  it('reproduces every info and error vector', () => {
    for (const v of vectors.info) expect(gen.patternInfo(v.pattern)).toEqual(v.info);
    for (const v of vectors.errors) {
      let caught: unknown;
      try {
        gen.patternInfo(v.pattern);
      } catch (e) {
        caught = e;
      }
      expect(caught, v.pattern).toBeInstanceOf(PatternError);
      const e = caught as PatternError;
      expect({ pattern: v.pattern, message: e.message, start: e.start, end: e.end }).toEqual(v);
    }
  });

  it('the vectors show agreement: every German adjective before a noun ends as the noun’s gender asks', () => {
    const gender = new Map(
      SAMPLE_LANGUAGE_BUNDLES[0].dictionaries[1].words.map((w) => [w.word, w.tags[0]] as const),
    );
    const ending = { masculine: /er$/, feminine: /e$/, neuter: /es$/ } as const;
    for (const v of vectors.slugs.filter((s) => s.pattern === '{adjective@de}-{noun@de}'))
      for (const slug of v.slugs) {
        const [adjective, noun] = slug.split('-');
        expect(adjective).toMatch(ending[gender.get(noun) as keyof typeof ending]);
      }
  });
});
