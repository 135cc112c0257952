import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { withHook } from '../../platform/route-hooks.js';
import type { Install } from './install.js';

/**
 * Generation calls of an install answer 503 while this node holds no licence slot or the licence
 * is past its grace period: 503 rather than 402, because the caller (an application with a key)
 * cannot pay its way out; the install's operator must act, and a load balancer may try another
 * node. Held: every route with plan limits (the generation API, its streams, the console's series
 * calls) and the MCP endpoint. Checked first, so that a refused call counts in no quota.
 */
export function installLicenceGate(app: FastifyInstance, install: Install): void {
  const gate: onRequestHookHandler = (_request, reply, done) => {
    const refusal = install.refusal();
    if (!refusal) return done();
    const retry = (refusal.details as { retry_after?: number }).retry_after;
    if (retry !== undefined) reply.header('retry-after', String(retry));
    done(refusal);
  };
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    const mcp = typeof access === 'object' && access !== null && 'key' in access && access.key === 'mcp';
    if (!route.config?.limits && !mcp) return;
    route.onRequest = withHook(route.onRequest, gate);
  });
}
