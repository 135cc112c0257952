import { mix32 } from './hash.js';

/** The id of the algorithm below; a series stores it so a future v2 never changes its sequence. */
export const ALGORITHM_VERSION = 'v1';

/**
 * Full rounds (every limb updated once per round) by limb count: two limbs get three rounds, six
 * Feistel half-rounds; with three or more limbs two rounds already make every output limb depend
 * on every input limb through a round function (round one feeds each limb's new value into the
 * later limbs' steps, round two carries all of them back to the first).
 */
export function roundsFor(limbs: number): number {
  return limbs <= 2 ? 3 : 2;
}

const INV32 = 1 / 4294967296;

/** Two-limb permutations whose radices sum to at most this may tabulate their round function. */
const TABLE_LIMIT = 1 << 15;
/** Most permutations holding tables at once (each at most 3·TABLE_LIMIT int32s, 384 KiB). */
const MAX_TABLED = 8;
/** Permutations holding tables, oldest first. */
const tabled: LimbPermutation[] = [];

/**
 * A keyed pseudo-random permutation of a mixed-radix space (generator.md §4): an unbalanced
 * Feistel network whose branches are the limbs x[i] ∈ [0, radix[i]), radix < 2^31. Each step
 * adds a keyed hash of all *other* limbs to one limb modulo its radix — invertible for any
 * radices, so the network is a bijection of the product space, in int32 arithmetic only.
 *
 * "All other limbs" enter the round function as a running sum of per-limb odd multiples
 * (w[i] = x[i]·A[i] mod 2^32) minus the limb's own term, so a step costs one mix32 whatever the
 * number of limbs; for two limbs the input is a bijection of the other limb's value. The hash
 * is reduced to [0, radix) by its high bits (multiply-shift), which avoids a division. The sum
 * of two values below the radix is brought back below it without a branch
 * (`v -= m & ((m - 1 - v) >> 31)`): the condition is a coin flip, so a branch would be
 * mispredicted half the time, which measured ~40% slower.
 */
export class LimbPermutation {
  readonly k: number;
  private readonly rounds: number;
  private readonly radix: Int32Array;
  private readonly keys: Int32Array;
  private readonly mul: Int32Array;
  private readonly finalKey: number;
  /** Entries of the round-function tables, −1 when this permutation never builds them. */
  private readonly tableCost: number;
  /** Inputs permuted without tables; they are built once this reaches tableCost. */
  private served = 0;
  /**
   * With two limbs the round function of limb i in round r depends on the other limb only, so
   * for small radices all its values fit in a table: f0[r·m1 + x1] updates limb 0, f1[r·m0 + x0]
   * limb 1. A lookup (in L2) is much shorter than the mix32 and float multiply it replaces,
   * which are the two-limb path's critical path.
   */
  private f0: Int32Array | null = null;
  private f1: Int32Array | null = null;

  constructor(radices: readonly number[], key: Uint32Array) {
    const k = radices.length;
    this.k = k;
    this.radix = Int32Array.from(radices);
    this.mul = new Int32Array(k);
    for (let i = 0; i < k; i++) this.mul[i] = mix32(Math.imul(i + 1, 0x27d4eb2f)) | 1;
    this.rounds = roundsFor(k);
    this.keys = new Int32Array(this.rounds * k);
    for (let r = 0; r < this.rounds; r++) {
      for (let i = 0; i < k; i++) {
        const tweak = mix32(Math.imul(r + 1, 0x9e3779b9) ^ Math.imul(i + 1, 0x85ebca77));
        this.keys[r * k + i] = mix32(key[(r + i) & 3] ^ tweak);
      }
    }
    this.finalKey = mix32(key[0] ^ key[2] ^ 0x68e31da4);
    this.tableCost =
      k === 2 && radices[0] + radices[1] <= TABLE_LIMIT ? this.rounds * (radices[0] + radices[1]) : -1;
  }

