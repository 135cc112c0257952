import {
  AdminLicence,
  AdminLicenceKeys,
  AdminLicenceList,
  ErrorBody,
  IssueLicence,
  LicenceKeyRotation,
  LicenceKeySet,
  LicenceList,
  LicenceParams,
  OrgLicenceParams,
  OrgParams,
  RevokedLicences,
} from '@slugsmith/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { requireOrg } from '../../auth/access.js';
import { adminLicenceKeys, licenceKeySet, rememberLicenceIssuer } from './keys.js';
import * as service from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/**
 * On-premise licences: the public keys and revocations installs check against, an
 * organisation's licences and their files, and staff's list, manual issue and revocation.
 */
export function licenceRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  // Licences name the service by its public address; every node writes the same value.
  app.addHook('onReady', async () => rememberLicenceIssuer(db, deps.config.publicUrl));

  r.get('/licences/keys', {
    config: { access: 'public' },
    schema: {
      tags: ['licences'],
      summary: 'Public keys that sign licences (JWKS): an install trusts a licence signed by one of them',
      description:
        'The public keys (JWKS) that sign on-premise licences: an install checks its licence against them.',
      response: { 200: LicenceKeySet },
    },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return licenceKeySet(db);
    },
  });

  r.get('/licences/revoked', {
    config: { access: 'public' },
    schema: {
      tags: ['licences'],
      summary: 'Revoked licences: their ids, and the list signed by every licence key for installs',
      description:
        'The ids of revoked licences, and the same list signed by every published licence key (`signed`, a General JWS): installs fetch it, or import this answer saved as a file, and stop serving a revoked licence after their grace period.',
      response: { 200: RevokedLicences },
    },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return service.revokedLicences(db);
    },
  });

  r.get('/orgs/:org/licences', {
    config: { access: { orgRole: 'member' } },
    schema: {
      tags: ['organisations'],
      summary: "The organisation's on-premise licences, newest first",
      description:
        'The on-premise licences of the organisation, newest first: plan, nodes, expiry, whether revoked.',
      params: OrgParams,
      response: { 200: LicenceList, ...errors },
    },
    handler: async (request) => service.listOrgLicences(db, requireOrg(request).id),
  });

  r.get('/orgs/:org/licences/:licence/file', {
    config: { access: { orgRole: 'member' } },
    schema: {
      tags: ['organisations'],
      summary: 'A licence as a file for LICENSE (the signed token)',
      description: 'Downloads the licence as a LICENSE file (the signed token) for an on-premise install.',
      params: OrgLicenceParams,
      produces: ['text/plain'],
      response: { 200: z.string().describe('The licence token'), ...errors },
    },
    handler: async (request, reply) => {
      const licence = await service.orgLicence(db, requireOrg(request).id, request.params.licence);
      return reply
        .type('text/plain; charset=utf-8')
        .header('content-disposition', `attachment; filename="${service.licenceFileName(licence)}"`)
        .send(`${licence.token}\n`);
    },
  });

  r.get('/admin/licences', {
    config: { access: 'staff' },
    schema: {
      tags: ['admin'],
      summary: 'Licences of every organisation, newest first (the latest 1000)',
      description: 'Staff: the latest 1000 licences of every organisation, newest first.',
      response: { 200: AdminLicenceList, ...errors },
    },
    handler: async () => service.listAdminLicences(db),
  });

  r.get('/admin/orgs/:org/licences', {
    config: { access: 'staff' },
    schema: {
      tags: ['admin'],
      summary: "One organisation's licences, newest first",
      description: "Staff: one organisation's licences, newest first.",
      params: OrgParams,
      response: { 200: AdminLicenceList, ...errors },
    },
    handler: async (request) => service.adminOrgLicences(db, request.params.org),
  });

  r.post('/admin/orgs/:org/licences', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Issue a licence by hand: an on-premise plan, nodes, an expiry date or perpetual',
      description:
        'Staff: issues a licence outside a subscription, for an on-premise plan, a number of nodes and an expiry date (or none).',
      params: OrgParams,
      body: IssueLicence,
      response: { 201: AdminLicence, ...errors },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await service.issueByStaff(db, request, request.params.org, request.body)),
  });

  r.post('/admin/licences/:licence/revoke', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Revoke a licence: published at /licences/revoked from now on',
      description: 'Staff: revokes a licence; it is listed at /licences/revoked from now on.',
      params: LicenceParams,
      response: { 200: AdminLicence, ...errors },
    },
    handler: async (request) => service.revokeByStaff(db, request, request.params.licence),
  });

  r.get('/admin/licences/keys', {
    config: { access: 'staff' },
    schema: {
      tags: ['admin'],
      summary: 'The licence signing keys: which signs new licences, how many licences each keeps in force',
      description: 'Staff: the licence signing keys (ids only), the signing one first.',
      response: { 200: AdminLicenceKeys, ...errors },
    },
    handler: async () => adminLicenceKeys(db),
  });

  r.post('/admin/licences/keys/rotate', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary:
        'Rotate the licence signing keys: a new key signs, old ones stay while their licences are in force',
      description:
        'Admin: a new key signs new licences from now on; an old key stays published while a licence it signed may still be used, and is retired after. Installs trust a new key once their release ships it (or LICENSE_KEYS names it).',
      response: { 200: LicenceKeyRotation, ...errors },
    },
    handler: async (request) => service.rotateKeysByStaff(db, request),
  });
}
