import { type Casing, casedWith, maskedMaxBytes } from './casing.js';
import type { JoinInfo } from './joins.js';
import { utf8Length } from './text.js';

const isUpper = (c: string) => c !== c.toLowerCase() && c === c.toUpperCase();
const UPPER_FIRST = 1;
const INNER_UPPER = 2;

/**
 * The words a selector keeps, as a component uses them. It holds their positions only: listing
 * the words (strings) is left to the callers that need them, so a pattern of a hundred different
 * selectors costs a pass over typed arrays each, not a hundred lists that live in the heap.
 */
export interface WordSelection {
  size: number;
  /** The dictionary position of each value. */
  positions: Int32Array;
  /** What value v renders to: its cased word (mixed case: the stored word, masked per slug). */
  at: (v: number) => string;
  /** Every value's rendering, in order (listed on first call). */
  words: () => string[];
  /** The last value whose stored word lower-cases to `lower` (see `DictionaryIndex.positionsOf`). */
  valueOfLower: (lower: string) => number | undefined;
  maxBytes: number;
  join: JoinInfo;
}

/** A list made on first call and kept. */
function listedOnce(make: () => string[]): () => string[] {
  let list: string[] | null = null;
  return () => {
    list ??= make();
    return list;
  };
}

/** Index of `value` in the ascending `sorted`, or −1. */
function indexIn(sorted: Int32Array, value: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] === value) return mid;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/**
 * One dictionary as one casing renders it, with everything a selection needs worked out per word
 * once: a pattern may hold a hundred differently filtered selectors of the same dictionary, and
 * each must then cost a pass over plain arrays rather than a pass of string work.
 */
export class CasedWords {
  private readonly rendered: string[];
  /** Words that render alike share a group: a selection keeps the first of each. */
  private readonly group: Int32Array;
  private readonly groups: number;
  private readonly bytes: Uint32Array;
  /** The UTF-16 units the words' join forms contain, one bit each. */
  private readonly alphabet: string[];
  private readonly width: number;
  private readonly charBits: Uint32Array;
  private readonly first: Int32Array;
  private readonly units: Uint32Array;
  private readonly flags: Uint8Array;
  private readonly anyCase: boolean;

  constructor(
    /** The dictionary's words as stored (a view needs nothing else of its index). */
    private readonly dict: { readonly words: string[]; positionsOf(lower: string): number[] | undefined },
    casing: Casing,
    /** How the words are spelt before casing (`ascii=true`: their ASCII spelling); as stored by default. */
    spell?: (word: string, position: number) => string,
  ) {
    const cased = casedWith(casing);
    this.anyCase = casing === 'mixed';
    const words = spell ? dict.words.map((w, i) => spell(w, i)) : dict.words;
    const n = words.length;
    // Mixed case renders the stored word under a mask and compares it lower-cased.
    this.rendered = this.anyCase ? words : words.map(cased);
    const joinForms = this.anyCase ? words.map(cased) : this.rendered;
    const groupOf = new Map<string, number>();
    this.group = new Int32Array(n);
    this.bytes = new Uint32Array(n);
    this.first = new Int32Array(n);
    this.units = new Uint32Array(n);
    this.flags = new Uint8Array(n);
    // Case tests and widths are worked out once per distinct character, not once per letter.
    const bitOf = new Map<string, number>();
    const upperBit: boolean[] = [];
    const bits: number[][] = [];
    const bitsOf = (s: string): number[] => {
      const own: number[] = [];
      for (let u = 0; u < s.length; u++) {
        let b = bitOf.get(s[u]);
        if (b === undefined) {
          b = bitOf.size;
          bitOf.set(s[u], b);
          upperBit.push(isUpper(s[u]));
        }
        own.push(b);
      }
      return own;
    };
    const widest = new Map<string, number>();
    const maskedBytes = (w: string): number => {
      let n = 0;
      for (const ch of w) {
        let width = widest.get(ch);
        if (width === undefined) {
          width = maskedMaxBytes(ch);
          widest.set(ch, width);
        }
        n += width;
      }
      return n;
    };
    for (let i = 0; i < n; i++) {
      const key = cased(words[i]);
      if (!groupOf.has(key)) groupOf.set(key, groupOf.size);
      this.group[i] = groupOf.get(key) as number;
      this.bytes[i] = this.anyCase ? maskedBytes(words[i]) : utf8Length(this.rendered[i]);
      const s = joinForms[i];
      const own = bitsOf(s);
      this.units[i] = s.length;
      this.first[i] = s.length > 0 ? own[0] : -1;
      if (s.length > 0 && upperBit[own[0]]) this.flags[i] |= UPPER_FIRST;
      for (let u = 1; u < own.length; u++) if (upperBit[own[u]]) this.flags[i] |= INNER_UPPER;
      bits.push(own);
    }
    this.groups = groupOf.size;
    this.alphabet = [...bitOf.keys()];
    this.width = Math.ceil(this.alphabet.length / 32) || 1;
    this.charBits = new Uint32Array(n * this.width);
    bits.forEach((own, i) => {
      for (const b of own) this.charBits[i * this.width + (b >>> 5)] |= 1 << (b & 31);
    });
  }

