import { agreeNeighbours } from './agreement.js';
import type { Element, ParsedPattern } from './ast.js';
import type { Component } from './components.js';
import { MAX_LIMB } from './components.js';
import { SequenceExhausted } from './errors.js';
import { mix32 } from './hash.js';
import { checkJoins } from './joins.js';
import { measureParsed } from './measure.js';
import { canonicalPattern, elementToString } from './parser.js';
import { LimbPermutation } from './permutation.js';
import { utf8Length } from './text.js';

/**
 * How one component's value sits in the limb vector: limbs [off, off+radices.length), least
 * significant first. `bound` (the digits of size−1) is set when the limbs' product exceeds the
 * size; such a layout is "padded", and the permutation's output is walked until it is ≤ bound.
 */
interface Layout {
  component: Component;
  radices: number[];
  bound: number[] | null;
}

/** Base of the limbs of a value too large for one limb. */
const WIDE_BASE = 2 ** 24;
/** Split the largest limb while it dwarfs the product of all others by more than this. */
const BALANCE = 256;
const MAX_NUMBER = BigInt(Number.MAX_SAFE_INTEGER);
/** Words baked per call at most, past the first list (see `CompiledPattern.bake`). */
const BAKE_WORDS = 20_000;
/** Slugs permuted together (see LimbPermutation.apply). */
const BLOCK = 64;

/** Mixed-radix digits of v, least significant first. */
function digitsIn(v: bigint, radices: number[]): number[] {
  return radices.map((r) => {
    const d = Number(v % BigInt(r));
    v /= BigInt(r);
    return d;
  });
}

function layoutOf(component: Component, radices: number[]): Layout {
  const product = radices.reduce((a, r) => a * BigInt(r), 1n);
  const bound = product === component.size ? null : digitsIn(component.size - 1n, radices);
  return { component, radices, bound };
}

/** Exact divisor of n close to √n if one is cheap to find, else null. */
function nearSqrtDivisor(n: number): number | null {
  const root = Math.floor(Math.sqrt(n));
  for (let d = root, tries = 0; d >= 2 && tries < 2048; d--, tries++) if (n % d === 0) return d;
  return null;
}

function initialLayout(component: Component): Layout {
  if (component.shape === 'digits') return layoutOf(component, component.limbs);
  const size = component.size;
  if (size === 1n) return layoutOf(component, []);
  if (size <= BigInt(MAX_LIMB)) return layoutOf(component, [Number(size)]);
  const radices: number[] = [];
  let rest = size - 1n;
  while (rest >= BigInt(WIDE_BASE)) {
    radices.push(WIDE_BASE);
    rest /= BigInt(WIDE_BASE);
  }
  radices.push(Number(rest) + 1);
  return layoutOf(component, radices);
}

/**
 * Mixing needs at least two limbs of comparable size: a lone or dominant one-limb value is split
 * into two limbs (an exact factorisation when one is near √size, else a padded pair).
 */
function balance(layouts: Layout[]): void {
  for (let round = 0; round < 8; round++) {
    const limbs = layouts.flatMap((l, i) =>
      l.radices.map((r) => ({ i, r, splittable: l.radices.length === 1 })),
    );
    if (limbs.length === 0) return;
    const largest = limbs.reduce((a, b) => (b.r > a.r ? b : a));
    const total = limbs.reduce((a, l) => a * l.r, 1);
    if (!largest.splittable || largest.r < 3) return;
    if (limbs.length >= 2 && largest.r <= (total / largest.r) * BALANCE) return;
    const lo = nearSqrtDivisor(largest.r) ?? Math.ceil(Math.sqrt(largest.r));
    layouts[largest.i] = layoutOf(layouts[largest.i].component, [lo, Math.ceil(largest.r / lo)]);
  }
}

/** Work done a bounded step per `next()`, returning a T at the end (see `Generator.compileStepwise`). */
export type Steps<T> = Generator<undefined, T, undefined>;

