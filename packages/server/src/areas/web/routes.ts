import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { defaultAccess } from '../../auth/access.js';

/** Where the built console is: WEB_DIST_DIR, else the `dist` of the @slugsmith/web workspace. */
export function findWebDist(configured?: string): string | undefined {
  if (configured) return resolve(configured);
  try {
    const pkg = createRequire(import.meta.url).resolve('@slugsmith/web/package.json');
    return join(dirname(pkg), 'dist');
  } catch {
    return undefined;
  }
}

/** Paths that belong to the server, never to the single-page app. */
const serverPaths = /^\/(api|oidc)(\/|$)/;

/**
 * Serves the built web console at `/`. Hashed assets are cached for a year; `index.html` never,
 * so a deploy is picked up at once. The build writes brotli and gzip copies next to its files
 * (`file.br`, `file.gz`): a browser that accepts one gets that copy as it is, so nothing is
 * compressed per request. Unknown GET paths outside /api and /oidc answer index.html and the
 * app's router takes over (its own 404 page). Returns the fallback for the not-found handler, or
 * undefined when no console is built.
 */
export async function registerWeb(
  app: FastifyInstance,
  dist: string | undefined,
): Promise<((request: FastifyRequest, reply: FastifyReply) => boolean) | undefined> {
  if (!dist || !existsSync(join(dist, 'index.html'))) {
    app.log.info('web console not built: serving the API only');
    return undefined;
  }
  await app.register(async (scope) => {
    defaultAccess(scope, 'public');
    await scope.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      wildcard: true,
      index: ['index.html'],
      preCompressed: true,
      // A page load fetches a hundred files: their access lines would bury the API's at info.
      logLevel: 'warn',
      setHeaders: (res, path) => {
        res.header(
          'cache-control',
          path.includes(`${join(dist, 'assets')}/`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  });
  return (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if ((request.method !== 'GET' && request.method !== 'HEAD') || serverPaths.test(path)) return false;
    reply.header('cache-control', 'no-cache');
    void reply.sendFile('index.html', dist);
    return true;
  };
}
