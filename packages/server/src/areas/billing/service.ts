// The billing core as the app runs it: the active provider, the event pipeline, and the catalogue
// kept in step with the provider.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connect.js';
import type { Caches } from '../../platform/cache.js';
import type { BillingConfig } from '../../platform/config.js';
import type { Mailer } from '../../platform/mail.js';
import { subscribable } from '../plans/catalogue.js';
import { forgetLimits } from '../plans/effective-limits.js';
import { leaseHeld, releaseLease, takeLease } from './lease.js';
import { EventPipeline, type PipelineOptions } from './pipeline.js';
import type { CatalogueItem, ProviderRuntime, SyncResult } from './provider.js';
import * as q from './queries.js';
import { sendReceipt } from './receipt-mail.js';
import { SubscriptionChanges } from './subscription-changes.js';

/** The catalogue as the provider holds it after a sync; `joined` when another sync's result. */
export type CatalogueSync = SyncResult & { joined: boolean; finishedAt: Date };

const SYNC_LEASE = 'catalogue-sync';
/** Longer than any sync takes (a few dozen API calls); a node that died holding it blocks no longer. */
const SYNC_LEASE_MS = 5 * 60_000;
const SYNC_WAIT_MS = 100;

export interface BillingDeps {
  db: Db;
  caches: Caches;
  log: FastifyBaseLogger;
  config: BillingConfig;
  publicUrl: string;
  /** An on-premise install: its licence holds every organisation, so nothing is sold (no checkout). */
  onPremise?: boolean;
  pipeline?: PipelineOptions;
  /** Sends receipts after completed payments. */
  mailer: Mailer;
}

export class Billing {
  readonly pipeline: EventPipeline;
  /** Subscriptions the provider's events wrote: other areas follow them (licences, in app.ts). */
  readonly subscriptionChanges = new SubscriptionChanges();
  private syncing: Promise<CatalogueSync> | undefined;

  constructor(
    readonly provider: ProviderRuntime,
    readonly deps: BillingDeps,
  ) {
    this.pipeline = new EventPipeline(
      deps.db,
      provider,
      {
        graceDays: deps.config.graceDays,
        changed: (orgId) => forgetLimits(deps.caches, orgId),
        subscriptionChanged: (id) => this.subscriptionChanges.emit(id),
        undoDuplicate: (id) => provider.undoDuplicate(id),
        receipt: (id) => sendReceipt(deps, id),
      },
      deps.log.child({ area: 'billing' }),
      deps.pipeline,
    );
  }

  get db(): Db {
    return this.deps.db;
  }

  async start(): Promise<void> {
    await this.provider.start();
    this.pipeline.start();
  }

  /** The provider first (no more deliveries), then the pipeline once its pass is done. */
  async stop(): Promise<void> {
    await this.provider.stop();
    await this.pipeline.stop();
  }

  /**
   * Mirrors every priced plan in the provider's catalogue (sellable ones active, the others
   * archived) and stores the provider's ids. One sync at a time across all nodes: a caller on this
   * node joins the sync in flight here, and a node that finds another holding the database lease
   * waits for that one and answers its result instead of syncing twice.
   */
  syncCatalogue(): Promise<CatalogueSync> {
    this.syncing ??= this.syncOnce().finally(() => {
      this.syncing = undefined;
    });
    return this.syncing;
  }

  private async syncOnce(): Promise<CatalogueSync> {
    const holder = randomUUID();
    let joined = false;
    for (;;) {
      if (await takeLease(this.db, SYNC_LEASE, holder, SYNC_LEASE_MS)) {
        try {
          // Another node's sync just ended: what it stored is the answer, unless it is stale.
          if (joined) {
            const known = await this.knownRefs();
            if (!(await this.catalogueStale())) return { ...known, joined, finishedAt: new Date() };
          }
          return { ...(await this.runSync()), joined: false, finishedAt: new Date() };
        } finally {
          await releaseLease(this.db, SYNC_LEASE, holder);
        }
      }
      joined = true;
      do await sleep(SYNC_WAIT_MS);
      while (await leaseHeld(this.db, SYNC_LEASE));
    }
  }

  /** Whether a plan or price changed after the provider's copy of it was made (or has none). */
  private async catalogueStale(): Promise<boolean> {
    for (const { plan, price } of await q.listPricedPlans(this.db)) {
      if (plan.free || price.amount <= 0) continue;
      const ref = await q.findPriceRef(this.db, this.provider.name, price.id);
      // Plans not on sale are only archived at the provider: no copy of theirs is no gap.
      if (ref ? ref.stale : subscribable(plan.state) && !plan.customPlan) return true;
    }
    return false;
  }

  private async knownRefs(): Promise<SyncResult> {
    const name = this.provider.name;
    return {
      products: (await q.listRefs(this.db, name, 'product')).map((r) => ({
        planId: r.localId,
        providerId: r.providerId,
      })),
      prices: (await q.listRefs(this.db, name, 'price')).map((r) => ({
        priceId: r.localId,
        providerId: r.providerId,
      })),
    };
  }

  private async runSync(): Promise<SyncResult> {
    const { db } = this;
    const name = this.provider.name;
    const items: CatalogueItem[] = (await q.listPricedPlans(db))
      .filter(({ plan, price }) => !plan.free && price.amount > 0)
      .map(({ plan, price }) => ({
        plan: {
          id: plan.id,
          slug: plan.slug,
          name: plan.name,
          description: plan.description,
          planType: plan.planType,
          active: subscribable(plan.state) && !plan.customPlan,
        },
        price: {
          id: price.id,
          period: price.period,
          amount: price.amount,
          currency: price.currency,
          perNode: price.perNode,
          trialDays: price.trialDays,
        },
      }));
    const result = await this.provider.syncCatalogue(items, await this.knownRefs());
    await q.saveRefs(
      db,
      name,
      'product',
      result.products.map((p) => ({ localId: p.planId, providerId: p.providerId })),
    );
    await q.saveRefs(
      db,
      name,
      'price',
      result.prices.map((p) => ({ localId: p.priceId, providerId: p.providerId })),
    );
    return result;
  }

  /**
   * The provider's id of our price, syncing the catalogue first when the price is not there yet
   * or its plan changed since (staff changed an amount: the provider must not sell the old one).
   */
  async providerPriceId(priceId: string): Promise<string | undefined> {
    const known = await q.findPriceRef(this.db, this.provider.name, priceId);
    if (known && !known.stale) return known.providerId;
    await this.syncCatalogue();
    return q.findRef(this.db, this.provider.name, 'price', priceId);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment provider and its event pipeline (tests and the sandbox controls reach them here). */
    billing: Billing;
  }
}
