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
    }),
  ])
  .meta({ id: 'InstallStatus' });
export type InstallStatus = z.infer<typeof InstallStatus>;

/**
 * What every visitor's console reads (`GET /install`, public): the service sells plans; an
 * on-premise install sells nothing and shows its licence where plans and checkout would be.
 */
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
});
export type PublicInstallLicence = z.infer<typeof PublicInstallLicence>;

export const PublicInstall = z
  .discriminatedUnion('mode', [
    z.object({ mode: z.literal('service') }),
    z.object({ mode: z.literal('on_premise'), licence: PublicInstallLicence }),
  ])
  .meta({ id: 'PublicInstall' });
export type PublicInstall = z.infer<typeof PublicInstall>;
