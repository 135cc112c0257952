import { mix32 } from './hash.js';

/** The id of the algorithm below; a series stores it so a future v2 never changes its sequence. */
export const ALGORITHM_VERSION = 'v1';

/** Full rounds: every limb is updated once per round, so 2 limbs get 2·ROUNDS Feistel half-rounds. */
export const ROUNDS = 4;

const TWO32 = 4294967296;

/**
 * A keyed pseudo-random permutation of a mixed-radix space (generator.md §4): an unbalanced
 * Feistel network whose branches are the limbs x[i] ∈ [0, radix[i]). Each step adds a keyed hash
 * of all *other* limbs to one limb modulo its radix — invertible for any radices, so the whole
 * network is a bijection of the product space with no cycle-walking and no big integers. Radices
 * go up to 2^53; the modular addition is written so intermediate values stay below 2^53.
 *
 * The hash of "all other limbs" is the running sum of per-limb hashes minus the limb's own, so a
 * step costs two mix32 calls whatever the number of limbs.
 */
export class LimbPermutation {
  readonly k: number;
  private readonly radix: Float64Array;
  private readonly wide: Uint8Array;
  private readonly keys: Uint32Array;
  private readonly salts: Uint32Array;
  private readonly h: Uint32Array;

  constructor(radices: readonly number[], key: Uint32Array) {
    const k = radices.length;
    this.k = k;
    this.radix = Float64Array.from(radices);
    this.wide = Uint8Array.from(radices, (r) => (r > TWO32 ? 1 : 0));
    this.salts = new Uint32Array(k);
    for (let i = 0; i < k; i++) this.salts[i] = mix32(Math.imul(i + 1, 0x27d4eb2f));
    this.keys = new Uint32Array(ROUNDS * k);
    for (let r = 0; r < ROUNDS; r++) {
      for (let i = 0; i < k; i++) {
        const tweak = mix32(Math.imul(r + 1, 0x9e3779b9) ^ Math.imul(i + 1, 0x85ebca77));
        this.keys[r * k + i] = mix32(key[(r + i) & 3] ^ tweak);
      }
    }
    this.h = new Uint32Array(k);
  }

  private limbHash(v: number, i: number): number {
    return mix32(((v >>> 0) ^ this.salts[i]) + Math.imul((v / TWO32) | 0, 0x9e3779b1));
  }

  /** Permutes `x` in place. Returns a 32-bit digest of the result (used for mixed-case masks). */
  apply(x: Float64Array): number {
    const { k, radix, wide, keys, h } = this;
    let sum = 0;
    for (let i = 0; i < k; i++) {
      h[i] = this.limbHash(x[i], i);
      sum = (sum + h[i]) | 0;
    }
    for (let r = 0, kr = 0; r < ROUNDS; r++, kr += k) {
      for (let i = 0; i < k; i++) {
        const f = mix32((sum - h[i]) ^ keys[kr + i]);
        const m = radix[i];
        const add = wide[i] === 1 ? ((f >>> 11) * TWO32 + mix32(f ^ 0x5bd1e995)) % m : Math.floor((f * m) / TWO32);
        let v = x[i] - (m - add);
        if (v < 0) v += m;
        x[i] = v;
        const nh = this.limbHash(v, i);
        sum = (sum - h[i] + nh) | 0;
        h[i] = nh;
      }
    }
    return sum >>> 0;
  }
}
