// The slugs of a series: minted (consumed), sliced (read without consuming), or reset to zero.
import { MintRequest, ResetRequest, ResetResponse, SliceRequest, SlugList } from '@slugsmith/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { requireKey } from '../../auth/access.js';
import { assertCount, MAX_COUNT, MAX_STREAM_COUNT } from '../../engine/engine.js';
import { countedSeries, countedSlugs } from '../../platform/counted-calls.js';
import { assertSliceWindow, whileAdmitted } from '../limits/hooks.js';
import * as series from '../series/service.js';
import { errors, stream, tags } from './route-parts.js';
import * as service from './service.js';

/** Mint and slice (JSON and streamed) and reset, within the key's organisation or its own series. */
export function seriesSlugRoutes(app: FastifyInstance, { db, caches, streams }: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/gen/mint', {
    config: {
      access: { key: 'mint' },
      limits: { operation: 'mint', slugs: 'count', overlap: true },
      stats: { event: 'mint' },
      cors: 'any-origin',
    },
    schema: {
      tags,
      summary: 'The next slugs of a series (consumes them)',
      description:
        "Hands out the next count slugs of a series and moves its counter past them: no slug is ever handed out twice (until a reset). Without series, the key's own series (a series key) or the organisation's default series.",
      body: MintRequest,
      response: { 200: SlugList, ...errors },
    },
    handler: async (request) => {
      assertCount(request.body.count, MAX_COUNT);
      const id = countedSeries(
        request,
        await service.seriesIdFor(db, caches, requireKey(request), request.body.series),
      );
      const alongside: series.AlongsideAdmission = (work, undo) => whileAdmitted(request, work, undo);
      return countedSlugs(request, await series.mint(db, id, request.body.count, alongside));
    },
  });

  r.post('/gen/mint/stream', {
    config: {
      access: { key: 'mint' },
      limits: { operation: 'mint', stream: true, slugs: 'count' },
      stats: { event: 'mint', stream: true },
      cors: 'any-origin',
      compress: false,
    },
    schema: {
      tags,
      summary: 'The next slugs of a series, newline-delimited, reserved batch by batch',
      description:
        'Like /gen/mint for large counts, one slug per line: the series is advanced batch by batch (batch_size), so a stream that breaks off has used up only the batches it reached.',
      body: MintRequest,
      response: stream,
    },
    handler: async (request, reply) => {
      const { count, batch_size, series: slug } = request.body;
      assertCount(count, MAX_STREAM_COUNT);
      const key = requireKey(request);
      const id = countedSeries(request, await service.seriesIdFor(db, caches, key, slug));
      const open = streams.admit(key.id, reply);
      return reply
        .type('text/plain; charset=utf-8')
        .send((await service.mintStream(db, id, count, batch_size, open)) as never);
    },
  });

  r.post('/gen/slice', {
    config: {
      access: { key: 'slice' },
      limits: { operation: 'slice', slugs: 'count' },
      stats: { event: 'slice' },
      cors: 'any-origin',
    },
    schema: {
      tags,
      summary: 'A window of a series by sequence (consumes nothing)',
      description:
        'The slugs of a series from position sequence on (default 0), exactly as mint hands them out, without moving the counter: a preview or a re-read.',
      body: SliceRequest,
      response: { 200: SlugList, ...errors },
    },
    handler: async (request, reply) => {
      assertCount(request.body.count, MAX_COUNT);
      const row = await series.seriesFor(db, requireKey(request), request.body.series);
      countedSeries(request, row.id);
      assertSliceWindow(request, reply, row, request.body.sequence, request.body.count);
      return countedSlugs(request, await series.sliceSlugs(row, request.body.sequence, request.body.count));
    },
  });

  r.post('/gen/slice/stream', {
    config: {
      access: { key: 'slice' },
      limits: { operation: 'slice', stream: true, slugs: 'count' },
      stats: { event: 'slice', stream: true },
      cors: 'any-origin',
      compress: false,
    },
    schema: {
      tags,
      summary: 'A window of a series, newline-delimited',
      description: 'Like /gen/slice for large windows, one slug per line.',
      body: SliceRequest,
      response: stream,
    },
    handler: async (request, reply) => {
      const { count, batch_size, sequence, series: slug } = request.body;
      assertCount(count, MAX_STREAM_COUNT);
      const row = await series.seriesFor(db, requireKey(request), slug);
      countedSeries(request, row.id);
      assertSliceWindow(request, reply, row, sequence, count);
      const open = streams.admit(requireKey(request).id, reply);
      return reply
        .type('text/plain; charset=utf-8')
        .send((await service.sliceStream(row, sequence, count, batch_size, open)) as never);
    },
  });

  r.post('/gen/reset', {
    config: {
      access: { key: 'reset' },
      limits: { operation: 'reset' },
      stats: { event: 'reset' },
      cors: 'any-origin',
    },
    schema: {
      tags,
      summary: 'Reset a series to zero: earlier ids may be generated again',
      description:
        "Sets the series' counter back to zero: the slugs minted so far will be handed out again. Meant for development and tests; needs the reset scope.",
      body: ResetRequest.nullish(),
      response: { 200: ResetResponse, ...errors },
    },
    handler: async (request) => {
      const key = requireKey(request);
      const row = await series.seriesFor(db, key, request.body?.series);
      countedSeries(request, row.id);
      const { info: _info, ...answer } = await series.resetSeries(db, series.orgOf(key), row);
      return answer;
    },
  });
}
