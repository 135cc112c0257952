import { generateKeyPairSync, randomBytes } from 'node:crypto';
import {
  formatRotationPeriod,
  MIN_ROTATION_SECONDS,
  rotationPeriodSeconds,
  rotationRangeProblem,
  type Scope,
  SDK_SCOPES,
  type SdkConfig,
  type SdkConfigWithKeys,
  type SdkJwk,
  type SdkKey,
  slugify,
  sortScopes,
} from '@slugsmith/contract';
import type { Db } from '../../db/connect.js';
import { isUniqueViolation } from '../../db/errors.js';
import { ApiError } from '../../platform/errors.js';
import { type OrgRef, seriesOrNotFound } from '../series/service.js';
import * as q from './queries.js';

export type SdkConfigRow = q.SdkConfigRow;

/** `30d`, `24h`, `60m`, `45s` → seconds (the contract's rotation rule). */
export function parsePeriod(text: string): number {
  const seconds = rotationPeriodSeconds(text);
  if (seconds === undefined) throw ApiError.badRequest('Invalid format', { field: 'rotation_period' });
  const problem = rotationRangeProblem(seconds);
  if (problem) throw ApiError.badRequest(problem, { field: 'rotation_period' });
  return seconds;
}

/** SDK configs never carry reset scopes (product spec §6). */
function sdkScopes(scopes: readonly Scope[]): Scope[] {
  const bad = scopes.filter((s) => !SDK_SCOPES.includes(s));
  if (bad.length > 0) {
    throw ApiError.badRequest('SDK configs may only carry the scopes forge, mint, slice and stats', {
      field: 'scopes',
      invalid: bad,
    });
  }
  return sortScopes([...new Set(scopes)]);
}

/** A period stored before the minimum existed: what `atMinimumPeriod` serves it at. */
const belowMinimum = (row: SdkConfigRow) =>
  row.rotation === 'automatic' && row.periodSeconds !== null && row.periodSeconds < MIN_ROTATION_SECONDS;

/** The period a config's keys rotate on, as written (a period below the minimum: the minimum). */
function periodText(row: SdkConfigRow): string | null {
  if (!row.periodSeconds) return null;
  if (belowMinimum(row)) return formatRotationPeriod(MIN_ROTATION_SECONDS);
  return row.period ?? formatRotationPeriod(row.periodSeconds);
}

/**
 * Configs stored before periods had a minimum (down to 30 s) rotate on the minimum period
 * (MIN_ROTATION_SECONDS): their keys would live too short for the SDKs' refresh rule, and one SDK
 * would fetch keys several times a second. The first read of such a config puts it on the minimum
 * period with new keys, as a change of period in the console does: a running SDK gets one 403,
 * fetches the new keys and carries on. One node makes the change; the others read it back.
 */
async function atMinimumPeriod(db: Db, config: SdkConfigRow, now: number): Promise<SdkConfigRow> {
  if (!belowMinimum(config)) return config;
  const raised = {
    seconds: MIN_ROTATION_SECONDS,
    period: formatRotationPeriod(MIN_ROTATION_SECONDS),
    anchor: new Date(now),
  };
  if (await q.raisePeriod(db, config.id, raised)) {
    return { ...config, periodSeconds: raised.seconds, period: raised.period, anchor: raised.anchor };
  }
  // Raised already (by another node, or this config row was read before): the stored one counts.
  return (await q.findConfigById(db, config.id)) ?? config;
}

export function toSdkConfig(row: SdkConfigRow): SdkConfig {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    key_scope: row.seriesId ? 'series' : 'org',
    series_slug: row.seriesSlug,
    scopes: sortScopes(row.scopes as Scope[]),
    rotation: row.rotation,
    rotation_period: periodText(row),
    allowed_origins: row.origins,
    enabled: row.enabled,
    created_at: row.createdAt.toISOString(),
  };
}

export function toSdkKey(row: q.SdkKeyRow): SdkKey {
  const { kty, crv, x, y, d } = row.jwk;
  return {
    slug: row.slug,
    jwk: { kty, crv, x, y, d },
    effective_from: row.effectiveFrom.toISOString(),
    effective_to: row.effectiveTo?.toISOString() ?? null,
  };
}

export function newJwk(): SdkJwk {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = privateKey.export({ format: 'jwk' });
  return { kty: 'EC', crv: 'P-256', x: jwk.x as string, y: jwk.y as string, d: jwk.d as string };
}

