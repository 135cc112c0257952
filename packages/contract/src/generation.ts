import { Name, Text, Timestamp } from './common.js';
import { RefusalCode } from './errors.js';
import { z } from './zod.js';

/**
 * The generation API (product spec §7.6): forge, mint, slice, reset, series, keys, and the
 * wire protocol of signed SDK requests. Shapes follow the reference service so its clients work
 * against Slugsmith unchanged.
 */

/** Sequence positions: a JSON number up to 2^53−1 or a decimal string below 2^64. */
export const Sequence = z.union([
  z.number().int('Must be a whole number').min(0, 'Minimum value is 0').max(Number.MAX_SAFE_INTEGER),
  z
    .string()
    // Aborts: the refinement would otherwise run on what is not a number, and BigInt throw.
    .regex(/^\d{1,20}$/, { message: 'Must be a whole number', abort: true })
    .refine((s) => BigInt(s) < 2n ** 64n, 'Maximum value is 18446744073709551615'),
]);
export type Sequence = z.infer<typeof Sequence>;

export const Pattern = Text.min(1, 'Pattern is required').max(1024, 'Maximum length is 1024 characters');
export const Count = z
  .number()
  .int('Count must be a positive number')
  .min(1, 'Count must be a positive number');
export const SeedText = Text.max(256, 'Maximum length is 256 characters');
/** A series is named by its slug. */
export const SeriesRef = Text.min(1).max(100);

/** Scopes of API keys and SDK configs (product spec §3.1); SDK configs never carry reset scopes. */
export const Scope = z.enum([
  'forge',
  'mint',
  'slice',
  'stats',
  'reset',
  'mcp',
  'series:read',
  'series:create',
  'series:update',
  'series:delete',
  'series:reset',
]);
export type Scope = z.infer<typeof Scope>;
export const SDK_SCOPES: readonly Scope[] = ['forge', 'mint', 'slice', 'stats'];

/** Display order: forge, mint, slice, stats, reset, then reset-prefixed, then the rest alphabetically. */
export function sortScopes<T extends string>(scopes: readonly T[]): T[] {
  const head = ['forge', 'mint', 'slice', 'stats', 'reset'];
  const rank = (s: string) => {
    const i = head.indexOf(s);
    if (i >= 0) return [0, i] as const;
    return [s.startsWith('reset') ? 1 : 2, 0] as const;
  };
  return [...scopes].sort((a, b) => {
    const [ga, ia] = rank(a);
    const [gb, ib] = rank(b);
    return ga - gb || ia - ib || (a < b ? -1 : a > b ? 1 : 0);
  });
}

export const ForgeRequest = z
  .object({
    pattern: Pattern,
    count: Count.default(1),
    seed: SeedText.optional(),
    sequence: Sequence.optional(),
  })
  .meta({
    id: 'ForgeRequest',
    examples: [{ pattern: '{adjective}-{noun}-{number:3d}', count: 3, seed: 'docs' }],
  });
export type ForgeRequest = z.input<typeof ForgeRequest>;

export const SlugList = z.array(z.string()).meta({ id: 'SlugList' });
export type SlugList = z.infer<typeof SlugList>;

export const PatternInfoRequest = z
  .object({ pattern: Pattern })
  .meta({ id: 'PatternInfoRequest', examples: [{ pattern: '{adjective}-{noun}-{number:4d}' }] });
export const PatternInfo = z
  .object({
    pattern: z.string(),
    /** Exact number of distinct slugs, as a decimal string. */
    capacity: z.string(),
    /** Longest possible slug in UTF-8 bytes. */
    max_slug_length: z.number().int(),
    complexity: z.number().int(),
    components: z.number().int(),
  })
  .meta({ id: 'PatternInfo' });
export type PatternInfo = z.infer<typeof PatternInfo>;

/**
 * `POST /forge/capacity` (deprecated; kept for the reference TS SDK's `checkCapacity`): the
 * capacity alone, a JSON string of decimal digits (exact: it may exceed 2^53).
 */
export const Capacity = z
  .string()
  .regex(/^\d+$/)
  .describe('Exact number of distinct slugs, as a decimal string')
  .meta({ id: 'Capacity' });

export const DEFAULT_BATCH_SIZE = 1000;

export const MintRequest = z
  .object({ count: Count, batch_size: Count.default(DEFAULT_BATCH_SIZE), series: SeriesRef.optional() })
  .meta({ id: 'MintRequest', examples: [{ count: 10, series: 'tickets' }] });
