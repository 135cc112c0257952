import { ErrorMessages } from '@slugsmith/contract';
import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The depth bound of JSON bodies, for content-type parsers of their own (parseBoundedJson). */
    jsonMaxDepth: number;
  }
}

const OPEN_OBJECT = 0x7b; // {
const OPEN_ARRAY = 0x5b; // [
const CLOSE_OBJECT = 0x7d; // }
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * Whether JSON text nests arrays and objects deeper than `maxDepth`, read in one pass without
 * parsing: brackets inside strings are skipped. It stops at the first level too deep, so a body
 * of a million `[` costs as much as `maxDepth` of them. Text that is not JSON is left to the
 * parser to refuse.
 */
export function nestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (++depth > maxDepth) return true;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      depth--;
    }
  }
  return false;
}

/** The refusal of a body nested too deep: a client mistake, in the house's error format. */
export function tooDeep(maxDepth: number): ApiError {
  return ApiError.badRequest(ErrorMessages.badRequest, {
    reason: 'bad_request',
    problem: `JSON nested deeper than ${maxDepth} levels`,
    max_depth: maxDepth,
  });
}

/**
 * Parses JSON text after checking its depth: for content-type parsers of their own (routes that
 * take JSON under another media type).
 */
export function parseBoundedJson(text: string, maxDepth: number | undefined): unknown {
  if (maxDepth !== undefined && nestsDeeperThan(text, maxDepth)) throw tooDeep(maxDepth);
  return JSON.parse(text);
}

/**
 * Replaces the application/json parser of `app` (and the scopes that keep it) with Fastify's own,
 * preceded by the depth check: a deeply nested body costs the parser and every schema walk
 * after it far more than its size suggests, and is refused before either runs.
 */
export function installJsonDepthBound(app: FastifyInstance, maxDepth: number): void {
  // Fastify's parser as it is by default: __proto__ and constructor.prototype keys refused.
  app.decorate('jsonMaxDepth', maxDepth);
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (nestsDeeperThan(body as string, maxDepth)) return done(tooDeep(maxDepth), undefined);
    parse(request, body as string, done);
  });
}
