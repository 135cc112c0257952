// Issuing on-premise licences: on a purchase, renewal or plan change of an on-premise plan (the
// billing pipeline's "subscription changed" event), and by staff by hand. Each issue signs a token
// with the current licence key and stores it; a subscription's re-issue supersedes its previous
// licence.
import { randomUUID } from 'node:crypto';
import {
  type AdminLicence,
  type IssueLicence,
  type Licence,
  type LicenceClaims,
  type LicenceKeyRotation,
  LicenceMessages,
  type LicenceStatus,
  type RevokedLicences,
} from '@slugsmith/contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/connect.js';
import { ApiError } from '../../platform/errors.js';
import { auditRequest } from '../audit/service.js';
import type { SubscriptionChanges } from '../billing/subscription-changes.js';
import { findOrgBySlug } from '../orgs/read.js';
import { planFeatures } from '../plans/features.js';
import { adminLicenceKeys, licenceIssuer, licenceSigningKeys, rotateLicenceKeys } from './keys.js';
import * as q from './queries.js';
import { signRevocationList } from './revocation-list.js';
import { signLicence } from './token.js';

/** A perpetual licence entitles to the engine releases of its first year. */
const UPDATES_FOR_MS = 365 * 86_400_000;
/** Subscription states whose plan is paid for (a past-due one keeps the licence it has). */
const LICENSED_STATES = new Set(['active', 'trial']);

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function licenceStatus(row: q.LicenceRow, now = new Date()): LicenceStatus {
  if (row.revokedAt) return 'revoked';
  if (row.supersededBy) return 'superseded';
  if (row.validUntil && row.validUntil <= now) return 'expired';
  return 'active';
}

export function toLicence({ licence: l, orgSlug }: q.ListedLicence): Licence {
  return {
    id: l.id,
    org_slug: orgSlug,
    plan_slug: l.planSlug,
    plan_name: l.planName,
    max_nodes: l.maxNodes,
    perpetual: l.perpetual,
    issued_at: l.issuedAt.toISOString(),
    valid_until: iso(l.validUntil),
    updates_until: iso(l.updatesUntil),
    status: licenceStatus(l),
    revoked_at: iso(l.revokedAt),
    token: l.token,
  };
}

export function toAdminLicence(row: q.ListedLicence): AdminLicence {
  return { ...toLicence(row), org_name: row.orgName, issued_by: row.issuedByEmail };
}

interface Grant {
  org: { id: string; slug: string; name: string };
  plan: { id: string; slug: string; name: string; features: Record<string, unknown> };
  maxNodes: number;
  perpetual: boolean;
  validUntil: Date | null;
  subscriptionId: string | null;
  issuedBy: string | null;
}

/** Signs and stores one licence; returns its row. */
async function issue(db: Db, grant: Grant): Promise<q.LicenceRow> {
  const id = randomUUID();
  // Kept to the millisecond: a re-issue in the same second still lists after its predecessor.
  const issuedAt = new Date();
  const updatesUntil = grant.perpetual ? new Date(issuedAt.getTime() + UPDATES_FOR_MS) : null;
  const claims: LicenceClaims = {
    jti: id,
    iss: await licenceIssuer(db),
    iat: seconds(issuedAt),
    ...(grant.validUntil ? { exp: seconds(grant.validUntil) } : {}),
    org: grant.org,
    plan: { slug: grant.plan.slug, name: grant.plan.name },
    max_nodes: grant.maxNodes,
    perpetual: grant.perpetual,
    ...(updatesUntil ? { updates_until: seconds(updatesUntil) } : {}),
    // The bought node count is the limit the install applies, whatever the catalogue says.
    features: { ...planFeatures(grant.plan.features), max_nodes: grant.maxNodes },
  };
  const [signingKey] = await licenceSigningKeys(db);
  const row: q.LicenceRow = {
    id,
    orgId: grant.org.id,
    subscriptionId: grant.subscriptionId,
    planId: grant.plan.id,
    planSlug: grant.plan.slug,
    planName: grant.plan.name,
    maxNodes: grant.maxNodes,
    perpetual: grant.perpetual,
    issuedAt,
    validUntil: grant.validUntil,
    updatesUntil,
    token: await signLicence(claims, signingKey),
    revokedAt: null,
    supersededBy: null,
    issuedBy: grant.issuedBy,
  };
  await q.insertLicence(db, row);
  return row;
}

