// The webhook route both providers deliver to. The signature covers the exact bytes sent, so the
// body is read as a string (in this route's own plugin only) and verified before anything is
// parsed or stored.
import { ErrorBody } from '@slugsmith/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../platform/errors.js';
import { WebhookRejected } from './provider.js';
import type { Billing } from './service.js';
import type { ProviderEvent } from './snapshots.js';

export const WebhookParams = z.object({
  provider: z.string().min(1).max(40).describe('The payment provider posting, e.g. paddle'),
});
export const WebhookReceipt = z
  .object({
    received: z.literal(true),
    /** False when the event was stored before (a redelivery): nothing changes. */
    new: z.boolean(),
  })
  .meta({ id: 'WebhookReceipt' });

export function webhookRoutes(app: FastifyInstance, billing: Billing): void {
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    const r = scope.withTypeProvider<ZodTypeProvider>();
    r.post('/billing/webhooks/:provider', {
      // Called by the payment provider, which proves itself by the signature, not by a token.
      // Events come as large as the provider makes them; the signature is checked on the raw text
      // before anything parses it.
      config: { access: 'public', body: 'large' },
      schema: {
        tags: ['billing'],
        summary: "The payment provider's signed events: stored once, answered at once, applied after",
        description:
          'Where the payment provider posts its events. The signature is checked, each event is stored once and answered at once, and applied to subscriptions and transactions afterwards.',
        params: WebhookParams,
        response: { 200: WebhookReceipt, 400: ErrorBody, 404: ErrorBody },
      },
      handler: async (request) => {
        if (request.params.provider !== billing.provider.name) {
          throw ApiError.notFound('Unknown payment provider', {
            reason: 'unknown_provider',
            provider: request.params.provider,
          });
        }
        const raw = typeof request.body === 'string' ? request.body : '';
        let event: ProviderEvent;
        try {
          event = billing.provider.verifyWebhook(raw, request.headers);
        } catch (error) {
          if (error instanceof WebhookRejected) {
            request.log.warn({ reason: error.message }, 'webhook refused');
            throw ApiError.badRequest('Invalid webhook signature', {
              reason: 'invalid_webhook_signature',
              problem: error.message,
            });
          }
          throw error;
        }
        return { received: true as const, new: await billing.pipeline.receive(event) };
      },
    });
  });
}