  /** The words at `indices` (dictionary order), the later of two that render alike left out. */
  select(indices: number[]): WordSelection {
    const { width, anyCase, rendered, group, bytes, charBits, first, units, flags } = this;
    const seen = new Uint8Array(this.groups);
    const chars = new Uint32Array(width);
    const firsts = new Uint8Array(this.alphabet.length);
    const kept = new Int32Array(indices.length);
    let size = 0;
    let maxBytes = 0;
    let fixed = -1;
    let allFlags = UPPER_FIRST;
    let anyFlags = 0;
    let canBeEmpty = false;
    // Locals and plain indexed loops: this runs once per word of a dictionary for each new selector.
    for (let n = 0; n < indices.length; n++) {
      const i = indices[n];
      const g = group[i];
      if (seen[g] === 1) continue;
      seen[g] = 1;
      kept[size++] = i;
      if (bytes[i] > maxBytes) maxBytes = bytes[i];
      for (let w = 0, at = i * width; w < width; w++) chars[w] |= charBits[at + w];
      const f = first[i];
      if (f >= 0) firsts[f] = 1;
      else canBeEmpty = true;
      const u = units[i];
      fixed = fixed === -1 || fixed === u ? u : -2;
      allFlags &= flags[i];
      anyFlags |= flags[i];
    }
    const upperStart = (allFlags & UPPER_FIRST) !== 0;
    const innerUpper = (anyFlags & INNER_UPPER) !== 0;
    const positions = kept.slice(0, size);
    const charSet = new Set(this.alphabet.filter((_, b) => (chars[b >>> 5] >>> (b & 31)) & 1));
    const firstSet = new Set(this.alphabet.filter((_, b) => firsts[b] === 1));
    if (anyCase) {
      for (const set of [charSet, firstSet])
        for (const c of [...set]) set.add(c.toUpperCase()).add(c.toLowerCase());
    }
    const words = listedOnce(() => Array.from(positions, (i) => rendered[i]));
    const join: JoinInfo = {
      chars: charSet,
      firsts: firstSet,
      fixedLength: fixed >= 0 ? fixed : null,
      canBeEmpty,
      upperStart: size > 0 && upperStart && !anyCase,
      innerUpper: innerUpper || anyCase,
      anyCase,
      strings: anyCase ? listedOnce(() => words().map((w) => w.toLowerCase())) : words,
    };
    return {
      size,
      positions,
      at: (v) => rendered[positions[v]],
      words,
      valueOfLower: (lower) => {
        // Kept positions ascend: the last dictionary position the selection keeps is the value.
        const candidates = this.dict.positionsOf(lower) ?? [];
        for (let c = candidates.length - 1; c >= 0; c--) {
          const v = indexIn(positions, candidates[c]);
          if (v >= 0) return v;
        }
        return undefined;
      },
      maxBytes,
      join,
    };
  }
}
