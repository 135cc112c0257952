// The payment provider the app runs, chosen by PAYMENT_PROVIDER.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connect.js';
import type { BillingConfig } from '../../platform/config.js';
import { createLocalProvider } from './local/index.js';
import { createPaddleProvider } from './paddle/index.js';
import type { ProviderRuntime } from './provider.js';

export interface ProviderDeps {
  db: Db;
  log: FastifyBaseLogger;
  publicUrl: string;
  /** Our own webhook route for the local sandbox's deliveries (known once the server listens). */
  webhookUrl: () => string;
}

export function createProviderRuntime(config: BillingConfig, deps: ProviderDeps): ProviderRuntime {
  if (config.provider === 'paddle') return createPaddleProvider(config, { db: deps.db, log: deps.log });
  return createLocalProvider({
    db: deps.db,
    publicUrl: deps.publicUrl,
    webhookUrl: deps.webhookUrl,
    log: deps.log.child({ provider: 'local' }),
  });
}
