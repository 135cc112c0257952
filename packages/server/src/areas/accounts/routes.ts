import {
  AcceptAgreements,
  AcceptedAgreementList,
  Account,
  AdminAgreement,
  AdminAgreementList,
  AgreementList,
  AgreementTranslationParams,
  documentLanguageOf,
  ErrorBody,
  Profile,
  ReaderLanguageQuery,
  SetAgreementTitle,
  UpdateProfile,
} from '@slugsmith/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { requireAccount } from '../../auth/access.js';
import { ApiError } from '../../platform/errors.js';
import { readerLanguage } from '../../platform/reader-language.js';
import { audited, orNull } from '../audit/service.js';
import * as service from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** Product spec §7.1: accounts, profile and agreements. */
export function accountRoutes(app: FastifyInstance, { db }: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['accounts'];

  r.post('/accounts', {
    config: { access: 'token' },
    schema: {
      tags,
      summary: 'Create the account of the signed-in person, or fetch it if it exists',
      description:
        'Called by the console after sign-in: makes the account (and its personal organisation) for the identity in the access token, or answers the existing one.',
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
    schema: {
      tags,
      summary: 'The account of the signed-in person',
      description: "The account of the access token's identity: e-mail, slug, verification, staff level.",
      response: { 200: Account, ...errors },
    },
    handler: async (request) => service.getAccount(db, requireAccount(request).id),
  });

  r.get('/profile', {
    config: { access: 'account' },
    schema: {
      tags,
      summary: 'Profile of the signed-in person',
      description: "The signed-in person's slug, display name and e-mail.",
      response: { 200: Profile, ...errors },
    },
    handler: async (request) => service.getProfile(db, requireAccount(request).id),
  });

  r.put('/profile', {
    config: { access: 'account' },
    schema: {
      tags,
      summary: 'Change slug or display name',
      description: "Changes the account's slug or display name.",
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
      description: 'The agreement versions (terms, privacy policy …) this account accepted, and when.',
      response: { 200: AcceptedAgreementList, ...errors },
    },
    handler: async (request) => service.acceptedAgreements(db, requireAccount(request).id),
  });

  r.post('/accounts/agreements', {
    config: { access: 'account' },
    schema: {
      tags,
      summary: 'Accept agreement versions',
      description: "Records the account's acceptance of the agreement versions given.",
      body: AcceptAgreements,
      response: { 200: AcceptedAgreementList, ...errors },
    },
    handler: async (request) => service.acceptAgreements(db, requireAccount(request).id, request.body),
  });

  r.get('/agreements/latest', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: "The newest version of each agreement, titled in the reader's language",
      description:
        "The newest version of each agreement with its address, titled in the reader's language; the console asks for acceptance of the mandatory ones.",
      querystring: ReaderLanguageQuery,
      response: { 200: AgreementList, ...errors },
    },
    handler: async (request) => service.latestAgreements(db, readerLanguage(request)),
  });

  r.get('/admin/agreements', {
    config: { access: 'staff' },
    schema: {
      tags: ['admin'],
      summary: 'Every agreement version with its English title and its translated titles',
      description: 'Staff: every agreement version with its English title and its translated titles.',
      response: { 200: AdminAgreementList, ...errors },
    },
    handler: async () => service.adminAgreements(db),
  });

  const titleOf = (a: AdminAgreement | null, language: string) =>
    a?.translations.find((t) => t.language === documentLanguageOf(language)) ?? null;

  r.put('/admin/agreements/:type/:version/translations/:language', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: "Set an agreement version's title in one language other than English",
      description: 'Staff: sets the title of one agreement version in a language other than English.',
      params: AgreementTranslationParams,
      body: SetAgreementTitle,
      response: { 200: AdminAgreement, ...errors },
    },
    handler: async (request) => {
      const { type, version, language } = request.params;
      return audited(
        db,
        request,
        {
          action: 'agreement.translate',
          objectType: 'settings',
          objectId: `agreement/${type}/${version}`,
          before: async () =>
            titleOf(await orNull(() => service.adminAgreement(db, type, version)), language),
          after: (a) => titleOf(a, language),
        },
        () => service.setAgreementTitle(db, type, version, language, request.body.title),
      );
    },
  });

  r.delete('/admin/agreements/:type/:version/translations/:language', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: "Remove an agreement version's title in one language (readers of it see English again)",
      description: 'Staff: removes a translated title; readers of that language see the English one again.',
      params: AgreementTranslationParams,
      response: { 204: z.null().describe('Done'), ...errors },
    },
    handler: async (request, reply) => {
      const { type, version, language } = request.params;
      await audited(
        db,
        request,
        {
          action: 'agreement.untranslate',
          objectType: 'settings',
          objectId: `agreement/${type}/${version}`,
          before: async () =>
            titleOf(await orNull(() => service.adminAgreement(db, type, version)), language),
          after: () => null,
        },
        () => service.deleteAgreementTitle(db, type, version, language),
      );
      return reply.status(204).send(null);
    },
  });
}
