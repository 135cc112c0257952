// The Paddle payment provider: Paddle Billing's REST API for the catalogue, checkout and
// subscription changes; Paddle's signed webhooks for everything that happens afterwards.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/connect.js';
import type { BillingConfig } from '../../../platform/config.js';
import type { ProviderRuntime } from '../provider.js';
import { verifyPaddleWebhook } from './webhook.js';

export type PaddleConfig = Extract<BillingConfig, { provider: 'paddle' }>;

export interface PaddleDeps {
  db: Db;
  log: FastifyBaseLogger;
  now?: () => number;
}

export function createPaddleProvider(config: PaddleConfig, deps: PaddleDeps): ProviderRuntime {
  const now = deps.now ?? Date.now;
  const pending = (what: string) => () => Promise.reject(new Error(`Paddle ${what} is not available yet`));
  return {
    name: 'paddle',
    verifyWebhook: (rawBody, headers) => verifyPaddleWebhook(config.webhookSecret, rawBody, headers, now()),
    syncCatalogue: pending('catalogue sync'),
    prepareCheckout: pending('checkout'),
    previewChange: pending('plan change preview'),
    changeSubscription: pending('plan change'),
    cancelSubscription: pending('cancellation'),
    resumeSubscription: pending('resume'),
    paymentMethodUrl: pending('payment method update'),
    // Paddle hosts checkout and sends webhooks to the core's route: nothing of ours to serve or run.
    routes: () => {},
    start: async () => {},
    stop: async () => {},
  };
}
