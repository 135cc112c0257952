// Prometheus metrics of one app (issue 36 item 4; docs/metrics.md): a registry of its own (tests
// build several apps in one process), Node's default metrics (event-loop delay, heap, GC, CPU),
// request durations by route pattern and status class, slugs by operation, and values read when
// scraped. Built only when METRICS or METRICS_TOKEN turns /metrics on: otherwise no hook runs.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyContextConfig, FastifyInstance, FastifyRequest, onResponseHookHandler } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { ApiError } from './errors.js';
import { withHook } from './route-hooks.js';

/** Seconds, from a cached forge (well under a millisecond) to a slow document write. */
const DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

type RequestLabels = 'method' | 'route' | 'status_class';

export class Metrics {
  readonly registry = new Registry();
  readonly requestSeconds = new Histogram<RequestLabels>({
    name: 'slugsmith_http_request_duration_seconds',
    help: 'Time from receiving a request to the last byte of its answer, by route pattern and status class',
    labelNames: ['method', 'route', 'status_class'],
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });
  readonly slugs = new Counter<'operation'>({
    name: 'slugsmith_slugs_generated_total',
    help: 'Slugs answered by successful generation calls (streams included), by operation',
    labelNames: ['operation'],
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  /**
   * A gauge whose values `read` sets when Prometheus scrapes. A read that fails leaves the gauge
   * out of that scrape rather than failing it (slugsmith_database_up says why).
   */
  gauge<L extends string = never>(
    name: string,
    help: string,
    labelNames: readonly L[],
    read: (gauge: Gauge<L>) => Promise<void> | void,
  ): void {
    new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        this.reset();
        try {
          await read(this);
        } catch {
          this.reset();
        }
      },
    });
  }

  /** A counter whose running total is kept elsewhere, read when Prometheus scrapes. */
  total(name: string, help: string, read: () => number): void {
    new Counter({
      name,
      help,
      registers: [this.registry],
      collect() {
        this.reset();
        this.inc(read());
      },
    });
  }
}

/** What a route's successful calls add to slugs_generated_total: the operation and how many. */
export interface SlugCount {
  operation: string;
  count: (request: FastifyRequest) => number;
}

/**
 * Times every route registered after it (its pattern, never the raw URL, so the series stay few)
 * and counts the slugs of the routes `slugsOf` names. One callback hook per route with its label
 * sets cached: a map look-up and a bucket update per request.
 */
export function installRequestMetrics(
  app: FastifyInstance,
  metrics: Metrics,
  slugsOf: (config: FastifyContextConfig) => SlugCount | undefined,
): void {
  app.addHook('onRoute', (route) => {
    route.onResponse = withHook(route.onResponse, observer(metrics, route.url, slugsOf(route.config ?? {})));
  });
}

function observer(metrics: Metrics, route: string, counted: SlugCount | undefined): onResponseHookHandler {
  const timers = new Map<string, Histogram.Internal<RequestLabels>>();
  const slugs = counted && metrics.slugs.labels(counted.operation);
  return function observeRequest(request, reply, done) {
    const statusClass = `${Math.trunc(reply.statusCode / 100)}xx`;
    const key = request.method + statusClass;
    let timer = timers.get(key);
    if (!timer) {
      timer = metrics.requestSeconds.labels(request.method, route, statusClass);
      timers.set(key, timer);
    }
    timer.observe(reply.elapsedTime / 1000);
    if (slugs && reply.statusCode < 300) {
      const n = (counted as SlugCount).count(request);
      if (n > 0) slugs.inc(n);
    }
    done();
  };
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Who may read /metrics: with a token, whoever presents it as a bearer token (from anywhere);
 * without, a caller on this machine that no proxy forwarded (a proxy on the same machine would
 * make every visitor look local).
 */
export function metricsRefusal(request: FastifyRequest, token: string | undefined): ApiError | undefined {
  if (token !== undefined) {
    const [scheme, given] = (request.headers.authorization ?? '').split(' ', 2);
    if (scheme?.toLowerCase() === 'bearer' && given && sameSecret(given, token)) return undefined;
    return ApiError.unauthorized('Metrics need the bearer token set in METRICS_TOKEN');
  }
  const forwarded =
    request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  if (LOOPBACK.has(request.socket.remoteAddress ?? '') && !forwarded) return undefined;
  return ApiError.forbidden(
    'Metrics are served to this machine only: set METRICS_TOKEN to scrape from elsewhere',
  );
}

/** Compares digests, so that the time taken says nothing of the token. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** GET /metrics in Prometheus's text format, to the callers metricsRefusal admits. */
export function metricsRoute(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  app.get('/metrics', {
    // Scraped every few seconds: not logged per request (warnings and errors still are).
    logLevel: 'warn',
    config: { access: 'public' },
    handler: async (request, reply) => {
      const refusal = metricsRefusal(request, token);
      if (refusal) {
        if (refusal.status === 401) reply.header('www-authenticate', 'Bearer');
        throw refusal;
      }
      reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store');
      return metrics.registry.metrics();
    },
  });
}
