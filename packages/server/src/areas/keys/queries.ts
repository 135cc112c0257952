import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/connect.js';
import { accounts, apiKeys, organisations, series } from '../../db/schema.js';

const keyColumns = {
  id: apiKeys.id,
  orgId: apiKeys.orgId,
  seriesId: apiKeys.seriesId,
  seriesSlug: series.slug,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  scopes: apiKeys.scopes,
  owner: accounts.slug,
  enabled: apiKeys.enabled,
  expiresAt: apiKeys.expiresAt,
  lastUsedAt: apiKeys.lastUsedAt,
  createdAt: apiKeys.createdAt,
};

export type ApiKeyRow = {
  id: string;
  orgId: string;
  seriesId: string | null;
  seriesSlug: string | null;
  name: string;
  prefix: string;
  scopes: string[];
  owner: string | null;
  enabled: boolean;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  createdAt: Date;
};

function select(db: Db) {
  return db
    .select(keyColumns)
    .from(apiKeys)
    .leftJoin(series, eq(series.id, apiKeys.seriesId))
    .leftJoin(accounts, eq(accounts.id, apiKeys.ownerId));
}

export async function listKeys(db: Db, orgId: string, seriesId?: string): Promise<ApiKeyRow[]> {
  return select(db)
    .where(and(eq(apiKeys.orgId, orgId), seriesId ? eq(apiKeys.seriesId, seriesId) : undefined))
    .orderBy(desc(apiKeys.createdAt));
}

export async function findKey(db: Db, orgId: string, id: string): Promise<ApiKeyRow | undefined> {
  const [row] = await select(db).where(and(eq(apiKeys.orgId, orgId), eq(apiKeys.id, id)));
  return row;
}

export async function insertKey(db: Db, values: typeof apiKeys.$inferInsert): Promise<string> {
  const [row] = await db.insert(apiKeys).values(values).returning({ id: apiKeys.id });
  return row.id;
}

export async function updateKey(
  db: Db,
  orgId: string,
  id: string,
  changes: Partial<Pick<typeof apiKeys.$inferInsert, 'name' | 'scopes' | 'enabled' | 'expiresAt'>>,
): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set(changes)
    .where(and(eq(apiKeys.orgId, orgId), eq(apiKeys.id, id)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

export async function deleteKey(db: Db, orgId: string, id: string): Promise<string | undefined> {
  const [row] = await db
    .delete(apiKeys)
    .where(and(eq(apiKeys.orgId, orgId), eq(apiKeys.id, id)))
    .returning({ hash: apiKeys.hash });
  return row?.hash;
}

/** The key a secret belongs to, with what the access check needs. */
export async function findKeyByHash(db: Db, hash: string) {
  const [row] = await db
    .select({
      id: apiKeys.id,
      prefix: apiKeys.prefix,
      orgId: apiKeys.orgId,
      orgSlug: organisations.slug,
      seriesId: apiKeys.seriesId,
      seriesSlug: series.slug,
      scopes: apiKeys.scopes,
      enabled: apiKeys.enabled,
      expiresAt: apiKeys.expiresAt,
    })
    .from(apiKeys)
    .innerJoin(organisations, eq(organisations.id, apiKeys.orgId))
    .leftJoin(series, eq(series.id, apiKeys.seriesId))
    .where(eq(apiKeys.hash, hash));
  return row;
}

/**
 * Marks a key used at `at` unless a use at or after `notBefore` is already recorded: nodes that
 * see the same key within that time write nothing.
 */
export async function touchKey(db: Db, id: string, at: Date, notBefore: Date): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: at })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, notBefore))));
}
