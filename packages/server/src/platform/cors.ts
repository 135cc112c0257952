import type { FastifyInstance, FastifyReply, onRequestHookHandler } from 'fastify';
import { withHook } from './route-hooks.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `any-origin`: pages on any site may call the route (the generation API, called from
     * customers' own sites). Without it, only the console's origins (`CorsPolicy.origins`) may.
     */
    cors?: 'any-origin';
  }
}

export interface CorsPolicy {
  /** Origins the console API answers (`true`: any). */
  origins: string[] | true;
  methods: string[];
  allowedHeaders: string[];
  exposedHeaders: string[];
  maxAgeSeconds: number;
}

/**
 * CORS for every route registered after it, chosen once per route from its `config.cors`: an
 * onRequest hook of the route's own, so that no request looks its route's rule up.
 *
 * A request without Origin costs one header read; one with an allowed Origin gets its headers; a
 * preflight is answered at once, before authentication (browsers send no credentials on it).
 * Preflights are routed by URL: an `any-origin` route gets an OPTIONS route of its own, every
 * other path the catch-all one (console origins).
 *
 * Why not @fastify/cors: deciding per route needs its delegator mode, which rebuilds and
 * normalises the options object on every request, also for the servers that call the generation
 * API and send no Origin at all (about a tenth of a forge's CPU).
 */
export function installCors(server: FastifyInstance, policy: CorsPolicy): void {
  const consoleOrigins = policy.origins;
  const forConsole = corsHook(
    policy,
    consoleOrigins === true ? () => true : (origin) => consoleOrigins.includes(origin),
  );
  const forAnyOrigin = corsHook(policy, () => true);
  const preflightRoutes = new Set<string>();

  server.addHook('onRoute', function chooseCors(route) {
    const open = route.config?.cors === 'any-origin';
    route.onRequest = withHook(route.onRequest, open ? forAnyOrigin : forConsole);
    if (!open || [route.method].flat().includes('OPTIONS') || preflightRoutes.has(route.url)) return;
    preflightRoutes.add(route.url);
    // Registered from within onRoute, this route passes through here too: as an OPTIONS route it
    // gets the hook and no preflight route of its own.
    this.route({
      method: 'OPTIONS',
      url: route.routePath,
      config: { access: 'public', cors: 'any-origin' },
      schema: { hide: true },
      handler: notAPreflight,
    });
  });
  server.options('*', { config: { access: 'public' }, schema: { hide: true }, handler: notAPreflight });
}

/** An OPTIONS request that is no preflight (those are answered by the hook) is not found. */
function notAPreflight(_request: unknown, reply: FastifyReply): void {
  reply.callNotFound();
}

function corsHook(policy: CorsPolicy, allowed: (origin: string) => boolean): onRequestHookHandler {
  const methods = policy.methods.join(', ');
  const allowedHeaders = policy.allowedHeaders.join(', ');
  const exposedHeaders = policy.exposedHeaders.join(', ');
  const maxAge = String(policy.maxAgeSeconds);
  return function cors(request, reply, done) {
    const origin = request.headers.origin;
    if (origin === undefined) return done();
    // Answers differ by Origin: shared caches must keep them apart.
    reply.header('vary', 'Origin');
    // A refused origin gets no CORS headers: the browser then withholds the answer.
    if (!allowed(origin)) return done();
    reply.header('access-control-allow-origin', origin);
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined) {
      reply
        .header('access-control-allow-methods', methods)
        .header('access-control-allow-headers', allowedHeaders)
        .header('access-control-max-age', maxAge)
        .header('content-length', '0')
        .code(204)
        .send();
      return;
    }
    reply.header('access-control-expose-headers', exposedHeaders);
    done();
  };
}
