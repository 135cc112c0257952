import { describe, expect, it } from 'vitest';
import { Generator, PatternError, SAMPLE_BUNDLE } from '../src/index.js';
import { bundleOf, forgeAll } from './helpers.js';

const sample = new Generator(SAMPLE_BUNDLE);

function rejection(gen: Generator, pattern: string): PatternError {
  try {
    gen.patternInfo(pattern);
  } catch (e) {
    if (e instanceof PatternError) return e;
    throw e;
  }
  throw new Error(`${pattern} was accepted`);
}

/** Every position gives a different slug (G2) — the point of accepting a pattern at all. */
function expectInjective(gen: Generator, pattern: string) {
  const capacity = Number(gen.patternInfo(pattern).capacity);
  expect(new Set(forgeAll(gen, pattern, 'j', capacity)).size, pattern).toBe(capacity);
}

describe('neighbouring placeholders that could run together (G2)', () => {
  it('rejects joins where two value tuples give one slug, naming an example', () => {
    const gen = new Generator(bundleOf({ noun: ['boa', 'boast', 'owl'], suffix: ['ster', 'er', 'ly'] }));
    const e = rejection(gen, 'x-{noun}{suffix}');
    expect(e.message).toContain("'boa' + 'ster' and 'boast' + 'er'");
    expect(e.message).toContain('put a separator between them');
    expect([e.start, e.end]).toEqual([2, 16]);
    for (const p of [
      '{special:0-1}{special:0-1}',
      '{special:0-1}-{special:0-1}', // '-' is itself a special character
      '{number:3R}{number:3R}',
      '{emoji:count=1-2}{emoji:count=1-2}',
      '{adjective}{noun}{verb}',
    ]) {
      expect(rejection(sample, p).message, p).toContain('can run together');
    }
  });

  it('accepts joins whose boundaries are marked, and they are injective', () => {
    const gen = new Generator(bundleOf({ noun: ['boa', 'boast', 'owl'], suffix: ['ster', 'er', 'ly'] }));
    for (const p of ['{noun}-{suffix}', '{Noun}{Suffix}', '{noun}{number:2d}', '{NOUN}{suffix}'])
      expectInjective(gen, p);
    for (const p of [
      '{Adjective}{Noun}{number:1x}', // capitals mark the words; the fixed-length number is what is left
      '{special}{special:1-2}', // a fixed-length part, then the rest
      '{noun:+animal}{number:1R}', // letters, then roman numerals in capitals
      '{number:2R}-{noun:<=4}', // '-' never appears in a numeral
      '{adjective:+color}{noun:+food}', // listed and checked: no collision in these words
      '{emoji:+animal}{emoji:+food}',
    ]) {
      expectInjective(sample, p);
    }
  });

  it('checks mixed case without regard to case', () => {
    const gen = new Generator(bundleOf({ noun: ['boa', 'boast'], suffix: ['ster', 'er'] }));
    expect(rejection(gen, '{nOuN}{suffix}').message).toContain('can run together');
  });
});

describe('casing that makes words equal', () => {
  it('counts words once when casing makes them the same (capacity stays exact)', () => {
    const gen = new Generator(bundleOf({ noun: ['polish', 'Polish', 'ab'] }));
    expect(gen.patternInfo('{NOUN}').capacity).toBe('2');
    expect(gen.patternInfo('{noun}').capacity).toBe('3');
    expectInjective(gen, '{NOUN}');
    expectInjective(gen, '{Noun}');
    expectInjective(gen, '{nOuN}');
  });

  it('sizes mixed case by the widest letter forms', () => {
    const gen = new Generator(bundleOf({ noun: ['ıɐ'] }));
    let widest = 0;
    for (let s = 0; s < 64; s++) {
      widest = Math.max(widest, Buffer.byteLength(gen.forge('{nOun}', { seed: `s${s}`, count: 1 })[0]));
    }
    expect(widest).toBeLessThanOrEqual(gen.patternInfo('{nOun}').max_slug_length);
  });
});
