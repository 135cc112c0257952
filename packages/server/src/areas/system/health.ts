// Liveness and readiness for load balancers and orchestrators (issue 36 item 4; docs/metrics.md):
// /healthz answers while the process runs; /readyz says whether this node should get traffic.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.js';

/**
 * GET /healthz (liveness: 200 while the process answers) and GET /readyz (readiness: 200 when
 * ready, else 503 with the failing checks). Outside /api/v1 and the OpenAPI document: they are for
 * the machines in front of the server, not API clients. Not logged per request (probes are
 * frequent); warnings and errors still are.
 */
export function healthRoutes(app: FastifyInstance, { readiness }: AppDeps): void {
  app.get('/healthz', {
    logLevel: 'warn',
    config: { access: 'public' },
    handler: async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  });
  app.get('/readyz', {
    logLevel: 'warn',
    config: { access: 'public' },
    handler: async (_request, reply) => {
      const { ready, checks } = await readiness.check();
      const failing = Object.entries(checks).filter(([, state]) => state !== 'ok');
      return reply
        .status(ready ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({
          status: ready ? 'ready' : 'not ready',
          ...(ready ? {} : { reason: failing.map(([name, state]) => `${name}: ${state}`).join('; ') }),
          checks,
        });
    },
  });
}