/** A key slot of the schedule: manual configs have slot 0 forever. */
function slot(config: SdkConfigRow, idx: number) {
  if (config.rotation === 'manual' || !config.periodSeconds) {
    return { idx: 0, effectiveFrom: config.anchor, effectiveTo: null };
  }
  const period = config.periodSeconds * 1000;
  const from = config.anchor.getTime() + idx * period;
  return { idx, effectiveFrom: new Date(from), effectiveTo: new Date(from + 2 * period) };
}

/**
 * Makes sure the keys the schedule needs now exist, and returns every stored key. Automatic
 * rotation: key i is effective from anchor + i·P to anchor + (i+2)·P, so two keys overlap at any
 * time and the next one exists before it is needed. Every node computes the same slots; the
 * unique (config, idx) index makes the first writer win.
 */
export async function ensureKeys(db: Db, stored: SdkConfigRow, now = Date.now()): Promise<q.SdkKeyRow[]> {
  const config = await atMinimumPeriod(db, stored, now);
  const wanted: number[] = [];
  if (config.rotation === 'manual' || !config.periodSeconds) wanted.push(0);
  else {
    const i = Math.max(0, Math.floor((now - config.anchor.getTime()) / (config.periodSeconds * 1000)));
    wanted.push(i, i + 1);
  }
  let keys = await q.listKeys(db, config.id);
  const missing = wanted.filter((idx) => !keys.some((k) => k.idx === idx));
  if (missing.length > 0) {
    for (const idx of missing) {
      await q.insertKeyIfAbsent(db, {
        configId: config.id,
        slug: `key-${randomBytes(6).toString('hex')}`,
        jwk: newJwk(),
        ...slot(config, idx),
      });
    }
    await q.deleteExpiredKeys(db, config.id, new Date(now - 60_000));
    keys = await q.listKeys(db, config.id);
  }
  return keys;
}

export function isEffective(
  key: { effectiveFrom: Date; effectiveTo: Date | null },
  now = Date.now(),
): boolean {
  return key.effectiveFrom.getTime() <= now && (key.effectiveTo === null || key.effectiveTo.getTime() > now);
}

export async function effectiveKeys(db: Db, config: SdkConfigRow, now = Date.now()): Promise<q.SdkKeyRow[]> {
  return (await ensureKeys(db, config, now)).filter((k) => isEffective(k, now));
}

/** Replaces every key (rotation, or a changed policy): signed clients refresh on their next 403. */
export async function replaceKeys(db: Db, config: SdkConfigRow): Promise<q.SdkKeyRow[]> {
  const anchor = new Date();
  await q.deleteKeysOf(db, config.id);
  await q.updateConfig(db, config.id, { anchor });
  return ensureKeys(db, { ...config, anchor });
}

async function withKeys(db: Db, config: SdkConfigRow): Promise<SdkConfigWithKeys> {
  const keys = await ensureKeys(db, config);
  return { ...toSdkConfig(config), keys: keys.map(toSdkKey) };
}

export async function configOrNotFound(db: Db, org: OrgRef, slug: string): Promise<SdkConfigRow> {
  const row = await q.findConfig(db, org.id, slug);
  if (!row) throw ApiError.notFound();
  return row;
}

export async function listConfigs(db: Db, org: OrgRef, seriesSlug?: string): Promise<SdkConfig[]> {
  const seriesId = seriesSlug ? (await seriesOrNotFound(db, org, seriesSlug)).id : undefined;
  return (await q.listConfigs(db, org.id, seriesId)).map(toSdkConfig);
}

export async function getConfig(db: Db, org: OrgRef, slug: string): Promise<SdkConfigWithKeys> {
  return withKeys(db, await configOrNotFound(db, org, slug));
}

export interface ConfigInput {
  name: string;
  scopes: Scope[];
  series?: string;
  rotation?: 'manual' | 'automatic';
  rotation_period?: string;
  allowed_origins?: string[];
  enabled?: boolean;
}

