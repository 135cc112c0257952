import {
  ConsoleConfig,
  CreateLegacySdkKey,
  CreateSdkConfig,
  ErrorBody,
  JwksRequest,
  LegacySdkKey,
  OrgParams,
  SdkConfig,
  SdkConfigParams,
  SdkConfigWithKeys,
  SdkKey,
  SdkKeyParams,
  SeriesParams,
  UpdateSdkConfig,
} from '@slugsmith/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { requireOrg } from '../../auth/access.js';
import { forgetKeys, KeyMessages, originAllowed, requestOrigin } from '../../auth/keys.js';
import { ApiError } from '../../platform/errors.js';
import { CONSOLE_SCOPES } from './console.js';
import { JWKS_PER_MINUTE, jwksLimiter } from './jwks-limit.js';
import { keysFor } from './key-visibility.js';
import { findConfigBySlug } from './queries.js';
import * as service from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const noContent = { 204: z.null().describe('Done') };

/**
 * Product spec §7.2, §7.6: SDK configs, their rotating keys, legacy SDK keys and the JWKS call;
 * `consoleConfig` is the public SDK config of the anonymous web console.
 */
export function sdkRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, caches, consoleConfig } = deps;
  // Key fetches are counted where the plan limits count: every node shares them.
  const jwksCounts = deps.limitStore;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admitJwks = jwksLimiter(jwksCounts, caches);
  const tags = ['sdk-configs'];
  // Every change may affect what signed requests are accepted: drop this node's caches.
  const changed = <T>(value: T): T => {
    forgetKeys(caches);
    return value;
  };

  r.get('/orgs/:org/sdk-configs', {
    config: { access: { orgRole: 'member' } },
    schema: {
      tags,
      summary: 'SDK configs of an organisation',
      description:
        "The organisation's SDK configs: scopes, series, allowed origins, rotation policy and their current public keys.",
      params: OrgParams,
      response: { 200: z.array(SdkConfig), ...errors },
    },
    handler: async (request) => service.listConfigs(db, requireOrg(request)),
  });

  r.post('/orgs/:org/sdk-configs', {
    config: { access: { orgRole: 'admin' } },
    schema: {
      tags,
      summary: 'Create an SDK config (manual: one eternal key; automatic: two overlapping keys)',
      description:
        'Creates an SDK config: requests signed with one of its keys are accepted with its scopes. Manual rotation keeps one key until it is rotated by hand; automatic rotation keeps two overlapping keys and replaces them on schedule.',
      params: OrgParams,
      body: CreateSdkConfig,
      response: { 201: SdkConfigWithKeys, ...errors },
    },
    handler: async (request, reply) =>
      reply.status(201).send(changed(await service.createConfig(db, requireOrg(request), request.body))),
  });

  r.get('/orgs/:org/sdk-configs/:config', {
    config: { access: { orgRole: 'member' } },
    schema: {
      tags,
      summary: 'One SDK config with its keys (their private parts only for admins and owners)',
      description: 'One SDK config with its keys; the private parts are shown to admins and owners only.',
      params: SdkConfigParams,
      response: { 200: SdkConfigWithKeys, ...errors },
    },
    handler: async (request) => {
      const org = requireOrg(request);
      const config = await service.getConfig(db, org, request.params.config);
      return { ...config, keys: keysFor(org.role, config.keys) };
    },
  });

  r.put('/orgs/:org/sdk-configs/:config', {
    config: { access: { orgRole: 'admin' } },
    schema: {
      tags,
      summary: 'Change an SDK config; a new rotation policy or period replaces its keys',
      description:
        'Changes name, scopes, origins or rotation; a new rotation policy or period replaces the keys.',
      params: SdkConfigParams,
      body: UpdateSdkConfig,
      response: { 200: SdkConfigWithKeys, ...errors },
    },
    handler: async (request) =>
      changed(await service.updateConfig(db, requireOrg(request), request.params.config, request.body)),
  });

  r.patch('/orgs/:org/sdk-configs/:config', {
    config: { access: { orgRole: 'admin' } },
    schema: {
      tags,
      summary: 'Rotate now: delete the keys and generate new ones',
      description: 'Rotates the keys now: the old keys stop signing at once, and SDKs fetch the new ones.',
      params: SdkConfigParams,
      response: { 200: SdkConfigWithKeys, ...errors },
    },
    handler: async (request) =>
      changed(await service.rotateConfig(db, requireOrg(request), request.params.config)),
  });

  r.delete('/orgs/:org/sdk-configs/:config', {
    config: { access: { orgRole: 'admin' } },
    schema: {
      tags,
      summary: 'Delete an SDK config and its keys',
      description: 'Deletes the SDK config and its keys: requests signed with them are refused.',
      params: SdkConfigParams,
      response: { ...noContent, ...errors },
    },
    handler: async (request, reply) => {
      await service.deleteConfig(db, requireOrg(request), request.params.config);
      forgetKeys(caches);
      return reply.status(204).send(null);
    },
  });

  r.post('/orgs/:org/sdk-configs/:config/keys', {
    config: { access: { orgRole: 'admin' } },
    schema: {
      tags,
      summary: 'The currently effective keys of a config (generated when the schedule needs them)',
      description:
        'The keys in force for the config, generating the next ones when the rotation schedule calls for them.',
      params: SdkConfigParams,
      response: { 200: z.array(SdkKey), ...errors },
    },
    handler: async (request) => service.configKeys(db, requireOrg(request), request.params.config),
  });

  r.get('/orgs/:org/series/:series/sdk-configs', {
    config: { access: { orgRole: 'member' } },
    schema: {
      tags,
      summary: 'SDK configs of one series',
      description: 'The SDK configs limited to this series.',
      params: SeriesParams,
      response: { 200: z.array(SdkConfig), ...errors },
    },
    handler: async (request) => service.listConfigs(db, requireOrg(request), request.params.series),
  });

  r.post('/orgs/:org/series/:series/sdk-configs', {
    config: { access: { orgRole: 'admin' } },
    schema: {
      tags,
      summary: 'Create an SDK config limited to one series',
      description: 'Creates an SDK config whose signed requests reach only this series.',
      params: SeriesParams,
      body: CreateSdkConfig.omit({ series: true }),
      response: { 201: SdkConfigWithKeys, ...errors },
    },
    handler: async (request, reply) =>
      reply.status(201).send(
        changed(
          await service.createConfig(db, requireOrg(request), {
            ...request.body,
            series: request.params.series,
          }),
        ),
      ),
  });

  // Legacy SDK keys: each the single key of a manual config made through these routes (flagged
  // legacy: listed here, not among the configs).
  r.get('/orgs/:org/sdk-keys', {
    config: { access: { orgRole: 'member' } },
    schema: {
      tags,
      summary: 'Legacy SDK keys (their private parts only for admins and owners)',
      description: 'SDK keys in the older one-key form (each a manual SDK config).',
      params: OrgParams,
      response: { 200: z.array(LegacySdkKey), ...errors },
    },
    handler: async (request) => {
      const org = requireOrg(request);
      return keysFor(org.role, await service.listLegacyKeys(db, org));
    },
  });

  r.post('/orgs/:org/sdk-keys', {
    config: { access: { orgRole: 'admin' } },
    schema: {
      tags,
      summary: 'Create a legacy SDK key (a manual SDK config with one key)',
      description: 'Creates an SDK key in the older one-key form: a manual SDK config with a single key.',
      params: OrgParams,
      body: CreateLegacySdkKey,
      response: { 201: LegacySdkKey, ...errors },
    },
    handler: async (request, reply) =>
      reply.status(201).send(changed(await service.createLegacyKey(db, requireOrg(request), request.body))),
  });

  r.get('/orgs/:org/series/:series/sdk-keys', {
    config: { access: { orgRole: 'member' } },
    schema: {
      tags,
      summary: 'Legacy SDK keys of one series (their private parts only for admins and owners)',
      description: 'Legacy SDK keys limited to this series.',
      params: SeriesParams,
      response: { 200: z.array(LegacySdkKey), ...errors },
    },
    handler: async (request) => {
      const org = requireOrg(request);
      return keysFor(org.role, await service.listLegacyKeys(db, org, request.params.series));
    },
  });

  r.post('/orgs/:org/series/:series/sdk-keys', {
    config: { access: { orgRole: 'admin' } },
    schema: {
      tags,
      summary: 'Create a legacy SDK key limited to one series',
      description: 'Creates a legacy SDK key whose signed requests reach only this series.',
      params: SeriesParams,
      body: CreateLegacySdkKey.omit({ series: true }),
      response: { 201: LegacySdkKey, ...errors },
    },
    handler: async (request, reply) =>
      reply.status(201).send(
        changed(
          await service.createLegacyKey(db, requireOrg(request), {
            ...request.body,
            series: request.params.series,
          }),
        ),
      ),
  });

  r.delete('/orgs/:org/sdk-keys/:key', {
    config: { access: { orgRole: 'admin' } },
    schema: {
      tags,
      summary: 'Delete a legacy SDK key',
      description: 'Deletes a legacy SDK key (and its config).',
      params: SdkKeyParams,
      response: { ...noContent, ...errors },
    },
    handler: async (request, reply) => {
      await service.deleteLegacyKey(db, requireOrg(request), request.params.key);
      forgetKeys(caches);
      return reply.status(204).send(null);
    },
  });

  r.get('/console-config', {
    config: { access: 'public' },
    schema: {
      tags: ['generation'],
      summary: 'The public SDK config the web console signs its generation calls with',
      description:
        "The SDK config of this server's own console (its slug and public keys), with which the console signs its playground calls.",
      response: { 200: ConsoleConfig },
    },
    handler: async () => ({ sdk_config: consoleConfig, scopes: CONSOLE_SCOPES }),
  });

  r.post('/jwks', {
    // Called by pages on customers' sites; the handler holds them to the config's own origins.
    config: { access: 'public', cors: 'any-origin' },
    schema: {
      tags: ['generation'],
      summary: 'The currently effective keys of an SDK config, for its allowed origins',
      description:
        'An unknown or disabled config has no keys: the answer is an empty list, which SDKs report as ' +
        '"No valid SDK keys found". A config with allowed origins answers only requests whose Origin ' +
        `is one of them. At most ${JWKS_PER_MINUTE} fetches per minute per config and caller address (then 429). ` +
        "A signed-in member of the config's organisation below admin gets the keys without their private parts.",
      body: JwksRequest,
      response: { 200: z.array(SdkKey), ...errors, 429: ErrorBody },
    },
    handler: async (request, reply) => {
      await admitJwks(request.body.config, request.ip, reply);
      const config = await findConfigBySlug(db, request.body.config);
      if (!config?.enabled) return [];
      if (!originAllowed(config, requestOrigin(request))) {
        throw ApiError.forbidden(KeyMessages.originNotAllowed, { reason: 'origin_not_allowed' });
      }
      const keys = (await service.effectiveKeys(db, config)).map(service.toSdkKey);
      // A signed-in member of the config's organisation gets what the console shows them, whatever
      // Origin the request claims: below admin, no private parts.
      const membership = await app.membershipOf(request, config.orgSlug);
      return membership ? keysFor(membership.role, keys) : keys;
    },
  });
}
