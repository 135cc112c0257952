// Slugs from a pattern (no series) and what a pattern can give: its capacity, length, complexity.
import { Capacity, ForgeRequest, PatternInfo, PatternInfoRequest, SlugList } from '@slugsmith/contract';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
import { countedSlugs } from '../../platform/counted-calls.js';
import { errors, languagePatterns, stream, tags } from './route-parts.js';
import * as service from './service.js';

/** Forge (JSON and streamed), pattern-info and the reference SDK's deprecated capacity call. */
export function forgeRoutes(app: FastifyInstance, { streams }: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

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
}
