import { expect } from 'vitest';
import type { DictionaryBundle, Generator } from '../src/index.js';
import { PatternError, parsePattern, SAMPLE_BUNDLE } from '../src/index.js';

/** A tiny bundle from plain word lists: `{ noun: ['a', 'b'] }`, tags given as `word#tag1,tag2`. */
export function bundleOf(
  dicts: Record<string, (string | { word: string; tags: string[] })[]>,
  tags: { kind: string; tag: string; opt_in?: boolean }[] = [],
  languageless: string[] = ['emoji', 'suffix'],
): DictionaryBundle {
  return {
    id: 'synthetic',
    version: '0.0.0',
    hash: 'synthetic',
    dictionaries: Object.entries(dicts).map(([kind, words]) => ({
      kind,
      language: languageless.includes(kind) ? null : 'en',
      words: words.map((w) => (typeof w === 'string' ? { word: w, tags: [] } : w)),
    })),
    tags: tags.map((t) => ({ kind: t.kind, tag: t.tag, description: t.tag, opt_in: t.opt_in ?? false })),
  };
}

/** `prefix0 … prefix{n-1}`, zero-padded so no word is a prefix of another. */
export function wordList(prefix: string, n: number): string[] {
  const width = String(n - 1).length;
  return Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(width, '0')}`);
}

/** Words of the sample bundle, filtered independently of the engine. */
export function sampleWords(
  kind: string,
  filter: { include?: string[]; exclude?: string[]; optIn?: boolean } = {},
): string[] {
  const dict = SAMPLE_BUNDLE.dictionaries.find((d) => d.kind === kind);
  if (!dict) throw new Error(`no ${kind} in the sample bundle`);
  const optIn = SAMPLE_BUNDLE.tags.filter((t) => t.kind === kind && t.opt_in).map((t) => t.tag);
  const include = filter.include ?? [];
  const exclude = [...(filter.exclude ?? []), ...optIn.filter((t) => !include.includes(t))];
  return dict.words
    .filter((w) => include.every((t) => w.tags.includes(t)) && !exclude.some((t) => w.tags.includes(t)))
    .map((w) => w.word);
}

/** Every slug of a pattern, forged in chunks. */
export function forgeAll(
  gen: Generator,
  pattern: string,
  seed: string,
  capacity: number,
  chunk = 50_000,
): string[] {
  const out: string[] = [];
  for (let start = 0; start < capacity; start += chunk) {
    out.push(...gen.forge(pattern, { seed, sequence: start, count: Math.min(chunk, capacity - start) }));
  }
  return out;
}

export const utf8 = (s: string) => Buffer.byteLength(s, 'utf8');

/** Runs `fn` and returns the PatternError it throws (fails the test when it throws nothing or something else). */
export function patternError(fn: () => unknown): PatternError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(PatternError);
    return e as PatternError;
  }
  throw new Error('expected a PatternError, nothing was thrown');
}

export const parseError = (pattern: string) => patternError(() => parsePattern(pattern));
