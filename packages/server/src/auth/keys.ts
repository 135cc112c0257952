import { createHash, createPublicKey, type KeyObject, verify } from 'node:crypto';
import {
  type Scope,
  SDK_SCOPES,
  SIGNATURE_MAX_SKEW_MS,
  SIGNED_HEADERS,
  signingString,
} from '@slugsmith/contract';
import type { FastifyRequest } from 'fastify';
import { findKeyByHash } from '../areas/keys/queries.js';
import { findConfigBySlug, type SdkConfigRow } from '../areas/sdk/queries.js';
import { effectiveKeys } from '../areas/sdk/service.js';
import type { Db } from '../db/connect.js';
import { ApiError } from '../platform/errors.js';

/** A caller authenticated by an API key or by a request signed with an SDK key. */
export interface CallerKey {
  type: 'api-key' | 'sdk-config';
  id: string;
  /** The API key's visible prefix or the SDK config's slug. */
  slug: string;
  orgId: string;
  orgSlug: string;
  seriesId: string | null;
  seriesSlug: string | null;
  scopes: Scope[];
  enabled: boolean;
}

export const KeyMessages = {
  invalidApiKey: 'Invalid API key',
  expiredApiKey: 'API key has expired',
  invalidSignature: 'Invalid signature',
  staleTimestamp: 'Request timestamp is outside the allowed window',
  replayed: 'Request signature was already used',
  originNotAllowed: 'Origin not allowed',
  invalidSdkConfig: 'Invalid SDK config',
} as const;

/** Does a key with `scopes` carry `needed`? `reset` is also granted by `series:reset`. */
export function hasScope(scopes: readonly string[], needed: Scope): boolean {
  if (scopes.includes(needed)) return true;
  return needed === 'reset' && scopes.includes('series:reset');
}

/**
 * Lookups are cached for a short time so that hot generation calls cost no database round trip;
 * changes made on this node clear the cache at once, other nodes see them within CACHE_MS.
 */
const CACHE_MS = 2_000;
const apiKeyCache = new Map<string, { at: number; row: Awaited<ReturnType<typeof findKeyByHash>> }>();
const configCache = new Map<string, { at: number; row: SdkConfigRow | undefined }>();
const keyObjects = new Map<string, KeyObject>();
const effectiveCache = new Map<
  string,
  { at: number; until: number; keys: { id: string; jwk: { x: string; y: string } }[] }
>();

/** Forget cached keys and configs (after a change on this node). */
export function forgetKeyHash(): void {
  apiKeyCache.clear();
  configCache.clear();
  effectiveCache.clear();
}

async function apiKeyCaller(db: Db, secret: string): Promise<CallerKey> {
  const hash = createHash('sha256').update(secret).digest('hex');
  const now = Date.now();
  let hit = apiKeyCache.get(hash);
  if (!hit || now - hit.at > CACHE_MS) {
    hit = { at: now, row: await findKeyByHash(db, hash) };
    if (apiKeyCache.size > 10_000) apiKeyCache.clear();
    apiKeyCache.set(hash, hit);
  }
  const row = hit.row;
  if (!row) throw ApiError.unauthorized(KeyMessages.invalidApiKey);
  if (!row.enabled) throw ApiError.unauthorized(KeyMessages.invalidApiKey, { reason: 'disabled' });
  if (row.expiresAt && row.expiresAt.getTime() <= now) throw ApiError.unauthorized(KeyMessages.expiredApiKey);
  return {
    type: 'api-key',
    id: row.id,
    slug: row.prefix,
    orgId: row.orgId,
    orgSlug: row.orgSlug,
    seriesId: row.seriesId,
    seriesSlug: row.seriesSlug,
    scopes: row.scopes as Scope[],
    enabled: row.enabled,
  };
}

/** Signatures seen within the skew window: a second use is a replay. In memory, per node. */
class ReplayGuard {
  private seen = new Map<string, number>();
  private lastSweep = Date.now();
  /**
   * True the first time a signature is offered. A signature is remembered until its timestamp
   * leaves the accepted window (after that the timestamp check refuses it anyway).
   */
  firstUse(signature: string, timestamp: number, now: number): boolean {
    if (now - this.lastSweep > 10_000) {
      for (const [s, until] of this.seen) if (until <= now) this.seen.delete(s);
      this.lastSweep = now;
    }
    if ((this.seen.get(signature) ?? 0) > now) return false;
    this.seen.set(signature, timestamp + SIGNATURE_MAX_SKEW_MS + 1_000);
    return true;
  }
}

