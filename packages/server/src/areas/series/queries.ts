import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.js';
import { organisations, series } from '../../db/schema.js';

export type SeriesRow = typeof series.$inferSelect;

export async function listSeries(db: Db, orgId: string): Promise<SeriesRow[]> {
  return db.select().from(series).where(eq(series.orgId, orgId)).orderBy(asc(series.slug));
}

export async function findSeries(db: Db, orgId: string, slug: string): Promise<SeriesRow | undefined> {
  const [row] = await db
    .select()
    .from(series)
    .where(and(eq(series.orgId, orgId), eq(series.slug, slug)));
  return row;
}

export async function findSeriesById(db: Db, id: string): Promise<SeriesRow | undefined> {
  const [row] = await db.select().from(series).where(eq(series.id, id));
  return row;
}

/**
 * The organisation's default series: the one chosen (organisations.default_series_id), else its
 * first series (the oldest). None when the organisation has no series.
 */
export async function findDefaultSeries(db: Db, orgId: string): Promise<SeriesRow | undefined> {
  const [row] = await db
    .select({ series })
    .from(series)
    .innerJoin(organisations, eq(organisations.id, series.orgId))
    .where(eq(series.orgId, orgId))
    .orderBy(
      sql`${series.id} IS NOT DISTINCT FROM ${organisations.defaultSeriesId} DESC`,
      asc(series.createdAt),
      asc(series.id),
    )
    .limit(1);
  return row?.series;
}

/** Chooses the default series of its organisation. */
export async function setDefaultSeries(db: Db, orgId: string, seriesId: string): Promise<void> {
  await db.update(organisations).set({ defaultSeriesId: seriesId }).where(eq(organisations.id, orgId));
}

export async function countSeries(db: Db, orgId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(series)
    .where(eq(series.orgId, orgId));
  return Number(row.n);
}

export async function insertSeries(db: Db, values: typeof series.$inferInsert): Promise<SeriesRow> {
  const [row] = await db.insert(series).values(values).returning();
  return row;
}

/**
 * Renames a series or changes its pattern. A new pattern is only written while nothing was
 * generated (checked in the same statement): `undefined` means the row refused it.
 */
export async function updateSeries(
  db: Db,
  id: string,
  changes: {
    name?: string;
    pattern?: string;
    languageBundles?: Record<string, string>;
    capacity?: string;
    maxSlugLength?: number;
  },
): Promise<SeriesRow | undefined> {
  const patternChanges = changes.pattern !== undefined;
  const [row] = await db
    .update(series)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(
      patternChanges
        ? and(eq(series.id, id), sql`(${series.generated} = 0 OR ${series.pattern} = ${changes.pattern})`)
        : eq(series.id, id),
    )
    .returning();
  return row;
}

export async function deleteSeries(db: Db, id: string): Promise<void> {
  await db.delete(series).where(eq(series.id, id));
}

/**
 * Reserves `count` positions in one atomic statement that also checks the capacity. Returns the
 * first reserved position, or `undefined` when fewer than `count` remain. The statement commits on
 * its own, so the reservation is durable before any slug leaves the server.
 */
export async function reserve(db: Db, id: string, count: number): Promise<Reservation | undefined> {
  const n = sql`${String(count)}::numeric`;
  const [row] = await db
    .update(series)
    .set({ generated: sql`${series.generated} + ${n}`, updatedAt: sql`now()` })
    .where(and(eq(series.id, id), sql`${series.generated} + ${n} <= ${series.capacity}`))
    .returning({
      start: sql<string>`(${series.generated} - ${n})::text`,
      pattern: series.pattern,
      seed: series.seed,
      bundleId: series.bundleId,
      languageBundles: series.languageBundles,
      algorithm: series.algorithm,
    });
  return row ? { ...row, start: String(row.start) } : undefined;
}

/**
 * Takes back the `count` positions a reservation from `start` took, when no other reservation
 * followed it (the counter stands right past it); answers whether it did. Otherwise they stay
 * unused, a gap no slug comes from, as the positions of awkward pairs are.
 */
export async function giveBack(db: Db, id: string, start: string, count: number): Promise<boolean> {
  const end = sql`${start}::numeric + ${String(count)}::numeric`;
  const rows = await db
    .update(series)
    .set({ generated: start })
    .where(and(eq(series.id, id), sql`${series.generated} = ${end}`))
    .returning({ id: series.id });
  return rows.length > 0;
}

/** A committed reservation with what renders it: the row as the reserving statement saw it. */
export interface Reservation {
  start: string;
  pattern: string;
  seed: string;
  bundleId: string;
  languageBundles: Record<string, string>;
  algorithm: string;
}

/** Sets the counter back to zero; returns false when the series is gone. */
export async function resetSeries(db: Db, id: string): Promise<SeriesRow | undefined> {
  const [row] = await db
    .update(series)
    .set({ generated: '0', updatedAt: sql`now()` })
    .where(eq(series.id, id))
    .returning();
  return row;
}
