import { randomBytes } from 'node:crypto';
import type { SeriesInfo } from '@slugsmith/contract';
import { slugify } from '@slugsmith/contract';
import { parsePattern, type SliceResult } from '@slugsmith/generator';
import { type CallerKey, forgetKeys } from '../../auth/keys.js';
import type { Db } from '../../db/connect.js';
import { isUniqueViolation } from '../../db/errors.js';
import {
  ALGORITHM_VERSION,
  checkAlgorithm,
  compiledPattern,
  currentBundleId,
  currentLanguagePins,
  forgeInTurns,
  generatorFor,
  type LanguagePins,
  sliceInTurns,
  withEngine,
} from '../../engine/engine.js';
import type { Caches } from '../../platform/cache.js';
import { ApiError } from '../../platform/errors.js';
import { withSuffix } from '../../platform/slugs.js';
import { patternRefusal } from '../limits/policy.js';
import { effectiveLimits } from '../plans/effective-limits.js';
import * as q from './queries.js';

/** The organisation a call works in: from an org-role check or from a key. */
export interface OrgRef {
  id: string;
  slug: string;
}

export type SeriesRow = q.SeriesRow;

export function orgOf(key: CallerKey): OrgRef {
  return { id: key.orgId, slug: key.orgSlug };
}

/**
 * The series a key call works on: a series key only ever reaches its own series; an org key
 * names one of its organisation's series, or none for the organisation's default series.
 */
export async function seriesFor(db: Db, key: CallerKey, slug: string | undefined): Promise<SeriesRow> {
  if (key.seriesId) {
    if (slug !== undefined && slug !== key.seriesSlug) throw ApiError.notFound();
    return seriesById(db, key.seriesId);
  }
  if (slug === undefined) return defaultSeries(db, orgOf(key));
  return seriesOrNotFound(db, orgOf(key), slug);
}

export const RESET_WARNING =
  'The series was reset: ids generated before the reset may be generated again and clash with earlier ones.';

export function toSeriesInfo(row: SeriesRow, orgSlug: string): SeriesInfo {
  return {
    slug: row.slug,
    org_slug: orgSlug,
    name: row.name,
    pattern: row.pattern,
    max_slug_length: row.maxSlugLength,
    capacity: String(row.capacity),
    generated_count: String(row.generated),
    bundle: row.bundleId,
    language_bundles: row.languageBundles,
    algorithm: row.algorithm,
    mtime: row.updatedAt.toISOString(),
  };
}

/** The organisation's series, the default one marked (console). */
export async function listSeries(db: Db, org: OrgRef): Promise<SeriesInfo[]> {
  const [rows, fallback] = await Promise.all([q.listSeries(db, org.id), q.findDefaultSeries(db, org.id)]);
  return rows.map((r) => ({ ...toSeriesInfo(r, org.slug), default: r.id === fallback?.id }));
}

/** One series of the organisation, whether it is the default marked (console). */
export async function seriesWithDefault(db: Db, org: OrgRef, slug: string): Promise<SeriesInfo> {
  const [row, fallback] = await Promise.all([
    seriesOrNotFound(db, org, slug),
    q.findDefaultSeries(db, org.id),
  ]);
  return { ...toSeriesInfo(row, org.slug), default: row.id === fallback?.id };
}

/**
 * The series calls of an org-wide key use when they name none: the one chosen in the console,
 * else the organisation's first. An organisation without series has none (404).
 */
export async function defaultSeries(db: Db, org: OrgRef): Promise<SeriesRow> {
  const row = await q.findDefaultSeries(db, org.id);
  if (!row)
    throw ApiError.notFound('The organisation has no series yet: create one, then call again', {
      reason: 'no_series',
    });
  return row;
}

/** Makes one of the organisation's series its default (console, admins). */
export async function chooseDefaultSeries(db: Db, org: OrgRef, slug: string): Promise<SeriesInfo> {
  const row = await seriesOrNotFound(db, org, slug);
  await q.setDefaultSeries(db, org.id, row.id);
  return { ...toSeriesInfo(row, org.slug), default: true };
}

export async function seriesById(db: Db, id: string): Promise<SeriesRow> {
  const row = await q.findSeriesById(db, id);
  if (!row) throw ApiError.notFound();
  return row;
}

