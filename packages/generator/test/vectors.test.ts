import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALGORITHM_VERSION, Generator, PatternError, SAMPLE_BUNDLE } from '../src/index.js';

interface Vectors {
  algorithm: string;
  bundle: string;
  slugs: { pattern: string; seed: string; sequence: string; slugs: string[] }[];
  info: { pattern: string; info: unknown }[];
  errors: { pattern: string; message: string; start: number; end: number }[];
}

const vectors: Vectors = JSON.parse(readFileSync(new URL('../test-vectors.json', import.meta.url), 'utf8'));
const gen = new Generator(SAMPLE_BUNDLE);

describe('test-vectors.json (G1 determinism)', () => {
  it('is for this algorithm and bundle', () => {
    expect(vectors.algorithm).toBe(ALGORITHM_VERSION);
    expect(vectors.bundle).toBe(SAMPLE_BUNDLE.id);
    expect(vectors.slugs.length).toBeGreaterThan(100);
  });

  it('reproduces every slug vector', () => {
    for (const v of vectors.slugs) {
      const got = gen.forge(v.pattern, { seed: v.seed, sequence: v.sequence, count: v.slugs.length });
      expect(got, `${v.pattern} seed=${JSON.stringify(v.seed)} from ${v.sequence}`).toEqual(v.slugs);
    }
  });

  it('reproduces every single position on its own (no batch-only state)', () => {
    for (const v of vectors.slugs.slice(0, 40)) {
      v.slugs.forEach((slug, i) => {
        const got = gen.forge(v.pattern, {
          seed: v.seed,
          sequence: BigInt(v.sequence) + BigInt(i),
          count: 1,
        });
        expect(got[0]).toBe(slug);
      });
    }
  });

  it('reproduces every pattern info vector', () => {
    for (const v of vectors.info) expect(gen.patternInfo(v.pattern)).toEqual(v.info);
  });

  it('reproduces every error vector with its offsets', () => {
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
});
