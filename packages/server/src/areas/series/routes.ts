import {
  DefaultSeriesRequest,
  ErrorBody,
  OrgParams,
  OrgSeriesCreate,
  OrgSeriesUpdate,
  ResetResponse,
  SeriesInfo,
  SeriesMintRequest,
  SeriesParams,
  SeriesSliceRequest,
  SeriesTestRequest,
  SlugList,
  StatsList,
  StatsQuery,
} from '@slugsmith/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { requireOrg } from '../../auth/access.js';
import { assertCount, MAX_COUNT } from '../../engine/engine.js';
import { countedSeries, countedSlugs } from '../../platform/counted-calls.js';
import { assertSliceWindow } from '../limits/hooks.js';
import * as service from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const noContent = { 204: z.null().describe('Done') };

/** Product spec §7.3: series of an organisation in the console (members read, admins manage). */
export function seriesRoutes(app: FastifyInstance, { db, caches }: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['series'];

  r.get('/orgs/:org/series', {
    config: { access: { orgRole: 'member' } },
    schema: {
      tags,
      summary: 'Series of an organisation',
      description:
        'Every series of the organisation with its pattern, capacity, minted count and whether it is the default series.',
      params: OrgParams,
      response: { 200: z.array(SeriesInfo), ...errors },
    },
    handler: async (request) => service.listSeries(db, requireOrg(request)),
  });

  r.post('/orgs/:org/series', {
    config: { access: { orgRole: 'admin' } },
    schema: {
      tags,
      summary: 'Create a series (pins the pattern, a random seed, the dictionary bundle and the algorithm)',
      description: `Creates a series: the pattern, a random seed, the dictionary bundle and the ordering algorithm are fixed for its life, so the same positions always give the same slugs. ${service.seriesPatternNote}`,
      params: OrgParams,
      body: OrgSeriesCreate,
      response: { 201: SeriesInfo, ...errors },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await service.createSeries(db, caches, requireOrg(request), request.body)),
  });

  r.get('/orgs/:org/series/:series', {
    config: { access: { orgRole: 'member' } },
    schema: {
      tags,
      summary: 'One series',
      description: 'One series: pattern, capacity, minted count, dates.',
      params: SeriesParams,
      response: { 200: SeriesInfo, ...errors },
    },
    handler: async (request) => service.seriesWithDefault(db, requireOrg(request), request.params.series),
  });

  r.put('/orgs/:org/default-series', {
    config: { access: { orgRole: 'admin' } },
    schema: {
      tags,
      summary:
        "Choose the organisation's default series: the one org-wide API keys use when a call names none",
      description:
        'Makes a series the default: calls with an organisation-wide key that name no series use it.',
      params: OrgParams,
      body: DefaultSeriesRequest,
      response: { 200: SeriesInfo, ...errors },
    },
    handler: async (request) => service.chooseDefaultSeries(db, requireOrg(request), request.body.series),
  });

  r.put('/orgs/:org/series/:series', {
    config: { access: { orgRole: 'admin' } },
    schema: {
      tags,
      summary: 'Rename a series or change its pattern (only while nothing was generated)',
      description: `Renames a series, or gives it a new pattern as long as nothing was minted from it. ${service.seriesPatternNote}`,
      params: SeriesParams,
      body: OrgSeriesUpdate,
      response: { 200: SeriesInfo, ...errors },
    },
    handler: async (request) =>
      service.updateSeries(db, caches, requireOrg(request), request.params.series, request.body),
  });

  r.delete('/orgs/:org/series/:series', {
    config: { access: { orgRole: 'admin' } },
    schema: {
      tags,
      summary: 'Delete a series and its keys',
      description: 'Deletes the series with its counter and the keys limited to it.',
      params: SeriesParams,
      response: { ...noContent, ...errors },
    },
    handler: async (request, reply) => {
      await service.deleteSeries(db, caches, requireOrg(request), request.params.series);
      return reply.status(204).send(null);
    },
  });

  r.get('/orgs/:org/series/:series/stats', {
    config: { access: { orgRole: 'member' } },
    schema: {
      tags,
      summary: 'Usage of a series: the current periods, or with date_part the last periods of that kind',
      description:
        'Slugs and requests of the series per operation: the current periods, or with date_part the last periods of that kind.',
      params: SeriesParams,
      querystring: StatsQuery,
      response: { 200: StatsList, ...errors },
    },
    handler: async (request) => {
      const org = requireOrg(request);
      const row = await service.seriesOrNotFound(db, org, request.params.series);
      return app.stats.query({ kind: 'series', orgId: org.id, seriesId: row.id }, request.query);
    },
  });

  r.post('/orgs/:org/series/:series/test', {
    config: { access: { orgRole: 'member' } },
    schema: {
      tags,
      summary: "Sample slugs of the series' pattern under a random seed (consumes nothing)",
      description:
        "A few slugs of the series' pattern under a random seed, to see what it makes; the series is not touched.",
      params: SeriesParams,
      body: SeriesTestRequest.optional(),
      response: { 200: SlugList, ...errors },
    },
    handler: async (request) => {
      const row = await service.seriesOrNotFound(db, requireOrg(request), request.params.series);
      return service.sample(row, request.body?.count ?? 3);
    },
  });

  // Console mint and slice are held to the plan like /gen/mint and /gen/slice (product spec §3).
  r.post('/orgs/:org/series/:series/slice', {
    config: {
      access: { orgRole: 'member' },
      limits: { operation: 'slice', slugs: 'count' },
      stats: { event: 'slice' },
    },
    schema: {
      tags,
      summary: 'A window of the series by sequence (consumes nothing)',
      description:
        "The slugs of the series from a position on, as mint hands them out, without moving its counter (the console's preview).",
      params: SeriesParams,
      body: SeriesSliceRequest,
      response: { 200: SlugList, ...errors },
    },
    handler: async (request, reply) => {
      const { count, sequence } = request.body;
      assertCount(count, MAX_COUNT);
      const row = await service.seriesOrNotFound(db, requireOrg(request), request.params.series);
      countedSeries(request, row.id);
      assertSliceWindow(request, reply, row, sequence, count);
      return countedSlugs(request, await service.sliceSlugs(row, sequence, count));
    },
  });

  r.post('/orgs/:org/series/:series/mint', {
    // Minting consumes positions for good, like a reset changes the counter: admins only.
    config: {
      access: { orgRole: 'admin' },
      limits: { operation: 'mint', slugs: 'count' },
      stats: { event: 'mint' },
    },
    schema: {
      tags,
      summary: 'The next slugs of the series (consumes them, like POST /gen/mint)',
      description:
        'Mints the next slugs of the series from the console, exactly as POST /gen/mint does with a key (the same plan limits).',
      params: SeriesParams,
      body: SeriesMintRequest,
      response: { 200: SlugList, ...errors },
    },
    handler: async (request) => {
      assertCount(request.body.count, MAX_COUNT);
      const row = await service.seriesOrNotFound(db, requireOrg(request), request.params.series);
      countedSeries(request, row.id);
      return countedSlugs(request, await service.mint(db, row.id, request.body.count));
    },
  });

  r.post('/orgs/:org/series/:series/reset', {
    config: { access: { orgRole: 'admin' }, stats: { event: 'reset' } },
    schema: {
      tags,
      summary: 'Reset the counter to zero: ids generated before may be generated again',
      description: 'Sets the counter back to zero: the slugs minted so far will be handed out again.',
      params: SeriesParams,
      response: { 200: ResetResponse, ...errors },
    },
    handler: async (request) => {
      const org = requireOrg(request);
      const row = await service.seriesOrNotFound(db, org, request.params.series);
      countedSeries(request, row.id);
      const { info: _info, ...answer } = await service.resetSeries(db, org, row);
      return answer;
    },
  });
}
