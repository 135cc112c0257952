import { Name, OrgPathParam, SeriesPathParam, Slug, Text, Timestamp } from './common.js';
import { Pattern, Scope, SdkJwk, SdkKey, Sequence, SeriesRef } from './generation.js';
import { RotationPeriod } from './rotation.js';
import { z } from './zod.js';

/**
 * Console shapes of series, API keys and SDK configs (product spec §7.2, §7.3). The key API's
 * series shapes (`SeriesInfo`, `CreateSeries`, …) live in generation.ts.
 */

export const SeriesParams = z.object({ org: OrgPathParam, series: SeriesPathParam });
export const OrgSeriesCreate = z
  .object({ name: Name, pattern: Pattern, slug: Slug.optional() })
  .strict()
  .meta({ id: 'OrgSeriesCreate' });
export type OrgSeriesCreate = z.input<typeof OrgSeriesCreate>;
export const OrgSeriesUpdate = z
  .object({ name: Name.optional(), pattern: Pattern.optional() })
  .strict()
  .meta({ id: 'OrgSeriesUpdate' });
export type OrgSeriesUpdate = z.input<typeof OrgSeriesUpdate>;
/**
 * `PUT /orgs/{org}/default-series`: the series that calls of the organisation's org-wide keys use
 * when they name none (until one is chosen: the organisation's first series).
 */
export const DefaultSeriesRequest = z
  .object({ series: SeriesRef })
  .strict()
  .meta({ id: 'DefaultSeriesRequest' });
export type DefaultSeriesRequest = z.input<typeof DefaultSeriesRequest>;
export const SeriesTestRequest = z
  .object({ count: z.number().int().min(1).max(100).default(3) })
  .meta({ id: 'SeriesTestRequest' });
export const SeriesSliceRequest = z
  .object({
    count: z.number().int().min(1, 'Count must be a positive number'),
    sequence: Sequence.default(0),
  })
  .meta({ id: 'SeriesSliceRequest' });
export type SeriesSliceRequest = z.input<typeof SeriesSliceRequest>;
export const SeriesMintRequest = z
  .object({ count: z.number().int().min(1, 'Count must be a positive number') })
  .strict()
  .meta({ id: 'SeriesMintRequest' });
export const ResetResponse = z
  .object({ series: z.string(), generated_count: z.string(), warning: z.string() })
  .meta({ id: 'ResetResponse' });
export type ResetResponse = z.infer<typeof ResetResponse>;

// ---- API keys ----------------------------------------------------------------------------------

export const ApiKey = z
  .object({
    id: z.string(),
    name: z.string(),
    /** The visible start of the secret, e.g. `sk_AbC123`. */
    prefix: z.string(),
    key_scope: z.enum(['org', 'series']),
    series_slug: z.string().nullable(),
    scopes: z.array(Scope),
    owner: z.string().nullable(),
    enabled: z.boolean(),
    expires_at: Timestamp.nullable(),
    last_used_at: Timestamp.nullable(),
    created_at: Timestamp,
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof ApiKey>;
/** Answer to creating a key: the only time the secret is shown. */
export const CreatedApiKey = ApiKey.extend({ key: z.string() }).meta({ id: 'CreatedApiKey' });
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;

export const CreateApiKey = z
  .object({
    name: Name,
    scopes: z.array(Scope).min(1, 'This field is required'),
    /** Only for org-level routes: restrict the key to one series. */
    series: SeriesRef.optional(),
    expires_at: Timestamp.nullable().optional(),
    enabled: z.boolean().default(true),
  })
  .strict()
  .meta({ id: 'CreateApiKey' });
export type CreateApiKey = z.input<typeof CreateApiKey>;
export const UpdateApiKey = z
  .object({
    name: Name.optional(),
    scopes: z.array(Scope).min(1, 'This field is required').optional(),
    expires_at: Timestamp.nullable().optional(),
    enabled: z.boolean().optional(),
  })
  .strict()
  .meta({ id: 'UpdateApiKey' });
export type UpdateApiKey = z.input<typeof UpdateApiKey>;
export const ApiKeyParams = z.object({
  org: OrgPathParam,
  key: z.uuid('Resource not found').describe("The API key's id"),
});
export const SeriesApiKeyParams = SeriesParams;

// ---- SDK configs -------------------------------------------------------------------------------

export const Rotation = z.enum(['manual', 'automatic']);
export type Rotation = z.infer<typeof Rotation>;

export const MAX_ORIGINS = 50;

/** Allowed origins as a list: one per line (or a list), blank lines dropped, no trailing slash. */
export function originList(origins: string | readonly string[]): string[] {
  return (typeof origins === 'string' ? origins.split('\n') : origins)
    .map((o) => o.trim())
    .filter((o) => o !== '')
    .map((o) => o.replace(/\/+$/, ''));
}

/** Allowed origins: one per line (or a list); each `scheme://host[:port]`. */
export const Origins = z
  .union([z.string(), z.array(z.string())])
  .transform(originList)
  .pipe(
    z
      .array(Text.regex(/^https?:\/\/[^\s/]+$/, 'Must be a valid URL'))
      .max(MAX_ORIGINS, `At most ${MAX_ORIGINS} origins`),
  );

export const SdkConfig = z
  .object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    key_scope: z.enum(['org', 'series']),
    series_slug: z.string().nullable(),
    scopes: z.array(Scope),
    rotation: Rotation,
    rotation_period: z.string().nullable(),
    allowed_origins: z.array(z.string()),
    enabled: z.boolean(),
    created_at: Timestamp,
  })
  .meta({ id: 'SdkConfig' });
