import { randomBytes } from 'node:crypto';
import {
  type BundleStore,
  bundleLanguages,
  currentBundleId,
  languageBundleStore,
  loadBundle,
} from '@slugsmith/dictionaries';
import {
  ALGORITHM_VERSION,
  type CompiledPattern,
  type ForgeOptions,
  Generator,
  GeneratorError,
  PatternError,
  SequenceExhausted,
  type SliceOptions,
  type SliceResult,
  toSequence,
} from '@slugsmith/generator';
import { ApiError } from '../platform/errors.js';
import { inTurns } from './in-turns.js';

/** Most slugs one plain request may ask for; streams may ask for more. Plans set their own maximums too. */
export const MAX_COUNT = 10_000;
export const MAX_STREAM_COUNT = 1_000_000;

export { ALGORITHM_VERSION, currentBundleId };

/** Language to the id of one of its bundles: what a series pins next to its main bundle. */
export type LanguagePins = Readonly<Record<string, string>>;

/**
 * Where language bundles come from: the ones `@slugsmith/dictionaries` ships, or another set
 * (a test's directory with a newer version, see `useLanguageBundles`).
 */
export interface LanguageBundleSource {
  /** Languages with a bundle, sorted. */
  languages(): string[];
  /** A language's bundles; throws for a language it does not have. */
  store(language: string): BundleStore;
}

const shippedLanguageBundles: LanguageBundleSource = {
  languages: bundleLanguages,
  store: languageBundleStore,
};
let languageBundles: LanguageBundleSource = shippedLanguageBundles;

/**
 * Reads language bundles from `source` from now on (the shipped ones again when omitted) and
 * forgets the generators built from the previous source.
 */
export function useLanguageBundles(source: LanguageBundleSource = shippedLanguageBundles): void {
  languageBundles = source;
  generators.clear();
  currentWithLanguagesKey = undefined;
}

/**
 * One generator per set of dictionary bundles: each caches its compiled patterns. It is prepared
 * when loaded, so that a request's pattern never waits for a dictionary's casings to be worked out.
 * Keyed by the main bundle id with the bound language bundles' ids.
 */
const generators = new Map<string, Generator>();

function generatorKey(bundleId: string, pins: LanguagePins): string {
  return [
    bundleId,
    ...Object.keys(pins)
      .sort()
      .map((l) => `${l}:${pins[l]}`),
  ].join('+');
}

/**
 * A pinned set's generator: the main bundle with exactly the pinned language bundles (none: English
 * and the language-agnostic kinds). Series mint with it, so a newer language bundle changes none
 * of their slugs.
 */
export function generatorFor(bundleId: string = currentBundleId, pins: LanguagePins = {}): Generator {
  const key = generatorKey(bundleId, pins);
  let gen = generators.get(key);
  if (!gen) {
    gen = loadedGenerator(key, () => {
      const languages = Object.entries(pins).map(([l, id]) => languageBundles.store(l).loadBundle(id));
      return new Generator(loadBundle(bundleId), { languages });
    });
    generators.set(key, gen);
  }
  return gen;
}

/** The current bundle id of every language: what a new series pins for the languages it reads. */
export function currentLanguagePins(): LanguagePins {
  return Object.fromEntries(
    languageBundles.languages().map((l) => [l, languageBundles.store(l).currentBundleId]),
  );
}

/** Key of the current bundle with every current language bundle bound, once known. */
let currentWithLanguagesKey: string | undefined;

/**
 * The generator of forges, pattern-info and dictionary information: the current bundle with the
 * current language bundles (`{noun@de}`, `[@fr]`). An English pattern gives the same slugs as
 * `generatorFor(currentBundleId)`; after the first call it is one map look-up.
 */
export function currentGenerator(): Generator {
  const cached = currentWithLanguagesKey && generators.get(currentWithLanguagesKey);
  if (cached) return cached;
  const pins = currentLanguagePins();
  currentWithLanguagesKey = generatorKey(currentBundleId, pins);
  return generatorFor(currentBundleId, pins);
}

/** `bundles`: the generator's key, naming the main bundle and each language bundle it binds. */
function loadedGenerator(bundles: string, make: () => Generator): Generator {
  try {
    return make().prepare();
  } catch (error) {
    throw new ApiError(500, `Dictionary bundle ${bundles} is not available`, { cause: String(error) });
  }
}

/**
 * A request's pattern, compiled without holding the event loop: a pattern compiled before answers
 * at once; a new one builds its placeholders' word lists in steps between other requests (see
 * `inTurns`), so a caller who writes a new long pattern for every request slows only itself.
 * Throws the API error of a refused pattern. Without `gen`: the current bundles, languages bound.
 */
export async function compiledPattern(
  pattern: string,
  gen: Generator = currentGenerator(),
): Promise<CompiledPattern> {
  try {
    const steps = gen.compileStepwise(pattern);
    const first = steps.next();
    return first.done ? first.value : await inTurns(steps);
  } catch (error) {
    throw engineError(error);
  }
}

