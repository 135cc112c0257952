import { mix32 } from './hash.js';
import { utf8Length } from './text.js';

export const CASINGS = ['as-is', 'upper', 'title', 'mixed'] as const;
export type Casing = (typeof CASINGS)[number];

/** The case of the output follows the spelling of the kind (generator.md §3). */
export function casingOf(kind: string): Casing {
  const lower = kind.toLowerCase();
  const upper = kind.toUpperCase();
  if (kind === lower) return 'as-is';
  if (kind === upper) return 'upper';
  if (kind === upper[0] + lower.slice(1)) return 'title';
  return 'mixed';
}

const titleCase = (w: string) => {
  const first = String.fromCodePoint(w.codePointAt(0) ?? 0);
  return w ? first.toUpperCase() + w.slice(first.length) : w;
};

/**
 * How a stored word is compared for sameness under a casing. Mixed case renders each word under
 * a per-slug mask, so its words are compared lower-cased.
 */
export function casedWith(casing: Casing): (w: string) => string {
  if (casing === 'upper') return (w) => w.toUpperCase();
  if (casing === 'title') return titleCase;
  if (casing === 'mixed') return (w) => w.toLowerCase();
  return (w) => w;
}

/** Per-letter case from a 32-bit mask, rehashed every 32 letters. Adds no capacity (generator.md §3). */
export function applyMask(word: string, mask: number): string {
  let out = '';
  let m = mask;
  for (let i = 0; i < word.length; i++) {
    if (i > 0 && (i & 31) === 0) m = mix32(m + i);
    const ch = word[i];
    out += (m >>> (i & 31)) & 1 ? ch.toUpperCase() : ch.toLowerCase();
  }
  return out;
}

/** Bytes of the widest rendering of `w` under any per-letter case mask. */
export function maskedMaxBytes(w: string): number {
  let n = 0;
  for (const ch of w) n += Math.max(utf8Length(ch.toUpperCase()), utf8Length(ch.toLowerCase()));
  return n;
}
