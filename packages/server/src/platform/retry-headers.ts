import { RATE_LIMIT_HEADERS } from '@slugsmith/contract';
import type { FastifyReply } from 'fastify';

/**
 * The headers of a 429 that says when to come back: the reason and wait the reference clients
 * read (`x-slug-*`) and the standard `Retry-After` every other HTTP client reads.
 */
export function setRetryHeaders(reply: FastifyReply, reason: string, seconds: number | string): void {
  reply.header(RATE_LIMIT_HEADERS.reason, reason);
  reply.header(RATE_LIMIT_HEADERS.retryAfter, String(seconds));
  reply.header('retry-after', String(seconds));
}
