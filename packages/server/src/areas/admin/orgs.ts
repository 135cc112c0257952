// Organisations as staff see and change them (product spec §7.4).
import {
  AdminMessages,
  type AdminOrgDetail,
  type AdminOrgListQuery,
  type AdminOrgSummaryPage,
  type UpdateAdminOrg,
} from '@slugsmith/contract';
import type { FastifyRequest } from 'fastify';
import type { CallerOrg } from '../../auth/access.js';
import type { Db } from '../../db/connect.js';
import type { Caches } from '../../platform/cache.js';
import { ApiError } from '../../platform/errors.js';
import { auditRequest } from '../audit/service.js';
import * as orgs from '../orgs/service.js';
import { orgLimits } from '../plans/effective-limits.js';
import { adminOrgSubscriptions } from '../plans/subscriptions.js';
import type { StatsService } from '../stats/service.js';
import * as q from './queries.js';
import { forgetSuspensions } from './restrictions.js';
import type { InstanceDefaults } from './settings.js';

export interface AdminDeps {
  db: Db;
  caches: Caches;
  stats: StatsService;
  /** What /settings answers until staff change it, and the payment provider it names. */
  settings: InstanceDefaults;
  /** Cancels a deleted organisation's paid subscriptions at the provider first. */
  endPaidSubscriptions: orgs.EndPaidSubscriptions;
}

export async function listOrgs(db: Db, query: AdminOrgListQuery): Promise<AdminOrgSummaryPage> {
  const { rows, total } = await q.listOrgs(db, query, query.offset, query.limit);
  return {
    items: rows.map((r) => ({
      slug: r.slug,
      name: r.name,
      personal: r.personal,
      members: r.members,
      created_at: r.createdAt.toISOString(),
      state: r.suspendedAt ? 'suspended' : 'active',
      plan: r.planSlug === null ? null : { slug: r.planSlug, name: r.planName ?? '' },
    })),
    total,
    offset: query.offset,
    limit: query.limit,
  };
}

async function orgOrNotFound(db: Db, slug: string): Promise<q.OrgRow> {
  const row = await q.findOrg(db, slug);
  if (!row) throw ApiError.notFound();
  return row;
}

/** Staff act on an organisation with an owner's reach. */
function asOwner(row: q.OrgRow): CallerOrg {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    personal: row.personalAccountId !== null,
    createdAt: row.createdAt,
    role: 'owner',
  };
}

/** What the audit log keeps of an organisation. */
function auditView(row: q.OrgRow) {
  return {
    slug: row.slug,
    name: row.name,
    personal: row.personalAccountId !== null,
    state: row.suspendedAt ? 'suspended' : 'active',
  };
}

export async function orgDetail(deps: AdminDeps, slug: string): Promise<AdminOrgDetail> {
  const row = await orgOrNotFound(deps.db, slug);
  const org = asOwner(row);
  const [members, subscriptions, limits, seriesCount, usage] = await Promise.all([
    orgs.listMembers(deps.db, org),
    adminOrgSubscriptions(deps.db, row.slug),
    orgLimits(deps.db, deps.caches, org),
    q.countSeries(deps.db, row.id),
    deps.stats.latest({ kind: 'org', orgId: row.id }),
  ]);
  return {
    slug: row.slug,
    name: row.name,
    personal: org.personal,
    created_at: row.createdAt.toISOString(),
    state: row.suspendedAt ? 'suspended' : 'active',
    suspended_at: row.suspendedAt?.toISOString() ?? null,
    members,
    subscriptions,
    limits,
    series_count: seriesCount,
    usage,
  };
}

export async function updateOrg(
  deps: AdminDeps,
  request: FastifyRequest,
  slug: string,
  changes: UpdateAdminOrg,
): Promise<AdminOrgDetail> {
  const { db, caches } = deps;
  const before = await orgOrNotFound(db, slug);
  if (changes.name !== undefined && changes.name !== before.name) {
    await orgs.updateOrganisation(db, asOwner(before), { name: changes.name });
  }
  const actor = request.caller.account?.id ?? null;
  if (changes.suspended === true && !before.suspendedAt) await q.suspendOrg(db, before.id, actor);
  if (changes.suspended === false && before.suspendedAt) await q.resumeOrg(db, before.id);
  if (changes.suspended !== undefined) forgetSuspensions(caches);
  const after = await orgOrNotFound(db, slug);
  await auditRequest(db, request, {
    action: 'organisation.update',
    objectType: 'organisation',
    objectId: before.slug,
    before: auditView(before),
    after: auditView(after),
  });
  return orgDetail(deps, slug);
}

export async function deleteOrg(
  deps: AdminDeps,
  request: FastifyRequest,
  slug: string,
  confirm: string,
): Promise<void> {
  const row = await orgOrNotFound(deps.db, slug);
  if (confirm !== row.slug) {
    throw ApiError.badRequest(AdminMessages.confirmationMismatch, {
      reason: 'confirmation_mismatch',
      field: 'confirm',
    });
  }
  // The personal organisation goes only with its account (the orgs area refuses it with 409).
  await orgs.deleteOrganisation(deps.db, asOwner(row), deps.endPaidSubscriptions);
  forgetSuspensions(deps.caches);
  await auditRequest(deps.db, request, {
    action: 'organisation.delete',
    objectType: 'organisation',
    objectId: row.slug,
    before: auditView(row),
    after: null,
  });
}
