import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type {
  DictionaryTagPage,
  DictionaryTags,
  ExpandResponse,
  KeyInfo,
  Scope,
  SeriesList,
} from '@slugsmith/contract';
import { sortScopes } from '@slugsmith/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { CallerKey } from '../../auth/keys.js';
import type { Db } from '../../db/connect.js';
import { secrets, shortLinks } from '../../db/schema.js';
import { compiledPattern, currentGenerator, forgeInTurns, withEngine } from '../../engine/engine.js';
import { CacheKind, type Caches } from '../../platform/cache.js';
import { ApiError } from '../../platform/errors.js';
import { listSeries, mint, orgOf, type SeriesRow, seriesFor, sliceWindowInTurns } from '../series/service.js';
import { type ShortLinkBounds, withinShortLinkBounds } from './short-link-bounds.js';

/**
 * The id of the series a mint works on, without a database read when possible: a series key
 * carries it; an org key's slug → id lookups are cached briefly (a slug names one row until the
 * series is deleted; a mint on a deleted row finds nothing to update and answers 404).
 */
const seriesIds = new CacheKind<string>({ ttlMs: 5_000, max: 10_000 });
export async function seriesIdFor(
  db: Db,
  caches: Caches,
  key: CallerKey,
  slug: string | undefined,
): Promise<string> {
  if (key.seriesId) {
    if (slug !== undefined && slug !== key.seriesSlug) throw ApiError.notFound();
    return key.seriesId;
  }
  if (slug === undefined) return (await seriesFor(db, key, slug)).id;
  const ids = caches.of(seriesIds);
  const cacheKey = `${key.orgId}\n${slug}`;
  return ids.get(cacheKey) ?? ids.fetch(cacheKey, async () => (await seriesFor(db, key, slug)).id);
}

/** `GET /gen/series`: `{slug: name}` of the series the key reaches (a series key: its own). */
export async function seriesNames(db: Db, key: CallerKey): Promise<SeriesList> {
  const rows = key.seriesId ? [await seriesFor(db, key, undefined)] : await listSeries(db, orgOf(key));
  return Object.fromEntries(rows.map((s) => [s.slug, s.name]));
}

/**
 * Tags of the dictionaries of `language` and of the language-agnostic ones (emoji, suffix); `all`:
 * every language. An unknown language has only the language-agnostic tags.
 */
export function dictionaryTags(language: string): DictionaryTags {
  const all = currentGenerator().dictionaryTags();
  return language === 'all' ? all : all.filter((t) => t.language === language || t.language === null);
}

/** One page of the tags of a dictionary kind in a language; an unknown kind has no tags. */
export function dictionaryTagPage(
  kind: string,
  language: string,
  limit: number,
  offset: number,
): DictionaryTagPage {
  const all = dictionaryTags(language).filter((t) => t.kind === kind);
  return {
    data: all.slice(offset, offset + limit),
    pagination: { limit, offset, total: all.length, has_more: offset + limit < all.length },
  };
}

export function keyInfo(key: CallerKey): KeyInfo {
  return {
    type: key.type,
    key_scope: key.seriesId ? 'series' : 'org',
    slug: key.slug,
    org_slug: key.orgSlug,
    ...(key.seriesSlug ? { series_slug: key.seriesSlug } : {}),
    scopes: sortScopes(key.scopes as Scope[]),
    enabled: key.enabled,
  };
}

/** Batches of a stream: at most this many slugs are rendered (and for mint, reserved) at once. */
export const MAX_STREAM_BATCH = 10_000;

/**
 * Forge streams render this many slugs at a time: a few tens of kilobytes a chunk, so that what a
 * stream holds while its client does not read stays small.
 */
export const FORGE_STREAM_BATCH = 1_000;

/** Bytes a stream buffers ahead of its connection before its producer waits. */
const STREAM_HIGH_WATER_MARK = 16 * 1024;

type Batch = (done: number, size: number) => Promise<string[]> | string[];

/** Where a stream reports how many slugs it produced, and its body once made (see StreamGate). */
export interface StreamProgress {
  produced: number;
  source?: Readable;
}

/**
 * Newline-delimited slugs, produced only when the connection asks for more: `_read` is called
 * while what is buffered is under the high-water mark, and not again until this stream pushed,
 * so a client that does not read stops the producer (and for mint, the reservations) where it is.
 */
class SlugLines extends Readable {
  private done: number;
  private pending: string | null;

  constructor(
    private readonly count: number,
    private readonly size: number,
    private readonly batch: Batch,
    first: string[],
    private readonly progress?: StreamProgress,
  ) {
    super({ highWaterMark: STREAM_HIGH_WATER_MARK });
    this.done = first.length;
    this.pending = first.length > 0 ? `${first.join('\n')}\n` : null;
    if (progress) progress.produced = this.done;
  }

  override _read(): void {
    if (this.pending !== null) {
      const chunk = this.pending;
      this.pending = null;
      this.push(chunk);
      return;
    }
    if (this.done >= this.count) {
      this.push(null);
      return;
    }
    const size = Math.min(this.size, this.count - this.done);
    Promise.resolve()
      .then(() => this.batch(this.done, size))
      .then(
        (next) => {
          if (this.destroyed) return;
          if (next.length === 0) return void this.push(null);
          this.done += next.length;
          if (this.progress) this.progress.produced = this.done;
          this.push(`${next.join('\n')}\n`);
        },
        // The answer has started: a later batch that fails (the series ran out, the window
        // passed the capacity) ends the stream early; the client sees fewer lines than asked.
        () => {
          if (!this.destroyed) this.push(null);
        },
      );
  }
}