/** A pattern compiled against one bundle: components, limb layout, capacity and info. */
export class CompiledPattern {
  readonly canonical: string;
  readonly chunks: string[];
  readonly layouts: Layout[];
  readonly radices: number[];
  private readonly radixArray: Int32Array;
  readonly capacity: bigint;
  readonly maxSlugLength: number;
  readonly complexity: number;
  readonly components: number;
  private readonly offsets: number[];
  /** True when some layout is padded: outputs outside the space are walked back in. */
  private readonly walks: boolean;
  // Per-component views for the hot loop: list lookups for plain one-limb values (listed when
  // first baked, see `generate`).
  private readonly lists: ((() => string[]) | null)[];
  /** The lists baked so far (null: not a list, or not baked yet), once baking started. */
  private affixed: (string[] | null)[] | null = null;
  /** Lists looked at by `bake` so far, and whether that is all of them. */
  private bakedUpTo = 0;
  private bakedAll = false;
  /** Baked lists by placeholder text and surrounding text (see `bake`). */
  private readonly bakedShared = new Map<string, string[]>();
  /** No list baked: every component renders through its own `render` (see `generate`). */
  private readonly unbaked: null[];
  /** The lists `render` and `gather` read in the current `generate` call. */
  private current: (string[] | null)[] = [];
  /** Words in the one-limb lists, and slugs rendered so far: when baking the lists pays. */
  private readonly listWords: number;
  private rendered = 0;
  /** Canonical text of each placeholder: equal text selects equal words. */
  private readonly selectors: string[];
  /** Every component is a one-limb word list (the common case): slugs are joined words. */
  private readonly wordsOnly: boolean;
  private awkward: { first: number; pairs: Set<number> }[] | null = null;
  private scratch: { block: Int32Array; digests: Int32Array; column: Int32Array; words: string[] } | null =
    null;
  private readonly permutations = new Map<string, LimbPermutation>();
  /** The capacity as a Number when it is a safe integer, else Infinity (every safe n is below). */
  private readonly numberCapacity: number;
  private oneScratch: { x: Int32Array; digest: Int32Array } | null = null;

  constructor(
    parsed: ParsedPattern,
    componentOf: (el: Element) => Component,
    private readonly avoidPairs: readonly [string, string][] = [],
  ) {
    this.canonical = canonicalPattern(parsed);
    const placeholders = parsed.elements.map(componentOf);
    checkJoins(
      placeholders.map((c, i) => {
        const { start, end } = parsed.elements[i];
        return { info: c.join, label: parsed.source.slice(start, end), start, end };
      }),
      parsed.chunks,
    );
    ({ components: this.components, complexity: this.complexity } = measureParsed(parsed));
    // Words that agree (an adjective next to a noun of its language) render as one component.
    const agreed = agreeNeighbours(placeholders, parsed.chunks, parsed.elements.map(elementToString));
    const comps = agreed.components;
    this.chunks = agreed.chunks;
    this.selectors = agreed.labels;
    this.capacity = comps.reduce((a, c) => a * c.size, 1n);
    this.numberCapacity = this.capacity <= MAX_NUMBER ? Number(this.capacity) : Number.POSITIVE_INFINITY;
    this.maxSlugLength =
      this.chunks.reduce((a, t) => a + utf8Length(t), 0) + comps.reduce((a, c) => a + c.maxBytes, 0);

    this.layouts = comps.map(initialLayout);
    balance(this.layouts);
    this.radices = this.layouts.flatMap((l) => l.radices);
    this.radixArray = Int32Array.from(this.radices);
    let off = 0;
    this.offsets = this.layouts.map((l) => {
      const at = off;
      off += l.radices.length;
      return at;
    });
    this.walks = this.layouts.some((l) => l.bound !== null);

    this.lists = this.layouts.map((l) =>
      l.component.shape === 'value' && l.component.list && l.radices.length === 1 ? l.component.list : null,
    );
    this.wordsOnly = this.lists.length > 0 && this.lists.every((l) => l !== null);
    this.unbaked = this.lists.map(() => null);
    this.listWords = this.layouts.reduce(
      (sum, l, i) => sum + (this.lists[i] ? Number(l.component.size) : 0),
      0,
    );
  }

