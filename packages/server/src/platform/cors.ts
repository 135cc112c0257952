import type { FastifyInstance } from 'fastify';

export interface CorsPolicy {
  /** Origins the console API answers (`true`: any). */
  origins: string[] | true;
  /** Paths that any origin may call: the generation API, called from customers' own sites. */
  openPaths: RegExp;
  methods: string[];
  allowedHeaders: string[];
  exposedHeaders: string[];
  maxAgeSeconds: number;
}

/**
 * CORS for the whole server, decided per request from the path and the Origin header.
 *
 * Why not @fastify/cors: deciding by path needs its delegator mode, which rebuilds and normalises
 * the options object on every request, also for the servers that call the generation API and
 * send no Origin at all (about a tenth of a forge's CPU). Here a request without Origin costs one
 * header read; one with an allowed Origin gets its headers; a preflight is answered at once,
 * before authentication (browsers send no credentials on it).
 */
export function installCors(server: FastifyInstance, policy: CorsPolicy): void {
  const allowedOrigin =
    policy.origins === true ? () => true : (origin: string) => (policy.origins as string[]).includes(origin);
  const methods = policy.methods.join(', ');
  const allowedHeaders = policy.allowedHeaders.join(', ');
  const exposedHeaders = policy.exposedHeaders.join(', ');
  const maxAge = String(policy.maxAgeSeconds);

  server.addHook('onRequest', (request, reply, done) => {
    const origin = request.headers.origin;
    if (origin === undefined) return done();
    // Answers differ by Origin: shared caches must keep them apart.
    reply.header('vary', 'Origin');
    // A refused origin gets no CORS headers: the browser then withholds the answer.
    if (!policy.openPaths.test(request.url) && !allowedOrigin(origin)) return done();
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
  });
  // A preflight needs a route to reach the hook; an OPTIONS that is not one is not found.
  server.options('*', { config: { access: 'public' }, schema: { hide: true } }, (_request, reply) => {
    reply.callNotFound();
  });
}