export type MintRequest = z.input<typeof MintRequest>;

export const SliceRequest = z
  .object({
    count: Count,
    batch_size: Count.default(DEFAULT_BATCH_SIZE),
    sequence: Sequence.default(0),
    series: SeriesRef.optional(),
  })
  .meta({ id: 'SliceRequest', examples: [{ count: 5, sequence: 100, series: 'tickets' }] });
export type SliceRequest = z.input<typeof SliceRequest>;

export const ResetRequest = z.object({ series: SeriesRef.optional() }).meta({ id: 'ResetRequest' });

export const SeriesInfo = z
  .object({
    slug: z.string(),
    org_slug: z.string(),
    name: z.string(),
    pattern: z.string(),
    max_slug_length: z.number().int(),
    capacity: z.string(),
    /** Positions handed out so far (the next mint starts here), as a decimal string. */
    generated_count: z.string(),
    /** The dictionary bundle and algorithm the series is pinned to (generator.md G5). */
    bundle: z.string(),
    /**
     * The language bundles the series is pinned to, language to bundle id (`{"de": "1.0.0-c6931463"}`):
     * one for each language its pattern reads (`{noun@de}`, `[@fr]`); empty for an English pattern.
     */
    language_bundles: z.record(z.string(), z.string()),
    algorithm: z.string(),
    mtime: Timestamp,
    /**
     * Console answers: whether this is the organisation's default series, the one org-wide keys'
     * mint, slice, reset and series-info use when the request names none.
     */
    default: z.boolean().optional(),
  })
  .meta({ id: 'SeriesInfo' });
export type SeriesInfo = z.infer<typeof SeriesInfo>;

/**
 * `GET /gen/series`: the series a key reaches, as `{slug: name}` — the shape the reference Python
 * client reads (details of one series: `POST /gen/series-info`).
 */
export const SeriesList = z.record(z.string(), z.string()).meta({ id: 'SeriesList' });
export type SeriesList = z.infer<typeof SeriesList>;

export const CreateSeries = z.object({ name: Name, pattern: Pattern }).meta({ id: 'CreateSeries' });
export const UpdateSeries = z
  .object({ series: SeriesRef, name: Name.optional(), pattern: Pattern.optional() })
  .meta({ id: 'UpdateSeries' });
export const SeriesRequest = z.object({ series: SeriesRef.optional() }).meta({ id: 'SeriesRequest' });

export const KeyInfo = z
  .object({
    type: z.enum(['api-key', 'sdk-config']),
    key_scope: z.enum(['org', 'series']),
    slug: z.string(),
    org_slug: z.string(),
    series_slug: z.string().optional(),
    scopes: z.array(Scope),
    enabled: z.boolean(),
  })
  .meta({ id: 'KeyInfo' });
export type KeyInfo = z.infer<typeof KeyInfo>;

export const DictionaryInfo = z
  .array(z.object({ kind: z.string(), language: z.string().nullable(), count: z.number().int() }))
  .meta({ id: 'DictionaryInfo' });
export type DictionaryInfo = z.infer<typeof DictionaryInfo>;

export const DictionaryTags = z
  .array(
    z.object({
      kind: z.string(),
      language: z
        .string()
        .nullable()
        .meta({ description: 'Language of the dictionary (null: any language)' }),
      tag: z.string(),
      description: z.string(),
      opt_in: z.boolean(),
      word_count: z.number().int(),
    }),
  )
  .meta({ id: 'DictionaryTags' });
export type DictionaryTags = z.infer<typeof DictionaryTags>;

/**
 * Whose tags `GET /gen/dictionary-tags` (and `/tags`, one kind's page) lists: a language's
 * dictionaries with the language-agnostic ones (emoji, suffix), English by default as before the
 * language bundles; `all` for every language.
 */
const TagLanguage = z
  .string()
  .regex(/^([a-z]{2,3}|all)$/, 'Must be a language code such as en or de, or all')
  .default('en')
  .meta({ description: 'Language of the dictionaries (default en; all: every language)' });
export const DictionaryTagsLanguageQuery = z.object({ language: TagLanguage });

