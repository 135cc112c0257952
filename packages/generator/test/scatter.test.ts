import { describe, expect, it } from 'vitest';
import { Generator } from '../src/index.js';
import { bundleOf } from './helpers.js';

/**
 * G3 scatter over the first 100,000 positions of `{adjective}-{noun}-{number:4d}` with 3,000
 * adjectives and 8,000 nouns. Chi-square critical values are for p = 0.001 (the inputs are
 * deterministic, so a pass is a pass; the margin only keeps future algorithm versions honest).
 */
const ADJ = 3000;
const NOUN = 8000;
const NUM = 10_000;
const N = 100_000;
const CHI2_DF9 = 27.88; // p = 0.001, 10 cells
const CHI2_DF99 = 148.23; // p = 0.001, 100 cells

const gen = new Generator(
  bundleOf({
    adjective: Array.from({ length: ADJ }, (_, i) => `adj_${i}`),
    noun: Array.from({ length: NOUN }, (_, i) => `noun_${i}`),
  }),
);

interface Draws {
  adj: Int32Array;
  noun: Int32Array;
  num: Int32Array;
}

function draws(seed: string): Draws {
  const slugs = gen.forge('{adjective}-{noun}-{number:4d}', { seed, sequence: 0, count: N });
  const d: Draws = { adj: new Int32Array(N), noun: new Int32Array(N), num: new Int32Array(N) };
  slugs.forEach((s, i) => {
    const m = /^adj_(\d+)-noun_(\d+)-(\d{4})$/.exec(s);
    if (!m) throw new Error(`unexpected slug ${s}`);
    d.adj[i] = Number(m[1]);
    d.noun[i] = Number(m[2]);
    d.num[i] = Number(m[3]);
  });
  return d;
}

/** Chi-square statistic of values in [0, range) binned into `bins` equal cells. */
function chiSquare(values: ArrayLike<number>, range: number, bins: number): number {
  const counts = new Float64Array(bins);
  for (let i = 0; i < values.length; i++) counts[Math.floor((values[i] * bins) / range)]++;
  const expected = values.length / bins;
  let chi = 0;
  for (const c of counts) chi += (c - expected) ** 2 / expected;
  return chi;
}

/** Consecutive differences modulo `range`: constant for an arithmetic progression. */
function differences(values: ArrayLike<number>, range: number): Int32Array {
  const out = new Int32Array(values.length - 1);
  for (let i = 1; i < values.length; i++)
    out[i - 1] = (((values[i] - values[i - 1]) % range) + range) % range;
  return out;
}

/** How often n and n+1 share the value. */
function neighbourMatches(values: ArrayLike<number>): number {
  let same = 0;
  for (let i = 1; i < values.length; i++) if (values[i] === values[i - 1]) same++;
  return same;
}

/** Expected matches of N−1 independent uniform pairs plus five standard deviations. */
function chanceBound(size: number): number {
  const p = 1 / size;
  const mean = (N - 1) * p;
  return mean + 5 * Math.sqrt((N - 1) * p * (1 - p));
}

/** Joint first digits of neighbours, (d(n), d(n+1)) as one of 100 cells: independent if uniform. */
function neighbourPairs(values: ArrayLike<number>, range: number): number[] {
  const out: number[] = [];
  for (let i = 1; i < values.length; i++) {
    out.push(Math.floor((values[i - 1] * 10) / range) * 10 + Math.floor((values[i] * 10) / range));
  }
  return out;
}

/** The checks below, as one verdict per property, so they can also be run on bad generators. */
function verdicts(d: Draws) {
  const firstDigit = Array.from(d.num, (v) => Math.floor(v / 1000));
  const diffs = differences(d.num, NUM);
  return {
    numberUniform: chiSquare(d.num, NUM, 100) < CHI2_DF99,
    firstDigitUniform: chiSquare(firstDigit, 10, 10) < CHI2_DF9,
    lastDigitUniform:
      chiSquare(
        Array.from(d.num, (v) => v % 10),
        10,
        10,
      ) < CHI2_DF9,
    adjectiveUniform: chiSquare(d.adj, ADJ, 100) < CHI2_DF99,
    nounUniform: chiSquare(d.noun, NOUN, 100) < CHI2_DF99,
    // An arithmetic progression has one difference; a random sequence nearly all 10,000 of them.
    differencesVaried: new Set(diffs).size > 9_900,
    differencesUniform: chiSquare(diffs, NUM, 100) < CHI2_DF99,
    adjectiveNeighbours: neighbourMatches(d.adj) <= chanceBound(ADJ),
    nounNeighbours: neighbourMatches(d.noun) <= chanceBound(NOUN),
    numberNeighbours: neighbourMatches(d.num) <= chanceBound(NUM),
    numberPairsIndependent: chiSquare(neighbourPairs(d.num, NUM), 100, 100) < CHI2_DF99,
    adjectivePairsIndependent: chiSquare(neighbourPairs(d.adj, ADJ), 100, 100) < CHI2_DF99,
  };
}

const allTrue = (v: ReturnType<typeof verdicts>) =>
  Object.fromEntries(Object.keys(v).map((k) => [k, true])) as Record<keyof typeof v, boolean>;

describe('G3 scatter over the first 100,000 positions', { timeout: 60_000 }, () => {
  it.each(['scatter', 'test'])(
    'seed %s: uniform components, no progression, unrelated neighbours',
    (seed) => {
      const d = draws(seed);
      const v = verdicts(d);
      expect(v).toEqual(allTrue(v));
      // Every value of the small components occurs (100k draws over 3,000 and 10,000 cells).
      expect(new Set(d.adj).size).toBe(ADJ);
      expect(new Set(d.num).size).toBeGreaterThan(9_990);
    },
  );

  it('the checks catch an affine per-component step and a plain counter', () => {
    // The reference's weakness: each component an affine function of n (notes §3.6).
    const affine: Draws = { adj: new Int32Array(N), noun: new Int32Array(N), num: new Int32Array(N) };
    // A counter: mixed-radix digits of n with no permutation.
    const counter: Draws = { adj: new Int32Array(N), noun: new Int32Array(N), num: new Int32Array(N) };
    for (let n = 0; n < N; n++) {
      affine.adj[n] = (1_237 * n + 11) % ADJ;
      affine.noun[n] = (4_001 * n + 7) % NOUN;
      affine.num[n] = (7_919 * n + 1_234) % NUM;
      counter.num[n] = n % NUM;
      counter.noun[n] = Math.floor(n / NUM) % NOUN;
      counter.adj[n] = Math.floor(n / NUM / NOUN) % ADJ;
    }
    const a = verdicts(affine);
    expect(a.differencesVaried).toBe(false);
    expect(a.differencesUniform).toBe(false);
    expect(a.numberPairsIndependent).toBe(false);
    expect(a.adjectivePairsIndependent).toBe(false);
    const c = verdicts(counter);
    expect(c.differencesVaried).toBe(false);
    expect(c.adjectiveNeighbours).toBe(false);
    expect(c.nounNeighbours).toBe(false);
    expect(c.adjectiveUniform).toBe(false);
    expect(c.firstDigitUniform).toBe(true); // 0000…9999 ten times over: uniform, but caught above
  });
});
