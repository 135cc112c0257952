import { Ping } from '@slugsmith/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

export function systemRoutes(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get('/ping', {
    config: { access: 'public' },
    schema: { tags: ['system'], summary: 'Liveness check', response: { 200: Ping } },
    handler: async () => ({ status: 'ok' as const }),
  });
}
