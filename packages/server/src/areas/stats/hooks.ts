import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onResponseHookHandler,
  onSendHookHandler,
  RouteOptions,
} from 'fastify';
import type { StatsEvent } from './recorder.js';
import type { StatsService } from './service.js';

/**
 * The calls statistics count (product spec §1): the generation API (key callers) and the
 * console's mint, slice and reset of a series (signed-in members, no key). Paths without the API prefix.
 */
const COUNTED: Record<string, { event: StatsEvent; via: 'key' | 'console' }> = {
  'POST /gen/forge': { event: 'forge', via: 'key' },
  'POST /gen/forge/stream': { event: 'forge', via: 'key' },
  'POST /gen/mint': { event: 'mint', via: 'key' },
  'POST /gen/mint/stream': { event: 'mint', via: 'key' },
  'POST /gen/slice': { event: 'slice', via: 'key' },
  'POST /gen/slice/stream': { event: 'slice', via: 'key' },
  'POST /gen/reset': { event: 'reset', via: 'key' },
  'POST /orgs/:org/series/:series/mint': { event: 'mint', via: 'console' },
  'POST /orgs/:org/series/:series/slice': { event: 'slice', via: 'console' },
  'POST /orgs/:org/series/:series/reset': { event: 'reset', via: 'console' },
};

declare module 'fastify' {
  interface FastifyRequest {
    /** Slugs in the answer of a counted call (see countedSlugs; streams: counted as they pass). */
    statsSlugs: number;
  }
}

function newlines(chunk: Buffer | string): number {
  let n = 0;
  if (typeof chunk === 'string') {
    for (let i = chunk.indexOf('\n'); i >= 0; i = chunk.indexOf('\n', i + 1)) n++;
    return n;
  }
  for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) n++;
  return n;
}

/**
 * The slugs a counted call answers, as statistics record them: its handler passes its answer
 * through here. (A preSerialization hook could see the answer too, but costs every call a run of
 * Fastify's hook machinery, about 1 % of a forge's time.)
 */
export function countedSlugs<T extends readonly unknown[]>(request: FastifyRequest, slugs: T): T {
  request.statsSlugs = slugs.length;
  return slugs;
}

/** Streams answer one slug per line: the lines are counted as they pass. */
const countStream: onSendHookHandler = async (request, _reply, payload) => {
  if (!(payload instanceof Readable)) return payload;
  const counter = new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      request.statsSlugs += newlines(chunk);
      done(null, chunk);
    },
  });
  // Errors end both streams; the answer is then cut short and only what passed is counted.
  pipeline(payload, counter).catch(() => {});
  return counter;
};

function asArray<T>(hooks: T | T[] | undefined): T[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}

/**
 * Counts every successful generation call of `scope` (registered before its routes): slugs
 * answered, one request, and the time from receiving the request to the last byte sent, per
 * organisation, series and key. Only the counted routes get hooks; recording is a map update.
 */
export function installStatsRecording(scope: FastifyInstance, stats: StatsService, prefix: string): void {
  // Declared even when not recording: handlers set it through countedSlugs.
  scope.decorateRequest('statsSlugs', 0);
  if (!stats.recording) return;

  // Synchronous: the call is in the buffer before the client can see the answer end.
  const record = (event: StatsEvent, via: 'key' | 'console'): onResponseHookHandler =>
    function recordCall(request: FastifyRequest, reply: FastifyReply, done: () => void) {
      if (reply.statusCode < 300) recordOne(request, reply, event, via);
      done();
    };
  function recordOne(
    request: FastifyRequest,
    reply: FastifyReply,
    event: StatsEvent,
    via: 'key' | 'console',
  ) {
    const durationUs = reply.elapsedTime * 1000;
    const count = event === 'reset' ? 1 : request.statsSlugs;
    if (via === 'key') {
      const key = request.caller.key;
      if (!key) return;
      const slug = (request.body as { series?: unknown } | undefined)?.series;
      stats.recorder.record({
        orgId: key.orgId,
        seriesId: event === 'forge' ? null : key.seriesId,
        seriesSlug: event !== 'forge' && typeof slug === 'string' ? slug : null,
        keyId: key.id,
        event,
        count,
        durationUs,
      });
      return;
    }
    const org = request.caller.org;
    if (!org) return;
    const slug = (request.params as { series: string }).series;
    stats.recorder.record({
      orgId: org.id,
      seriesId: null,
      seriesSlug: slug,
      keyId: null,
      event,
      count,
      durationUs,
    });
  }

  scope.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const path = route.url.startsWith(prefix) ? route.url.slice(prefix.length) : route.url;
    const counted = methods.map((m) => COUNTED[`${m} ${path}`]).find((c) => c !== undefined);
    if (!counted) return;
    if (path.endsWith('/stream')) route.onSend = [...asArray(route.onSend), countStream];
    route.onResponse = [...asArray(route.onResponse), record(counted.event, counted.via)];
  });
}