export type SdkConfig = z.infer<typeof SdkConfig>;

export const CreateSdkConfig = z
  .object({
    name: Name,
    scopes: z.array(Scope).min(1, 'This field is required'),
    series: SeriesRef.optional(),
    rotation: Rotation.default('manual'),
    rotation_period: RotationPeriod.optional(),
    allowed_origins: Origins.optional(),
    enabled: z.boolean().default(true),
  })
  .strict()
  .meta({ id: 'CreateSdkConfig' });
export type CreateSdkConfig = z.input<typeof CreateSdkConfig>;
export const UpdateSdkConfig = z
  .object({
    name: Name.optional(),
    scopes: z.array(Scope).min(1, 'This field is required').optional(),
    rotation: Rotation.optional(),
    rotation_period: RotationPeriod.optional(),
    allowed_origins: Origins.optional(),
    enabled: z.boolean().optional(),
  })
  .strict()
  .meta({ id: 'UpdateSdkConfig' });
export type UpdateSdkConfig = z.input<typeof UpdateSdkConfig>;
export const SdkConfigParams = z.object({
  org: OrgPathParam,
  config: z.string().min(1).max(100).describe("The SDK config's slug"),
});
export const SdkKeyParams = z.object({
  org: OrgPathParam,
  key: z.string().min(1).max(100).describe("The legacy SDK key's slug"),
});
/**
 * An SDK key as the console shows it. `d`, the private part, signs requests: only admins and
 * owners get it (they manage the configs); members see the public parts (x, y).
 */
export const ConsoleSdkKey = SdkKey.extend({
  jwk: SdkJwk.partial({ d: true }).describe('The key; `d` (private) only for admins and owners'),
}).meta({ id: 'ConsoleSdkKey' });
export type ConsoleSdkKey = z.infer<typeof ConsoleSdkKey>;
export const SdkConfigWithKeys = SdkConfig.extend({ keys: z.array(ConsoleSdkKey) }).meta({
  id: 'SdkConfigWithKeys',
});
export type SdkConfigWithKeys = z.infer<typeof SdkConfigWithKeys>;
/** A legacy SDK key: one key of a manual config, shown with its config slug. */
export const LegacySdkKey = ConsoleSdkKey.extend({ config: z.string(), name: z.string() }).meta({
  id: 'LegacySdkKey',
});
export type LegacySdkKey = z.infer<typeof LegacySdkKey>;
export const CreateLegacySdkKey = z
  .object({
    name: Name,
    scopes: z.array(Scope).min(1).optional(),
    series: SeriesRef.optional(),
  })
  .strict()
  .meta({ id: 'CreateLegacySdkKey' });
export type CreateLegacySdkKey = z.input<typeof CreateLegacySdkKey>;

/** `GET /orgs/{org}/scopes`: the scopes API keys and SDK configs may carry, in display order (§3.1). */
export const OrgScopes = z.object({ api_keys: z.array(Scope), sdk_configs: z.array(Scope) });
export type OrgScopes = z.infer<typeof OrgScopes>;