async function configFor(db: Db, slug: string, now: number): Promise<SdkConfigRow | undefined> {
  let hit = configCache.get(slug);
  if (!hit || now - hit.at > CACHE_MS) {
    hit = { at: now, row: await findConfigBySlug(db, slug) };
    if (configCache.size > 10_000) configCache.clear();
    configCache.set(slug, hit);
  }
  return hit.row;
}

async function keysFor(db: Db, config: SdkConfigRow, now: number) {
  const hit = effectiveCache.get(config.id);
  if (hit && now - hit.at <= CACHE_MS && now < hit.until) return hit.keys;
  const rows = await effectiveKeys(db, config, now);
  const until = Math.min(
    ...rows.map((k) => k.effectiveTo?.getTime() ?? Number.POSITIVE_INFINITY),
    now + 60_000,
  );
  const keys = rows.map((k) => ({ id: k.id, jwk: k.jwk }));
  effectiveCache.set(config.id, { at: now, until, keys });
  return keys;
}

function publicKey(id: string, jwk: { x: string; y: string }): KeyObject {
  let key = keyObjects.get(id);
  if (!key) {
    key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y }, format: 'jwk' });
    if (keyObjects.size > 10_000) keyObjects.clear();
    keyObjects.set(id, key);
  }
  return key;
}

/** True when the request may come from `origin` for this config (no list = any origin). */
export function originAllowed(config: { origins: string[] }, origin: string | undefined): boolean {
  if (origin === undefined || config.origins.length === 0) return true;
  return config.origins.includes(origin.replace(/\/+$/, ''));
}

function header(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name];
  return typeof v === 'string' && v !== '' ? v : undefined;
}

export function keyAuthenticator(db: Db) {
  const replays = new ReplayGuard();

  async function signedCaller(request: FastifyRequest): Promise<CallerKey> {
    const timestamp = header(request, SIGNED_HEADERS.timestamp);
    const slug = header(request, SIGNED_HEADERS.sdkSlug);
    const signature = header(request, SIGNED_HEADERS.signature);
    if (!timestamp || !slug || !signature) {
      throw ApiError.unauthorized(KeyMessages.invalidSignature, {
        reason: 'missing_headers',
        required: Object.values(SIGNED_HEADERS),
      });
    }
    const now = Date.now();
    const at = Date.parse(timestamp);
    if (Number.isNaN(at) || Math.abs(now - at) > SIGNATURE_MAX_SKEW_MS) {
      throw ApiError.unauthorized(KeyMessages.staleTimestamp, { max_skew_ms: SIGNATURE_MAX_SKEW_MS });
    }
    const config = await configFor(db, slug, now);
    if (!config?.enabled) throw ApiError.unauthorized(KeyMessages.invalidSdkConfig);
    if (!originAllowed(config, header(request, 'origin'))) {
      throw ApiError.forbidden(KeyMessages.originNotAllowed);
    }
    const sig = Buffer.from(signature, 'base64url');
    if (sig.length !== 64) throw ApiError.unauthorized(KeyMessages.invalidSignature);
    const path = request.url.split('?')[0];
    const data = Buffer.from(signingString(request.method, path, slug, timestamp));
    const keys = await keysFor(db, config, now);
    const ok = keys.some((k) =>
      verify('sha256', data, { key: publicKey(k.id, k.jwk), dsaEncoding: 'ieee-p1363' }, sig),
    );
    if (!ok) throw ApiError.unauthorized(KeyMessages.invalidSignature);
    if (!replays.firstUse(signature, at, now)) throw ApiError.unauthorized(KeyMessages.replayed);
    return {
      type: 'sdk-config',
      id: config.id,
      slug: config.slug,
      orgId: config.orgId,
      orgSlug: config.orgSlug,
      seriesId: config.seriesId,
      seriesSlug: config.seriesSlug,
      // Whatever is stored, an SDK config never resets (product spec §6).
      scopes: (config.scopes as Scope[]).filter((s) => SDK_SCOPES.includes(s)),
      enabled: config.enabled,
    };
  }

  return async function authenticateKey(request: FastifyRequest): Promise<CallerKey> {
    const apiKey = header(request, 'x-api-key');
    if (apiKey !== undefined) return apiKeyCaller(db, apiKey);
    if (header(request, SIGNED_HEADERS.signature) || header(request, SIGNED_HEADERS.sdkSlug)) {
      return signedCaller(request);
    }
    throw ApiError.unauthorized('Not authenticated', { accepted: ['x-api-key', 'x-signature'] });
  };
}
