/**
 * Unpredictable numbers for forges without a seed, from the platform's cryptographic source (Node
 * and browsers alike). Drawn in batches: one `getRandomValues` call serves many forges.
 */
const pool = new Uint32Array(256);
let at = pool.length;

function next32(): number {
  if (at === pool.length) {
    globalThis.crypto.getRandomValues(pool);
    at = 0;
  }
  return pool[at++];
}

function hex32(): string {
  return next32().toString(16).padStart(8, '0');
}

/** A fresh seed: 64 random bits as 16 hex digits. */
export function randomSeed(): string {
  return hex32() + hex32();
}

const TWO_53 = 2 ** 53;

/** A uniform integer in [0, bound), bound ≥ 1, without modulo bias (rejection sampling). */
export function randomBelow(bound: bigint): bigint {
  if (bound <= BigInt(TWO_53)) {
    const b = Number(bound);
    // The largest multiple of b not above 2^53: draws at or over it are redrawn.
    const limit = TWO_53 - (TWO_53 % b);
    for (;;) {
      const r = (next32() & 0x1fffff) * 2 ** 32 + next32();
      if (r < limit) return BigInt(r % b);
    }
  }
  const bits = bound.toString(2).length;
  const mask = (1n << BigInt(bits)) - 1n;
  for (;;) {
    let r = 0n;
    for (let i = 0; i < bits; i += 32) r = (r << 32n) | BigInt(next32());
    r &= mask;
    if (r < bound) return r;
  }
}