  permutation(seed: string, key: () => Uint32Array): LimbPermutation {
    let p = this.permutations.get(seed);
    if (!p) {
      if (this.permutations.size >= 64) this.permutations.clear();
      p = new LimbPermutation(this.radices, key());
      this.permutations.set(seed, p);
    }
    return p;
  }

  /** Whether `n` is a position `one` takes: a safe integer in [0, capacity). */
  fitsOne(n: number): boolean {
    return Number.isSafeInteger(n) && n >= 0 && n < this.numberCapacity;
  }

  /**
   * The slug at position n (see `fitsOne`): what `generate(perm, BigInt(n), 1)` gives, for a
   * caller that asks for one slug per call — no BigInt, no block, nothing allocated but the slug.
   */
  one(perm: LimbPermutation, n: number): string {
    if (this.walks || this.radices.length < 2) return this.generate(perm, BigInt(n), 1)[0];
    this.oneScratch ??= { x: new Int32Array(this.radices.length), digest: new Int32Array(1) };
    const { x, digest } = this.oneScratch;
    // Without padding the limbs are a plain mixed radix of n.
    const radices = this.radixArray;
    let rest = n;
    for (let t = 0; t < x.length; t++) {
      x[t] = rest % radices[t];
      rest = Math.floor(rest / radices[t]);
    }
    perm.apply(x, 1, digest);
    this.rendered += 1;
    if (!this.bakedAll && this.rendered >= this.listWords) this.bake();
    if (this.bakedAll && this.wordsOnly) {
      const lists = this.affixed as string[][];
      if (lists.length === 2) return lists[0][x[0]] + lists[1][x[1]];
      let slug = '';
      for (let i = 0; i < lists.length; i++) slug += lists[i][x[this.offsets[i]]];
      return slug;
    }
    this.current = this.affixed ?? this.unbaked;
    this.scratch ??= this.newScratch();
    const { words, column } = this.scratch;
    this.gather(x, 1, 1, words);
    return this.render(x, 1, 0, digest[0], words, column);
  }

  /** Limb digits of sequence position n (the permutation's input). */
  private digitsOf(n: bigint): Int32Array {
    const x = new Int32Array(this.radices.length);
    if (!this.walks && n <= MAX_NUMBER) {
      // Without padding the limbs are a plain mixed radix of n: no BigInt for n < 2^53.
      let rest = Number(n);
      for (let t = 0; t < x.length; t++) {
        x[t] = rest % this.radices[t];
        rest = Math.floor(rest / this.radices[t]);
      }
      return x;
    }
    for (let i = 0; i < this.layouts.length; i++) {
      const { component, radices } = this.layouts[i];
      x.set(digitsIn(n % component.size, radices), this.offsets[i]);
      n /= component.size;
    }
    return x;
  }

  /** Is the component's digit run above its bound (compared from the most significant limb)? */
  private static above(x: Int32Array, off: number, bound: number[]): boolean {
    for (let t = bound.length - 1; t >= 0; t--) {
      if (x[off + t] !== bound[t]) return x[off + t] > bound[t];
    }
    return false;
  }

  /** Adds one to the digits, carrying from component to component (least significant first). */
  private increment(x: Int32Array): void {
    const radices = this.radices;
    for (let i = 0; i < this.layouts.length; i++) {
      const { bound } = this.layouts[i];
      const off = this.offsets[i];
      const end = off + this.layouts[i].radices.length;
      if (end === off) continue;
      let j = off;
      while (j < end && ++x[j] === radices[j]) x[j++] = 0;
      if (j === end) continue; // wrapped: carry on to the next component
      if (bound === null || !CompiledPattern.above(x, off, bound)) return;
      x.fill(0, off, end); // reached the size: wrap this component and carry
    }
  }

  private valid(y: Int32Array): boolean {
    for (let i = 0; i < this.layouts.length; i++) {
      const { bound } = this.layouts[i];
      if (bound !== null && CompiledPattern.above(y, this.offsets[i], bound)) return false;
    }
    return true;
  }

