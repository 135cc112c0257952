import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { ApiError } from './errors.js';

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
 * CORS for every answer, chosen by the route's `config.cors`: an onSend hook, so that refusals of
 * the access check, plan limits, not-found answers and every other error carry the headers too
 * (without them a page's fetch sees a network error instead of the refusal).
 *
 * A response to a request without Origin costs one header read; one with an allowed Origin gets
 * its headers. Preflights are answered by OPTIONS routes, routed by URL: an `any-origin` route
 * gets an OPTIONS route of its own, every other path the catch-all one (console origins).
 * Browsers send no credentials on a preflight, and those routes are public.
 *
 * A path no route serves is the same to every origin: its 404 carries CORS headers for any
 * origin, and so does its preflight, so that a page calling a mistyped path sees the 404 rather
 * than a CORS failure.
 *
 * Why not @fastify/cors: deciding per route needs its delegator mode, which rebuilds and
 * normalises the options object on every request, also for the servers that call the generation
 * API and send no Origin at all (about a tenth of a forge's CPU).
 */
export function installCors(server: FastifyInstance, policy: CorsPolicy): CorsHeaders {
  const consoleOrigins = policy.origins;
  const forConsole: Allowed =
    consoleOrigins === true ? () => true : (origin) => consoleOrigins.includes(origin);
  const forAnyOrigin: Allowed = () => true;
  const exposedHeaders = policy.exposedHeaders.join(', ');
  const preflightRoutes = new Set<string>();
  // The routes a request can reach (the console's file wildcard aside), to tell a refused origin
  // from a path that does not exist.
  const routed = FindMyWay();

  function corsHeaders(request: FastifyRequest, reply: FastifyReply): void {
    const origin = request.headers.origin;
    if (origin === undefined) return;
    // Answers differ by Origin: shared caches must keep them apart.
    reply.header('vary', 'Origin');
    const allowed =
      request.routeOptions?.config?.cors === 'any-origin' || request.is404 ? forAnyOrigin : forConsole;
    // A refused origin gets no CORS headers: the browser then withholds the answer.
    if (allowed(origin, request)) {
      reply.header('access-control-allow-origin', origin);
      reply.header('access-control-expose-headers', exposedHeaders);
    }
  }

  server.addHook('onSend', (request, reply, payload, done) => {
    corsHeaders(request, reply);
    done(null, payload);
  });

  server.addHook('onRoute', function addPreflightRoute(route) {
    const methods = [route.method].flat().filter((method) => method !== 'OPTIONS') as HTTPMethod[];
    if (methods.length > 0 && !route.url.includes('*')) routed.on(methods, route.url, () => {});
    const open = route.config?.cors === 'any-origin';
    if (!open || [route.method].flat().includes('OPTIONS') || preflightRoutes.has(route.url)) return;
    preflightRoutes.add(route.url);
    // Registered from within onRoute, this route passes through here too: as an OPTIONS route it
    // gets no preflight route of its own.
    this.route({
      method: 'OPTIONS',
      url: route.routePath,
      config: { access: 'public', cors: 'any-origin' },
      schema: { hide: true },
      handler: preflight(policy, forAnyOrigin),
    });
  });
  server.options('*', {
    config: { access: 'public' },
    schema: { hide: true },
    handler: preflight(policy, (origin, request) => {
      if (forConsole(origin, request)) return true;
      const method = request.headers['access-control-request-method'];
      const path = request.url.split('?')[0] ?? '/';
      return typeof method === 'string' && routed.find(method.toUpperCase() as HTTPMethod, path) === null;
    }),
  });
  return corsHeaders;
}

/** Sets the CORS headers of an answer sent where no hook runs (a request that was never routed). */
export type CorsHeaders = (request: FastifyRequest, reply: FastifyReply) => void;

type Allowed = (origin: string, request: FastifyRequest) => boolean;

/**
 * Answers a preflight from an allowed origin (204 with what may be sent); any other OPTIONS
 * request is not found.
 */
function preflight(policy: CorsPolicy, allowed: Allowed) {
  const methods = policy.methods.join(', ');
  const allowedHeaders = policy.allowedHeaders.join(', ');
  const maxAge = String(policy.maxAgeSeconds);
  return function answerPreflight(request: FastifyRequest, reply: FastifyReply): void {
    const origin = request.headers.origin;
    const isPreflight =
      origin !== undefined && request.headers['access-control-request-method'] !== undefined;
    // Not found, as the route's answer: a refused origin gets no CORS headers (an unrouted 404
    // would carry them).
    if (!isPreflight || !allowed(origin, request)) throw ApiError.notFound();
    reply
      .header('access-control-allow-origin', origin)
      .header('access-control-allow-methods', methods)
      .header('access-control-allow-headers', allowedHeaders)
      .header('access-control-max-age', maxAge)
      .code(204)
      .send();
  };
}
