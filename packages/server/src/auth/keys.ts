import { createPublicKey, type KeyObject, verify } from 'node:crypto';
import {
  ErrorMessages,
  type Scope,
  SDK_SCOPES,
  SIGNATURE_MAX_SKEW_MS,
  SIGNED_HEADERS,
  signingString,
} from '@slugsmith/contract';
import type { FastifyRequest } from 'fastify';
import { findKeyByHash } from '../areas/keys/queries.js';
import { hashSecret, recordKeyUse } from '../areas/keys/service.js';
import { findConfigBySlug, type SdkConfigRow } from '../areas/sdk/queries.js';
import type { ReplayStore } from '../areas/sdk/replay.js';
import { effectiveKeys } from '../areas/sdk/service.js';
import type { Db } from '../db/connect.js';
import { ApiError } from '../platform/errors.js';
import type { MaybePromise } from '../platform/maybe-promise.js';
import { SharedLoads } from '../platform/shared-loads.js';

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
 * Each database has its own caches (config slugs are unique only within one database, and one
 * process may serve several, as the tests do); `forgetKeyHash` invalidates all of them.
 */
const CACHE_MS = 2_000;
const MAX_ENTRIES = 10_000;
let epoch = 0;

interface Cached<T> {
  at: number;
  epoch: number;
  value: T;
}

/** A small time-limited cache; entries from before the last `forgetKeyHash` are misses. */
class ShortCache<T> {
  private readonly entries = new Map<string, Cached<T>>();
  get(key: string, now: number): T | undefined {
    const hit = this.entries.get(key);
    return hit && hit.epoch === epoch && now - hit.at <= CACHE_MS ? hit.value : undefined;
  }
  set(key: string, value: T, now: number): void {
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, { at: now, epoch, value });
  }
}

type ApiKeyRow = Awaited<ReturnType<typeof findKeyByHash>>;

/**
 * What the cache keeps per key hash: the caller every use of the key shares (none: no such key)
 * and when the key expires.
 */
interface KeyEntry {
  caller: CallerKey | undefined;
  expiresAt: Date | null;
}

function keyEntryOf(row: ApiKeyRow): KeyEntry {
  if (!row) return { caller: undefined, expiresAt: null };
  return {
    caller: {
      type: 'api-key',
      id: row.id,
      slug: row.prefix,
      orgId: row.orgId,
      orgSlug: row.orgSlug,
      seriesId: row.seriesId,
      seriesSlug: row.seriesSlug,
      scopes: row.scopes as Scope[],
      enabled: row.enabled,
    },
    expiresAt: row.expiresAt,
  };
}
type EffectiveKeys = { until: number; keys: { id: string; jwk: { x: string; y: string } }[] };
const keyObjects = new Map<string, KeyObject>();

/** Forget cached keys and configs (after a change on this node). */
export function forgetKeyHash(): void {
  epoch++;
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

/**
 * Authenticates API keys and signed SDK requests. `replays` remembers used signatures for every
 * node (Redis or the shared database), so a signature captured on its way to one node is refused
 * by all of them.
 */
export function keyAuthenticator(db: Db, replays: ReplayStore) {
  const apiKeys = new ShortCache<KeyEntry>();
  const configs = new ShortCache<{ row: SdkConfigRow | undefined }>();
  const effective = new ShortCache<EffectiveKeys>();

  const loadingKeys = new SharedLoads<KeyEntry>(() => epoch);

  function loadKey(hash: string): Promise<KeyEntry> {
    return loadingKeys.load(
      hash,
      async () => keyEntryOf(await findKeyByHash(db, hash)),
      (entry) => apiKeys.set(hash, entry, Date.now()),
    );
  }

  function admitKey(entry: KeyEntry, now: number): MaybePromise<CallerKey> {
    const caller = entry.caller;
    if (!caller) throw ApiError.unauthorized(KeyMessages.invalidApiKey);
    if (!caller.enabled) throw ApiError.unauthorized(KeyMessages.invalidApiKey, { reason: 'disabled' });
    if (entry.expiresAt && entry.expiresAt.getTime() <= now)
      throw ApiError.unauthorized(KeyMessages.expiredApiKey);
    const written = recordKeyUse(db, caller.id, now);
    return written ? written.then(() => caller) : caller;
  }

  /** A cached key is answered at once (a generation call's hot path); else after one read. */
  function apiKeyCaller(secret: string): MaybePromise<CallerKey> {
    const hash = hashSecret(secret);
    const now = Date.now();
    const hit = apiKeys.get(hash, now);
    if (hit) return admitKey(hit, now);
    return loadKey(hash).then((entry) => admitKey(entry, Date.now()));
  }

  async function configFor(slug: string, now: number): Promise<SdkConfigRow | undefined> {
    let hit = configs.get(slug, now);
    if (!hit) {
      hit = { row: await findConfigBySlug(db, slug) };
      configs.set(slug, hit, now);
    }
    return hit.row;
  }

  async function keysFor(config: SdkConfigRow, now: number) {
    const hit = effective.get(config.id, now);
    if (hit && now < hit.until) return hit.keys;
    const rows = await effectiveKeys(db, config, now);
    const until = Math.min(
      ...rows.map((k) => k.effectiveTo?.getTime() ?? Number.POSITIVE_INFINITY),
      now + 60_000,
    );
    const keys = rows.map((k) => ({ id: k.id, jwk: k.jwk }));
    effective.set(config.id, { until, keys }, now);
    return keys;
  }

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
    const config = await configFor(slug, now);
    if (!config?.enabled) throw ApiError.unauthorized(KeyMessages.invalidSdkConfig);
    if (!originAllowed(config, header(request, 'origin'))) {
      throw ApiError.forbidden(KeyMessages.originNotAllowed);
    }
    const sig = Buffer.from(signature, 'base64url');
    if (sig.length !== 64) throw ApiError.unauthorized(KeyMessages.invalidSignature);
    const path = request.url.split('?')[0];
    const data = Buffer.from(signingString(request.method, path, slug, timestamp));
    const keys = await keysFor(config, now);
    const ok = keys.some((k) =>
      verify('sha256', data, { key: publicKey(k.id, k.jwk), dsaEncoding: 'ieee-p1363' }, sig),
    );
    if (!ok) throw ApiError.unauthorized(KeyMessages.invalidSignature);
    // Remembered until the timestamp leaves the window (after that the timestamp check refuses it).
    const until = at + SIGNATURE_MAX_SKEW_MS + 1_000;
    let first: boolean;
    try {
      first = await replays.firstUse(signature, until, now);
    } catch (error) {
      // Without the shared store a replay cannot be ruled out: refuse for now, never let it in.
      request.log.warn({ err: error, store: replays.kind }, 'replay store unavailable');
      throw new ApiError(503, ErrorMessages.unavailable);
    }
    if (!first) throw ApiError.unauthorized(KeyMessages.replayed);
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

  return function authenticateKey(request: FastifyRequest): MaybePromise<CallerKey> {
    const apiKey = header(request, 'x-api-key');
    if (apiKey !== undefined) return apiKeyCaller(apiKey);
    if (header(request, SIGNED_HEADERS.signature) || header(request, SIGNED_HEADERS.sdkSlug)) {
      return signedCaller(request);
    }
    throw ApiError.unauthorized('Not authenticated', { accepted: ['x-api-key', 'x-signature'] });
  };
}
