// Short links: a pattern stored under a short code (itself a slug) and expanded again.
import { ErrorBody, ExpandResponse, ShortenRequest, ShortenResponse } from '@slugsmith/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { requireKey } from '../../auth/access.js';
import { errors, tags } from './route-parts.js';
import * as service from './service.js';

/** Shorten (a forge that stores its pattern, bounded per organisation) and expand. */
export function shortLinkRoutes(app: FastifyInstance, { db, config }: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // A short link is a forge that stores its pattern: the forge switch, rate and quota (one slug)
  // and pattern checks apply, and the organisation's stored links are bounded.
  r.post('/shorten', {
    config: {
      access: { key: 'forge' },
      limits: { operation: 'forge', slugs: 1, pattern: 'pattern' },
      cors: 'any-origin',
    },
    schema: {
      tags,
      summary: 'Store a pattern under a short code (itself a slug)',
      description:
        'Stores a pattern and answers a short code (itself a slug) that /expand turns back into the pattern, for sharing a pattern in a link. Codes per day are bounded (429 beyond).',
      body: ShortenRequest,
      response: { 200: ShortenResponse, ...errors, 429: ErrorBody },
    },
    handler: async (request, reply) =>
      service.shorten(db, requireKey(request), request.body, config.generation.shortLinks, reply),
  });

  r.get('/expand/:code', {
    config: { access: 'public', cors: 'any-origin' },
    schema: {
      tags,
      summary: 'The pattern behind a short code',
      description: 'The pattern a short code was made for (404 for an unknown code).',
      params: z.object({ code: z.string().min(1).max(200).describe('A short code answered by /shorten') }),
      response: { 200: ExpandResponse, ...errors },
    },
    handler: async (request) => service.expand(db, request.params.code),
  });
}
