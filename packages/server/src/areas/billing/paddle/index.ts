// The Paddle payment provider: Paddle Billing's REST API for the catalogue, checkout and
// subscription changes; Paddle's signed webhooks for everything that happens afterwards.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/connect.js';
import type { BillingConfig } from '../../../platform/config.js';
import type { ProviderRuntime } from '../provider.js';
import { createPaddleApi, PADDLE_API_URLS, type PaddleApi } from './api.js';
import { syncCatalogue } from './catalogue.js';
import { prepareCheckout, resumeCheckout } from './checkout.js';
import { paddleSnapshot, readPaddleEvent } from './events.js';
import { getPaddleObject, listPaddleObjects } from './objects.js';
import {
  cancelSubscription,
  changeSubscription,
  paymentMethodUrl,
  previewChange,
  resumeSubscription,
} from './subscriptions.js';
import { verifyPaddleWebhook } from './webhook.js';

export { PaddleApiError } from './api.js';

export type PaddleConfig = Extract<BillingConfig, { provider: 'paddle' }>;

export interface PaddleDeps {
  db: Db;
  log: FastifyBaseLogger;
  now?: () => number;
}

export function createPaddleProvider(config: PaddleConfig, deps: PaddleDeps): ProviderRuntime {
  const now = deps.now ?? Date.now;
  const log = deps.log.child({ provider: 'paddle' });
  // PADDLE_API_URL (a stand-in of Paddle's API in tests) wins over the environment's address.
  const api = logged(
    createPaddleApi({
      apiKey: config.apiKey,
      baseUrl: config.apiUrl ?? PADDLE_API_URLS[config.environment],
    }),
    log,
  );
  return {
    name: 'paddle',
    verifyWebhook: (rawBody, headers) => verifyPaddleWebhook(config.webhookSecret, rawBody, headers, now()),
    readEvent: readPaddleEvent,
    snapshotOf: paddleSnapshot,
    syncCatalogue: async (items, known) => {
      const result = await syncCatalogue(api, items, known);
      log.info({ products: result.products.length, prices: result.prices.length }, 'Paddle catalogue synced');
      return result;
    },
    prepareCheckout: (input) => prepareCheckout(api, deps.db, config, input),
    resumeCheckout: (id) => resumeCheckout(api, config, id),
    previewChange: (id, change) => previewChange(api, id, change),
    changeSubscription: (id, change) => changeSubscription(api, id, change),
    cancelSubscription: (id, when) => cancelSubscription(api, id, when),
    resumeSubscription: (id) => resumeSubscription(api, id),
    // A refund at Paddle is an adjustment staff approve with the customer in view: flagged for them.
    undoDuplicate: async () => false,
    // Paddle's page returns the customer by itself; it takes no return address.
    paymentMethodUrl: (id) => paymentMethodUrl(api, id),
    listObjects: (kind, query) => listPaddleObjects(api, kind, query),
    getObject: (kind, id) => getPaddleObject(api, kind, id),
    // Paddle hosts checkout and sends webhooks to the core's route: nothing of ours to serve or run.
    routes: () => {},
    start: async () => {},
    stop: async () => {},
  };
}

/** Every failed call is logged with Paddle's code, whatever the caller makes of the error. */
function logged(api: PaddleApi, log: FastifyBaseLogger): PaddleApi {
  return {
    async call(method, path, body) {
      try {
        return await api.call(method, path, body);
      } catch (error) {
        log.warn({ err: error, method, path: path.split('?')[0] }, 'Paddle API call failed');
        throw error;
      }
    },
  };
}
