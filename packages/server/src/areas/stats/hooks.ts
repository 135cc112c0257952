import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onResponseHookHandler,
  onSendHookHandler,
} from 'fastify';
import type { StatsEvent } from '../../platform/counted-calls.js';
import { withHook } from '../../platform/route-hooks.js';
import type { StatsService } from './service.js';

function newlines(chunk: Buffer | string): number {
  let n = 0;
  if (typeof chunk === 'string') {
    for (let i = chunk.indexOf('\n'); i >= 0; i = chunk.indexOf('\n', i + 1)) n++;
    return n;
  }
  for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) n++;
  return n;
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

/**
 * Declares what handlers of counted routes write (countedSlugs, countedSeries) on every request:
 * set only on some, it would give those a hidden class of their own.
 */
export function declareCountedSlugs(app: FastifyInstance): void {
  app.decorateRequest('statsSlugs', 0);
  app.decorateRequest('statsSeriesId', null);
}

/**
 * Counts every successful call of the routes registered after it that declare `config.stats`:
 * slugs answered, one request, and the time from receiving the request to the last byte sent,
 * per organisation, series and key. Only those routes get hooks; recording is a map update.
 */
export function installStatsRecording(app: FastifyInstance, stats: StatsService): void {
  declareCountedSlugs(app);
  app.addHook('onRoute', (route) => {
    const counted = route.config?.stats;
    if (!counted) return;
    if (counted.stream) route.onSend = withHook(route.onSend, countStream);
    route.onResponse = withHook(route.onResponse, recorder(stats, counted.event));
  });
}

/** The route's onResponse hook: synchronous, so the call is in the buffer before the client sees the answer end. */
function recorder(stats: StatsService, event: StatsEvent): onResponseHookHandler {
  return function recordCall(request: FastifyRequest, reply: FastifyReply, done: () => void) {
    if (reply.statusCode < 300) recordOne(stats, request, reply, event);
    done();
  };
}

function recordOne(stats: StatsService, request: FastifyRequest, reply: FastifyReply, event: StatsEvent) {
  const durationUs = reply.elapsedTime * 1000;
  const count = event === 'reset' ? 1 : request.statsSlugs;
  const key = request.caller.key;
  if (key) {
    // A forge has no series, even with a series key.
    const seriesId = event === 'forge' ? null : (request.statsSeriesId ?? key.seriesId);
    const slug = (request.body as { series?: unknown } | undefined)?.series;
    stats.recorder.record({
      orgId: key.orgId,
      seriesId,
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
  const slug = (request.params as { series?: unknown }).series;
  stats.recorder.record({
    orgId: org.id,
    seriesId: request.statsSeriesId,
    seriesSlug: typeof slug === 'string' ? slug : null,
    keyId: null,
    event,
    count,
    durationUs,
  });
}
