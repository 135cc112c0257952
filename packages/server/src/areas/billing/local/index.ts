// The `local` payment provider: the embedded default, a real sandbox. It keeps its customers,
// products, prices, transactions and subscriptions in its own tables, serves a hosted checkout
// and a payment-method page, renews subscriptions on schedule (with dunning), and delivers its
// events signed, in Paddle's webhook format (it stands in for Paddle: every sandbox event runs
// through Paddle's translation, ../paddle/events.ts), over HTTP to our own webhook route.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../../db/connect.js';
import { paddleSnapshot, readPaddleEvent } from '../paddle/events.js';
import { verifyPaddleWebhook } from '../paddle/webhook.js';
import { type ProviderRuntime, WebhookRejected } from '../provider.js';
import type { ProviderEvent } from '../snapshots.js';
import { syncCatalogue } from './catalogue.js';
import { type LocalCheckoutInput, prepareCheckout, resumeCheckout } from './checkout.js';
import { type Sandbox, SandboxUrls } from './context.js';
import { LocalObjects } from './objects.js';
import { Deliveries, defaultRetryDelay, PRUNE_INTERVAL_MS, pruneDelivered } from './outbox.js';
import { runRenewals } from './renewals.js';
import { sandboxRoutes } from './routes.js';
import { loadSettings, SandboxClock } from './settings.js';
import {
  cancelSubscription,
  changeSubscription,
  paymentMethodUrl,
  previewChange,
  refundAndCancel,
  resumeSubscription,
} from './subscriptions.js';

export interface LocalProviderDeps {
  db: Db;
  publicUrl: string;
  /** Where deliveries go: our own webhook route (known once the server listens). */
  webhookUrl: () => string;
  log: FastifyBaseLogger;
  /** The real clock the sandbox clock runs ahead of (tests). */
  now?: () => number;
  /** How often renewals are looked for (default 30 s). */
  renewalIntervalMs?: number;
  /** How often due deliveries are retried (default 5 s). */
  deliveryIntervalMs?: number;
  /** The wait before the next delivery attempt after n failed ones. */
  retryDelayMs?: (failedAttempts: number) => number;
}

/** The sandbox's runtime as the app drives it, with what tests and staff controls reach. */
export interface LocalProvider extends ProviderRuntime {
  readonly sandbox: Sandbox;
  /** Runs what is due now: renewals, then deliveries; resolves when both are done. */
  runDue(): Promise<{ renewed: number; delivered: number }>;
}

export function createLocalProvider(deps: LocalProviderDeps): LocalProvider {
  let secret: string | undefined;
  const requireSecret = () => {
    if (secret === undefined) throw new Error('the local payment provider is not started');
    return secret;
  };
  const deliveries = new Deliveries({
    db: deps.db,
    log: deps.log,
    url: deps.webhookUrl,
    secret: requireSecret,
    retryDelayMs: deps.retryDelayMs ?? defaultRetryDelay,
  });
  const sandbox: Sandbox = {
    db: deps.db,
    clock: new SandboxClock(deps.db, deps.now ?? Date.now),
    deliveries,
    log: deps.log,
    urls: new SandboxUrls(deps.publicUrl),
    secret: requireSecret,
  };
  const ensureStarted = async () => {
    if (secret === undefined) secret = (await loadSettings(deps.db)).webhookSecret;
  };
  const timers: NodeJS.Timeout[] = [];
  // One renewal round at a time on this node (other nodes are kept apart by row claims).
  let renewing: Promise<unknown> | undefined;
  const renewInBackground = () => {
    if (renewing) return;
    renewing = runRenewals(sandbox)
      .catch((error: unknown) => deps.log.error({ err: error }, 'local payments: renewal round failed'))
      .finally(() => {
        renewing = undefined;
      });
  };

  const objects = new LocalObjects(sandbox);

  const provider: LocalProvider = {
    name: 'local',
    sandbox,

    async syncCatalogue(items, known) {
      return syncCatalogue(deps.db, items, known);
    },

    async prepareCheckout(input) {
      await ensureStarted();
      return prepareCheckout(sandbox, input as LocalCheckoutInput);
    },

    resumeCheckout: (id) => resumeCheckout(sandbox, id),

    verifyWebhook(rawBody, headers): ProviderEvent {
      // Before start() nothing was signed by this instance that it could check: refused (400),
      // the sender retries.
      if (secret === undefined) throw new WebhookRejected('the local payment provider is not started');
      return verifyPaddleWebhook(secret, rawBody, headers);
    },
    readEvent: readPaddleEvent,
    snapshotOf: paddleSnapshot,

    previewChange: (id, change) => previewChange(sandbox, id, change),
    changeSubscription: (id, change) => changeSubscription(sandbox, id, change),
    cancelSubscription: (id, when) => cancelSubscription(sandbox, id, when),
    resumeSubscription: (id) => resumeSubscription(sandbox, id),
    async undoDuplicate(id) {
      await refundAndCancel(sandbox, id);
      return true;
    },
    async paymentMethodUrl(id, returnUrl) {
      await ensureStarted();
      return paymentMethodUrl(sandbox, id, returnUrl);
    },

    listObjects: (kind, query) => objects.list(kind, query),
    getObject: (kind, id) => objects.get(kind, id),

    routes(api: FastifyInstance) {
      sandboxRoutes(api, sandbox, provider);
    },

    async start() {
      await ensureStarted();
      if (timers.length > 0) return;
      deliveries.open();
      const every = (ms: number, run: () => void) => {
        const timer = setInterval(run, ms);
        timer.unref();
        timers.push(timer);
      };
      every(deps.deliveryIntervalMs ?? 5_000, () => deliveries.kick());
      every(deps.renewalIntervalMs ?? 30_000, () => renewInBackground());
      every(PRUNE_INTERVAL_MS, () => {
        pruneDelivered(deps.db).catch((error: unknown) =>
          deps.log.warn({ err: error }, 'local payments: delivered events not pruned'),
        );
      });
      deliveries.kick();
      renewInBackground();
    },

    async stop() {
      for (const timer of timers.splice(0)) clearInterval(timer);
      deliveries.close();
      await renewing;
      await deliveries.idle();
    },

    async runDue() {
      await ensureStarted();
      await renewing;
      const renewed = await runRenewals(sandbox);
      await deliveries.idle();
      const delivered = await deliveries.deliverDue();
      return { renewed, delivered };
    },
  };
  return provider;
}
