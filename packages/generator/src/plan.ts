import type { ParsedPattern } from './ast.js';
import type { Component } from './components.js';
import { emojiComponent, numberComponent, selectorComponent, specialComponent } from './components.js';
import type { BundleIndex } from './dictionary-index.js';
import { utf8Length } from './dictionary-index.js';
import { SequenceExhausted } from './errors.js';
import { mix32 } from './hash.js';
import { canonicalPattern } from './parser.js';
import { LimbPermutation } from './permutation.js';

/**
 * Where a component's value lives among the limbs:
 * - `none`: size 1, always value 0;
 * - `single`: one limb holds the value;
 * - `pair`: value = hi·loRadix + lo, valid while value < size (exact when loRadix·hiRadix = size);
 * - `digits`: the component's natural product limbs;
 * - `big`: like pair, but the value is rebuilt as a BigInt.
 */
interface Slot {
  component: Component;
  layout: 'none' | 'single' | 'pair' | 'digits' | 'big';
  off: number;
  count: number;
  loRadix: number;
  hiRadix: number;
  /** In the top row (hi = hiRadix − 1), lo must stay below this for the value to be < size. */
  lastLo: number;
}

/** A limb of 2^26 keeps a padded pair's high part below 2^53 for every size the language allows. */
const BIG_LO = 2 ** 26;
/** Split the largest limb while it dwarfs the product of all others by more than this. */
const BALANCE = 256;

/** Exact divisor of n close to √n if one is cheap to find, else null. */
function nearSqrtDivisor(n: number): number | null {
  const root = Math.floor(Math.sqrt(n));
  for (let d = root, tries = 0; d >= 2 && tries < 2048; d--, tries++) if (n % d === 0) return d;
  return null;
}

function pairSlot(component: Component, size: number): Omit<Slot, 'off'> {
  const lo = nearSqrtDivisor(size) ?? Math.ceil(Math.sqrt(size));
  const hi = Math.ceil(size / lo);
  return { component, layout: 'pair', count: 2, loRadix: lo, hiRadix: hi, lastLo: size - (hi - 1) * lo };
}

/** A pattern compiled against one bundle: components, limb layout, capacity and info. */
export class CompiledPattern {
  readonly canonical: string;
  readonly chunks: string[];
  readonly slots: Slot[];
  readonly radices: number[];
  readonly capacity: bigint;
  readonly maxSlugLength: number;
  readonly complexity: number;
  readonly components: number;
  /** True when some pair is padded: outputs outside the space are walked back in. */
  private readonly walks: boolean;
  private readonly permutations = new Map<string, LimbPermutation>();

  constructor(parsed: ParsedPattern, index: BundleIndex) {
    this.canonical = canonicalPattern(parsed);
    this.chunks = parsed.chunks;
    const comps = parsed.elements.map((el) => {
      switch (el.type) {
        case 'selector':
          return selectorComponent(el, index);
        case 'number':
          return numberComponent(el);
        case 'special':
          return specialComponent(el);
        case 'emoji':
          return emojiComponent(el, index);
      }
    });
    this.components = comps.length;
    this.capacity = comps.reduce((a, c) => a * c.size, 1n);
    this.complexity = comps.reduce((a, c) => a + c.complexity, 0);
    this.maxSlugLength = parsed.chunks.reduce((a, t) => a + utf8Length(t), 0) + comps.reduce((a, c) => a + c.maxBytes, 0);

    const slots: Omit<Slot, 'off'>[] = comps.map((component) => {
      const base = { component, loRadix: 0, hiRadix: 0, lastLo: 0 };
      if (component.size === 1n) return { ...base, layout: 'none', count: 0 };
      if (component.shape === 'digits') return { ...base, layout: 'digits', count: component.limbs.length };
      if (component.shape === 'big') {
        const hi = (component.size + BigInt(BIG_LO) - 1n) / BigInt(BIG_LO);
        const lastLo = Number(component.size - (hi - 1n) * BigInt(BIG_LO));
        return { ...base, layout: 'big', count: 2, loRadix: BIG_LO, hiRadix: Number(hi), lastLo };
      }
      return { ...base, layout: 'single', count: 1 };
    });
    this.balance(slots);
    let off = 0;
    this.slots = slots.map((s) => {
      const slot = { ...s, off };
      off += s.count;
      return slot;
    });
    this.radices = this.slots.flatMap((s) => {
      if (s.layout === 'single') return [Number(s.component.size)];
      if (s.layout === 'pair' || s.layout === 'big') return [s.loRadix, s.hiRadix];
      if (s.layout === 'digits' && s.component.shape === 'digits') return s.component.limbs;
      return [];
    });
    this.walks = this.slots.some((s) => (s.layout === 'pair' || s.layout === 'big') && s.lastLo < s.loRadix);
  }

