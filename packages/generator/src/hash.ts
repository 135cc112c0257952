/**
 * Hashing for the keyed permutation (algorithm v1). Everything is 32-bit integer arithmetic
 * (Math.imul, shifts), which JavaScript defines exactly, so results match on every engine.
 */

/** MurmurHash3's 32-bit finaliser: a fast bijective avalanche mix. */
export function mix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

const encoder = new TextEncoder();

/**
 * Four 32-bit words of key material from a seed string: FNV-1a over the UTF-8 bytes with four
 * different offset bases, each finished with mix32. Documented in the README as part of v1.
 */
export function seedKey(seed: string): Uint32Array {
  const bytes = encoder.encode(seed);
  const out = new Uint32Array(4);
  for (let lane = 0; lane < 4; lane++) {
    let h = (0x811c9dc5 ^ Math.imul(lane, 0x9e3779b9)) >>> 0;
    for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i], 0x01000193);
    out[lane] = mix32(h ^ bytes.length);
  }
  return out;
}
