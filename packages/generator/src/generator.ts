import type { Element } from './ast.js';
import type { DictionaryBundle } from './bundle.js';
import { casingOf } from './casing.js';
import { type Component, componentOf } from './components.js';
import type { DictionaryInfo, DictionaryTagInfo } from './dictionary-index.js';
import { BundleIndex, DEFAULT_LANGUAGE } from './dictionary-index.js';
import { GeneratorError, PatternError } from './errors.js';
import { seedKey } from './hash.js';
import { measureParsed, type PatternMeasure } from './measure.js';
import { canonicalPattern, elementToString, parsePattern } from './parser.js';
import { ALGORITHM_VERSION } from './permutation.js';
import { CompiledPattern, type Steps } from './plan.js';
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

export interface GeneratorOptions {
  /** Language bundles to read next to the main bundle. */
  languages?: readonly DictionaryBundle[];
}

export interface SliceOptions {
  seed: string;
  /** First position (default 0), as for `forge`. */
  sequence?: number | bigint | string;
  /** Slugs wanted. */
  count: number;
}

export interface SliceResult {
  slugs: string[];
  /** The position after the last one read: where the next window starts. */
  next: bigint;
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
/** Compiled patterns kept; each holds only references to the shared components' word lists. */
const CACHE_SIZE = 64;
/**
 * Compiled placeholders kept: more than the most distinct ones a pattern of the longest length
 * the API accepts can hold (about 110), so a pattern never evicts its own components.
 */
const COMPONENT_CACHE_SIZE = 128;
/** Patterns the compiler refused, by their exact text (the error's offsets point into it). */
const REFUSED_CACHE_SIZE = 64;

/**
 * What makes two placeholders compile to the same component: the kind's casing class rather
 * than its spelling (`{nOuN}` and `{NoUn}` render alike) and the default language spelt out.
 */
function componentKey(el: Element): string {
  if (el.type !== 'selector') return elementToString(el);
  const kind = el.kind.toLowerCase();
  return `${casingOf(el.kind)}\n${elementToString({ ...el, kind, language: el.language ?? DEFAULT_LANGUAGE })}`;
}

/** A Map used as a least-recently-used cache of at most `max` entries. */
class Lru<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly max: number) {}

  /** Whether `key` is cached, without counting as a use. */
  has(key: string): boolean {
    return this.map.has(key);
  }

  get(key: string): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }

  set(key: string, value: V): void {
    this.map.delete(key);
    if (this.map.size >= this.max) this.map.delete(this.map.keys().next().value as string);
    this.map.set(key, value);
  }
}