  /** A component's value from its limbs (a Number below 2^53, else a BigInt). */
  private value(y: Int32Array, i: number): number | bigint {
    const { radices, component } = this.layouts[i];
    const off = this.offsets[i];
    if (component.size > MAX_NUMBER) {
      let v = 0n;
      for (let t = radices.length - 1; t >= 0; t--) v = v * BigInt(radices[t]) + BigInt(y[off + t]);
      return v;
    }
    let v = 0;
    for (let t = radices.length - 1; t >= 0; t--) v = v * radices[t] + y[off + t];
    return v;
  }

  /**
   * Bakes list components with the surrounding text (the first also carries the leading text), so
   * a slug of list components costs one concatenation per component. A call bakes whole lists
   * until BAKE_WORDS words are done (at least one list): a long pattern's lists are baked over
   * several calls, so no call builds them all in one stretch (16 noun lists: 20-60 ms). Lists not
   * baked yet render through their component, as before baking; the strings are the same.
   */
  private bake(): void {
    const { chunks } = this;
    this.affixed ??= this.lists.map(() => null);
    const affixed = this.affixed;
    for (let words = 0; this.bakedUpTo < this.lists.length && words < BAKE_WORDS; this.bakedUpTo++) {
      const i = this.bakedUpTo;
      const listed = this.lists[i];
      if (!listed) continue;
      const list = listed();
      words += list.length;
      const before = i === 0 ? chunks[0] : '';
      const after = chunks[i + 1];
      if (before === '' && after === '') {
        affixed[i] = list;
        continue;
      }
      // Repeated placeholders with the same text around them share one list: fewer distinct
      // strings keep more of the words in cache (`{noun}-…-{noun}-` reads one list twice).
      const key = JSON.stringify([this.selectors[i], before, after]);
      let baked = this.bakedShared.get(key);
      if (!baked) {
        baked = list.map((w) => before + w + after);
        this.bakedShared.set(key, baked);
      }
      affixed[i] = baked;
    }
    this.bakedAll = this.bakedUpTo === this.lists.length;
  }

  /**
   * Renders column j of the limb block (limb t of column j at x[t·width + j]); list components
   * were already looked up into `words` (component i of column j at words[i·width + j]).
   */
  private render(
    x: Int32Array,
    width: number,
    j: number,
    digest: number,
    words: string[],
    column: Int32Array,
  ): string {
    const { chunks, offsets } = this;
    const affixed = this.current;
    let out = '';
    let gathered = false;
    for (let i = 0; i < affixed.length; i++) {
      if (affixed[i] !== null) {
        out += words[i * width + j];
        continue;
      }
      if (!gathered) {
        for (let t = 0; t < column.length; t++) column[t] = x[t * width + j];
        gathered = true;
      }
      const c = this.layouts[i].component;
      let text: string;
      if (c.shape === 'digits')
        text = c.render(column, offsets[i], mix32(digest ^ Math.imul(i + 1, 0x9e3779b1)));
      else {
        const v = this.value(column, i);
        text =
          typeof v === 'bigint' ? c.renderBig!(v) : c.render(v, mix32(digest ^ Math.imul(i + 1, 0x9e3779b1)));
      }
      out += (i === 0 ? chunks[0] : '') + text + chunks[i + 1];
    }
    return affixed.length === 0 ? chunks[0] : out;
  }

  /**
   * Looks up the words of every list component for the whole block first: the loads are
   * independent, so their cache misses overlap instead of stalling one slug at a time.
   */
  private gather(x: Int32Array, width: number, filled: number, words: string[]): void {
    const affixed = this.current;
    let touched = 0;
    for (let i = 0; i < affixed.length; i++) {
      const list = affixed[i];
      if (list === null) continue;
      const row = this.offsets[i] * width;
      const base = i * width;
      for (let j = 0; j < filled; j++) {
        const w = list[x[row + j]];
        words[base + j] = w;
        touched += w.length; // reads the string header now, while other loads are in flight
      }
    }
    this.touched = touched;
  }

