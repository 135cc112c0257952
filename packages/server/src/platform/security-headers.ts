import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: no page security headers (answers for programs, e.g. the generation API). */
    securityHeaders?: false;
  }
}

/**
 * Helmet's security headers (CSP, frame and referrer policies, …) on every answer except those
 * of routes with `config.securityHeaders: false`. The middleware is built once; @fastify/helmet
 * rebuilt it for every request and ran two hooks per request (one async), also on the routes it
 * skipped, which cost each generation call a few per cent.
 */
export function installSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const apply = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.securityHeaders === false) return done();
    apply(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}
