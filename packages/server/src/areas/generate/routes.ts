import {
  Capacity,
  CreateSeries,
  DictionaryInfo,
  DictionaryTagPage,
  DictionaryTags,
  DictionaryTagsLanguageQuery,
  DictionaryTagsParams,
  DictionaryTagsQuery,
  ErrorBody,
  ExpandResponse,
  ForgeRequest,
  KeyInfo,
  MintRequest,
  PatternInfo,
  PatternInfoRequest,
  ResetRequest,
  ResetResponse,
  SeriesInfo,
  SeriesList,
  SeriesRequest,
  ShortenRequest,
  ShortenResponse,
  SliceRequest,
  SlugList,
  StatsList,
  SubscriptionFeatures,
  UpdateSeries,
} from '@slugsmith/contract';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { requireKey } from '../../auth/access.js';
import {
  assertCount,
  compiledPattern,
  currentGenerator,
  forgeInTurns,
  MAX_COUNT,
  MAX_STREAM_COUNT,
} from '../../engine/engine.js';
import { countedSeries, countedSlugs } from '../../platform/counted-calls.js';
import { ApiError } from '../../platform/errors.js';
import { parseBoundedJson } from '../../platform/json-depth.js';
import { assertSliceWindow } from '../limits/hooks.js';
import { keyLimits } from '../plans/effective-limits.js';
import * as series from '../series/service.js';
import { keyScope } from '../stats/service.js';
import * as service from './service.js';

/** OpenAPI note of the routes whose pattern may read the language bundles. */
const languagePatterns =
  "A word placeholder may name its language ({adjective@de}-{noun@de}), and [@fr] at the end sets every word placeholder's; adjectives agree with the noun beside them. The languages are those dictionary-info lists.";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const noContent = { 204: z.null().describe('Done') };
// Stream answers are text/plain, newline-delimited slugs (written as they are made, never
// serialised: the schema documents them).
const stream = {
  200: { description: 'Newline-delimited slugs', content: { 'text/plain': { schema: z.string() } } },
  ...errors,
};

/**
 * Product spec §7.6: the generation API, called with an API key (`x-api-key`) or a request signed
 * with an SDK key. Every call stays inside the key's organisation, and a series key inside its
 * series.
 */
