import {
  AdminDashboard,
  AdminOrgDetail,
  AdminOrgListQuery,
  AdminOrgSummaryPage,
  AdminUser,
  AdminUserListQuery,
  AdminUserPage,
  AdminUserParams,
  AuditPage,
  AuditQuery,
  DeleteAdminOrgQuery,
  ErrorBody,
  InstanceSettings,
  OrgParams,
  UpdateAdminOrg,
  UpdateAdminUser,
  UpdateInstanceSettings,
} from '@slugsmith/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { listAudit } from './audit.js';
import { dashboard } from './dashboard.js';
import * as orgs from './orgs.js';
import { readSettings, updateSettings } from './settings.js';
import * as users from './users.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const noContent = { 204: z.null().describe('Done') };

/**
 * The staff area (product spec §2.3, §6, §7.4): `support` staff read (`staff`), `admin` staff
 * also write (`admin`). Every write is in the audit log.
 */
export function adminRoutes(app: FastifyInstance, appDeps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, caches, stats, config, endPaidSubscriptions } = appDeps;
  const deps: orgs.AdminDeps = {
    db,
    caches,
    stats,
    settings: { ...config.notices, paymentProvider: config.billing.provider },
    endPaidSubscriptions,
  };

  r.get('/admin/dashboard', {
    config: { access: 'staff' },
    schema: {
      tags: ['admin'],
      summary: 'Organisations, users, paying subscriptions, revenue, payment trouble, sign-ups, volume',
      description:
        'Staff: counts and sums for the service at a glance: organisations, users, paying subscriptions, revenue, payment trouble, sign-ups and generation volume.',
      response: { 200: AdminDashboard, ...errors },
    },
    handler: async () => dashboard(db, deps.stats),
  });

  r.get('/admin/orgs', {
    config: { access: 'staff' },
    schema: {
      tags: ['admin'],
      summary: 'Organisations, oldest first: search name or slug, filter by current plan and state',
      description:
        'Staff: organisations a page at a time, oldest first; search by name or slug, filter by current plan and state.',
      querystring: AdminOrgListQuery,
      response: { 200: AdminOrgSummaryPage, ...errors },
    },
    handler: async (request) => orgs.listOrgs(db, request.query),
  });

  r.get('/admin/orgs/:org', {
    config: { access: 'staff' },
    schema: {
      tags: ['admin'],
      summary: 'One organisation: members, subscriptions, limits in force, series and usage',
      description:
        'Staff: one organisation with its members, subscriptions, the limits in force, its series and usage.',
      params: OrgParams,
      response: { 200: AdminOrgDetail, ...errors },
    },
    handler: async (request) => orgs.orgDetail(deps, request.params.org),
  });

  r.put('/admin/orgs/:org', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Rename, suspend or resume an organisation (suspended: generation and writes refused)',
      description:
        'Staff: renames, suspends or resumes an organisation; a suspended one is refused generation and writes.',
      params: OrgParams,
      body: UpdateAdminOrg,
      response: { 200: AdminOrgDetail, ...errors },
    },
    handler: async (request) => orgs.updateOrg(deps, request, request.params.org, request.body),
  });

  r.delete('/admin/orgs/:org', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Delete an organisation and everything in it; `confirm` repeats its slug',
      description: 'Staff: deletes an organisation with everything in it; confirm must repeat its slug.',
      params: OrgParams,
      querystring: DeleteAdminOrgQuery,
      response: { ...noContent, ...errors },
    },
    handler: async (request, reply) => {
      await orgs.deleteOrg(deps, request, request.params.org, request.query.confirm);
      return reply.status(204).send(null);
    },
  });

  r.get('/admin/users', {
    config: { access: 'staff' },
    schema: {
      tags: ['admin'],
      summary: 'Accounts, newest first: search e-mail or slug, filter by staff level',
      description:
        'Staff: accounts a page at a time, newest first; search by e-mail or slug, filter by staff level.',
      querystring: AdminUserListQuery,
      response: { 200: AdminUserPage, ...errors },
    },
    handler: async (request) => users.listUsers(db, request.query),
  });

  r.get('/admin/users/:id', {
    config: { access: 'staff' },
    schema: {
      tags: ['admin'],
      summary: 'One account with its organisations, staff level and sign-in state',
      description: 'Staff: one account with its organisations, staff level and sign-in state.',
      params: AdminUserParams,
      response: { 200: AdminUser, ...errors },
    },
    handler: async (request) => users.getUser(db, request.params.id),
  });

  r.put('/admin/users/:id', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: "Disable or enable sign-in; grant or revoke a staff level (never one's own admin level)",
      description:
        "Staff: disables or enables an account's sign-in, grants or revokes a staff level (never one's own admin level).",
      params: AdminUserParams,
      body: UpdateAdminUser,
      response: { 200: AdminUser, ...errors },
    },
    handler: async (request) => users.updateUser(db, request, request.params.id, request.body),
  });

  r.get('/settings', {
    config: { access: 'public' },
    schema: {
      tags: ['admin'],
      summary:
        'Instance settings the console shows: development warning, sandbox disclaimer, support contact',
      description:
        'The instance settings every console shows: the development warning, the sandbox disclaimer and the support contact.',
      response: { 200: InstanceSettings, ...errors },
    },
    handler: async () => readSettings(db, deps.settings),
  });

  r.put('/admin/settings', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Change instance settings (null support contact: none)',
      description: 'Staff: changes the instance settings; a null support contact removes it.',
      body: UpdateInstanceSettings,
      response: { 200: InstanceSettings, ...errors },
    },
    handler: async (request) => updateSettings(db, deps.settings, request, request.body),
  });

  r.get('/admin/audit', {
    config: { access: 'staff' },
    schema: {
      tags: ['admin'],
      summary: 'Staff writes, newest first, optionally of one object',
      description:
        'Staff: the audit log of staff writes, newest first, a page at a time, optionally of one object.',
      querystring: AuditQuery,
      response: { 200: AuditPage, ...errors },
    },
    handler: async (request) => listAudit(db, request.query),
  });
}