  /** The slugs of a block when every component is a word list with its surrounding text baked in. */
  private joinWords(
    block: Int32Array,
    width: number,
    filled: number,
    words: string[],
    out: string[],
    at: number,
  ): void {
    const lists = this.affixed as string[][];
    if (lists.length === 2) {
      // Two lists are usually small enough to stay in cache: a direct join is quicker.
      const [first, second] = lists;
      for (let j = 0; j < filled; j++) out[at + j] = first[block[j]] + second[block[width + j]];
      return;
    }
    // Longer patterns touch more (and larger) lists than the cache holds, and a string's header
    // is a dependent load after its list slot. Loading all slots of the block first, then all
    // headers, then joining keeps many independent cache misses in flight at once instead of
    // stalling on each word inside the concatenation (ref5: ~700 → ~420 ns/slug).
    const k = lists.length;
    for (let i = 0, row = 0; i < k; i++, row += width) {
      const list = lists[i];
      for (let j = row, end = row + filled; j < end; j++) words[j] = list[block[j]];
    }
    let touched = 0;
    for (let i = 0, row = 0; i < k; i++, row += width) {
      for (let j = row, end = row + filled; j < end; j++) touched += words[j].length;
    }
    this.touched = touched;
    for (let j = 0; j < filled; j++) {
      let slug = '';
      for (let row = j, end = k * width; row < end; row += width) slug += words[row];
      out[at + j] = slug;
    }
  }

  /** Keeps the header reads in `gather` and `joinWords` from being optimised away (read by nobody). */
  touched = 0;

  /**
   * For each two neighbouring word placeholders whose words form a pair the bundle lists as
   * reading badly, the set of their value pairs (first·size₂ + second). Built on first use, unless
   * `awkwardSteps` built it before.
   */
  private awkwardPairs(): { first: number; pairs: Set<number> }[] {
    if (!this.awkward) for (const _ of this.awkwardSteps());
    return this.awkward as { first: number; pairs: Set<number> }[];
  }

  /** Whether the awkward-pair table is built: `awkwardSteps` has nothing left to do. */
  get awkwardReady(): boolean {
    return this.awkward !== null;
  }

  /**
   * Builds the awkward-pair table in steps, for a caller that must not be held up (a server's
   * event loop): one step per placeholder whose values of the listed words are looked up, each a
   * few thousand lookups whatever the size of its word list. A placeholder repeated side by side
   * (`{noun}-{noun}-…`) is looked up once.
   */
  *awkwardSteps(): Steps<void> {
    if (this.awkward) return;
    const avoid = this.avoidPairs;
    const table: { first: number; pairs: Set<number> }[] = [];
    // Per component, the value of each avoided pair's first (side 0) or second (side 1) word, −1
    // where it has none.
    const looked = [new Map<Component, Int32Array>(), new Map<Component, Int32Array>()];
    const valuesOf = (c: Component, side: 0 | 1): Int32Array => {
      let values = looked[side].get(c);
      if (!values) {
        const lookup = (c as { valueOfLower: (lower: string) => number | undefined }).valueOfLower;
        values = Int32Array.from(avoid, (pair) => lookup(pair[side]) ?? -1);
        looked[side].set(c, values);
      }
      return values;
    };
    for (let i = 0; i + 1 < this.layouts.length && avoid.length > 0; i++) {
      const a = this.layouts[i].component;
      const b = this.layouts[i + 1].component;
      if (a.shape !== 'value' || b.shape !== 'value' || !a.valueOfLower || !b.valueOfLower) continue;
      if (!looked[0].has(a)) yield;
      const firsts = valuesOf(a, 0);
      if (!looked[1].has(b)) yield;
      const seconds = valuesOf(b, 1);
      const size = Number(b.size);
      const pairs = new Set<number>();
      for (let n = 0; n < avoid.length; n++) {
        if (firsts[n] >= 0 && seconds[n] >= 0) pairs.add(firsts[n] * size + seconds[n]);
      }
      if (pairs.size > 0) table.push({ first: i, pairs });
    }
    this.awkward ??= table;
  }