/** Parses a sequence position given as a number, bigint or decimal string. */
export function toSequence(value: number | bigint | string | undefined): bigint {
  if (value === undefined) return 0n;
  let n: bigint;
  if (typeof value === 'bigint') n = value;
  else if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new GeneratorError('sequence-not-whole');
    n = BigInt(value);
  } else if (typeof value === 'string' && /^\d{1,20}$/.test(value)) n = BigInt(value);
  else throw new GeneratorError('sequence-not-whole');
  if (n < 0n || n >= MAX_SEQUENCE) throw new GeneratorError('sequence-out-of-range');
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
  private readonly cache = new Lru<CompiledPattern>(CACHE_SIZE);
  private readonly refused = new Lru<PatternError>(REFUSED_CACHE_SIZE);
  private readonly componentCache = new Lru<Component>(COMPONENT_CACHE_SIZE);
  /** The pattern text `compiled` read last, and what it compiled to. */
  private lastText: string | null = null;
  private lastCompiled: CompiledPattern | null = null;
  /** The key of single random forges, drawn once per process: unknown to callers. */
  private readonly unseeded = randomSeed();

  /** Ids of the language bundles bound next to the main bundle (in the order given). */
  readonly languageBundleIds: string[];

  /**
   * `options.languages`: language bundles (one language's dictionaries each, see
   * `DictionaryBundle.language`) that `{noun@de}` and `[@de]` read. A series pins their ids as
   * it pins the main bundle's; without them the engine is what it was (English and the
   * language-agnostic dictionaries).
   */
  constructor(bundle: DictionaryBundle, options: GeneratorOptions = {}) {
    const languages = options.languages ?? [];
    this.index = new BundleIndex(bundle, languages);
    this.bundleId = bundle.id;
    this.languageBundleIds = languages.map((b) => b.id);
  }

  /**
   * Works out what selectors need of every dictionary now, so that no call pays for it: a server
   * calls this once when it loads a bundle.
   */
  prepare(): this {
    this.index.prepare();
    return this;
  }

  /**
   * Parses and compiles a pattern. Throws PatternError. Compiled patterns are cached by their text
   * (a repeated pattern costs a lookup, not a parse) and by their canonical text, so spelling a
   * pattern differently does not compile it again; placeholders are cached on their own, so a
   * pattern that repeats one, or shares it with earlier patterns, builds its word list once.
   */
  compile(pattern: string): CompiledPattern {
    const known = this.cache.get(pattern);
    if (known) return known;
    const steps = this.compileSteps(pattern);
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
    }
  }

  /**
   * `compile` in steps, for a caller that must not be held up by a long pattern (a server's
   * event loop): each `next()` does a bounded part of the work — the parse, one placeholder's
   * word list not built before, putting the pattern together, or looking up one placeholder's
   * values of the bundle's awkward pairs (which `compile` leaves to the first `skipAwkward`
   * forge or slice) — and the last returns the compiled pattern (or throws the PatternError
   * `compile` throws). A pattern compiled (and its awkward pairs looked up) before takes one step.
   * Caches are shared with `compile`.
   */
  *compileStepwise(pattern: string): Iterator<undefined, CompiledPattern, undefined> {
    const compiled = yield* this.compileSteps(pattern);
    yield* compiled.awkwardSteps();
    return compiled;
  }

  /** The steps of `compile`: the parse, each new placeholder, putting the pattern together. */
  private *compileSteps(pattern: string): Steps<CompiledPattern> {
    const known = this.cache.get(pattern);
    if (known) return known;
    const refused = this.refused.get(pattern);
    if (refused) throw refused;
    const parsed = parsePattern(pattern);
    const canonical = canonicalPattern(parsed);
    let compiled = this.cache.get(canonical);
    if (!compiled) {
      try {
        // The components are held here rather than looked up again when the pattern is put
        // together: other patterns compiled between two steps may evict them from the cache.
        const built = new Map<Element, Component>();
        for (const el of parsed.elements) {
          if (!this.componentCache.has(componentKey(el))) yield;
          built.set(el, this.component(el));
        }
        if (parsed.elements.length > 0) yield;
        // Another caller may have compiled the same pattern in the meantime: keep one instance.
        compiled =
          this.cache.get(canonical) ??
          new CompiledPattern(
            parsed,
            (el) => built.get(el) ?? this.component(el),
            this.index.bundle.avoid_pairs,
          );
      } catch (error) {
        if (error instanceof PatternError) this.refused.set(pattern, error);
        throw error;
      }
      this.cache.set(canonical, compiled);
    }
    if (canonical !== pattern) this.cache.set(pattern, compiled);
    return compiled;
  }

  /**
   * Components and complexity of a pattern from its parse alone: no word list is built (a pattern
   * compiled before answers from the cache).
   */
  measure(pattern: string): PatternMeasure {
    return this.cache.get(pattern) ?? measureParsed(parsePattern(pattern));
  }

  private component(el: Element): Component {
    const key = componentKey(el);
    let c = this.componentCache.get(key);
    if (!c) {
      c = componentOf(el, this.index);
      this.componentCache.set(key, c);
    }
    return c;
  }

  /** A pattern's text compiled, or a pattern this generator compiled already. */
  private compiled(pattern: string | CompiledPattern): CompiledPattern {
    if (typeof pattern !== 'string') return pattern;
    // A caller forging one slug per call repeats its pattern: no cache lookup for it.
    if (pattern === this.lastText && this.lastCompiled) return this.lastCompiled;
    const compiled = this.compile(pattern);
    this.lastText = pattern;
    this.lastCompiled = compiled;
    return compiled;
  }

  /**
   * The slugs at positions sequence … sequence+count−1 of the pattern under the seed. The pattern
   * is its text or what `compile` (or `compileStepwise`) of this generator returned.
   */
  forge(pattern: string | CompiledPattern, options: ForgeOptions): string[] {
    const { count, seed, sequence } = options;
    if (count === 1 && typeof seed === 'string' && typeof sequence === 'number' && !options.skipAwkward) {
      // One slug at a position given as a number: how a library user calls, once per slug.
      const compiled = this.compiled(pattern);
      if (compiled.fitsOne(sequence))
        return [
          compiled.one(
            compiled.permutation(seed, () => seedKey(seed)),
            sequence,
          ),
        ];
    }
    if (!Number.isSafeInteger(count) || count < 1) throw new GeneratorError('count-not-positive');
    const compiled = this.compiled(pattern);
    if (options.seed === undefined && count === 1 && options.sequence === undefined && !options.skipAwkward) {
      // One random slug: a uniform position under this node's own key is a uniform slug (the
      // permutation is a bijection), as a fresh seed's position 0 would be, without deriving a
      // key and building a permutation per call.
      const perm = compiled.permutation(this.unseeded, () => seedKey(this.unseeded));
      return compiled.generate(perm, randomBelow(compiled.capacity), 1);
    }
    const key = seed ?? randomSeed();
    if (typeof key !== 'string') throw new GeneratorError('seed-not-string');
    const perm = compiled.permutation(key, () => seedKey(key));
    return compiled.generate(perm, toSequence(sequence), count, options.skipAwkward === true);
  }

  /**
   * `count` slugs of a series from position `sequence` on: positions whose neighbouring words
   * form a pair the bundle lists as reading badly are passed over and the window reads on, so a
   * series' slugs are numbered by position while a caller still gets `count` of them. `next` is
   * the position after the last one read, where the following window starts. Fewer than `count`
   * only where the pattern's capacity ends.
   */
  slice(pattern: string | CompiledPattern, options: SliceOptions): SliceResult {
    const { count, seed } = options;
    if (!Number.isSafeInteger(count) || count < 1) throw new GeneratorError('count-not-positive');
    if (typeof seed !== 'string') throw new GeneratorError('seed-not-string');
    const compiled = this.compiled(pattern);
    const perm = compiled.permutation(seed, () => seedKey(seed));
    const slugs = compiled.generate(perm, toSequence(options.sequence), count, true);
    let next = toSequence(options.sequence) + BigInt(count);
    while (slugs.length < count && next < compiled.capacity) {
      const left = compiled.capacity - next;
      const want = Math.min(count - slugs.length, left < BigInt(count) ? Number(left) : count);
      for (const slug of compiled.generate(perm, next, want, true)) slugs.push(slug);
      next += BigInt(want);
    }
    return { slugs, next };
  }

  patternInfo(pattern: string | CompiledPattern): PatternInfo {
    const c = this.compiled(pattern);
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