/**
 * Brings a subscription's licence in line with the subscription, after the billing pipeline
 * applied an event to it: an on-premise plan that is paid for gets a licence for its plan, node
 * count and period end (none when the price is perpetual). Nothing changes when the licence in
 * force already says that (the same event again, or one that changed something else); a plan
 * change, a new node count or a renewal's new period end issues a new one that supersedes it.
 */
/** Licences follow billing: every subscription its events write gets its licence issued or renewed. */
export function followSubscriptions(changes: SubscriptionChanges, db: Db): void {
  changes.on((subscriptionId) => issueLicenceForSubscription(db, subscriptionId));
}

export async function issueLicenceForSubscription(
  db: Db,
  subscriptionId: string,
): Promise<Licence | undefined> {
  // One transaction: nobody sees the new licence beside a predecessor not yet superseded.
  return db.transaction(async (tx) => {
    const sub = await q.lockSubscriptionForLicence(tx, subscriptionId);
    if (sub?.plan.planType !== 'on_premise' || !LICENSED_STATES.has(sub.state)) return undefined;
    const perpetual = sub.period === 'perpetual';
    const validUntil = perpetual ? null : (sub.currentPeriodEnd ?? sub.trialUntil);
    // A periodic plan with no known period end: wait for the event that names it.
    if (!perpetual && !validUntil) return undefined;
    const maxNodes = Math.max(1, sub.quantity);
    const current = await q.currentSubscriptionLicence(tx, subscriptionId);
    if (
      current &&
      current.planId === sub.plan.id &&
      current.maxNodes === maxNodes &&
      current.perpetual === perpetual &&
      current.validUntil?.getTime() === validUntil?.getTime()
    ) {
      return undefined;
    }
    const row = await issue(tx, {
      org: sub.org,
      plan: sub.plan,
      maxNodes,
      perpetual,
      validUntil,
      subscriptionId,
      issuedBy: null,
    });
    if (current) await q.supersede(tx, current.id, row.id);
    return toLicence({ licence: row, orgSlug: sub.org.slug, orgName: sub.org.name, issuedByEmail: null });
  });
}

export async function listOrgLicences(db: Db, orgId: string): Promise<Licence[]> {
  return (await q.orgLicences(db, orgId)).map(toLicence);
}

export async function orgLicence(db: Db, orgId: string, id: string): Promise<Licence> {
  const found = await q.findLicence(db, id);
  if (!found || found.licence.orgId !== orgId) throw ApiError.notFound();
  return toLicence(found);
}

export async function listAdminLicences(db: Db): Promise<AdminLicence[]> {
  return (await q.allLicences(db, 1000)).map(toAdminLicence);
}

export async function adminOrgLicences(db: Db, orgSlug: string): Promise<AdminLicence[]> {
  const org = await findOrgBySlug(db, orgSlug);
  if (!org) throw ApiError.notFound();
  return (await q.orgLicences(db, org.id)).map(toAdminLicence);
}

/** What the audit log keeps of a licence (the token is in the table, not in the log). */
function audited({ token: _token, ...rest }: Licence) {
  return rest;
}

