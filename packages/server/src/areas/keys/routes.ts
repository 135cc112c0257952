import {
  ApiKey,
  ApiKeyParams,
  CreateApiKey,
  CreatedApiKey,
  ErrorBody,
  OrgParams,
  Scope,
  SDK_SCOPES,
  SeriesParams,
  StatsList,
  StatsQuery,
  sortScopes,
  UpdateApiKey,
} from '@slugsmith/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { requireAccount, requireOrg } from '../../auth/access.js';
import * as service from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const noContent = { 204: z.null().describe('Done') };

/** Product spec §7.2, §7.3: API keys of an organisation or of one series. */
export function apiKeyRoutes(app: FastifyInstance, { db, caches }: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['api-keys'];

  r.get('/orgs/:org/api-keys', {
    config: { access: { orgRole: 'admin' } },
    schema: {
      tags,
      summary: 'API keys of an organisation (secrets are never shown again)',
      description:
        'Every API key of the organisation, its series keys included: name, scopes, series, expiry, whether enabled. The secret is never part of it.',
      params: OrgParams,
      response: { 200: z.array(ApiKey), ...errors },
    },
    handler: async (request) => service.listKeys(db, requireOrg(request)),
  });

  r.post('/orgs/:org/api-keys', {
    config: { access: { orgRole: 'admin' } },
    schema: {
      tags,
      summary: 'Create an API key; the answer holds the secret, shown only this once',
      description:
        'Creates an API key with the scopes given (a key of the whole organisation, or of one series with series). The answer holds the secret once; only its hash is stored.',
      params: OrgParams,
      body: CreateApiKey,
      response: { 201: CreatedApiKey, ...errors },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await service.createKey(db, requireOrg(request), requireAccount(request).id, request.body)),
  });

  r.get('/orgs/:org/api-keys/:key', {
    config: { access: { orgRole: 'admin' } },
    schema: {
      tags,
      summary: 'One API key',
      description: 'One API key of the organisation, without its secret.',
      params: ApiKeyParams,
      response: { 200: ApiKey, ...errors },
    },
    handler: async (request) => service.getKey(db, requireOrg(request), request.params.key),
  });

  r.put('/orgs/:org/api-keys/:key', {
    config: { access: { orgRole: 'admin' } },
    schema: {
      tags,
      summary: 'Rename, change scopes or expiry, enable or disable an API key',
      description: 'Changes what is given (name, scopes, expiry, enabled); the secret stays the same.',
      params: ApiKeyParams,
      body: UpdateApiKey,
      response: { 200: ApiKey, ...errors },
    },
    handler: async (request) =>
      service.updateKey(db, caches, requireOrg(request), request.params.key, request.body),
  });

  r.delete('/orgs/:org/api-keys/:key', {
    config: { access: { orgRole: 'admin' } },
    schema: {
      tags,
      summary: 'Delete an API key',
      description: 'Deletes the key: calls with its secret are refused from now on.',
      params: ApiKeyParams,
      response: { ...noContent, ...errors },
    },
    handler: async (request, reply) => {
      await service.deleteKey(db, caches, requireOrg(request), request.params.key);
      return reply.status(204).send(null);
    },
  });

  r.get('/orgs/:org/api-keys/:key/stats', {
    config: { access: { orgRole: 'admin' } },
    schema: {
      tags,
      summary: 'Usage of an API key: the current periods, or with date_part the last periods of that kind',
      description:
        'Slugs and requests made with this key per operation: the current hour, day, week, month, year and total, or with date_part the last periods of that kind.',
      params: ApiKeyParams,
      querystring: StatsQuery,
      response: { 200: StatsList, ...errors },
    },
    handler: async (request) => {
      const org = requireOrg(request);
      const key = await service.getKey(db, org, request.params.key);
      return app.stats.query({ kind: 'key', orgId: org.id, keyId: key.id }, request.query);
    },
  });

  r.get('/orgs/:org/scopes', {
    config: { access: { orgRole: 'member' } },
    schema: {
      tags,
      summary: 'Scopes API keys and SDK configs may carry (product spec §3.1, display order)',
      description:
        'The scopes a key or SDK config of this organisation may be given, with what each allows, in display order.',
      params: OrgParams,
      response: { 200: z.object({ api_keys: z.array(Scope), sdk_configs: z.array(Scope) }), ...errors },
    },
    handler: async () => ({ api_keys: sortScopes(Scope.options), sdk_configs: sortScopes(SDK_SCOPES) }),
  });

  r.get('/orgs/:org/series/:series/api-keys', {
    config: { access: { orgRole: 'admin' } },
    schema: {
      tags,
      summary: 'API keys of one series',
      description: 'The API keys limited to this series.',
      params: SeriesParams,
      response: { 200: z.array(ApiKey), ...errors },
    },
    handler: async (request) => service.listKeys(db, requireOrg(request), request.params.series),
  });

  r.post('/orgs/:org/series/:series/api-keys', {
    config: { access: { orgRole: 'admin' } },
    schema: {
      tags,
      summary: 'Create an API key limited to one series',
      description: 'Creates an API key that reaches only this series; the answer holds the secret once.',
      params: SeriesParams,
      body: CreateApiKey.omit({ series: true }),
      response: { 201: CreatedApiKey, ...errors },
    },
    handler: async (request, reply) =>
      reply.status(201).send(
        await service.createKey(db, requireOrg(request), requireAccount(request).id, {
          ...request.body,
          series: request.params.series,
        }),
      ),
  });
}