/** `legacy`: made through the legacy SDK-key routes, and listed there only. */
export async function createConfig(
  db: Db,
  org: OrgRef,
  input: ConfigInput,
  { legacy = false } = {},
): Promise<SdkConfigWithKeys> {
  const scopes = sdkScopes(input.scopes);
  const seriesId = input.series ? (await seriesOrNotFound(db, org, input.series)).id : null;
  const rotation = input.rotation ?? 'manual';
  if (rotation === 'automatic' && !input.rotation_period) {
    throw ApiError.badRequest('This field is required', { field: 'rotation_period' });
  }
  const periodSeconds = rotation === 'automatic' ? parsePeriod(input.rotation_period as string) : null;
  for (let attempt = 0; attempt < 8; attempt++) {
    const slug = `${slugify(input.name).slice(0, 24).replace(/-+$/, '')}-${randomBytes(4).toString('hex')}`;
    try {
      await q.insertConfig(db, {
        orgId: org.id,
        seriesId,
        slug,
        name: input.name,
        scopes,
        rotation,
        periodSeconds,
        period: periodSeconds ? (input.rotation_period as string) : null,
        origins: input.allowed_origins ?? [],
        enabled: input.enabled ?? true,
        legacy,
      });
      return getConfig(db, org, slug);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw ApiError.conflict();
}

export async function updateConfig(
  db: Db,
  org: OrgRef,
  slug: string,
  input: Partial<ConfigInput>,
): Promise<SdkConfigWithKeys> {
  const config = await configOrNotFound(db, org, slug);
  const rotation = input.rotation ?? config.rotation;
  let periodSeconds = config.periodSeconds;
  let period = config.period;
  if (input.rotation_period !== undefined) {
    periodSeconds = parsePeriod(input.rotation_period);
    period = input.rotation_period;
  }
  if (rotation === 'manual') {
    periodSeconds = null;
    period = null;
  } else if (!periodSeconds)
    throw ApiError.badRequest('This field is required', { field: 'rotation_period' });
  const changes: Parameters<typeof q.updateConfig>[2] = { rotation, periodSeconds, period };
  if (input.name !== undefined) changes.name = input.name;
  if (input.scopes !== undefined) changes.scopes = sdkScopes(input.scopes);
  if (input.allowed_origins !== undefined) changes.origins = input.allowed_origins;
  if (input.enabled !== undefined) changes.enabled = input.enabled;
  await q.updateConfig(db, config.id, changes);
  const updated = await configOrNotFound(db, org, slug);
  // A new policy deletes the existing keys and generates new ones (product spec §4).
  if (rotation !== config.rotation || periodSeconds !== config.periodSeconds) await replaceKeys(db, updated);
  return getConfig(db, org, slug);
}

export async function rotateConfig(db: Db, org: OrgRef, slug: string): Promise<SdkConfigWithKeys> {
  const config = await configOrNotFound(db, org, slug);
  await replaceKeys(db, config);
  return getConfig(db, org, slug);
}

export async function deleteConfig(db: Db, org: OrgRef, slug: string): Promise<void> {
  const config = await configOrNotFound(db, org, slug);
  await q.deleteConfig(db, config.id);
}

export async function configKeys(db: Db, org: OrgRef, slug: string): Promise<SdkKey[]> {
  const config = await configOrNotFound(db, org, slug);
  return (await effectiveKeys(db, config)).map(toSdkKey);
}

// ---- legacy SDK keys: one manual config per key ------------------------------------------------

export async function listLegacyKeys(db: Db, org: OrgRef, seriesSlug?: string) {
  const seriesId = seriesSlug ? (await seriesOrNotFound(db, org, seriesSlug)).id : undefined;
  return (await q.listLegacyKeys(db, org.id, seriesId)).map((r) => ({
    ...toSdkKey(r.key),
    config: r.config,
    name: r.name,
  }));
}

export async function createLegacyKey(
  db: Db,
  org: OrgRef,
  input: { name: string; scopes?: Scope[]; series?: string },
) {
  const config = await createConfig(
    db,
    org,
    {
      name: input.name,
      scopes: input.scopes ?? ['forge', 'mint', 'slice'],
      series: input.series,
      rotation: 'manual',
    },
    { legacy: true },
  );
  return { ...config.keys[0], config: config.slug, name: config.name };
}

export async function deleteLegacyKey(db: Db, org: OrgRef, keySlug: string): Promise<void> {
  const row = await q.findLegacyKey(db, org.id, keySlug);
  if (!row) throw ApiError.notFound();
  // A manual config's only key is the config's identity: both go. Automatic configs regenerate.
  if (row.rotation === 'manual') await q.deleteConfig(db, row.configId);
  else await q.deleteKey(db, row.key.id);
}
