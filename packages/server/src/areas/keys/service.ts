import { randomBytes } from 'node:crypto';
import { type ApiKey, type CreatedApiKey, type Scope, sortScopes } from '@slugsmith/contract';
import { forgetKeys, hashSecret } from '../../auth/keys.js';
import type { Db } from '../../db/connect.js';
import { CacheKind, type Caches } from '../../platform/cache.js';
import { ApiError } from '../../platform/errors.js';
import { type OrgRef, seriesOrNotFound } from '../series/service.js';
import * as q from './queries.js';

export const API_KEY_PREFIX = 'sk_';
const VISIBLE = 10;

function toApiKey(row: q.ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    key_scope: row.seriesId ? 'series' : 'org',
    series_slug: row.seriesSlug,
    scopes: sortScopes(row.scopes as Scope[]),
    owner: row.owner,
    enabled: row.enabled,
    expires_at: row.expiresAt?.toISOString() ?? null,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

function uniqueScopes(scopes: readonly Scope[]): Scope[] {
  return sortScopes([...new Set(scopes)]);
}

export async function listKeys(db: Db, org: OrgRef, seriesSlug?: string): Promise<ApiKey[]> {
  const seriesId = seriesSlug ? (await seriesOrNotFound(db, org, seriesSlug)).id : undefined;
  return (await q.listKeys(db, org.id, seriesId)).map(toApiKey);
}

export async function getKey(db: Db, org: OrgRef, id: string): Promise<ApiKey> {
  const row = await q.findKey(db, org.id, id);
  if (!row) throw ApiError.notFound();
  return toApiKey(row);
}

export async function createKey(
  db: Db,
  org: OrgRef,
  ownerId: string,
  input: { name: string; scopes: Scope[]; series?: string; expires_at?: string | null; enabled?: boolean },
): Promise<CreatedApiKey> {
  const seriesId = input.series ? (await seriesOrNotFound(db, org, input.series)).id : null;
  const secret = API_KEY_PREFIX + randomBytes(32).toString('base64url');
  const id = await q.insertKey(db, {
    orgId: org.id,
    seriesId,
    name: input.name,
    prefix: secret.slice(0, VISIBLE),
    hash: hashSecret(secret),
    scopes: uniqueScopes(input.scopes),
    ownerId,
    enabled: input.enabled ?? true,
    expiresAt: input.expires_at ? new Date(input.expires_at) : null,
  });
  return { ...(await getKey(db, org, id)), key: secret };
}

export async function updateKey(
  db: Db,
  caches: Caches,
  org: OrgRef,
  id: string,
  input: { name?: string; scopes?: Scope[]; expires_at?: string | null; enabled?: boolean },
): Promise<ApiKey> {
  const changes: Parameters<typeof q.updateKey>[3] = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.scopes !== undefined) changes.scopes = uniqueScopes(input.scopes);
  if (input.enabled !== undefined) changes.enabled = input.enabled;
  if (input.expires_at !== undefined)
    changes.expiresAt = input.expires_at ? new Date(input.expires_at) : null;
  if (Object.keys(changes).length > 0 && !(await q.updateKey(db, org.id, id, changes))) {
    throw ApiError.notFound();
  }
  forgetKeys(caches);
  return getKey(db, org, id);
}

export async function deleteKey(db: Db, caches: Caches, org: OrgRef, id: string): Promise<void> {
  if (!(await q.deleteKey(db, org.id, id))) throw ApiError.notFound();
  forgetKeys(caches);
}

/** `last_used_at` is precise to this: at most one write per key per minute (per node, and fewer). */
export const KEY_USE_PRECISION_MS = 60_000;
/** When this node last wrote each key's use (older than the precision: forgotten). */
const lastWrites = new CacheKind<number>({ ttlMs: KEY_USE_PRECISION_MS, max: 100_000 });

/**
 * Records that an API key was used. Costs a write at most once a minute per key on each node (the
 * promise, for the call to wait on; nothing the rest of the minute); the update itself skips keys
 * another node marked within the minute.
 */
export function recordKeyUse(
  db: Db,
  caches: Caches,
  id: string,
  now = Date.now(),
): Promise<void> | undefined {
  const lastWritten = caches.of(lastWrites);
  const last = lastWritten.get(id);
  if (last !== undefined && now - last < KEY_USE_PRECISION_MS) return undefined;
  lastWritten.set(id, now);
  // The answer never depends on this bookkeeping: a failed write is retried on a later use.
  return q.touchKey(db, id, new Date(now), new Date(now - KEY_USE_PRECISION_MS)).catch(() => {
    lastWritten.delete(id);
  });
}
