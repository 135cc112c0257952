import {
  CreateOrganisation,
  ErrorBody,
  Member,
  MemberList,
  MemberParams,
  Organisation,
  OrganisationList,
  OrgParams,
  UpdateMember,
  UpdateOrganisation,
} from '@slugsmith/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccount, requireOrg } from '../../auth/access.js';
import type { Db } from '../../db/connect.js';
import { firstLanguage } from '../../platform/slugs.js';
import * as service from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const noContent = { 204: z.null().describe('Done') };

/** Product spec §7.2: organisations and their members. */
export function orgRoutes(
  app: FastifyInstance,
  db: Db,
  endPaidSubscriptions: service.EndPaidSubscriptions,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['organisations'];

  r.get('/orgs', {
    config: { access: 'signed-in' },
    schema: {
      tags,
      summary: 'Organisations of the signed-in person',
      response: { 200: OrganisationList, ...errors },
    },
    handler: async (request) => service.listOrganisations(db, requireAccount(request)),
  });

  r.post('/orgs', {
    config: { access: 'signed-in' },
    schema: {
      tags,
      summary: 'Create an organisation',
      body: CreateOrganisation,
      response: { 201: Organisation, ...errors },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.createOrganisation(
            db,
            requireAccount(request),
            request.body,
            firstLanguage(request.headers['accept-language']),
          ),
        ),
  });

  r.get('/orgs/:org', {
    config: { access: { orgRole: 'member' } },
    schema: {
      tags,
      summary: 'One organisation',
      params: OrgParams,
      response: { 200: Organisation, ...errors },
    },
    handler: async (request) => service.toOrganisation(requireOrg(request)),
  });

  r.put('/orgs/:org', {
    config: { access: { orgRole: 'admin' } },
    schema: {
      tags,
      summary: 'Rename an organisation or change its slug',
      params: OrgParams,
      body: UpdateOrganisation,
      response: { 200: Organisation, ...errors },
    },
    handler: async (request) => service.updateOrganisation(db, requireOrg(request), request.body),
  });

  r.delete('/orgs/:org', {
    config: { access: { orgRole: 'owner' } },
    schema: {
      tags,
      summary: 'Delete an organisation (its paid subscriptions are cancelled at the provider first)',
      params: OrgParams,
      response: { ...noContent, ...errors, 502: ErrorBody },
    },
    handler: async (request, reply) => {
      await service.deleteOrganisation(db, requireOrg(request), endPaidSubscriptions);
      return reply.status(204).send(null);
    },
  });

  r.get('/orgs/:org/members', {
    config: { access: { orgRole: 'member' } },
    schema: {
      tags,
      summary: 'Members of an organisation',
      params: OrgParams,
      response: { 200: MemberList, ...errors },
    },
    handler: async (request) => service.listMembers(db, requireOrg(request)),
  });

  r.get('/orgs/:org/members/:member', {
    config: { access: { orgRole: 'member' } },
    schema: { tags, summary: 'One member', params: MemberParams, response: { 200: Member, ...errors } },
    handler: async (request) => service.getMember(db, requireOrg(request), request.params.member),
  });

  r.put('/orgs/:org/members/:member', {
    config: { access: { orgRole: 'admin' } },
    schema: {
      tags,
      summary: "Change a member's role",
      params: MemberParams,
      body: UpdateMember,
      response: { 200: Member, ...errors },
    },
    handler: async (request) =>
      service.updateMember(db, requireOrg(request), request.params.member, request.body.role),
  });

  r.delete('/orgs/:org/members/:member', {
    // Any member may leave; removing someone else needs admin (checked in the service).
    config: { access: { orgRole: 'member' } },
    schema: {
      tags,
      summary: 'Remove a member, or leave',
      params: MemberParams,
      response: { ...noContent, ...errors },
    },
    handler: async (request, reply) => {
      await service.removeMember(db, requireOrg(request), requireAccount(request), request.params.member);
      return reply.status(204).send(null);
    },
  });
}