export async function seriesOrNotFound(db: Db, org: OrgRef, slug: string): Promise<SeriesRow> {
  const row = await q.findSeries(db, org.id, slug);
  if (!row) throw ApiError.notFound();
  return row;
}

/**
 * The plan's max_pattern_components and max_pattern_complexity hold for series as for forge:
 * otherwise a series would mint from a pattern the plan refuses to forge ('Pattern is too
 * complex', 400, the same details).
 */
async function assertPatternAllowed(
  db: Db,
  caches: Caches,
  orgId: string,
  pattern: string,
  bundleId: string,
): Promise<void> {
  const limits = await effectiveLimits(db, caches, orgId);
  const refusal = limits && patternRefusal(limits.limits, pattern, generatorFor(bundleId));
  if (refusal) throw refusal;
}

/** OpenAPI note of the routes that set a series' pattern. */
export const seriesPatternNote =
  'A series pins the dictionary bundles its pattern reads: the English bundle and, for {noun@de} or [@fr], ' +
  'the current bundle of each language (language_bundles), so its slugs never change when newer bundles ship. ' +
  'A language without dictionaries is refused (400).';

/** Languages other than English that a pattern's placeholders read (`{noun@de}`, `[@fr]`). */
function patternLanguages(pattern: string): Set<string> {
  const parsed = withEngine(() => parsePattern(pattern));
  const languages = new Set<string>();
  for (const el of parsed.elements) {
    if (el.type === 'selector' && el.language && el.language !== 'en') languages.add(el.language);
  }
  return languages;
}

/**
 * The language bundles a series pattern pins: the ones `kept` pins already (a series keeps its
 * words), else the language's current bundle. A language without a bundle is left out, so the
 * compile refuses it with the engine's "No 'noun' dictionary for language 'xx'".
 */
function pinsFor(pattern: string, kept: LanguagePins = {}): LanguagePins {
  const current = currentLanguagePins();
  const pins: Record<string, string> = {};
  for (const language of patternLanguages(pattern)) {
    const id = kept[language] ?? current[language];
    if (id) pins[language] = id;
  }
  return pins;
}

/** A series pattern's capacity and longest slug with the bundles it pins, compiled between other requests. */
async function seriesPatternInfo(pattern: string, bundleId: string, pins: LanguagePins) {
  const gen = generatorFor(bundleId, pins);
  const info = gen.patternInfo(await compiledPattern(pattern, gen));
  return { capacity: info.capacity, maxSlugLength: info.max_slug_length };
}

/**
 * The plan's max_series. Checked before the insert, so requests of one organisation racing each
 * other may overshoot it by the number that raced.
 */
async function assertMayCreateSeries(db: Db, caches: Caches, orgId: string): Promise<void> {
  const limits = await effectiveLimits(db, caches, orgId);
  const max = limits?.limits.max_series ?? 0;
  if (max < 0) return;
  if ((await q.countSeries(db, orgId)) >= max) {
    throw ApiError.forbidden(
      `The ${limits?.plan_name || 'current'} plan allows at most ${max} series in this organisation`,
      {
        reason: 'plan_limit',
        limit: 'max_series',
        max,
        plan: limits?.plan,
      },
    );
  }
}

const slugConflict = () => ApiError.conflict('This slug is taken', { reason: 'slug_taken', field: 'slug' });

export async function createSeries(
  db: Db,
  caches: Caches,
  org: OrgRef,
  input: { name: string; pattern: string; slug?: string },
): Promise<SeriesInfo> {
  // The plan's limits from the parse first; then compiled between other requests.
  await assertPatternAllowed(db, caches, org.id, input.pattern, currentBundleId);
  const languageBundles = pinsFor(input.pattern);
  const info = await seriesPatternInfo(input.pattern, currentBundleId, languageBundles);
  await assertMayCreateSeries(db, caches, org.id);
  const base = {
    orgId: org.id,
    name: input.name,
    pattern: input.pattern,
    seed: randomBytes(16).toString('base64url'),
    bundleId: currentBundleId,
    languageBundles,
    algorithm: ALGORITHM_VERSION,
    ...info,
  };
  let slug = input.slug ?? slugify(input.name);
  for (let attempt = 0; attempt < 8; attempt++) {
    try {
      return toSeriesInfo(await q.insertSeries(db, { ...base, slug }), org.slug);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (input.slug !== undefined) throw slugConflict();
      slug = withSuffix(slugify(input.name));
    }
  }
  throw slugConflict();
}

