import { OrgPathParam, Slug, Text, Timestamp } from './common.js';
import { PlanFeatures } from './plans.js';
import { z } from './zod.js';

/**
 * On-premise licences (product spec §1 on-premise plans, §3 `max_nodes`): a signed token issued
 * when an organisation buys or renews an on-premise plan, verified offline by the customer's own
 * servers (`LICENSE`), which then count their concurrent nodes against `max_nodes`.
 */

/** Days an install keeps serving past its licence's `exp` (time to deploy the renewal). */
export const LICENCE_GRACE_DAYS = 14;

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

/** A public licence key as published (`GET /licences/keys`) and shipped (`licence-keys.json`). */
export const LicencePublicKey = z
  .object({
    kty: z.literal('OKP'),
    crv: z.literal('Ed25519'),
    x: z.string(),
    kid: z.string(),
    alg: z.literal('EdDSA'),
    use: z.literal('sig'),
  })
  .meta({ id: 'LicencePublicKey' });

/** The keys that sign licences (a JWKS): the first signs new licences, all stay trusted. */
export const LicenceKeySet = z.object({ keys: z.array(LicencePublicKey) }).meta({ id: 'LicenceKeySet' });
export type LicenceKeySet = z.infer<typeof LicenceKeySet>;

/** The JWS `typ` header of a signed revocation list. */
export const REVOCATION_LIST_TYPE = 'slugsmith-revocations+jwt';

/** What a signed revocation list carries: when the issuer signed it and every revoked licence. */
export const RevocationListClaims = z
  .object({
    /** Issuing service (its PUBLIC_URL). */
    iss: z.string().min(1),
    /** Seconds since the epoch: an install never replaces a list by an older one. */
    iat: z.number().int(),
    revoked: z.array(z.object({ id: z.uuid(), revoked_at: z.number().int() }).strict()),
  })
  .strict()
  .meta({ id: 'RevocationListClaims' });
export type RevocationListClaims = z.infer<typeof RevocationListClaims>;

/**
 * A revocation list signed by every published licence key (a JWS in the General JSON
 * serialisation, RFC 7515 §7.2.1): an install that trusts any one of the keys verifies it, so a
 * forged or altered list neither revokes nor un-revokes a licence.
 */
export const SignedRevocationList = z
  .object({
    payload: z.string(),
    signatures: z.array(z.object({ protected: z.string(), signature: z.string() })).min(1),
  })
  .meta({ id: 'SignedRevocationList' });
export type SignedRevocationList = z.infer<typeof SignedRevocationList>;

/**
 * Revoked licences (`GET /licences/revoked`): `ids` as before, and `signed`, the same list signed,
 * which installs fetch or import (this whole answer saved as a file works too).
 */
export const RevokedLicences = z
  .object({ ids: z.array(z.uuid()), signed: SignedRevocationList })
  .meta({ id: 'RevokedLicences' });
export type RevokedLicences = z.infer<typeof RevokedLicences>;

export const LicenceList = z.array(Licence).meta({ id: 'LicenceList' });

const LicenceId = z.uuid().describe("The licence's id");
export const LicenceParams = z.object({ licence: LicenceId });
export const OrgLicenceParams = z.object({ org: OrgPathParam, licence: LicenceId });

/** Staff issue a licence by hand: an expiry date, or a perpetual licence. */
export const IssueLicence = z
  .object({
    plan: Text.min(1, 'This field is required').max(64).describe('Slug of an on-premise plan'),
    max_nodes: z.number().int().min(1).max(100_000),
    perpetual: z.boolean().default(false),
    /** Required unless perpetual; must be in the future. */
    valid_until: Timestamp.optional(),
  })
  .strict()
  .meta({ id: 'IssueLicence' });
export type IssueLicence = z.infer<typeof IssueLicence>;

/** A licence in the admin console's list: the organisation's name beside it. */
export const AdminLicence = Licence.extend({ org_name: z.string(), issued_by: z.string().nullable() }).meta({
  id: 'AdminLicence',
});
export type AdminLicence = z.infer<typeof AdminLicence>;
export const AdminLicenceList = z.array(AdminLicence).meta({ id: 'AdminLicenceList' });

/** A licence signing key as staff see it: the first signs new licences, the others still verify. */
export const AdminLicenceKey = z
  .object({
    kid: z.string(),
    /** Signs new licences (the newest key). */
    signing: z.boolean(),
    /** Licences it signed that an install may still use (not expired past their grace period). */
    licences_in_force: z.number().int(),
  })
  .meta({ id: 'AdminLicenceKey' });
export type AdminLicenceKey = z.infer<typeof AdminLicenceKey>;

export const AdminLicenceKeys = z.object({ keys: z.array(AdminLicenceKey) }).meta({ id: 'AdminLicenceKeys' });
export type AdminLicenceKeys = z.infer<typeof AdminLicenceKeys>;

/** After a rotation: the new key set, and the old keys retired because none of their licences is in force. */
export const LicenceKeyRotation = AdminLicenceKeys.extend({ retired: z.array(z.string()) }).meta({
  id: 'LicenceKeyRotation',
});
export type LicenceKeyRotation = z.infer<typeof LicenceKeyRotation>;

/** Why staff's licence issue is refused (400, `details.field` names the field). */
export const LicenceMessages = {
  planNotFound: 'Plan Not Found',
  notOnPremise: 'Not an on-premise plan',
  perpetualHasNoExpiry: 'A perpetual licence has no expiry date',
  expiryRequired: 'An expiry date is required unless the licence is perpetual',
  expiryNotInFuture: 'The expiry date must be in the future',
} as const;
