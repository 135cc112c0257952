import type { DictionaryBundle } from './bundle.js';
import type { DictionaryInfo, DictionaryTagInfo } from './dictionary-index.js';
import { BundleIndex } from './dictionary-index.js';
import { GeneratorError } from './errors.js';
import { seedKey } from './hash.js';
import { parsePattern } from './parser.js';
import { ALGORITHM_VERSION } from './permutation.js';
import { CompiledPattern } from './plan.js';
import { randomBelow, randomSeed } from './random.js';

export interface ForgeOptions {
  /** Any string; the same seed and position always give the same slug. Random when omitted. */
  seed?: string;
  /** First position (default 0): a safe integer, a bigint or a decimal string, below 2^64. */
  sequence?: number | bigint | string;
  count: number;
  /**
   * Leave out the positions whose neighbouring words form a pair the bundle lists as reading
   * badly (`avoid_pairs`). The result may then hold fewer than `count` slugs; the positions are
   * still consumed, so a caller that keeps a counter never hands out a slug twice.
   */
  skipAwkward?: boolean;
}

export interface PatternInfo {
  /** Canonical form of the pattern. */
  pattern: string;
  /** Exact number of distinct slugs, as a decimal string. */
  capacity: string;
  /** Longest possible slug in UTF-8 bytes. */
  max_slug_length: number;
  complexity: number;
  components: number;
}

const MAX_SEQUENCE = 2n ** 64n;
const CACHE_SIZE = 64;

/** Parses a sequence position given as a number, bigint or decimal string. */
export function toSequence(value: number | bigint | string | undefined): bigint {
  if (value === undefined) return 0n;
  let n: bigint;
  if (typeof value === 'bigint') n = value;
  else if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new GeneratorError('Sequence must be a whole number');
    n = BigInt(value);
  } else if (typeof value === 'string' && /^\d{1,20}$/.test(value)) n = BigInt(value);
  else throw new GeneratorError('Sequence must be a whole number');
  if (n < 0n || n >= MAX_SEQUENCE) throw new GeneratorError('Sequence must be between 0 and 2^64 - 1');
  return n;
}

/**
 * The engine bound to one dictionary bundle. Compiled patterns are cached (LRU), so calling
 * `forge` with the same pattern repeatedly costs only generation.
 */
export class Generator {
  static readonly algorithm = ALGORITHM_VERSION;
  readonly bundleId: string;
  private readonly index: BundleIndex;
  private readonly cache = new Map<string, { compiled: CompiledPattern; used: number }>();
  private clock = 0;
  /** The key of single random forges, drawn once per process: unknown to callers. */
  private readonly unseeded = randomSeed();

  constructor(bundle: DictionaryBundle) {
    this.index = new BundleIndex(bundle);
    this.bundleId = bundle.id;
  }

  /** Parses and compiles a pattern (cached). Throws PatternError. */
  compile(pattern: string): CompiledPattern {
    const hit = this.cache.get(pattern);
    if (hit) {
      hit.used = ++this.clock;
      return hit.compiled;
    }
    const compiled = new CompiledPattern(parsePattern(pattern), this.index, this.index.bundle.avoid_pairs);
    if (this.cache.size >= CACHE_SIZE) {
      // Evict the least recently used; a scan of a small map only on a miss keeps hits cheap.
      let oldest: string | undefined;
      let at = Number.POSITIVE_INFINITY;
      for (const [key, entry] of this.cache) {
        if (entry.used < at) {
          at = entry.used;
          oldest = key;
        }
      }
      this.cache.delete(oldest!);
    }
    this.cache.set(pattern, { compiled, used: ++this.clock });
    return compiled;
  }

  /** The slugs at positions sequence … sequence+count−1 of the pattern under the seed. */
  forge(pattern: string, options: ForgeOptions): string[] {
    const { count } = options;
    if (!Number.isSafeInteger(count) || count < 1)
      throw new GeneratorError('Count must be a positive number');
    const compiled = this.compile(pattern);
    if (options.seed === undefined && count === 1 && options.sequence === undefined && !options.skipAwkward) {
      // One random slug: a uniform position under this node's own key is a uniform slug (the
      // permutation is a bijection), as a fresh seed's position 0 would be, without deriving a
      // key and building a permutation per call.
      const perm = compiled.permutation(this.unseeded, () => seedKey(this.unseeded));
      return compiled.generate(perm, randomBelow(compiled.capacity), 1);
    }
    const seed = options.seed ?? randomSeed();
    if (typeof seed !== 'string') throw new GeneratorError('Seed must be a string');
    const perm = compiled.permutation(seed, () => seedKey(seed));
    return compiled.generate(perm, toSequence(options.sequence), count, options.skipAwkward === true);
  }

  patternInfo(pattern: string): PatternInfo {
    const c = this.compile(pattern);
    return {
      pattern: c.canonical,
      capacity: c.capacity.toString(),
      max_slug_length: c.maxSlugLength,
      complexity: c.complexity,
      components: c.components,
    };
  }

  dictionaryInfo(): DictionaryInfo[] {
    return this.index.info();
  }

  dictionaryTags(): DictionaryTagInfo[] {
    return this.index.tags();
  }
}