export function generateRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, caches, streams } = deps;
  const bounds = deps.config.generation;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['generation'];
  // Generation answers are JSON or text for programs, never pages: the page security headers
  // (about 1 KB per answer) are skipped here; nosniff stays.
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, securityHeaders: false };
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('x-content-type-options', 'nosniff');
    done(null, payload);
  });
  // Answers are built by this server from the engine: serialise without re-validating them
  // (the response schemas still document them).
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  // Reference clients post JSON without a JSON content type (fetch defaults to text/plain).
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, body === '' ? undefined : parseBoundedJson(body as string, app.jsonMaxDepth));
    } catch (error) {
      done(error instanceof ApiError ? error : ApiError.badRequest('Invalid JSON body'), undefined);
    }
  });

  r.post('/gen/forge', {
    config: {
      access: { key: 'forge' },
      limits: { operation: 'forge', slugs: 'count', pattern: 'pattern' },
      stats: { event: 'forge' },
      cors: 'any-origin',
    },
    schema: {
      tags,
      summary: 'Slugs from a pattern (no series)',
      description: `Forges count slugs (default 1) from the pattern. With a seed, the same seed and sequence always give the same slugs; without one they are random. Counted against the plan's per-request maximum, rate and quotas (429 with Retry-After beyond them). ${languagePatterns}`,
      body: ForgeRequest,
      response: { 200: SlugList, ...errors },
    },
    handler: async (request) => {
      const { pattern, count, seed, sequence } = request.body;
      assertCount(count, MAX_COUNT);
      const compiled = await compiledPattern(pattern);
      const slugs = await forgeInTurns(currentGenerator(), compiled, { seed, sequence, count });
      return countedSlugs(request, slugs);
    },
  });

  r.post('/gen/forge/stream', {
    config: {
      access: { key: 'forge' },
      limits: { operation: 'forge', stream: true, slugs: 'count', pattern: 'pattern' },
      stats: { event: 'forge', stream: true },
      cors: 'any-origin',
      compress: false,
    },
    schema: {
      tags,
      summary: 'Slugs from a pattern, newline-delimited',
      description: `Like /gen/forge for large counts: the slugs are written one per line as they are made. Counts above the JSON call's maximum are allowed up to the plan's stream limit; each key may hold a bounded number of open streams (429 beyond). ${languagePatterns}`,
      body: ForgeRequest,
      response: stream,
    },
    handler: async (request, reply) => {
      const { pattern, count, seed, sequence } = request.body;
      assertCount(count, MAX_STREAM_COUNT);
      const open = streams.admit(requireKey(request).id, reply);
      const body = await service.forgeStream(pattern, seed, sequence, count, open);
      return reply.type('text/plain; charset=utf-8').send(body as never);
    },
  });

  // Pattern-info and the deprecated capacity call read the same thing: one access and limit rule.
  // Their pattern meets the plan's component and complexity limits from its parse, before any
  // word list is built: a pattern the plan would not forge is not compiled for information either.
  const patternInfoConfig = {
    access: { key: 'any' },
    limits: { operation: 'pattern-info', pattern: 'pattern' },
    cors: 'any-origin',
  } as const satisfies FastifyContextConfig;

  r.post('/gen/pattern-info', {
    config: patternInfoConfig,
    schema: {
      tags,
      summary: 'Capacity, length and complexity of a pattern',
      description: `Parses the pattern and answers its exact capacity (a decimal string, it may exceed 2^53), the longest slug in bytes, its complexity and number of components. A pattern the parser refuses is a 400 whose details say where (start, end). ${languagePatterns}`,
      body: PatternInfoRequest,
      response: { 200: PatternInfo, ...errors },
    },
    handler: async (request) => currentGenerator().patternInfo(await compiledPattern(request.body.pattern)),
  });

  // The reference TS SDK's `checkCapacity` (deprecated there, still shipped): the capacity as a
  // JSON string, which it reads with Number(). Limited as pattern-info is.
  r.post('/forge/capacity', {
    config: patternInfoConfig,
    schema: {
      tags,
      deprecated: true,
      summary: 'Capacity of a pattern, as a decimal string (deprecated: use /gen/pattern-info)',
      description: `Kept for the reference TypeScript SDK's checkCapacity: the capacity alone, as a JSON string of decimal digits. ${languagePatterns}`,
      body: PatternInfoRequest,
      response: { 200: Capacity, ...errors },
    },
    handler: async (request, reply) => {
      const { capacity } = currentGenerator().patternInfo(await compiledPattern(request.body.pattern));
      // A string reply is sent as text by Fastify: the JSON string is written here.
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(capacity));
    },
  });

  r.post('/gen/mint', {
    config: {
      access: { key: 'mint' },
      limits: { operation: 'mint', slugs: 'count' },
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
      return countedSlugs(request, await series.mint(db, id, request.body.count));
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

  r.get('/gen/dictionary-info', {
    config: { access: { key: 'any' }, cors: 'any-origin' },
    schema: {
      tags,
      summary: 'Dictionaries of the current bundles and their sizes, per language',
      description:
        'Every word kind a pattern may use ({adjective}, {noun} …), per language, with its word count.',
      response: { 200: DictionaryInfo, ...errors },
    },
    handler: async () => currentGenerator().dictionaryInfo(),
  });

  r.get('/gen/dictionary-tags', {
    config: { access: { key: 'any' }, cors: 'any-origin' },
    schema: {
      tags,
      summary:
        'Tags of the current bundles, per kind, for a language (?language=, default en; all: every language)',
      description:
        'The tags that narrow a kind in a pattern ({noun:+animal-food}), with their meaning, word count and whether they are opt-in.',
      querystring: DictionaryTagsLanguageQuery,
      response: { 200: DictionaryTags, ...errors },
    },
    handler: async (request) => service.dictionaryTags(request.query.language),
  });

  r.get('/gen/dictionary-tags/:kind', {
    config: { access: { key: 'any' }, cors: 'any-origin' },
    schema: {
      tags,
      summary: 'Tags of one dictionary kind in one language (?language=, default en), a page at a time',
      description: 'The tags of one kind, a page at a time (offset, limit), for a language.',
      params: DictionaryTagsParams,
      querystring: DictionaryTagsQuery,
      response: { 200: DictionaryTagPage, ...errors },
    },
    handler: async (request) =>
      service.dictionaryTagPage(
        request.params.kind,
        request.query.language,
        request.query.limit,
        request.query.offset,
      ),
  });

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

  r.get('/generator/dictionary-stats', {
    config: { access: 'public', cors: 'any-origin' },
    schema: {
      tags,
      summary: 'Dictionaries of the current bundles and their sizes, per language',
      description: "The same as /gen/dictionary-info, without credentials (the reference clients' path).",
      response: { 200: DictionaryInfo },
    },
    handler: async () => currentGenerator().dictionaryInfo(),
  });

  r.get('/tags', {
    config: { access: 'public', cors: 'any-origin' },
    schema: {
      tags,
      summary:
        'Tags of the current bundles, per kind, for a language (?language=, default en; all: every language)',
      description: "The same as /gen/dictionary-tags, without credentials (the reference clients' path).",
      querystring: DictionaryTagsLanguageQuery,
      response: { 200: DictionaryTags },
    },
    handler: async (request) => service.dictionaryTags(request.query.language),
  });

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
      service.shorten(db, requireKey(request), request.body, bounds.shortLinks, reply),
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
