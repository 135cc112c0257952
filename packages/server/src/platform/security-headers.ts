import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from './config.js';

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

/** Paddle.js and its checkout frame, which the console loads only when Paddle takes payments. */
const PADDLE = {
  script: ['https://cdn.paddle.com'],
  frame: ['https://buy.paddle.com', 'https://sandbox-buy.paddle.com'],
  connect: ['https://*.paddle.com'],
};

/** The page policy of this install: what its sign-in and payment provider need, nothing more. */
export function pageSecurity(config: Config): HelmetOptions {
  // Served over plain HTTP (a LAN install, http://192.0.2.2:8080), telling browsers to use
  // https would send every request to a port nobody listens on: only an https PUBLIC_URL does.
  const https = new URL(config.publicUrl).protocol === 'https:';
  const paddle = config.billing.provider === 'paddle';
  const selfAnd = (extra: string[]) => ["'self'", ...(paddle ? extra : [])];
  return {
    // Cross-origin embedding of API answers is harmless; pages set their own policy.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    strictTransportSecurity: https,
    contentSecurityPolicy: {
      directives: {
        // The console exchanges codes and refreshes tokens at an external issuer by fetch.
        connectSrc: [
          ...selfAnd(PADDLE.connect),
          ...(config.auth.kind === 'external' ? [new URL(config.auth.issuer).origin] : []),
        ],
        ...(paddle && {
          scriptSrc: selfAnd(PADDLE.script),
          frameSrc: selfAnd(PADDLE.frame),
        }),
        upgradeInsecureRequests: https ? [] : null,
      },
    },
  };
}