  private isAwkward(block: Int32Array, width: number, j: number, column: Int32Array): boolean {
    for (const { first, pairs } of this.awkward!) {
      for (let t = 0; t < column.length; t++) column[t] = block[t * width + j];
      const a = this.value(column, first) as number;
      const b = this.value(column, first + 1) as number;
      if (pairs.has(a * Number(this.layouts[first + 1].component.size) + b)) return true;
    }
    return false;
  }

  /** The slugs at positions start … start+count−1 for one key. */
  generate(perm: LimbPermutation, start: bigint, count: number, skipAwkward = false): string[] {
    if (start + BigInt(count) > this.capacity) {
      throw new SequenceExhausted(start + BigInt(count) - 1n, this.capacity);
    }
    const k = this.radices.length;
    const out = new Array<string>(count);
    const x = this.digitsOf(start);
    const width = Math.min(count, BLOCK);
    // Generation is synchronous, so one set of buffers per compiled pattern serves every call.
    this.scratch ??= this.newScratch();
    const { block, digests, column, words } = this.scratch;
    const radix = this.radixArray;
    // Baking the surrounding text into the word lists makes a string of every word of every list:
    // it is done once the pattern has rendered as many slugs as its lists hold words, so a pattern
    // used for a few slugs (one forge, a preview, each of many one-off patterns) never pays for it.
    this.rendered += count;
    if (!this.bakedAll && this.rendered >= this.listWords) this.bake();
    const baked = this.bakedAll;
    this.current = this.affixed ?? this.unbaked;
    const skip = skipAwkward && this.awkwardPairs().length > 0;
    let kept = 0;
    for (let base = 0; base < count; base += width) {
      const filled = Math.min(width, count - base);
      if (this.walks || k < 2) {
        for (let j = 0; j < filled; j++) {
          for (let t = 0; t < k; t++) block[t * width + j] = x[t];
          if (base + j + 1 < count) this.increment(x);
        }
      } else {
        // Without padding the limbs are one mixed-radix counter. Consecutive positions differ in
        // the lowest limb only, until it wraps: its row is written one by one, the higher limbs'
        // rows in runs up to each wrap. Past the last position only the top limb can overflow,
        // and that value is never used.
        const r0 = radix[0];
        let v = x[0];
        let from = 0;
        for (let j = 0; j < filled; j++) {
          block[j] = v;
          if (++v === r0) {
            v = 0;
            for (let t = 1, row = width; t < k; t++, row += width) block.fill(x[t], row + from, row + j + 1);
            from = j + 1;
            let t = 1;
            while (++x[t] === radix[t] && t + 1 < k) x[t++] = 0;
          }
        }
        for (let t = 1, row = width; t < k; t++, row += width) block.fill(x[t], row + from, row + filled);
        x[0] = v;
      }
      perm.apply(block, width, digests);
      if (this.walks) this.walkBack(perm, block, width, filled, digests, column);
      if (baked && this.wordsOnly && !skip) {
        this.joinWords(block, width, filled, words, out, kept);
        kept += filled;
        continue;
      }
      this.gather(block, width, filled, words);
      for (let j = 0; j < filled; j++) {
        if (skip && this.isAwkward(block, width, j, column)) continue;
        out[kept++] = this.render(block, width, j, digests[j], words, column);
      }
    }
    out.length = kept;
    return out;
  }

  private newScratch() {
    const k = this.radices.length;
    return {
      block: new Int32Array(k * BLOCK),
      digests: new Int32Array(BLOCK),
      column: new Int32Array(k),
      words: new Array<string>(this.layouts.length * BLOCK).fill(''),
    };
  }

  /** Cycle-walking: outputs outside a padded layout are permuted again until they are inside. */
  private walkBack(
    perm: LimbPermutation,
    block: Int32Array,
    width: number,
    filled: number,
    digests: Int32Array,
    column: Int32Array,
  ): void {
    const k = column.length;
    const one = new Int32Array(1);
    for (let j = 0; j < filled; j++) {
      for (let t = 0; t < k; t++) column[t] = block[t * width + j];
      if (this.valid(column)) continue;
      do perm.apply(column, 1, one);
      while (!this.valid(column));
      for (let t = 0; t < k; t++) block[t * width + j] = column[t];
      digests[j] = one[0];
    }
  }
}