/**
 * Placeholders rendered per step of a large forge: a few milliseconds of work, whatever the
 * pattern (10,000 slugs of a pattern of a hundred placeholders take about a second).
 */
const RENDERS_PER_STEP = 5_000;

/** Positions of `compiled` read per step of a large generation: about RENDERS_PER_STEP renders. */
function positionsPerStep(compiled: CompiledPattern): number {
  return Math.max(1, Math.floor(RENDERS_PER_STEP / Math.max(1, compiled.layouts.length)));
}

/**
 * `forge` of a compiled pattern without holding the event loop: a count that takes more than one
 * step is forged a window of positions at a time between other requests (see `inTurns`), under
 * one seed (a random one when none is given), so the slugs are those one call would give. With
 * `skipAwkward` (a series' mint) each window leaves out its own awkward positions, as one call
 * would leave out the same positions.
 */
export async function forgeInTurns(
  gen: Generator,
  compiled: CompiledPattern,
  options: ForgeOptions,
): Promise<string[]> {
  const { count, skipAwkward } = options;
  const perStep = positionsPerStep(compiled);
  if (count <= perStep) return withEngine(() => gen.forge(compiled, options));
  const seed = options.seed ?? randomBytes(16).toString('base64url');
  const start = withEngine(() => toSequence(options.sequence));
  // Past the capacity: the one call refuses at once, before any slug is made.
  if (start + BigInt(count) > compiled.capacity) return withEngine(() => gen.forge(compiled, options));
  function* windows(): Iterator<undefined, string[]> {
    const out: string[] = [];
    for (let done = 0; done < count; done += perStep) {
      yield;
      const size = Math.min(perStep, count - done);
      const sequence = start + BigInt(done);
      for (const slug of gen.forge(compiled, { seed, sequence, count: size, skipAwkward })) out.push(slug);
    }
    return out;
  }
  try {
    return await inTurns(windows());
  } catch (error) {
    throw engineError(error);
  }
}

/**
 * `slice` of a compiled pattern without holding the event loop: the positions are read a window
 * at a time between other requests, passing over awkward positions and reading on until `count`
 * slugs or the capacity, so the slugs and `next` are those of one call. No window reads more
 * positions than slugs are still wanted: one that completes the count ends on a kept position, as
 * the one call does.
 */
export async function sliceInTurns(
  gen: Generator,
  compiled: CompiledPattern,
  options: SliceOptions,
): Promise<SliceResult> {
  const { count, seed } = options;
  const perStep = positionsPerStep(compiled);
  const start = withEngine(() => toSequence(options.sequence));
  // A small count, a bad count or seed, or a first window past the capacity: the one call answers
  // (or refuses) at once.
  if (
    count <= perStep ||
    !Number.isSafeInteger(count) ||
    typeof seed !== 'string' ||
    start + BigInt(count) > compiled.capacity
  ) {
    return withEngine(() => gen.slice(compiled, options));
  }
  function* windows(): Iterator<undefined, SliceResult> {
    const slugs: string[] = [];
    let next = start;
    while (slugs.length < count && next < compiled.capacity) {
      yield;
      const left = compiled.capacity - next;
      const want = Math.min(perStep, count - slugs.length, left < BigInt(perStep) ? Number(left) : perStep);
      for (const slug of gen.forge(compiled, { seed, sequence: next, count: want, skipAwkward: true }))
        slugs.push(slug);
      next += BigInt(want);
    }
    return { slugs, next };
  }
  try {
    return await inTurns(windows());
  } catch (error) {
    throw engineError(error);
  }
}

export function assertCount(count: number, max: number): void {
  if (count > max) {
    throw ApiError.badRequest(`Count is too large (maximum: ${max})`, { reason: 'count_too_large', max });
  }
}

/**
 * Engine errors as API errors: bad patterns 400 with the engine's code and parameters (what
 * clients translate) and the offending span, exhaustion 409. The engine's other refusals (a
 * count, seed or sequence, a bundle it cannot use) keep the `invalid_pattern` reason clients
 * read, with their own code and parameters.
 */
export function engineError(error: unknown): unknown {
  if (error instanceof PatternError) {
    return ApiError.badRequest(error.message, {
      reason: 'invalid_pattern',
      code: error.code,
      params: { ...error.params },
      start: error.start,
      end: error.end,
      expected: error.expected,
    });
  }
  if (error instanceof SequenceExhausted) {
    return ApiError.conflict('The sequence is beyond the capacity of this pattern', {
      reason: 'sequence_exhausted',
      sequence: error.sequence.toString(),
      capacity: error.capacity.toString(),
    });
  }
  if (error instanceof GeneratorError) {
    return ApiError.badRequest(error.message, {
      reason: 'invalid_pattern',
      code: error.code,
      params: { ...error.params },
    });
  }
  return error;
}

export function withEngine<T>(fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    throw engineError(error);
  }
}

export function checkAlgorithm(algorithm: string): void {
  if (algorithm !== ALGORITHM_VERSION) {
    throw new ApiError(500, `Algorithm ${algorithm} is not available on this server`);
  }
}
