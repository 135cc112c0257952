import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalProvider, type LocalProvider } from '../src/areas/billing/local/index.js';
import type { CatalogueItem, SyncResult } from '../src/areas/billing/provider.js';
import { WebhookRejected } from '../src/areas/billing/provider.js';
import { signBody } from '../src/areas/billing/signature.js';
import { type Database, openDatabase } from '../src/db/connect.js';
import { migrate } from '../src/db/migrate.js';
import { localPayOutbox, planPrices, plans } from '../src/db/schema.js';
import { installErrorHandling } from '../src/platform/errors.js';
import { type DatabaseKind, testConfig, testDatabases } from './support/app.js';

/**
 * The local payment sandbox on a real database (PGlite and PostgreSQL), with a real HTTP
 * listener standing in for our webhook route: it verifies every signed delivery with the
 * provider's own `verifyWebhook`, as the route does.
 */

interface Delivery {
  raw: string;
  headers: IncomingHttpHeaders;
  type: string;
  entity: string;
  data: Record<string, unknown>;
}

class Receiver {
  readonly deliveries: Delivery[] = [];
  /** Statuses to answer next (then 200). */
  readonly answers: number[] = [];
  rejected = 0;
  private server: Server | undefined;
  url = '';
  constructor(private readonly verify: () => LocalProvider) {}

  async listen() {
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const status = this.answers.shift() ?? 200;
        if (status === 200) {
          try {
            const event = this.verify().verifyWebhook(raw, request.headers);
            this.deliveries.push({
              raw,
              headers: request.headers,
              type: event.eventType,
              entity: event.entityId ?? '',
              data: event.payload.data as Record<string, unknown>,
            });
          } catch {
            this.rejected++;
            response.writeHead(400).end();
            return;
          }
        }
        response.writeHead(status).end();
      });
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/billing/webhooks/local`;
  }

  types(entity?: string) {
    return this.deliveries.filter((d) => entity === undefined || d.entity === entity).map((d) => d.type);
  }

  async close() {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

class Harness {
  provider!: LocalProvider;
  app!: FastifyInstance;
  readonly receiver: Receiver;
  realNow = Date.now();
  catalogue!: SyncResult;
  items!: CatalogueItem[];

  constructor(readonly database: Database) {
    this.receiver = new Receiver(() => this.provider);
  }

  makeProvider(): LocalProvider {
    return createLocalProvider({
      db: this.database.db,
      publicUrl: 'http://127.0.0.1:8080/',
      webhookUrl: () => this.receiver.url,
      log: Fastify().log,
      now: () => this.realNow,
      retryDelayMs: () => 20,
    });
  }

  async start() {
    await this.receiver.listen();
    this.provider = this.makeProvider();
    await this.provider.start();
    this.app = Fastify();
    this.app.setValidatorCompiler(validatorCompiler);
    this.app.setSerializerCompiler(serializerCompiler);
    installErrorHandling(this.app);
    await this.app.register(async (api) => this.provider.routes(api), { prefix: '/api/v1' });
    await this.app.ready();
    this.items = await catalogueItems(this.database);
    this.catalogue = await this.provider.syncCatalogue(this.items, { products: [], prices: [] });
  }

  /** The sandbox's price id of a seeded plan's price. */
  price(plan: string, period: string): { providerPriceId: string; priceId: string } {
    const item = this.items.find((i) => i.plan.slug === plan && i.price.period === period);
    if (!item) throw new Error(`no price ${plan}/${period}`);
    const ref = this.catalogue.prices.find((p) => p.priceId === item.price.id);
    if (!ref) throw new Error('price not synced');
    return { providerPriceId: ref.providerId, priceId: item.price.id };
  }

  async checkout(plan: string, period: string, quantity = 1, extra: { trialDays?: number } = {}) {
    const { providerPriceId, priceId } = this.price(plan, period);
    const orgId = randomUUID();
    const prepared = await this.provider.prepareCheckout({
      org: { id: orgId, slug: `org-${orgId.slice(0, 8)}`, name: 'Test Org' },
      customer: { email: 'buyer@example.com', providerCustomerId: null },
      item: { providerPriceId, quantity },
      successUrl: 'http://127.0.0.1:8080/checkout/success?org=test',
      customData: { org_id: orgId, price_id: priceId },
      ...extra,
    } as Parameters<LocalProvider['prepareCheckout']>[0]);
    return { ...prepared, orgId, priceId };
  }

  async settle() {
    await this.provider.runDue();
  }

  async close() {
    await this.provider.stop();
    await this.app.close();
    await this.receiver.close();
  }
}

async function catalogueItems(database: Database): Promise<CatalogueItem[]> {
  const rows = await database.db
    .select({ plan: plans, price: planPrices })
    .from(planPrices)
    .innerJoin(plans, eq(plans.id, planPrices.planId));
  return rows.map(({ plan, price }) => ({
    plan: {
      id: plan.id,
      slug: plan.slug,
      name: plan.name,
      description: plan.description,
      planType: plan.planType,
      active: plan.state === 'active',
    },
    price: {
      id: price.id,
      period: price.period,
      amount: price.amount,
      currency: price.currency,
      perNode: price.perNode,
    },
  }));
}

function eachDatabase(name: string, body: (h: () => Harness) => void) {
  for (const kind of testDatabases) {
    describe(`[${kind}] ${name}`, () => {
      let harness: Harness | undefined;
      let database: Database | undefined;
      beforeAll(async () => {
        database = await openTestDatabase(kind);
        harness = new Harness(database);
        await harness.start();
      });
      afterAll(async () => {
        await harness?.close();
        await database?.close();
      });
      body(() => {
        if (!harness) throw new Error('not started');
        return harness;
      });
    });
  }
}

async function openTestDatabase(kind: DatabaseKind): Promise<Database> {
  const database = await openDatabase(testConfig(kind).database);
  await migrate(database);
  return database;
}

eachDatabase('local payments: webhooks', (h) => {
  it('signs its deliveries with a secret only it holds, and verifies them', async () => {
    const { transactionId } = await h().checkout('pro', 'monthly');
    await h().settle();
    const created = h().receiver.deliveries.find((d) => d.entity === transactionId);
    expect(created?.type).toBe('transaction.created');
    expect(created?.headers['paddle-signature']).toMatch(/^ts=\d+;h1=[0-9a-f]{64}$/);
    expect(created?.data).toMatchObject({ status: 'ready', origin: 'web', currency_code: 'USD' });
    const raw = created?.raw ?? '';
    expect(() => h().provider.verifyWebhook(raw, {})).toThrow(WebhookRejected);
    expect(() =>
      h().provider.verifyWebhook(raw, { 'paddle-signature': signBody('another secret', raw) }),
    ).toThrow(WebhookRejected);
    expect(() => h().provider.verifyWebhook(`${raw} `, created?.headers ?? {})).toThrow(WebhookRejected);
    expect(h().provider.verifyWebhook(raw, created?.headers ?? {}).eventId).toMatch(/^evt_local_/);
  });

  it('keeps retrying a delivery the route refused, and delivers it', async () => {
    h().receiver.answers.push(500, 503);
    const { transactionId } = await h().checkout('team', 'annual');
    for (let i = 0; i < 20 && !h().receiver.deliveries.some((d) => d.entity === transactionId); i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      await h().settle();
    }
    expect(h().receiver.types(transactionId)).toEqual(['transaction.created']);
    const [row] = await h()
      .database.db.select()
      .from(localPayOutbox)
      .where(eq(localPayOutbox.entityId, transactionId));
    expect(row?.attempts).toBe(3);
    expect(row?.deliveredAt).not.toBeNull();
  });
});
