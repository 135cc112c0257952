import { z } from 'zod';
import { Timestamp } from './common.js';
import { Pattern, Scope, SdkKey, SeriesName } from './generation.js';

/**
 * Console shapes of series, API keys and SDK configs (product spec §7.2, §7.3). The key API's
 * series shapes (`SeriesInfo`, `CreateSeries`, …) live in generation.ts.
 */

export const SeriesParams = z.object({ org: z.string().min(1).max(64), series: z.string().min(1).max(100) });
export const OrgSeriesCreate = z
  .object({ name: SeriesName, pattern: Pattern, slug: z.string().min(3).max(40).optional() })
  .strict()
  .meta({ id: 'OrgSeriesCreate' });
export const OrgSeriesUpdate = z
  .object({ name: SeriesName.optional(), pattern: Pattern.optional() })
  .strict()
  .meta({ id: 'OrgSeriesUpdate' });
export const SeriesTestRequest = z
  .object({ count: z.number().int().min(1).max(100).default(3) })
  .meta({ id: 'SeriesTestRequest' });
export const SeriesSliceRequest = z
  .object({
    count: z.number().int().min(1, 'Count must be a positive number'),
    sequence: z.union([z.number().int().min(0), z.string().regex(/^\d{1,20}$/)]).default(0),
  })
  .meta({ id: 'SeriesSliceRequest' });
export const SeriesMintRequest = z
  .object({ count: z.number().int().min(1, 'Count must be a positive number') })
  .strict()
  .meta({ id: 'SeriesMintRequest' });
export const ResetResponse = z
  .object({ series: z.string(), generated_count: z.string(), warning: z.string() })
  .meta({ id: 'ResetResponse' });

// ---- API keys ----------------------------------------------------------------------------------

export const KeyName = z
  .string()
  .trim()
  .min(1, 'This field is required')
  .max(100, 'Maximum length is 100 characters');

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
    name: KeyName,
    scopes: z.array(Scope).min(1, 'This field is required'),
    /** Only for org-level routes: restrict the key to one series. */
    series: z.string().min(1).max(100).optional(),
    expires_at: Timestamp.nullable().optional(),
    enabled: z.boolean().default(true),
  })
  .strict()
  .meta({ id: 'CreateApiKey' });
export const UpdateApiKey = z
  .object({
    name: KeyName.optional(),
    scopes: z.array(Scope).min(1, 'This field is required').optional(),
    expires_at: Timestamp.nullable().optional(),
    enabled: z.boolean().optional(),
  })
  .strict()
  .meta({ id: 'UpdateApiKey' });
export const ApiKeyParams = z.object({ org: z.string().min(1).max(64), key: z.uuid('Resource not found') });
export const SeriesApiKeyParams = SeriesParams;

// ---- SDK configs -------------------------------------------------------------------------------

/** A number followed by d, h, m or s (product spec §5). */
export const RotationPeriod = z
  .string()
  .regex(/^[1-9]\d{0,5}[dhms]$/, 'Invalid format')
  .meta({ description: 'e.g. 30d, 24h, 60m, 45s' });
export const Rotation = z.enum(['manual', 'automatic']);

/** Allowed origins: one per line (or a list); each `scheme://host[:port]`. */
export const Origins = z
  .union([z.string(), z.array(z.string())])
  .transform((v) =>
    (Array.isArray(v) ? v : v.split('\n'))
      .map((o) => o.trim())
      .filter((o) => o !== '')
      .map((o) => o.replace(/\/+$/, '')),
  )
  .pipe(z.array(z.string().regex(/^https?:\/\/[^\s/]+$/, 'Must be a valid URL')).max(50));

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
    name: KeyName,
    scopes: z.array(Scope).min(1, 'This field is required'),
    series: z.string().min(1).max(100).optional(),
    rotation: Rotation.default('manual'),
    rotation_period: RotationPeriod.optional(),
    allowed_origins: Origins.optional(),
    enabled: z.boolean().default(true),
  })
  .strict()
  .meta({ id: 'CreateSdkConfig' });
export const UpdateSdkConfig = z
  .object({
    name: KeyName.optional(),
    scopes: z.array(Scope).min(1, 'This field is required').optional(),
    rotation: Rotation.optional(),
    rotation_period: RotationPeriod.optional(),
    allowed_origins: Origins.optional(),
    enabled: z.boolean().optional(),
  })
  .strict()
  .meta({ id: 'UpdateSdkConfig' });
export const SdkConfigParams = z.object({
  org: z.string().min(1).max(64),
  config: z.string().min(1).max(100),
});
export const SdkKeyParams = z.object({ org: z.string().min(1).max(64), key: z.string().min(1).max(100) });
export const SdkConfigWithKeys = SdkConfig.extend({ keys: z.array(SdkKey) }).meta({
  id: 'SdkConfigWithKeys',
});
export type SdkConfigWithKeys = z.infer<typeof SdkConfigWithKeys>;
/** A legacy SDK key: one key of a manual config, shown with its config slug. */
export const LegacySdkKey = SdkKey.extend({ config: z.string(), name: z.string() }).meta({
  id: 'LegacySdkKey',
});
export const CreateLegacySdkKey = z
  .object({
    name: KeyName,
    scopes: z.array(Scope).min(1).optional(),
    series: z.string().min(1).max(100).optional(),
  })
  .strict()
  .meta({ id: 'CreateLegacySdkKey' });
