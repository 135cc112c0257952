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
import type { AppDeps } from '../../app-deps.js';
import { requireAccount, requireOrg } from '../../auth/access.js';
import { firstLanguage } from '../../platform/slugs.js';
import * as service from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const noContent = { 204: z.null().describe('Done') };

/** Product spec §7.2: organisations and their members. */
export function orgRoutes(app: FastifyInstance, { db, endPaidSubscriptions }: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['organisations'];

  r.get('/orgs', {
    config: { access: 'signed-in' },
    schema: {
      tags,
      summary: 'Organisations of the signed-in person',
      description:
        'The organisations the signed-in person belongs to, with their role in each (the personal one, made with the account, cannot be deleted).',
      response: { 200: OrganisationList, ...errors },
    },
    handler: async (request) => service.listOrganisations(db, requireAccount(request)),
  });

  r.post('/orgs', {
    config: { access: 'signed-in' },
    schema: {
      tags,
      summary: 'Create an organisation',
      description:
        'Creates an organisation with the caller as its owner; its slug is made from the name unless given.',
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
      description:
        "One organisation the caller belongs to: name, slug, the caller's role, whether it is the personal one.",
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
      description: 'Renames the organisation or changes its slug (its console and API paths change with it).',
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
      description:
        'Deletes the organisation with its series, keys and statistics; paid subscriptions are cancelled at the payment provider first (502 if that fails). Owners only.',
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
      description: 'The members of the organisation with their roles.',
      params: OrgParams,
      response: { 200: MemberList, ...errors },
    },
    handler: async (request) => service.listMembers(db, requireOrg(request)),
  });

  r.get('/orgs/:org/members/:member', {
    config: { access: { orgRole: 'member' } },
    schema: {
      tags,
      summary: 'One member',
      description: 'One member of the organisation and their role.',
      params: MemberParams,
      response: { 200: Member, ...errors },
    },
    handler: async (request) => service.getMember(db, requireOrg(request), request.params.member),
  });

  r.put('/orgs/:org/members/:member', {
    config: { access: { orgRole: 'admin' } },
    schema: {
      tags,
      summary: "Change a member's role",
      description: 'Gives a member another role; only owners give or take the owner role.',
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
      description:
        "Removes a member (admins and owners), or, for the caller's own membership, leaves the organisation.",
      params: MemberParams,
      response: { ...noContent, ...errors },
    },
    handler: async (request, reply) => {
      await service.removeMember(db, requireOrg(request), requireAccount(request), request.params.member);
      return reply.status(204).send(null);
    },
  });
}
