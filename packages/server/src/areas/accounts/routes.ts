import {
  AcceptAgreements,
  AcceptedAgreementList,
  Account,
  AgreementList,
  ErrorBody,
  Profile,
  UpdateProfile,
} from '@slugsmith/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAccount } from '../../auth/access.js';
import type { Db } from '../../db/connect.js';
import { ApiError } from '../../platform/errors.js';
import * as service from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** Product spec §7.1: accounts, profile and agreements. */
export function accountRoutes(app: FastifyInstance, db: Db): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['accounts'];

  r.post('/accounts', {
    config: { access: 'token' },
    schema: {
      tags,
      summary: 'Create the account of the signed-in person, or fetch it if it exists',
      response: { 200: Account, 201: Account, ...errors },
    },
    handler: async (request, reply) => {
      const token = request.caller.token;
      if (!token) throw ApiError.unauthorized();
      const { row, created } = await service.createAccountFromToken(db, token);
      return reply.status(created ? 201 : 200).send(await service.toAccount(db, row));
    },
  });

  r.get('/accounts', {
    config: { access: 'account' },
    schema: { tags, summary: 'The account of the signed-in person', response: { 200: Account, ...errors } },
    handler: async (request) => service.getAccount(db, requireAccount(request).id),
  });

  r.get('/profile', {
    config: { access: 'account' },
    schema: { tags, summary: 'Profile of the signed-in person', response: { 200: Profile, ...errors } },
    handler: async (request) => service.getProfile(db, requireAccount(request).id),
  });

  r.put('/profile', {
    config: { access: 'account' },
    schema: {
      tags,
      summary: 'Change slug or display name',
      body: UpdateProfile,
      response: { 200: Profile, ...errors },
    },
    handler: async (request) => service.updateProfile(db, requireAccount(request).id, request.body),
  });

  r.get('/accounts/agreements', {
    config: { access: 'account' },
    schema: {
      tags,
      summary: 'Agreement versions the account accepted',
      response: { 200: AcceptedAgreementList, ...errors },
    },
    handler: async (request) => service.acceptedAgreements(db, requireAccount(request).id),
  });

  r.post('/accounts/agreements', {
    config: { access: 'account' },
    schema: {
      tags,
      summary: 'Accept agreement versions',
      body: AcceptAgreements,
      response: { 200: AcceptedAgreementList, ...errors },
    },
    handler: async (request) => service.acceptAgreements(db, requireAccount(request).id, request.body),
  });

  r.get('/agreements/latest', {
    config: { access: 'public' },
    schema: { tags, summary: 'The newest version of each agreement', response: { 200: AgreementList } },
    handler: async () => service.latestAgreements(db),
  });
}