/** Staff issue a licence by hand: any on-premise plan, their node count, a date or perpetual. */
export async function issueByStaff(
  db: Db,
  request: FastifyRequest,
  orgSlug: string,
  body: IssueLicence,
): Promise<AdminLicence> {
  const org = await findOrgBySlug(db, orgSlug);
  if (!org) throw ApiError.notFound();
  const plan = await q.findPlanBySlug(db, body.plan);
  if (!plan)
    throw ApiError.badRequest(LicenceMessages.planNotFound, { reason: 'plan_not_found', field: 'plan' });
  if (plan.planType !== 'on_premise') {
    throw ApiError.badRequest(LicenceMessages.notOnPremise, { reason: 'not_on_premise_plan', field: 'plan' });
  }
  if (body.perpetual && body.valid_until) {
    throw ApiError.badRequest(LicenceMessages.perpetualHasNoExpiry, {
      reason: 'perpetual_no_expiry',
      field: 'valid_until',
    });
  }
  const validUntil = body.valid_until ? new Date(body.valid_until) : null;
  if (!body.perpetual && !validUntil)
    throw ApiError.badRequest(LicenceMessages.expiryRequired, {
      reason: 'expiry_required',
      field: 'valid_until',
    });
  if (validUntil && validUntil.getTime() <= Date.now()) {
    throw ApiError.badRequest(LicenceMessages.expiryNotInFuture, {
      reason: 'expiry_not_in_future',
      field: 'valid_until',
    });
  }
  const row = await issue(db, {
    org,
    plan,
    maxNodes: body.max_nodes,
    perpetual: body.perpetual,
    validUntil,
    subscriptionId: null,
    issuedBy: request.caller.account?.id ?? null,
  });
  const issued = await q.findLicence(db, row.id);
  if (!issued) throw ApiError.notFound();
  const licence = toAdminLicence(issued);
  await auditRequest(db, request, {
    action: 'licence.issue',
    objectType: 'licence',
    objectId: row.id,
    before: null,
    after: audited(licence),
  });
  return licence;
}

/** Staff revoke a licence: published at /licences/revoked from now on. Revoking twice changes nothing. */
export async function revokeByStaff(db: Db, request: FastifyRequest, id: string): Promise<AdminLicence> {
  const before = await q.findLicence(db, id);
  if (!before) throw ApiError.notFound();
  await q.revoke(db, id, new Date());
  const after = await q.findLicence(db, id);
  if (!after) throw ApiError.notFound();
  await auditRequest(db, request, {
    action: 'licence.revoke',
    objectType: 'licence',
    objectId: id,
    before: audited(toLicence(before)),
    after: audited(toLicence(after)),
  });
  return toAdminLicence(after);
}

/** The licence as a file for `LICENSE`: its name says whose it is. */
export function licenceFileName(licence: Licence): string {
  return `slugsmith-licence-${licence.org_slug}-${licence.id.slice(0, 8)}.jwt`;
}

/** The revoked licences' ids, and the same list signed by every published key for installs. */
export async function revokedLicences(db: Db): Promise<RevokedLicences> {
  const [revoked, keys, issuer] = await Promise.all([
    q.revokedLicences(db),
    licenceSigningKeys(db),
    licenceIssuer(db),
  ]);
  return { ids: revoked.map((r) => r.id), signed: await signRevocationList(revoked, issuer, keys) };
}

/**
 * Staff rotate the licence signing keys: new licences are signed with a new key, old keys stay
 * published while licences they signed are in force. Audited with the key ids (never key material).
 */
export async function rotateKeysByStaff(db: Db, request: FastifyRequest): Promise<LicenceKeyRotation> {
  const before = await adminLicenceKeys(db);
  const { keys, retired } = await rotateLicenceKeys(db);
  const after = await adminLicenceKeys(db);
  await auditRequest(db, request, {
    action: 'licence_key.rotate',
    objectType: 'licence_key',
    objectId: keys[0]?.kid ?? '',
    before: { keys: before.keys.map((k) => k.kid) },
    after: { keys: after.keys.map((k) => k.kid), retired },
  });
  return { ...after, retired };
}