  /**
   * Mixing needs at least two limbs of comparable size: a lone or dominant single-limb component
   * is split into two limbs (an exact factorisation when one is near √size, else a padded pair).
   */
  private balance(slots: Omit<Slot, 'off'>[]): void {
    for (let round = 0; round < 8; round++) {
      const limbs = slots.flatMap((s, i) =>
        s.layout === 'single' ? [{ i, r: Number(s.component.size) }] : s.layout === 'none' ? [] : [{ i, r: 0 }],
      );
      const total = slots.reduce((a, s) => (s.layout === 'none' ? a : a * Number(s.component.size)), 1);
      const largest = limbs.filter((l) => l.r > 0).sort((a, b) => b.r - a.r)[0];
      if (!largest || largest.r < 3) return;
      const rest = total / largest.r;
      if (limbs.length >= 2 && largest.r <= rest * BALANCE) return;
      slots[largest.i] = pairSlot(slots[largest.i].component, largest.r);
    }
  }

  permutation(key: Uint32Array, seed: string): LimbPermutation {
    let p = this.permutations.get(seed);
    if (!p) {
      if (this.permutations.size > 64) this.permutations.clear();
      p = new LimbPermutation(this.radices, key);
      this.permutations.set(seed, p);
    }
    return p;
  }

  /** Limb digits of sequence position n (the permutation's input). */
  private digitsOf(n: bigint): Float64Array {
    const x = new Float64Array(this.radices.length);
    for (const s of this.slots) {
      const size = s.component.size;
      let v = n % size;
      n /= size;
      if (s.layout === 'single') x[s.off] = Number(v);
      else if (s.layout === 'pair' || s.layout === 'big') {
        x[s.off] = Number(v % BigInt(s.loRadix));
        x[s.off + 1] = Number(v / BigInt(s.loRadix));
      } else if (s.layout === 'digits') {
        for (let t = 0; t < s.count; t++) {
          const r = BigInt(this.radices[s.off + t]);
          x[s.off + t] = Number(v % r);
          v /= r;
        }
      }
    }
    return x;
  }

  /** Adds one to the digits, carrying from component to component (least significant first). */
  private increment(x: Float64Array): void {
    const radices = this.radices;
    for (const s of this.slots) {
      if (s.count === 0) continue;
      let carried = true;
      for (let t = 0; t < s.count && carried; t++) {
        const j = s.off + t;
        x[j]++;
        carried = x[j] === radices[j];
        if (carried) x[j] = 0;
      }
      if (!carried && s.lastLo !== 0 && x[s.off + 1] === s.hiRadix - 1 && x[s.off] >= s.lastLo) {
        x[s.off] = 0;
        x[s.off + 1] = 0;
        carried = true;
      }
      if (!carried) return;
    }
  }

  private valid(y: Float64Array): boolean {
    for (const s of this.slots) {
      if (s.lastLo !== 0 && y[s.off + 1] === s.hiRadix - 1 && y[s.off] >= s.lastLo) return false;
    }
    return true;
  }

  private render(y: Float64Array, digest: number): string {
    const chunks = this.chunks;
    let out = chunks[0];
    for (let i = 0; i < this.slots.length; i++) {
      const s = this.slots[i];
      const c = s.component;
      let text: string;
      if (c.shape === 'value') {
        const v = s.layout === 'single' ? y[s.off] : s.layout === 'pair' ? y[s.off + 1] * s.loRadix + y[s.off] : 0;
        text = c.render(v, mix32(digest ^ Math.imul(i + 1, 0x9e3779b1)));
      } else if (c.shape === 'digits') {
        text = c.render(y, s.off);
      } else {
        text = c.render(BigInt(y[s.off + 1]) * BigInt(s.loRadix) + BigInt(y[s.off]));
      }
      out += text + chunks[i + 1];
    }
    return out;
  }

  /** The slugs at positions start … start+count−1 for one key. */
  generate(perm: LimbPermutation, start: bigint, count: number): string[] {
    if (start + BigInt(count) > this.capacity) {
      throw new SequenceExhausted(start + BigInt(count) - 1n, this.capacity);
    }
    const out = new Array<string>(count);
    const x = this.digitsOf(start);
    const y = new Float64Array(x.length);
    for (let i = 0; i < count; i++) {
      y.set(x);
      let digest = perm.apply(y);
      // Cycle-walking: a padded pair can leave the space; re-applying the permutation brings it back.
      if (this.walks) while (!this.valid(y)) digest = perm.apply(y);
      out[i] = this.render(y, digest);
      if (i + 1 < count) this.increment(x);
    }
    return out;
  }
}