export const patternLocked = () =>
  ApiError.conflict('The pattern cannot be changed once ids have been generated', {
    reason: 'pattern_locked',
  });

export async function updateSeries(
  db: Db,
  caches: Caches,
  org: OrgRef,
  slug: string,
  changes: { name?: string; pattern?: string },
): Promise<SeriesInfo> {
  const row = await seriesOrNotFound(db, org, slug);
  const set: Parameters<typeof q.updateSeries>[2] = {};
  if (changes.name !== undefined) set.name = changes.name;
  if (changes.pattern !== undefined && changes.pattern !== row.pattern) {
    if (String(row.generated) !== '0') throw patternLocked();
    // Nothing was generated: the series keeps its bundles (a language it reads for the first
    // time pins that language's current bundle) and its algorithm.
    checkAlgorithm(row.algorithm);
    await assertPatternAllowed(db, caches, org.id, changes.pattern, row.bundleId);
    const languageBundles = pinsFor(changes.pattern, row.languageBundles);
    const info = await seriesPatternInfo(changes.pattern, row.bundleId, languageBundles);
    Object.assign(set, { pattern: changes.pattern, languageBundles, ...info });
  }
  if (Object.keys(set).length === 0) return toSeriesInfo(row, org.slug);
  const updated = await q.updateSeries(db, row.id, set);
  if (!updated) {
    // Gone meanwhile, or ids were minted between our read and the update.
    if (await q.findSeriesById(db, row.id)) throw patternLocked();
    throw ApiError.notFound();
  }
  return toSeriesInfo(updated, org.slug);
}

export async function deleteSeries(db: Db, caches: Caches, org: OrgRef, slug: string): Promise<void> {
  const row = await seriesOrNotFound(db, org, slug);
  await q.deleteSeries(db, row.id);
  // Its keys went with it (foreign keys): drop this node's cached copies.
  forgetKeys(caches);
}

export async function resetSeries(db: Db, org: OrgRef, row: SeriesRow) {
  const after = await q.resetSeries(db, row.id);
  if (!after) throw ApiError.notFound();
  return {
    series: after.slug,
    generated_count: '0',
    warning: RESET_WARNING,
    info: toSeriesInfo(after, org.slug),
  };
}

const exhausted = (row: SeriesRow, count: number) =>
  ApiError.conflict('The series is exhausted: fewer ids remain than were asked for', {
    reason: 'series_exhausted',
    requested: count,
    remaining: (BigInt(String(row.capacity)) - BigInt(String(row.generated))).toString(),
  });

/**
 * Reservations of one series on this node are coalesced: while one counter update is in flight,
 * the requests that arrive meanwhile wait and are then served by a single update for their sum,
 * split into consecutive ranges. Every caller still gets its range only after the update that
 * reserved it committed; the row lock (held for one commit each) is taken far less often.
 */
interface Waiter {
  count: number;
  resolve: (reserved: q.Reservation | undefined) => void;
  reject: (error: unknown) => void;
}
const reservers = new Map<string, { db: Db; queue: Waiter[] }>();
const MAX_COALESCED = 10_000_000;

async function drain(id: string, state: { db: Db; queue: Waiter[] }): Promise<void> {
  while (state.queue.length > 0) {
    const batch: Waiter[] = [];
    let total = 0;
    while (state.queue.length > 0 && (batch.length === 0 || total + state.queue[0].count <= MAX_COALESCED)) {
      const w = state.queue.shift() as Waiter;
      batch.push(w);
      total += w.count;
    }
    try {
      const reserved = await q.reserve(state.db, id, total);
      if (reserved !== undefined) {
        let next = BigInt(reserved.start);
        for (const w of batch) {
          w.resolve({ ...reserved, start: next.toString() });
          next += BigInt(w.count);
        }
      } else if (batch.length === 1) {
        batch[0].resolve(undefined);
      } else {
        // Not enough left for all of them together: each on its own, in arrival order.
        for (const w of batch) {
          try {
            w.resolve(await q.reserve(state.db, id, w.count));
          } catch (error) {
            w.reject(error);
          }
        }
      }
    } catch (error) {
      for (const w of batch) w.reject(error);
    }
  }
  // Same synchronous step as the empty-queue check: a later caller starts a new drain.
  if (reservers.get(id) === state) reservers.delete(id);
}

