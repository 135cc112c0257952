import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../platform/errors.js';

/** Origins whose pages may call the MCP endpoint: the console's (public URL, CORS_ORIGINS …). */
export type Origins = readonly string[];

export const FOREIGN_ORIGIN = 'Requests from this origin are not accepted by the MCP endpoint';

/** Whether `origin` is the origin the request was sent to (its Host). */
function sameOrigin(origin: string, request: FastifyRequest): boolean {
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/**
 * MCP Streamable HTTP: servers MUST validate `Origin`. An agent's HTTP client sends none; a page
 * does, and only the console's pages (or the server's own origin) may call. Anything else is 403.
 */
export function refuseForeignOrigin(origins: Origins) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const origin = request.headers.origin;
    if (origin === undefined || origins.includes(origin) || sameOrigin(origin, request)) return;
    throw ApiError.forbidden(FOREIGN_ORIGIN, { reason: 'origin_not_allowed', origin });
  };
}