/** `GET /gen/dictionary-tags/{kind}`: one page of a dictionary's tags (reference Python client). */
export const DictionaryTagsQuery = z.object({
  limit: z.coerce
    .number()
    .int('Must be a whole number')
    .min(1, 'Minimum value is 1')
    .max(1000, 'Maximum value is 1000')
    .default(100)
    .describe('How many tags to answer (at most 1000)'),
  offset: z.coerce
    .number()
    .int('Must be a whole number')
    .min(0, 'Minimum value is 0')
    .default(0)
    .describe('How many tags to skip'),
  language: TagLanguage,
});
export const DictionaryTagsParams = z.object({
  kind: z.string().min(1).max(100).describe('A word kind, e.g. noun or adjective (see dictionary-info)'),
});
export const DictionaryTagPage = z
  .object({
    data: DictionaryTags,
    pagination: z.object({
      limit: z.number().int(),
      offset: z.number().int(),
      total: z.number().int(),
      has_more: z.boolean(),
    }),
  })
  .meta({ id: 'DictionaryTagPage' });
export type DictionaryTagPage = z.infer<typeof DictionaryTagPage>;

export const EventType = z.enum(['forge', 'mint', 'slice', 'reset']);
export const DatePart = z.enum(['hour', 'day', 'week', 'month', 'year', 'total']);
export const StatsRow = z
  .object({
    event_type: EventType,
    date_part: DatePart,
    total_count: z.number(),
    request_count: z.number(),
    total_duration_us: z.number(),
    avg_duration_us: z.number(),
  })
  .meta({ id: 'StatsRow' });
export type StatsRow = z.infer<typeof StatsRow>;

// ---- SDK keys and signed requests --------------------------------------------------------------

const b64url32 = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, 'Invalid JWK')
  .describe('32 bytes, base64url without padding');

/** An EC P-256 private key as JWK; x, y and d must each decode to 32 bytes (product spec §5). */
export const SdkJwk = z.object({
  kty: z.literal('EC'),
  crv: z.literal('P-256'),
  x: b64url32,
  y: b64url32,
  d: b64url32,
});
export type SdkJwk = z.infer<typeof SdkJwk>;

export const SdkKey = z
  .object({ slug: z.string(), jwk: SdkJwk, effective_from: Timestamp, effective_to: Timestamp.nullable() })
  .meta({ id: 'SdkKey' });
export type SdkKey = z.infer<typeof SdkKey>;

export const JwksRequest = z.object({ config: Text.min(1).max(100) }).meta({ id: 'JwksRequest' });

/**
 * `GET /console-config` (public): the SDK config the anonymous web console signs its generation
 * calls with (product spec §4 "Generator client"); its keys come from `POST /jwks` as usual.
 */
export const ConsoleConfig = z
  .object({
    sdk_config: z.string().describe('SDK config slug for signed mode'),
    scopes: z.array(Scope).describe('What the console config may do'),
  })
  .meta({ id: 'ConsoleConfig' });
export type ConsoleConfig = z.infer<typeof ConsoleConfig>;

// ---- rate limits -------------------------------------------------------------------------------

/** The refusal codes of a 429 (`x-slug-rate-limit-reason`), as the reference clients read them. */
export const RateLimitReason = RefusalCode.extract([
  'rate-limit-exceeded',
  'daily-limit-exceeded',
  'monthly-limit-exceeded',
  'request-size-exceeded',
  'not-available',
]);
export type RateLimitReason = z.infer<typeof RateLimitReason>;

// ---- short links -------------------------------------------------------------------------------

export const ShortenRequest = z
  .object({ pattern: Pattern, seed: SeedText.optional(), sequence: Sequence.optional() })
  .meta({ id: 'ShortenRequest' });
export const ShortenResponse = z.object({ slug: z.string() }).meta({ id: 'ShortenResponse' });
/**
 * `GET /expand/{code}`: what was shortened. `sequence` is a JSON number, as the reference clients
 * type it, while it is a safe integer (up to 2^53−1); a larger one (a shortened `sequence` may
 * go up to 2^64−1) is the decimal string, because a JSON number that large would reach a
 * JavaScript client rounded, and a rounded sequence names other slugs.
 */
export const ExpandResponse = z
  .object({
    pattern: z.string(),
    seed: z.string().optional(),
    sequence: z
      .union([z.number().int().min(0).max(Number.MAX_SAFE_INTEGER), z.string().regex(/^\d+$/)])
      .optional(),
  })
  .meta({ id: 'ExpandResponse' });
export type ExpandResponse = z.infer<typeof ExpandResponse>;