function reserve(db: Db, id: string, count: number): Promise<q.Reservation | undefined> {
  return new Promise((resolve, reject) => {
    let state = reservers.get(id);
    const waiter = { count, resolve, reject };
    if (state && state.db === db) {
      state.queue.push(waiter);
      return;
    }
    state = { db, queue: [waiter] };
    reservers.set(id, state);
    void drain(id, state);
  });
}

/**
 * Runs the first reservation of a mint beside the plan's answer to the call (limits'
 * `whileAdmitted`), which undoes it when the plan refuses.
 */
export type AlongsideAdmission = <T>(work: Promise<T>, undo: (done: T) => Promise<unknown>) => Promise<T>;

/**
 * Mints `count` slugs of a series: reserves the positions first (committed), then renders them.
 * Positions whose words read badly together are left out and reserved again, so a caller gets
 * `count` slugs unless the series runs out while topping up.
 */
export async function mint(
  db: Db,
  seriesId: string,
  count: number,
  alongside?: AlongsideAdmission,
): Promise<string[]> {
  const out: string[] = [];
  let want = count;
  let first = alongside;
  while (want > 0) {
    const reserving = reserve(db, seriesId, want);
    const reserved = first
      ? await first(
          reserving,
          async (r) => r && (await q.giveBack(db, seriesId, r.start, want).catch(() => false)),
        )
      : await reserving;
    first = undefined;
    if (reserved === undefined) {
      if (out.length > 0) return out;
      const fresh = await q.findSeriesById(db, seriesId);
      if (!fresh) throw ApiError.notFound();
      throw exhausted(fresh, count);
    }
    // Rendered with the pattern, seed and bundle the reserving statement saw.
    checkAlgorithm(reserved.algorithm);
    const { pattern, seed, start, bundleId, languageBundles } = reserved;
    // Compiled (when it left the cache) and rendered between other requests: a long pattern's
    // 10,000 slugs would otherwise hold the event loop for about a second.
    const gen = generatorFor(bundleId, languageBundles);
    const compiled = await compiledPattern(pattern, gen);
    const slugs = await forgeInTurns(gen, compiled, {
      seed,
      sequence: start,
      count: want,
      skipAwkward: true,
    });
    for (const s of slugs) out.push(s);
    want = count - out.length;
  }
  return out;
}

/**
 * `count` slugs of the series from position `sequence` on; nothing is consumed. Positions mint
 * leaves out (awkward pairs) are passed over here too and the window reads on, so a slice from 0
 * after minting n slugs (n ≥ 1) is those n slugs; `next` is where the following window starts.
 * Compiled and read between other requests, as mint is: requests answer with this.
 */
export async function sliceWindowInTurns(
  row: SeriesRow,
  sequence: number | string | bigint,
  count: number,
): Promise<SliceResult> {
  checkAlgorithm(row.algorithm);
  const gen = generatorFor(row.bundleId, row.languageBundles);
  const compiled = await compiledPattern(row.pattern, gen);
  return sliceInTurns(gen, compiled, { seed: row.seed, sequence, count });
}

/** The slugs of `sliceWindowInTurns`. */
export async function sliceSlugs(
  row: SeriesRow,
  sequence: number | string,
  count: number,
): Promise<string[]> {
  return (await sliceWindowInTurns(row, sequence, count)).slugs;
}

/**
 * `sliceWindowInTurns` in one synchronous stretch (the same slugs and `next`): for callers off
 * the request path, such as checks of a series' positions.
 */
export function sliceWindow(row: SeriesRow, sequence: number | string | bigint, count: number): SliceResult {
  checkAlgorithm(row.algorithm);
  const gen = generatorFor(row.bundleId, row.languageBundles);
  return withEngine(() => gen.slice(row.pattern, { seed: row.seed, sequence, count }));
}

/** The slugs of `sliceWindow`, in one stretch. */
export function slice(row: SeriesRow, sequence: number | string, count: number): string[] {
  return sliceWindow(row, sequence, count).slugs;
}

/** Sample slugs of a series' pattern under a random seed (console "test"), compiled between other requests. */
export async function sample(row: SeriesRow, count: number): Promise<string[]> {
  const gen = generatorFor(row.bundleId, row.languageBundles);
  return forgeInTurns(gen, await compiledPattern(row.pattern, gen), { count });
}