  /**
   * Permutes `width` inputs at once, in place. `x` holds limb i of input j at x[i·width + j]
   * (structure of arrays): the inner loop runs over independent inputs, so the CPU overlaps
   * their dependency chains instead of waiting on one. `digests[j]` receives a 32-bit digest of
   * output j (used for mixed-case masks).
   */
  apply(x: Int32Array, width: number, digests: Int32Array): void {
    if (this.k === 2) {
      // Tables only once they pay off: after as many inputs as they have entries (building one
      // entry costs about a sixth of permuting one input), so one-off seeds never build them.
      if (this.f0 === null && this.tableCost >= 0) {
        this.served += width;
        if (this.served >= this.tableCost) this.buildTables();
      }
      if (this.f0 !== null) this.applyTables(x, width, digests);
      else this.applyPair(x, width, digests);
      return;
    }
    const { k, radix, keys, mul } = this;
    const sum = digests;
    sum.fill(0, 0, width);
    for (let i = 0, row = 0; i < k; i++, row += width) {
      const mi = mul[i];
      for (let j = 0; j < width; j++) sum[j] = (sum[j] + Math.imul(x[row + j], mi)) | 0;
    }
    for (let kr = 0, end = this.rounds * k; kr < end; kr += k) {
      for (let i = 0, row = 0; i < k; i++, row += width) {
        const key = keys[kr + i];
        const m = radix[i];
        const scale = m * INV32; // h·scale rounds exactly like h·m·2^-32 (a power-of-two scaling)
        const mi = mul[i];
        for (let j = 0; j < width; j++) {
          const at = row + j;
          let v = x[at];
          // The limb's own term is recomputed (one multiply) rather than kept in a second array.
          const own = Math.imul(v, mi);
          // mix32(…)·m / 2^32 < m: the double product is exact below 2^53 and, above, its
          // rounding error is smaller than m, so the truncation never reaches m.
          v += (mix32((sum[j] - own) ^ key) * scale) | 0;
          v -= m & ((m - 1 - v) >> 31);
          x[at] = v;
          sum[j] = (sum[j] - own + Math.imul(v, mi)) | 0;
        }
      }
    }
    for (let j = 0; j < width; j++) digests[j] = mix32(sum[j] ^ this.finalKey);
  }

  /**
   * The same network for exactly two limbs (most two-word patterns), with each input's state in
   * locals: "all other limbs" is simply the other limb. Results are identical to the general loop.
   */
  private applyPair(x: Int32Array, width: number, digests: Int32Array): void {
    const { keys } = this;
    const m0 = this.radix[0];
    const m1 = this.radix[1];
    const s0 = m0 * INV32; // exact: scaling by a power of two, so h·s0 rounds exactly like h·m0·2^-32
    const s1 = m1 * INV32;
    const a0 = this.mul[0];
    const a1 = this.mul[1];
    // Four inputs per iteration: their dependency chains are independent, so the CPU runs them
    // side by side (about twice the throughput of one at a time). The rest go one by one.
    const lanes = width >> 2;
    for (let j = 0; j < lanes; j++) {
      const b = j + lanes;
      const c = b + lanes;
      const d = c + lanes;
      let a0v = x[j];
      let a1v = x[width + j];
      let b0v = x[b];
      let b1v = x[width + b];
      let c0v = x[c];
      let c1v = x[width + c];
      let d0v = x[d];
      let d1v = x[width + d];
      for (let kr = 0; kr < keys.length; kr += 2) {
        const k0 = keys[kr];
        const k1 = keys[kr + 1];
        a0v += (mix32(Math.imul(a1v, a1) ^ k0) * s0) | 0;
        b0v += (mix32(Math.imul(b1v, a1) ^ k0) * s0) | 0;
        c0v += (mix32(Math.imul(c1v, a1) ^ k0) * s0) | 0;
        d0v += (mix32(Math.imul(d1v, a1) ^ k0) * s0) | 0;
        a0v -= m0 & ((m0 - 1 - a0v) >> 31);
        b0v -= m0 & ((m0 - 1 - b0v) >> 31);
        c0v -= m0 & ((m0 - 1 - c0v) >> 31);
        d0v -= m0 & ((m0 - 1 - d0v) >> 31);
        a1v += (mix32(Math.imul(a0v, a0) ^ k1) * s1) | 0;
        b1v += (mix32(Math.imul(b0v, a0) ^ k1) * s1) | 0;
        c1v += (mix32(Math.imul(c0v, a0) ^ k1) * s1) | 0;
        d1v += (mix32(Math.imul(d0v, a0) ^ k1) * s1) | 0;
        a1v -= m1 & ((m1 - 1 - a1v) >> 31);
        b1v -= m1 & ((m1 - 1 - b1v) >> 31);
        c1v -= m1 & ((m1 - 1 - c1v) >> 31);
        d1v -= m1 & ((m1 - 1 - d1v) >> 31);
      }
      x[j] = a0v;
      x[width + j] = a1v;
      x[b] = b0v;
      x[width + b] = b1v;
      x[c] = c0v;
      x[width + c] = c1v;
      x[d] = d0v;
      x[width + d] = d1v;
    }
    for (let j = lanes * 4; j < width; j++) {
      let v0 = x[j];
      let v1 = x[width + j];
      for (let kr = 0; kr < keys.length; kr += 2) {
        v0 += (mix32(Math.imul(v1, a1) ^ keys[kr]) * s0) | 0;
        v0 -= m0 & ((m0 - 1 - v0) >> 31);
        v1 += (mix32(Math.imul(v0, a0) ^ keys[kr + 1]) * s1) | 0;
        v1 -= m1 & ((m1 - 1 - v1) >> 31);
      }
      x[j] = v0;
      x[width + j] = v1;
    }
    this.pairDigests(x, width, digests);
  }

