import type { Server } from 'node:http';
import type { FastifyHttpOptions } from 'fastify';
import type { HttpBounds } from './config.js';

/**
 * Fastify's and Node's options for how long a client may take: to send its headers, to send its
 * whole request, to stay silent, to keep an idle connection. The request time-out covers
 * receiving the request only; an answer (a stream, a long mint) may take longer while bytes
 * flow, and is bounded by the idle time-out when they stop.
 */
export function httpServerBounds(bounds: HttpBounds): FastifyHttpOptions<Server> {
  const timeouts = [bounds.headersTimeoutMs, bounds.requestTimeoutMs].filter((ms) => ms > 0);
  return {
    bodyLimit: bounds.bodyLimitBytes,
    requestTimeout: bounds.requestTimeoutMs,
    connectionTimeout: bounds.idleTimeoutMs,
    keepAliveTimeout: bounds.keepAliveTimeoutMs,
    maxRequestsPerSocket: bounds.maxRequestsPerSocket,
    http: {
      // Both here, so that Node checks the pair as configured (not against its own 300 s default).
      headersTimeout: bounds.headersTimeoutMs,
      requestTimeout: bounds.requestTimeoutMs,
      // Node looks for expired requests this often (its default, 30 s, would let a slow client
      // outlive its time-out by that much): a quarter of the shortest time-out, at most 1 s.
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(Math.min(...timeouts) / 4))),
    },
  };
}
