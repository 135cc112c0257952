import { and, asc, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/connect.js';
import { organisations, sdkConfigs, sdkKeys, series } from '../../db/schema.js';

export type SdkKeyRow = typeof sdkKeys.$inferSelect;

const configColumns = {
  id: sdkConfigs.id,
  orgId: sdkConfigs.orgId,
  orgSlug: organisations.slug,
  seriesId: sdkConfigs.seriesId,
  seriesSlug: series.slug,
  slug: sdkConfigs.slug,
  name: sdkConfigs.name,
  scopes: sdkConfigs.scopes,
  rotation: sdkConfigs.rotation,
  periodSeconds: sdkConfigs.periodSeconds,
  period: sdkConfigs.period,
  origins: sdkConfigs.origins,
  enabled: sdkConfigs.enabled,
  anchor: sdkConfigs.anchor,
  createdAt: sdkConfigs.createdAt,
};

export type SdkConfigRow = {
  id: string;
  orgId: string;
  orgSlug: string;
  seriesId: string | null;
  seriesSlug: string | null;
  slug: string;
  name: string;
  scopes: string[];
  rotation: 'manual' | 'automatic';
  periodSeconds: number | null;
  period: string | null;
  origins: string[];
  enabled: boolean;
  anchor: Date;
  createdAt: Date;
};

function select(db: Db) {
  return db
    .select(configColumns)
    .from(sdkConfigs)
    .innerJoin(organisations, eq(organisations.id, sdkConfigs.orgId))
    .leftJoin(series, eq(series.id, sdkConfigs.seriesId));
}

/** The configs of an organisation (or one series), legacy SDK keys' configs left to their own list. */
export async function listConfigs(db: Db, orgId: string, seriesId?: string): Promise<SdkConfigRow[]> {
  return select(db)
    .where(
      and(
        eq(sdkConfigs.orgId, orgId),
        eq(sdkConfigs.legacy, false),
        seriesId ? eq(sdkConfigs.seriesId, seriesId) : undefined,
      ),
    )
    .orderBy(asc(sdkConfigs.createdAt));
}

export async function findConfig(db: Db, orgId: string, slug: string): Promise<SdkConfigRow | undefined> {
  const [row] = await select(db).where(and(eq(sdkConfigs.orgId, orgId), eq(sdkConfigs.slug, slug)));
  return row;
}

export async function findConfigBySlug(db: Db, slug: string): Promise<SdkConfigRow | undefined> {
  const [row] = await select(db).where(eq(sdkConfigs.slug, slug));
  return row;
}

export async function findConfigById(db: Db, id: string): Promise<SdkConfigRow | undefined> {
  const [row] = await select(db).where(eq(sdkConfigs.id, id));
  return row;
}

/**
 * Puts an automatic config whose period is below `seconds` on that period, on a schedule from
 * `anchor`, and deletes its keys, in one transaction. False when its period is not below it (another
 * node raised it first): nothing changes.
 */
export async function raisePeriod(
  db: Db,
  id: string,
  raised: { seconds: number; period: string; anchor: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(sdkConfigs)
      .set({ periodSeconds: raised.seconds, period: raised.period, anchor: raised.anchor })
      .where(
        and(
          eq(sdkConfigs.id, id),
          eq(sdkConfigs.rotation, 'automatic'),
          lt(sdkConfigs.periodSeconds, raised.seconds),
        ),
      )
      .returning({ id: sdkConfigs.id });
    if (rows.length === 0) return false;
    await tx.delete(sdkKeys).where(eq(sdkKeys.configId, id));
    return true;
  });
}

export async function insertConfig(db: Db, values: typeof sdkConfigs.$inferInsert): Promise<void> {
  await db.insert(sdkConfigs).values(values);
}

export async function updateConfig(
  db: Db,
  id: string,
  changes: Partial<typeof sdkConfigs.$inferInsert>,
): Promise<void> {
  await db.update(sdkConfigs).set(changes).where(eq(sdkConfigs.id, id));
}

export async function deleteConfig(db: Db, id: string): Promise<void> {
  await db.delete(sdkConfigs).where(eq(sdkConfigs.id, id));
}

export async function listKeys(db: Db, configId: string): Promise<SdkKeyRow[]> {
  return db.select().from(sdkKeys).where(eq(sdkKeys.configId, configId)).orderBy(asc(sdkKeys.idx));
}

/** Keys of an organisation's (or one series') legacy SDK-key configs: the legacy SDK-key list. */
export async function listLegacyKeys(db: Db, orgId: string, seriesId?: string) {
  return db
    .select({ key: sdkKeys, config: sdkConfigs.slug, name: sdkConfigs.name })
    .from(sdkKeys)
    .innerJoin(sdkConfigs, eq(sdkConfigs.id, sdkKeys.configId))
    .where(
      and(
        eq(sdkConfigs.orgId, orgId),
        eq(sdkConfigs.legacy, true),
        seriesId ? eq(sdkConfigs.seriesId, seriesId) : undefined,
      ),
    )
    .orderBy(asc(sdkKeys.createdAt));
}

/** One key of the legacy SDK-key list. */
export async function findLegacyKey(db: Db, orgId: string, keySlug: string) {
  const [row] = await db
    .select({ key: sdkKeys, configId: sdkConfigs.id, rotation: sdkConfigs.rotation })
    .from(sdkKeys)
    .innerJoin(sdkConfigs, eq(sdkConfigs.id, sdkKeys.configId))
    .where(and(eq(sdkConfigs.orgId, orgId), eq(sdkConfigs.legacy, true), eq(sdkKeys.slug, keySlug)));
  return row;
}

export async function deleteKey(db: Db, id: string): Promise<void> {
  await db.delete(sdkKeys).where(eq(sdkKeys.id, id));
}

/** Adds a key unless the slot `idx` is taken (nodes generating together agree on one key). */
export async function insertKeyIfAbsent(db: Db, values: typeof sdkKeys.$inferInsert): Promise<void> {
  await db
    .insert(sdkKeys)
    .values(values)
    .onConflictDoNothing({ target: [sdkKeys.configId, sdkKeys.idx] });
}

export async function deleteKeysOf(db: Db, configId: string): Promise<void> {
  await db.delete(sdkKeys).where(eq(sdkKeys.configId, configId));
}

export async function deleteExpiredKeys(db: Db, configId: string, before: Date): Promise<void> {
  await db.delete(sdkKeys).where(and(eq(sdkKeys.configId, configId), lt(sdkKeys.effectiveTo, before)));
}
