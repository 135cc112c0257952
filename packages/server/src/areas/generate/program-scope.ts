// The generation routes answer programs, never browsers: their scope is set up for that.
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../platform/errors.js';
import { parseBoundedJson } from '../../platform/json-depth.js';

/** Hooks, serialiser and body parser of the generation scope; call before its routes are added. */
export function answerProgramsOnly(app: FastifyInstance): void {
  // Generation answers are JSON or text for programs, never pages: the page security headers
  // (about 1 KB per answer) are skipped here; nosniff stays.
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, securityHeaders: false };
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('x-content-type-options', 'nosniff');
    done(null, payload);
  });
  // Answers are built by this server from the engine: serialise without re-validating them
  // (the response schemas still document them).
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  // Reference clients post JSON without a JSON content type (fetch defaults to text/plain).
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, body === '' ? undefined : parseBoundedJson(body as string, app.jsonMaxDepth));
    } catch (error) {
      done(error instanceof ApiError ? error : ApiError.badRequest('Invalid JSON body'), undefined);
    }
  });
}