/**
 * A newline-delimited stream of slugs. The first batch is produced before the answer starts, so
 * that its errors (a bad pattern, an exhausted series) are ordinary error answers; later batches
 * are produced only when the client has read the previous ones (the stream is pulled).
 * `progress.produced` follows how many slugs were produced.
 */
export async function slugStream(
  count: number,
  batchSize: number,
  batch: Batch,
  progress?: StreamProgress,
): Promise<Readable> {
  const size = Math.min(batchSize, MAX_STREAM_BATCH);
  const first = await batch(0, Math.min(size, count));
  const lines = new SlugLines(count, size, batch, first, progress);
  if (progress) progress.source = lines;
  return lines;
}

export async function mintStream(
  db: Db,
  seriesId: string,
  count: number,
  batchSize: number,
  progress?: StreamProgress,
) {
  return slugStream(count, batchSize, (_done, size) => mint(db, seriesId, size), progress);
}

export async function sliceStream(
  row: SeriesRow,
  sequence: number | string,
  count: number,
  batchSize: number,
  progress?: StreamProgress,
) {
  let position = BigInt(sequence);
  return slugStream(
    count,
    batchSize,
    async (_done, size) => {
      // A window reads past the positions it leaves out (awkward pairs): the next starts after it.
      const { slugs, next } = await sliceWindowInTurns(row, position, size);
      position = next;
      return slugs;
    },
    progress,
  );
}

export async function forgeStream(
  pattern: string,
  seed: string | undefined,
  sequence: number | string | undefined,
  count: number,
  progress?: StreamProgress,
) {
  const gen = currentGenerator();
  const compiled = await compiledPattern(pattern);
  const fixedSeed = seed ?? randomBytes(8).toString('hex');
  const start = BigInt(sequence ?? 0);
  return slugStream(
    count,
    FORGE_STREAM_BATCH,
    (done, size) =>
      forgeInTurns(gen, compiled, { seed: fixedSeed, sequence: start + BigInt(done), count: size }),
    progress,
  );
}

// ---- short links -------------------------------------------------------------------------------

const SHORT_PATTERN = '{adjective}-{noun}';
const SHORT_SEED = 'short-link-seed';

async function shortSeed(db: Db): Promise<string> {
  const fresh = randomBytes(16).toString('base64url');
  await db.insert(secrets).values({ name: SHORT_SEED, value: fresh }).onConflictDoNothing();
  const [row] = await db.select().from(secrets).where(eq(secrets.name, SHORT_SEED));
  return String(row.value);
}

/**
 * Stores a pattern (with seed and sequence) under a short code that is itself a slug, while the
 * organisation is under its short-link bounds (the pattern was held to the plan's limits before).
 */
export async function shorten(
  db: Db,
  key: CallerKey,
  input: { pattern: string; seed?: string; sequence?: number | string },
  bounds: ShortLinkBounds,
  reply?: FastifyReply,
): Promise<{ slug: string }> {
  const gen = currentGenerator();
  // Refused patterns are not stored.
  await compiledPattern(input.pattern);
  const seed = await shortSeed(db);
  return withinShortLinkBounds(db, key.orgId, bounds, reply, async (tx) => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const result = (await tx.execute(
        sql`SELECT (nextval('short_link_seq') - 1)::text AS n`,
      )) as unknown as {
        rows: { n: string }[];
      };
      const n = result.rows[0].n;
      const pattern = BigInt(n) < 50_000_000n ? SHORT_PATTERN : `${SHORT_PATTERN}-{number:6d}`;
      const [code] = withEngine(() => gen.forge(pattern, { seed, sequence: n, count: 1 }));
      // A code from an earlier dictionary bundle may coincide: take the next position (no error,
      // which would end the transaction).
      const stored = await tx
        .insert(shortLinks)
        .values({
          code,
          orgId: key.orgId,
          pattern: input.pattern,
          seed: input.seed ?? null,
          sequence: input.sequence === undefined ? null : String(input.sequence),
        })
        .onConflictDoNothing()
        .returning({ code: shortLinks.code });
      if (stored.length > 0) return { slug: code };
    }
    throw ApiError.conflict();
  });
}

/** A stored sequence as ExpandResponse carries it: a number while exact in JavaScript, else text. */
function wireSequence(stored: string): number | string {
  // Stored as the caller wrote it; rows written before digits were checked strictly are passed on.
  if (!/^[0-9]+$/.test(stored)) return stored;
  const n = BigInt(stored);
  return n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : n.toString();
}

export async function expand(db: Db, code: string): Promise<ExpandResponse> {
  const [row] = await db.select().from(shortLinks).where(eq(shortLinks.code, code));
  if (!row) throw ApiError.notFound();
  return {
    pattern: row.pattern,
    ...(row.seed !== null ? { seed: row.seed } : {}),
    ...(row.sequence !== null ? { sequence: wireSequence(row.sequence) } : {}),
  };
}
