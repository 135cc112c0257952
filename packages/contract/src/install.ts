import { Slug, Timestamp } from './common.js';
import { z } from './zod.js';

/**
 * What a server's admin console shows about how it runs (`GET /admin/install`): as the service
 * itself, or as an on-premise install held to a licence and its concurrent nodes.
 */

/** valid; expiring (from 30 days before); grace (expired, still serving); expired (generation refused). */
export const LicenceStanding = z.enum(['valid', 'expiring', 'grace', 'expired']);
export type LicenceStanding = z.infer<typeof LicenceStanding>;

export const InstallNode = z
  .object({
    id: z.uuid(),
    host: z.string(),
    pid: z.number().int(),
    started_at: Timestamp,
    heartbeat_at: Timestamp,
    /** The licence slot the node serves on; null while it waits for a free one. */
    slot: z.number().int().nullable(),
    /** The node that answered. */
    current: z.boolean(),
  })
  .meta({ id: 'InstallNode' });
export type InstallNode = z.infer<typeof InstallNode>;

export const InstallLicence = z
  .object({
    id: z.uuid(),
    holder: z.object({ slug: Slug, name: z.string() }),
    plan: z.object({ slug: z.string(), name: z.string() }),
    max_nodes: z.number().int(),
    perpetual: z.boolean(),
    issued_at: Timestamp,
    /** Null for a perpetual licence. */
    expires_at: Timestamp.nullable(),
    updates_until: Timestamp.nullable(),
    standing: LicenceStanding,
    /** After expiry generation goes on until then. */
    grace_until: Timestamp.nullable(),
    /** Days to expiry (expiring) or to the end of the grace period (grace). */
    days_left: z.number().int().nullable(),
    /** The warning the log gives too; null while the licence is far from its end. */
    warning: z.string().nullable(),
  })
  .meta({ id: 'InstallLicence' });
export type InstallLicence = z.infer<typeof InstallLicence>;

/**
 * The install's revocation list: where it comes from, the list in force (fetched from the issuer or
 * imported), and whether this install's licence is on it (it then serves until `grace_until`).
 */
export const InstallRevocation = z
  .object({
    /** Where the list is fetched from; null when fetching is off (an offline install imports it). */
    source_url: z.string().nullable(),
    check_hours: z.number(),
    grace_hours: z.number(),
    /** When the issuer signed the list in force; null before the first list. */
    list_issued_at: Timestamp.nullable(),
    list_source: z.enum(['fetched', 'imported']).nullable(),
    /** When the list in force was fetched or imported. */
    list_stored_at: Timestamp.nullable(),
    revoked_count: z.number().int(),
    /** The last fetch: when, and why it failed (null when it worked or none was tried). */
    last_fetch_at: Timestamp.nullable(),
    last_error: z.string().nullable(),
    /** This install's licence is on the list: revoked then, learned then, serving until then. */
    licence_revoked_at: Timestamp.nullable(),
    learned_at: Timestamp.nullable(),
    grace_until: Timestamp.nullable(),
    /** The warning the log gives too; null while the licence is not revoked. */
    warning: z.string().nullable(),
  })
  .meta({ id: 'InstallRevocation' });
export type InstallRevocation = z.infer<typeof InstallRevocation>;

/** Staff import a revocation list file (what the issuer's `GET /licences/revoked` answers). */
export const ImportRevocations = z
  .object({ list: z.string().min(1).max(8_000_000).describe('The revocation list file as text') })
  .strict()
  .meta({ id: 'ImportRevocations' });
export type ImportRevocations = z.infer<typeof ImportRevocations>;

export const InstallStatus = z
  .discriminatedUnion('mode', [
    z.object({ mode: z.literal('service') }),
    z.object({
      mode: z.literal('on_premise'),
      licence: InstallLicence,
      nodes: z.array(InstallNode),
      /** Nodes holding a slot now. */
      nodes_in_use: z.number().int(),
      /** Does the node that answered serve generation calls, and if not why. */
      serving: z.boolean(),
      refusal: z.string().nullable(),
      heartbeat_seconds: z.number(),
      revocation: InstallRevocation,
    }),
  ])
  .meta({ id: 'InstallStatus' });
export type InstallStatus = z.infer<typeof InstallStatus>;

/**
 * The install's licence is on its issuer's revocation list: revoked on `revoked_at`; generation
 * goes on until `grace_until` (the install's grace period from when it learned of it), then is refused.
 */
export const PublicLicenceRevocation = z
  .object({
    revoked_at: Timestamp,
    grace_until: Timestamp,
    /** The grace period is over: generation calls are refused. */
    refused: z.boolean(),
  })
  .meta({ id: 'PublicLicenceRevocation' });
export type PublicLicenceRevocation = z.infer<typeof PublicLicenceRevocation>;

export const PublicInstallLicence = InstallLicence.pick({
  holder: true,
  plan: true,
  max_nodes: true,
  perpetual: true,
  expires_at: true,
  standing: true,
  grace_until: true,
}).extend({
  /** Days until generation stops: to expiry, or in the grace period to its end; null when perpetual or expired. */
  days_left: z.number().int().nullable(),
  /** Null while the licence is not on the issuer's revocation list. */
  revocation: PublicLicenceRevocation.nullable(),
});
export type PublicInstallLicence = z.infer<typeof PublicInstallLicence>;

/**
 * What every visitor's console reads (`GET /install`, public): the service sells plans; an
 * on-premise install sells nothing and shows its licence where plans and checkout would be.
 */
export const PublicInstall = z
  .discriminatedUnion('mode', [
    z.object({ mode: z.literal('service') }),
    z.object({ mode: z.literal('on_premise'), licence: PublicInstallLicence }),
  ])
  .meta({ id: 'PublicInstall' });
export type PublicInstall = z.infer<typeof PublicInstall>;