  /** Tabulates the two-limb round function; evicts the oldest tables beyond MAX_TABLED. */
  private buildTables(): void {
    const { rounds, keys } = this;
    const m0 = this.radix[0];
    const m1 = this.radix[1];
    const s0 = m0 * INV32;
    const s1 = m1 * INV32;
    const a0 = this.mul[0];
    const a1 = this.mul[1];
    const f0 = new Int32Array(rounds * m1);
    const f1 = new Int32Array(rounds * m0);
    for (let r = 0; r < rounds; r++) {
      const k0 = keys[2 * r];
      const k1 = keys[2 * r + 1];
      for (let v = 0; v < m1; v++) f0[r * m1 + v] = (mix32(Math.imul(v, a1) ^ k0) * s0) | 0;
      for (let v = 0; v < m0; v++) f1[r * m0 + v] = (mix32(Math.imul(v, a0) ^ k1) * s1) | 0;
    }
    this.f0 = f0;
    this.f1 = f1;
    tabled.push(this);
    if (tabled.length > MAX_TABLED) tabled.shift()!.dropTables();
  }

  private dropTables(): void {
    this.f0 = null;
    this.f1 = null;
    this.served = 0;
  }

  /** applyPair with the round function looked up in the tables (same results). */
  private applyTables(x: Int32Array, width: number, digests: Int32Array): void {
    const f0 = this.f0!;
    const f1 = this.f1!;
    const m0 = this.radix[0];
    const m1 = this.radix[1];
    const end = f0.length;
    const lanes = width >> 2;
    for (let j = 0; j < lanes; j++) {
      const b = j + lanes;
      const c = b + lanes;
      const d = c + lanes;
      let a0v = x[j];
      let a1v = x[width + j];
      let b0v = x[b];
      let b1v = x[width + b];
      let c0v = x[c];
      let c1v = x[width + c];
      let d0v = x[d];
      let d1v = x[width + d];
      for (let o0 = 0, o1 = 0; o0 < end; o0 += m1, o1 += m0) {
        a0v += f0[o0 + a1v];
        b0v += f0[o0 + b1v];
        c0v += f0[o0 + c1v];
        d0v += f0[o0 + d1v];
        a0v -= m0 & ((m0 - 1 - a0v) >> 31);
        b0v -= m0 & ((m0 - 1 - b0v) >> 31);
        c0v -= m0 & ((m0 - 1 - c0v) >> 31);
        d0v -= m0 & ((m0 - 1 - d0v) >> 31);
        a1v += f1[o1 + a0v];
        b1v += f1[o1 + b0v];
        c1v += f1[o1 + c0v];
        d1v += f1[o1 + d0v];
        a1v -= m1 & ((m1 - 1 - a1v) >> 31);
        b1v -= m1 & ((m1 - 1 - b1v) >> 31);
        c1v -= m1 & ((m1 - 1 - c1v) >> 31);
        d1v -= m1 & ((m1 - 1 - d1v) >> 31);
      }
      x[j] = a0v;
      x[width + j] = a1v;
      x[b] = b0v;
      x[width + b] = b1v;
      x[c] = c0v;
      x[width + c] = c1v;
      x[d] = d0v;
      x[width + d] = d1v;
    }
    for (let j = lanes * 4; j < width; j++) {
      let v0 = x[j];
      let v1 = x[width + j];
      for (let o0 = 0, o1 = 0; o0 < end; o0 += m1, o1 += m0) {
        v0 += f0[o0 + v1];
        v0 -= m0 & ((m0 - 1 - v0) >> 31);
        v1 += f1[o1 + v0];
        v1 -= m1 & ((m1 - 1 - v1) >> 31);
      }
      x[j] = v0;
      x[width + j] = v1;
    }
    this.pairDigests(x, width, digests);
  }

  private pairDigests(x: Int32Array, width: number, digests: Int32Array): void {
    const { finalKey } = this;
    const a0 = this.mul[0];
    const a1 = this.mul[1];
    for (let j = 0; j < width; j++) {
      digests[j] = mix32(((Math.imul(x[j], a0) + Math.imul(x[width + j], a1)) | 0) ^ finalKey);
    }
  }
}
