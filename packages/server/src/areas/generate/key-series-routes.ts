// A key's series: listed, created, changed, deleted and described with an API key (the console
// manages them under /orgs).
import { CreateSeries, SeriesInfo, SeriesList, SeriesRequest, UpdateSeries } from '@slugsmith/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { requireKey } from '../../auth/access.js';
import { ApiError } from '../../platform/errors.js';
import * as series from '../series/service.js';
import { errors, noContent, tags } from './route-parts.js';
import * as service from './service.js';

/** The series of the key's organisation (a series key: its own) by key scope. */
export function keySeriesRoutes(app: FastifyInstance, { db, caches }: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/gen/series', {
    config: { access: { key: 'series:read' }, cors: 'any-origin' },
    schema: {
      tags,
      summary: 'Series the key can reach, as {slug: name}',
      description: 'The series this key can reach (a series key: its own), as an object of slug to name.',
      response: { 200: SeriesList, ...errors },
    },
    handler: async (request) => service.seriesNames(db, requireKey(request)),
  });

  r.post('/gen/series', {
    config: { access: { key: 'series:create' }, cors: 'any-origin' },
    schema: {
      tags,
      summary: 'Create a series',
      description: `Creates a series of the key's organisation with a name and a pattern; its slug is made from the name. ${series.seriesPatternNote}`,
      body: CreateSeries,
      response: { 201: SeriesInfo, ...errors },
    },
    handler: async (request, reply) => {
      const key = requireKey(request);
      if (key.seriesId) throw ApiError.forbidden('Insufficient permissions', { reason: 'series_key' });
      return reply.status(201).send(await series.createSeries(db, caches, series.orgOf(key), request.body));
    },
  });

  r.put('/gen/series', {
    config: { access: { key: 'series:update' }, cors: 'any-origin' },
    schema: {
      tags,
      summary: 'Rename a series or change its pattern (only while nothing was generated)',
      description: `Renames a series, or gives it a new pattern as long as nothing was minted from it. ${series.seriesPatternNote}`,
      body: UpdateSeries,
      response: { 200: SeriesInfo, ...errors },
    },
    handler: async (request) => {
      const key = requireKey(request);
      const row = await series.seriesFor(db, key, request.body.series);
      const { name, pattern } = request.body;
      return series.updateSeries(db, caches, series.orgOf(key), row.slug, { name, pattern });
    },
  });

  r.delete('/gen/series', {
    config: { access: { key: 'series:delete' }, cors: 'any-origin' },
    schema: {
      tags,
      summary: 'Delete a series',
      description: 'Deletes a series and its counter, for good.',
      body: SeriesRequest.required(),
      response: { ...noContent, ...errors },
    },
    handler: async (request, reply) => {
      const key = requireKey(request);
      const row = await series.seriesFor(db, key, request.body.series);
      await series.deleteSeries(db, caches, series.orgOf(key), row.slug);
      return reply.status(204).send(null);
    },
  });

  r.post('/gen/series-info', {
    config: { access: { key: 'any' }, cors: 'any-origin' },
    schema: {
      tags,
      summary: 'One series (a series key: its own)',
      description:
        "Name, pattern, capacity, minted count and dates of one series (omitted: the key's own or the default series).",
      body: SeriesRequest.optional(),
      response: { 200: SeriesInfo, ...errors },
    },
    handler: async (request) => {
      const key = requireKey(request);
      return series.toSeriesInfo(await series.seriesFor(db, key, request.body?.series), key.orgSlug);
    },
  });
}
