// What the calling key is, and which plan features and limits hold for it.
import { KeyInfo, SubscriptionFeatures } from '@slugsmith/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { requireKey } from '../../auth/access.js';
import { keyLimits } from '../plans/effective-limits.js';
import { errors, tags } from './route-parts.js';
import * as service from './service.js';

/** The key's own description and its organisation's plan limits. */
export function keyInfoRoutes(app: FastifyInstance, { db, caches }: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/key-info', {
    config: { access: { key: 'any' }, cors: 'any-origin' },
    schema: {
      tags,
      summary: 'What the calling key is and may do',
      description:
        "The calling key's kind (API key or SDK config), its organisation, its series (a series key) and its scopes.",
      response: { 200: KeyInfo, ...errors },
    },
    handler: async (request) => service.keyInfo(requireKey(request)),
  });

  r.get('/limits', {
    config: { access: { key: 'any' }, cors: 'any-origin' },
    schema: {
      tags,
      summary: "Features and limits of the key's organisation (its SaaS plan)",
      description:
        "The plan features and limits that hold for the key's organisation: per-request maximums, rates, quotas, pattern limits (-1: unlimited).",
      response: { 200: SubscriptionFeatures, ...errors },
    },
    handler: async (request) => keyLimits(db, caches, requireKey(request)),
  });
}
