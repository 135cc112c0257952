import { z } from 'zod';
import { Slug, Timestamp } from './common.js';
import { PlanFeatures } from './plans.js';

/**
 * On-premise licences (product spec §1 on-premise plans, §3 `max_nodes`): a signed token issued
 * when an organisation buys or renews an on-premise plan, verified offline by the customer's own
 * servers (`LICENSE`), which then count their concurrent nodes against `max_nodes`.
 */

/** The JWS `typ` header of a licence token. */
export const LICENCE_TOKEN_TYPE = 'slugsmith-licence+jwt';

/**
 * What a licence token carries (its JWT payload). Times are seconds since the epoch, as in any
 * JWT. A perpetual licence has no `exp`; it may carry `updates_until` (the last engine release it
 * entitles to, as a date).
 */
export const LicenceClaims = z
  .object({
    /** Licence id. */
    jti: z.uuid(),
    /** Issuing service (its PUBLIC_URL). */
    iss: z.string().min(1),
    iat: z.number().int(),
    exp: z.number().int().optional(),
    org: z.object({ id: z.uuid(), slug: Slug, name: z.string() }).strict(),
    plan: z.object({ slug: z.string(), name: z.string() }).strict(),
    /** Concurrent nodes the install may run (the bought quantity). */
    max_nodes: z.number().int().min(1),
    perpetual: z.boolean(),
    updates_until: z.number().int().optional(),
    /** The plan's features and limits; `max_nodes` above is authoritative for nodes. */
    features: PlanFeatures,
  })
  .strict()
  .meta({ id: 'LicenceClaims' });
export type LicenceClaims = z.infer<typeof LicenceClaims>;

export const LicenceStatus = z.enum(['active', 'expired', 'revoked', 'superseded']);
export type LicenceStatus = z.infer<typeof LicenceStatus>;

/** A licence as the organisation's console and the admin console list it. */
export const Licence = z
  .object({
    id: z.uuid(),
    org_slug: Slug,
    plan_slug: z.string(),
    plan_name: z.string(),
    max_nodes: z.number().int(),
    perpetual: z.boolean(),
    issued_at: Timestamp,
    /** Null for a perpetual licence. */
    valid_until: Timestamp.nullable(),
    updates_until: Timestamp.nullable(),
    status: LicenceStatus,
    revoked_at: Timestamp.nullable(),
    /** The signed token: what `LICENSE` takes (also downloadable as a file). */
    token: z.string(),
  })
  .meta({ id: 'Licence' });
export type Licence = z.infer<typeof Licence>;
