// Usage in the current periods as a key sees it: the whole service's, or its organisation's.
import { SeriesRequest, StatsList } from '@slugsmith/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { requireKey } from '../../auth/access.js';
import { keyScope } from '../stats/service.js';
import { errors, tags } from './route-parts.js';

/** The service-wide ticker and the organisation's (or one series') latest usage. */
export function usageRoutes(app: FastifyInstance, { db }: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Service-wide, as the reference SDK documents it (the public ticker's rows): any key may read
  // it, the console's public SDK config too. An organisation's own usage: `/gen/stats/latest`.
  r.get('/gen/stats/totals', {
    config: { access: { key: 'any' }, cors: 'any-origin' },
    schema: {
      tags,
      summary: 'Usage of the whole service (every organisation) in the current periods',
      description: 'Slugs and requests of every organisation together, per period.',
      response: { 200: StatsList, ...errors },
    },
    handler: async () => app.stats.ticker(),
  });

  r.post('/gen/stats/latest', {
    config: { access: { key: 'stats' }, cors: 'any-origin' },
    schema: {
      tags,
      summary: 'Usage of one series (none named: the whole organisation) in the current periods',
      description:
        'Slugs and requests per operation in the current hour, day, week (from Monday), month, year and in total (UTC); a series key sees its own series.',
      body: SeriesRequest.optional(),
      response: { 200: StatsList, ...errors },
    },
    handler: async (request) =>
      app.stats.latest(await keyScope(db, requireKey(request), request.body?.series)),
  });
}
