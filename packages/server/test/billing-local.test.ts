import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalProvider, type LocalProvider } from '../src/areas/billing/local/index.js';
import { signPaymentLink } from '../src/areas/billing/local/links.js';
import { pruneDelivered } from '../src/areas/billing/local/outbox.js';
import { prorate } from '../src/areas/billing/local/proration.js';
import { SubscriptionData } from '../src/areas/billing/paddle/events.js';
import { signBody } from '../src/areas/billing/paddle/signature.js';
import type { CatalogueItem, SyncResult } from '../src/areas/billing/provider.js';
import { WebhookRejected } from '../src/areas/billing/provider.js';
import { type Database, openDatabase } from '../src/db/connect.js';
import { migrate } from '../src/db/migrate.js';
import {
  localPayOutbox,
  localPaySubscriptions,
  localPayTransactions,
  planPrices,
  plans,
} from '../src/db/schema.js';
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

/** What Chromium asks for when it loads a page. */
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

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
      cancelUrl: 'http://127.0.0.1:8080/checkout?cancelled=1',
      reference: { orgId, priceId },
      ...extra,
    } as Parameters<LocalProvider['prepareCheckout']>[0]);
    return { ...prepared, orgId, priceId };
  }

  async settle() {
    return this.provider.runDue();
  }

  /** Sends the hosted checkout's card form. */
  async pay(
    transactionId: string,
    card: Partial<Record<'number' | 'expiry' | 'cvc' | 'name' | 'lang', string>> = {},
    headers: Record<string, string> = {},
  ) {
    return this.postForm(`/api/v1/billing/local/checkout/${transactionId}`, card, headers);
  }

  async postForm(url: string, card: Partial<Record<string, string>>, headers: Record<string, string> = {}) {
    const form = { number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'Ada Buyer', ...card };
    return this.app.inject({
      method: 'POST',
      url,
      // As a browser sends the form: refusals come back as the page.
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: BROWSER_ACCEPT, ...headers },
      payload: new URLSearchParams(form as Record<string, string>).toString(),
    });
  }

  /** Buys a plan through the hosted checkout; answers the subscription. */
  async buy(
    plan: string,
    period: string,
    options: { quantity?: number; card?: string; trialDays?: number } = {},
  ) {
    const prepared = await this.checkout(plan, period, options.quantity ?? 1, {
      trialDays: options.trialDays,
    });
    const paid = await this.pay(prepared.transactionId, { number: options.card ?? '4242 4242 4242 4242' });
    expect(paid.statusCode).toBe(303);
    await this.settle();
    const [txn] = await this.database.db
      .select()
      .from(localPayTransactions)
      .where(eq(localPayTransactions.id, prepared.transactionId));
    const subscriptionId = txn?.subscriptionId ?? '';
    return { ...prepared, subscriptionId };
  }

  async subscription(id: string) {
    const [sub] = await this.database.db
      .select()
      .from(localPaySubscriptions)
      .where(eq(localPaySubscriptions.id, id));
    if (!sub) throw new Error(`no subscription ${id}`);
    return sub;
  }

  async transactionsOf(subscriptionId: string) {
    return this.database.db
      .select()
      .from(localPayTransactions)
      .where(eq(localPayTransactions.subscriptionId, subscriptionId))
      .orderBy(localPayTransactions.createdAt);
  }

  /** Moves the sandbox clock through the staff control and runs what is due. */
  async advance(seconds: number) {
    const moved = await this.app.inject({
      method: 'POST',
      url: '/api/v1/admin/local/clock',
      payload: { advance_seconds: seconds },
    });
    expect(moved.statusCode).toBe(200);
    const run = await this.app.inject({ method: 'POST', url: '/api/v1/admin/local/run' });
    expect(run.statusCode).toBe(200);
    return run.json() as { now: string; renewed: number; delivered: number };
  }

  /** A sandbox time as events tell it: real time, the sandbox clock's offset taken off. */
  async real(date: Date | null | undefined) {
    const offset = await this.provider.sandbox.clock.offsetSeconds();
    return date ? new Date(date.getTime() - offset * 1000).toISOString() : null;
  }

  /** The last event delivered for an entity. */
  last(entity: string) {
    const found = this.receiver.deliveries.filter((d) => d.entity === entity).at(-1);
    if (!found) throw new Error(`nothing delivered for ${entity}`);
    return found;
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
      trialDays: price.trialDays,
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

  it('refuses every delivery before it is started (the sender retries)', async () => {
    const { transactionId } = await h().checkout('pro', 'annual');
    await h().settle();
    const delivered = h().last(transactionId);
    const notStarted = h().makeProvider();
    expect(() => notStarted.verifyWebhook(delivered.raw, delivered.headers)).toThrow(WebhookRejected);
    await notStarted.start();
    expect(notStarted.verifyWebhook(delivered.raw, delivered.headers).entityId).toBe(transactionId);
    await notStarted.stop();
  });

  it('forgets delivered events after 30 days, never pending ones', async () => {
    const { transactionId } = await h().checkout('team', 'monthly');
    await h().settle();
    const db = h().database.db;
    const long = new Date(Date.now() - 31 * 86_400_000);
    await db
      .update(localPayOutbox)
      .set({ deliveredAt: long })
      .where(eq(localPayOutbox.entityId, transactionId));
    await db.insert(localPayOutbox).values({
      eventId: `evt_local_${'0'.repeat(24)}`,
      eventType: 'transaction.updated',
      entityId: 'txn_local_pending',
      payload: {},
      nextAttemptAt: new Date(Date.now() + 86_400_000),
      createdAt: long,
    });
    await pruneDelivered(db);
    expect(await db.select().from(localPayOutbox).where(eq(localPayOutbox.entityId, transactionId))).toEqual(
      [],
    );
    expect(
      await db.select().from(localPayOutbox).where(eq(localPayOutbox.entityId, 'txn_local_pending')),
    ).toHaveLength(1);
    await db.delete(localPayOutbox).where(eq(localPayOutbox.entityId, 'txn_local_pending'));
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

const DAY = 86_400;

eachDatabase('local payments: hosted checkout', (h) => {
  it('shows the plan, period, quantity and amount in the visitor’s language, with a sandbox notice', async () => {
    const { transactionId } = await h().checkout('on-premise', 'annual', 3);
    const url = `/api/v1/billing/local/checkout/${transactionId}`;
    const page = await h().app.inject({
      method: 'GET',
      url,
      headers: { 'accept-language': 'en-US,en;q=0.8' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('<html lang="en-US">');
    expect(page.body).toContain('Sandbox — no real payment');
    expect(page.body).toContain('On-premise');
    expect(page.body).toContain('Nodes</dt><dd>3</dd>');
    expect(page.body).toContain('$3,600.00');
    expect(page.body).toMatch(/<label for="number">Card number<\/label>/);
    expect(page.body).not.toMatch(/<script|<link|src=/);

    const german = await h().app.inject({ method: 'GET', url: `${url}?lang=de-DE` });
    expect(german.body).toContain('<html lang="de-DE">');
    expect(german.body).toContain('Sandbox — keine echte Zahlung');
    expect(german.body).toContain('3.600,00');
    const serbian = await h().app.inject({
      method: 'GET',
      url,
      headers: { 'accept-language': 'sr-Latn-RS' },
    });
    expect(serbian.body).toContain('Pesak — bez stvarnog plaćanja');
    const japanese = await h().app.inject({
      method: 'GET',
      url,
      headers: { 'accept-language': 'fi, ja;q=0.5' },
    });
    expect(japanese.body).toContain('<html lang="ja-JP">');
    const fallback = await h().app.inject({ method: 'GET', url, headers: { 'accept-language': 'fi' } });
    expect(fallback.body).toContain('<html lang="en-GB">');
  });

  it('answers an unknown checkout with a 404 page', async () => {
    for (const id of ['txn_local_000000000000000000000000', 'nonsense', '<b>x</b>']) {
      const url = `/api/v1/billing/local/checkout/${encodeURIComponent(id)}`;
      const page = await h().app.inject({ method: 'GET', url, headers: { accept: BROWSER_ACCEPT } });
      expect(page.statusCode).toBe(404);
      expect(page.body).toContain('This page does not exist or has expired.');
      expect(page.body).not.toContain('<b>x</b>');
      // A program that did not ask for HTML gets the error body every route answers.
      const json = await h().app.inject({ method: 'GET', url });
      expect(json.statusCode).toBe(404);
      expect(json.json()).toMatchObject({ code: 404, message: 'Resource not found' });
    }
  });

  it('refuses a card sent by a program with the JSON error body', async () => {
    const { transactionId } = await h().checkout('pro', 'monthly');
    const bad = await h().pay(transactionId, { cvc: '1' }, { accept: 'application/json' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 400,
      message: 'Enter the 3 or 4 digits of the security code.',
      details: { field: 'cvc' },
    });
    const declined = await h().pay(
      transactionId,
      { number: '4000000000000002' },
      { accept: 'application/json' },
    );
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ code: 402, details: { reason: 'card_declined' } });
  });

  it('refuses bad card input with a message and a 400, echoing nothing unescaped', async () => {
    const { transactionId } = await h().checkout('pro', 'monthly');
    const cases: [Record<string, string>, string, string][] = [
      [{ number: '4242 4242 4242 4241' }, 'number', 'Enter a valid card number.'],
      [{ number: 'abcd' }, 'number', 'Enter a valid card number.'],
      [{ expiry: '01/20' }, 'expiry', 'Enter an expiry date in the future, as MM/YY.'],
      [{ expiry: '13/39' }, 'expiry', 'Enter an expiry date in the future, as MM/YY.'],
      [{ cvc: '12' }, 'cvc', 'Enter the 3 or 4 digits of the security code.'],
      [{ name: '   ' }, 'name', 'Enter the name on the card.'],
    ];
    for (const [card, field, message] of cases) {
      const answer = await h().pay(transactionId, { ...card, lang: 'en-GB' });
      expect(answer.statusCode, JSON.stringify(card)).toBe(400);
      expect(answer.body).toContain(message);
      expect(answer.body).toMatch(new RegExp(`id="${field}"[^>]*aria-invalid="true"`));
    }
    const huge = await h().pay(transactionId, { name: 'x'.repeat(5_000) });
    expect(huge.statusCode).toBe(400);
    const wrongType = await h().app.inject({
      method: 'POST',
      url: `/api/v1/billing/local/checkout/${transactionId}`,
      headers: { 'content-type': 'text/plain' },
      payload: 'number=4242424242424242',
    });
    expect(wrongType.statusCode).toBe(400);
    const hostile = await h().pay(transactionId, { cvc: 'x', name: '<script>alert(1)</script>' });
    expect(hostile.statusCode).toBe(400);
    expect(hostile.body).not.toContain('<script>alert(1)</script>');
    expect(hostile.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    const [txn] = await h()
      .database.db.select()
      .from(localPayTransactions)
      .where(eq(localPayTransactions.id, transactionId));
    expect(txn?.status).toBe('ready');
  });

  it('shows a declined card and keeps the transaction open; nothing is created', async () => {
    const { transactionId } = await h().checkout('pro', 'monthly');
    const declined = await h().pay(transactionId, { number: '4000 0000 0000 0002' });
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('The card was declined.');
    await h().settle();
    const [txn] = await h()
      .database.db.select()
      .from(localPayTransactions)
      .where(eq(localPayTransactions.id, transactionId));
    expect(txn).toMatchObject({ status: 'ready', subscriptionId: null });
    expect(h().receiver.types(transactionId)).toEqual(['transaction.created', 'transaction.payment_failed']);
    // The buyer tries again with a good card.
    const paid = await h().pay(transactionId);
    expect(paid.statusCode).toBe(303);
  });

  it('takes a good card: paid and completed, a subscription created and activated, then back to the success URL', async () => {
    const { transactionId, orgId, priceId } = await h().checkout('pro', 'monthly', 2);
    const paid = await h().pay(transactionId);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe('http://127.0.0.1:8080/checkout/success?org=test');
    await h().settle();
    expect(h().receiver.types(transactionId)).toEqual([
      'transaction.created',
      'transaction.paid',
      'transaction.completed',
    ]);
    const completed = h().last(transactionId).data;
    expect(completed).toMatchObject({
      status: 'completed',
      origin: 'web',
      custom_data: { org_id: orgId, price_id: priceId },
      details: { totals: { subtotal: '3800', tax: '0', total: '3800' } },
    });
    expect(completed.invoice_number).toMatch(/^SBX-\d{4}-\d{6}$/);
    const subscriptionId = completed.subscription_id as string;
    expect(subscriptionId).toMatch(/^sub_local_/);
    expect(h().receiver.types(subscriptionId)).toEqual(['subscription.created', 'subscription.activated']);
    const sub = SubscriptionData.parse(h().last(subscriptionId).data);
    expect(sub).toMatchObject({
      status: 'active',
      custom_data: { org_id: orgId, price_id: priceId },
      items: [{ quantity: 2, price: { id: h().price('pro', 'monthly').providerPriceId } }],
      scheduled_change: null,
      canceled_at: null,
    });
    const period = sub.current_billing_period as { starts_at: string; ends_at: string };
    const start = new Date(period.starts_at);
    const end = new Date(period.ends_at);
    expect(end.getUTCMonth()).toBe((start.getUTCMonth() + 1) % 12);
    expect(sub.next_billed_at).toBe(period.ends_at);
    // Every delivery was in Paddle's format and verified by the receiver.
    expect(h().receiver.rejected).toBe(0);
    // Paid once: the page now says so.
    const again = await h().app.inject({
      method: 'GET',
      url: `/api/v1/billing/local/checkout/${transactionId}`,
    });
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('This checkout is already paid.');
    const twice = await h().pay(transactionId);
    expect(twice.statusCode).toBe(200);
    expect(await h().transactionsOf(subscriptionId)).toHaveLength(1);
  });

  it('asks the 3-D-Secure card to confirm: refused stays open, confirmed pays', async () => {
    const { transactionId } = await h().checkout('team', 'monthly');
    const challenge = await h().pay(transactionId, { number: '4000 0027 6000 3184' });
    expect(challenge.statusCode).toBe(200);
    expect(challenge.body).toContain('Your bank asks you to confirm this payment of');
    const token = /name="challenge" value="([0-9a-f]+)"/.exec(challenge.body)?.[1] ?? '';
    const confirmUrl = `/api/v1/billing/local/checkout/${transactionId}/confirm`;
    const forged = await h().postForm(confirmUrl, { challenge: 'f'.repeat(32), decision: 'approve' });
    expect(forged.statusCode).toBe(400);
    const refused = await h().postForm(confirmUrl, { challenge: token, decision: 'refuse' });
    expect(refused.statusCode).toBe(402);
    const stale = await h().postForm(confirmUrl, { challenge: token, decision: 'approve' });
    expect(stale.statusCode).toBe(400);
    const again = await h().pay(transactionId, { number: '4000002760003184' });
    const token2 = /name="challenge" value="([0-9a-f]+)"/.exec(again.body)?.[1] ?? '';
    const approved = await h().postForm(confirmUrl, { challenge: token2, decision: 'approve' });
    expect(approved.statusCode).toBe(303);
    await h().settle();
    expect(h().last(transactionId).data.status).toBe('completed');
  });

  it('sells a perpetual licence once: a completed transaction, an active subscription that never renews', async () => {
    const { subscriptionId, transactionId } = await h().buy('on-premise', 'perpetual', { quantity: 2 });
    expect(h().last(transactionId).data).toMatchObject({ details: { totals: { total: '960000' } } });
    const sub = h().last(subscriptionId).data;
    expect(sub).toMatchObject({
      status: 'active',
      next_billed_at: null,
      current_billing_period: null,
      billing_cycle: null,
    });
    await h().advance(400 * DAY);
    expect(await h().transactionsOf(subscriptionId)).toHaveLength(1);
    expect((await h().subscription(subscriptionId)).status).toBe('active');
  });

  it('refuses a sandbox clock moved by nonsense', async () => {
    for (const payload of [{ advance_seconds: 0 }, { advance_seconds: -5 }, { advance_seconds: 1.5 }, {}]) {
      const answer = await h().app.inject({ method: 'POST', url: '/api/v1/admin/local/clock', payload });
      expect(answer.statusCode).toBe(400);
    }
  });
});

describe('local payments: proration arithmetic', () => {
  const start = new Date('2026-03-01T00:00:00Z');
  const end = new Date('2026-03-31T00:00:00Z');
  const mid = new Date('2026-03-16T00:00:00Z');

  it('credits the unused part of the old price and charges the new one for the rest of the period', () => {
    const p = prorate({
      old: { unitAmount: 1900, quantity: 1, period: 'monthly' },
      next: { unitAmount: 7900, quantity: 1, period: 'monthly' },
      currentPeriod: { start, end },
      now: mid,
    });
    expect(p).toMatchObject({ credit: 950, charge: 3950, immediate: 3000, recurring: 7900 });
    expect(p.period).toEqual({ start, end });
  });

  it('counts quantities, credits a downgrade, rounds each side to the cent', () => {
    const third = new Date(start.getTime() + (end.getTime() - start.getTime()) / 3);
    const p = prorate({
      old: { unitAmount: 7900, quantity: 3, period: 'monthly' },
      next: { unitAmount: 7900, quantity: 2, period: 'monthly' },
      currentPeriod: { start, end },
      now: third,
    });
    // Two thirds of the period left: 23700 × 2/3 credited, 15800 × 2/3 charged.
    expect(p).toMatchObject({ credit: 15800, charge: 10533, immediate: -5267, recurring: 15800 });
  });

  it('starts a new period now when the billing period changes', () => {
    const p = prorate({
      old: { unitAmount: 1900, quantity: 1, period: 'monthly' },
      next: { unitAmount: 17900, quantity: 1, period: 'annual' },
      currentPeriod: { start, end },
      now: mid,
    });
    expect(p).toMatchObject({ credit: 950, charge: 17900, immediate: 16950, recurring: 17900 });
    expect(p.period).toEqual({ start: mid, end: new Date('2027-03-16T00:00:00Z') });
  });

  it('credits nothing after the period and everything before it', () => {
    const base = {
      old: { unitAmount: 1000, quantity: 1, period: 'monthly' as const },
      next: { unitAmount: 2000, quantity: 1, period: 'monthly' as const },
      currentPeriod: { start, end },
    };
    expect(prorate({ ...base, now: new Date('2026-04-05T00:00:00Z') }).immediate).toBe(0);
    expect(prorate({ ...base, now: new Date('2026-02-01T00:00:00Z') }).immediate).toBe(1000);
  });
});

eachDatabase('local payments: subscription lifecycle', (h) => {
  it('renews a due subscription on the card on file and moves it to the next period', async () => {
    const { subscriptionId, orgId } = await h().buy('pro', 'monthly');
    const before = await h().subscription(subscriptionId);
    const run = await h().advance(32 * DAY);
    expect(run.renewed).toBeGreaterThanOrEqual(1);
    const after = await h().subscription(subscriptionId);
    expect(after.status).toBe('active');
    expect(after.currentPeriodStart).toEqual(before.currentPeriodEnd);
    expect(after.currentPeriodEnd?.getTime()).toBeGreaterThan(before.currentPeriodEnd?.getTime() ?? 0);
    const txns = await h().transactionsOf(subscriptionId);
    expect(txns.map((t) => [t.origin, t.status, t.total])).toEqual([
      ['web', 'completed', 1900],
      ['subscription_recurring', 'completed', 1900],
    ]);
    const renewal = txns[1]?.id ?? '';
    expect(h().receiver.types(renewal)).toEqual([
      'transaction.created',
      'transaction.paid',
      'transaction.completed',
    ]);
    expect(h().last(renewal).data).toMatchObject({
      subscription_id: subscriptionId,
      custom_data: { org_id: orgId },
    });
    expect(h().last(subscriptionId)).toMatchObject({ type: 'subscription.updated' });
    expect(h().last(subscriptionId).data.next_billed_at).toBe(await h().real(after.nextBilledAt));
    // Nothing more is due: a second run renews nothing.
    expect((await h().advance(60)).renewed).toBe(0);
  });

  it('dunning: a declined renewal is past due, retried after 1, 3 and 5 days, then canceled', async () => {
    const { subscriptionId } = await h().buy('team', 'monthly', { card: '4000 0000 0000 0341' });
    const bought = await h().subscription(subscriptionId);
    expect(bought).toMatchObject({ status: 'active', cardDeclines: true });
    const due = (bought.nextBilledAt?.getTime() ?? 0) - new Date((await h().advance(1)).now).getTime();
    await h().advance(Math.ceil(due / 1000) + 60);
    const pastDue = await h().subscription(subscriptionId);
    expect(pastDue).toMatchObject({ status: 'past_due', dunningAttempts: 1 });
    // What it paid for is kept until the renewal is paid.
    expect(pastDue.currentPeriodEnd).toEqual(bought.currentPeriodEnd);
    expect(h().last(subscriptionId)).toMatchObject({
      type: 'subscription.past_due',
      data: { status: 'past_due' },
    });
    const renewal = (await h().transactionsOf(subscriptionId))[1];
    expect(renewal).toMatchObject({ status: 'past_due', origin: 'subscription_recurring' });
    expect(h().receiver.types(renewal?.id)).toEqual([
      'transaction.created',
      'transaction.payment_failed',
      'transaction.past_due',
    ]);
    // Not yet a day: no retry.
    await h().advance(DAY / 2);
    expect((await h().subscription(subscriptionId)).dunningAttempts).toBe(1);
    await h().advance(DAY / 2 + 60);
    expect((await h().subscription(subscriptionId)).dunningAttempts).toBe(2);
    await h().advance(2 * DAY);
    expect(await h().subscription(subscriptionId)).toMatchObject({ status: 'past_due', dunningAttempts: 3 });
    await h().advance(2 * DAY);
    const canceled = await h().subscription(subscriptionId);
    expect(canceled.status).toBe('canceled');
    expect(h().last(subscriptionId)).toMatchObject({
      type: 'subscription.canceled',
      data: { status: 'canceled' },
    });
    expect(h().last(renewal?.id ?? '').data.status).toBe('canceled');
    // A canceled subscription is never charged again.
    await h().advance(40 * DAY);
    expect(await h().transactionsOf(subscriptionId)).toHaveLength(2);
  });

  it('recovers a past-due subscription through the payment-method page', async () => {
    const { subscriptionId } = await h().buy('pro', 'annual', { card: '4000000000000341' });
    await h().advance(367 * DAY);
    expect((await h().subscription(subscriptionId)).status).toBe('past_due');
    const returnUrl = 'http://127.0.0.1:8080/dashboard/org/test/subscription';
    const url = await h().provider.paymentMethodUrl(subscriptionId, returnUrl);
    const bare = `/api/v1/billing/local/payment-method/${subscriptionId}`;
    expect(url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:8080${bare}\\?token=\\d+\\.[0-9a-f]{64}$`));
    const path = `${new URL(url).pathname}${new URL(url).search}`;
    // The subscription id alone, or a link signed for another one, opens nothing.
    const other = await h().buy('pro', 'monthly');
    const borrowed = new URL(await h().provider.paymentMethodUrl(other.subscriptionId, returnUrl)).search;
    // Signed properly, two days ago: a day's validity is over.
    const expired = signPaymentLink(
      h().provider.sandbox.secret(),
      subscriptionId,
      Date.now() - 2 * DAY * 1000,
    );
    for (const refused of [bare, `${bare}${borrowed}`, `${bare}?token=${expired}`, `${bare}?token=x`]) {
      const answer = await h().app.inject({
        method: 'GET',
        url: refused,
        headers: { accept: BROWSER_ACCEPT },
      });
      expect(answer.statusCode, refused).toBe(404);
      expect((await h().postForm(refused, {})).statusCode, refused).toBe(404);
    }
    const page = await h().app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`action="${path}"`);
    expect(page.body).toContain('Card on file ends in 0341.');
    expect(page.body).toContain('A payment is overdue');
    const bad = await h().postForm(path, { number: '1234' });
    expect(bad.statusCode).toBe(400);
    const declined = await h().postForm(path, { number: '4000 0000 0000 0002' });
    expect(declined.statusCode).toBe(402);
    expect((await h().subscription(subscriptionId)).status).toBe('past_due');
    const updated = await h().postForm(path, { number: '4242 4242 4242 4242' });
    expect(updated.statusCode).toBe(303);
    expect(updated.headers.location).toBe(returnUrl);
    await h().settle();
    const recovered = await h().subscription(subscriptionId);
    expect(recovered).toMatchObject({
      status: 'active',
      cardLast4: '4242',
      cardDeclines: false,
      dunningAttempts: 0,
    });
    const txns = await h().transactionsOf(subscriptionId);
    expect(txns.map((t) => [t.origin, t.status])).toEqual([
      ['web', 'completed'],
      ['subscription_recurring', 'completed'],
      ['subscription_payment_method_change', 'completed'],
    ]);
    expect(h().last(subscriptionId)).toMatchObject({
      type: 'subscription.updated',
      data: { status: 'active' },
    });
    // The next renewal is paid by the new card.
    await h().advance(366 * DAY);
    expect((await h().transactionsOf(subscriptionId)).filter((t) => t.status === 'completed')).toHaveLength(
      4,
    );
  });

  it('previews and applies an upgrade with proration, then a quantity change', async () => {
    const { subscriptionId } = await h().buy('pro', 'monthly');
    await h().advance(10 * DAY);
    const team = h().price('team', 'monthly');
    const sub = await h().subscription(subscriptionId);
    const now = new Date(
      (await h().app.inject({ method: 'GET', url: '/api/v1/admin/local/clock' })).json().now,
    );
    const preview = await h().provider.previewChange(subscriptionId, {
      providerPriceId: team.providerPriceId,
      quantity: 1,
    });
    const expected = prorate({
      old: { unitAmount: 1900, quantity: 1, period: 'monthly' },
      next: { unitAmount: 7900, quantity: 1, period: 'monthly' },
      currentPeriod: { start: sub.currentPeriodStart as Date, end: sub.currentPeriodEnd as Date },
      now,
    });
    expect(preview.recurring).toEqual({ amount: 7900, currency: 'USD' });
    expect(preview.next_billed_at).toBe(await h().real(sub.currentPeriodEnd));
    // The clock runs on between the two reads: within a cent or two.
    expect(Math.abs(preview.immediate.amount - expected.immediate)).toBeLessThanOrEqual(2);
    expect(preview.immediate.amount).toBeGreaterThan(0);

    await h().provider.changeSubscription(subscriptionId, {
      providerPriceId: team.providerPriceId,
      quantity: 1,
    });
    await h().settle();
    const changed = await h().subscription(subscriptionId);
    expect(changed).toMatchObject({ priceId: team.providerPriceId, quantity: 1 });
    expect(changed.currentPeriodEnd).toEqual(sub.currentPeriodEnd);
    const update = (await h().transactionsOf(subscriptionId)).find((t) => t.origin === 'subscription_update');
    expect(Math.abs((update?.total ?? 0) - preview.immediate.amount)).toBeLessThanOrEqual(2);
    expect(h().last(subscriptionId)).toMatchObject({
      type: 'subscription.updated',
      data: { custom_data: { price_id: team.priceId }, items: [{ price: { id: team.providerPriceId } }] },
    });

    // Fewer seats: a credit.
    await h().provider.changeSubscription(subscriptionId, {
      providerPriceId: team.providerPriceId,
      quantity: 1,
    });
    const credit = await h().provider.previewChange(subscriptionId, {
      providerPriceId: h().price('pro', 'monthly').providerPriceId,
      quantity: 1,
    });
    expect(credit.immediate.amount).toBeLessThan(0);
  });

  it('refuses changes it cannot make, with clear errors', async () => {
    const { subscriptionId } = await h().buy('pro', 'monthly');
    const perpetual = h().price('on-premise', 'perpetual').providerPriceId;
    await expect(
      h().provider.previewChange(subscriptionId, { providerPriceId: perpetual, quantity: 1 }),
    ).rejects.toMatchObject({
      status: 400,
    });
    await expect(
      h().provider.previewChange(subscriptionId, {
        providerPriceId: 'pri_local_000000000000000000000000',
        quantity: 1,
      }),
    ).rejects.toMatchObject({ status: 400, message: 'Missing price information' });
    await expect(
      h().provider.changeSubscription('sub_local_000000000000000000000000', {
        providerPriceId: h().price('team', 'monthly').providerPriceId,
        quantity: 1,
      }),
    ).rejects.toMatchObject({
      status: 404,
      message: 'Subscription sub_local_000000000000000000000000 not found',
    });
    await expect(h().provider.resumeSubscription('nope')).rejects.toMatchObject({ status: 404 });
    await expect(h().provider.paymentMethodUrl('nope', 'http://x')).rejects.toMatchObject({ status: 404 });
  });

  it('cancels at the period’s end, resumes, and cancels for good when the period ends', async () => {
    const { subscriptionId } = await h().buy('team', 'semi_annual');
    const sub = await h().subscription(subscriptionId);
    await h().provider.cancelSubscription(subscriptionId, 'period_end');
    await h().settle();
    expect(h().last(subscriptionId)).toMatchObject({
      type: 'subscription.updated',
      data: {
        status: 'active',
        scheduled_change: { action: 'cancel', effective_at: await h().real(sub.currentPeriodEnd) },
      },
    });
    await h().provider.resumeSubscription(subscriptionId);
    await h().settle();
    expect(h().last(subscriptionId)).toMatchObject({
      type: 'subscription.updated',
      data: { scheduled_change: null },
    });
    await h().provider.cancelSubscription(subscriptionId, 'period_end');
    await h().advance(30 * DAY);
    expect((await h().subscription(subscriptionId)).status).toBe('active');
    await h().advance(160 * DAY);
    const ended = await h().subscription(subscriptionId);
    expect(ended).toMatchObject({ status: 'canceled', canceledAt: sub.currentPeriodEnd });
    expect(h().last(subscriptionId)).toMatchObject({
      type: 'subscription.canceled',
      data: { status: 'canceled' },
    });
    // Cancelled at the end means not charged for the next period.
    expect(await h().transactionsOf(subscriptionId)).toHaveLength(1);
    await expect(h().provider.resumeSubscription(subscriptionId)).rejects.toMatchObject({ status: 409 });
    await expect(h().provider.cancelSubscription(subscriptionId, 'immediately')).rejects.toMatchObject({
      status: 409,
    });
  });

  it('cancels at once when staff ask', async () => {
    const { subscriptionId } = await h().buy('pro', 'monthly');
    await h().provider.cancelSubscription(subscriptionId, 'immediately');
    await h().settle();
    expect(h().last(subscriptionId)).toMatchObject({
      type: 'subscription.canceled',
      data: { status: 'canceled', next_billed_at: null },
    });
  });

  it('starts a trial: card taken, nothing charged, the first charge when the trial ends', async () => {
    const { subscriptionId, transactionId } = await h().buy('pro', 'monthly', { trialDays: 14 });
    expect(h().last(transactionId).data).toMatchObject({
      status: 'completed',
      details: { totals: { total: '0' } },
    });
    expect(h().receiver.types(subscriptionId)).toEqual(['subscription.created', 'subscription.trialing']);
    const trial = SubscriptionData.parse(h().last(subscriptionId).data);
    expect(trial.status).toBe('trialing');
    expect(trial.items[0]?.trial_dates?.ends_at).toBe(trial.next_billed_at);
    await h().advance(15 * DAY);
    expect(h().last(subscriptionId)).toMatchObject({
      type: 'subscription.activated',
      data: { status: 'active' },
    });
    const charged = (await h().transactionsOf(subscriptionId)).at(-1);
    expect(charged).toMatchObject({ origin: 'subscription_recurring', status: 'completed', total: 1900 });
  });
});

eachDatabase('local payments: restarts and several nodes', (h) => {
  it('keeps its webhook secret and the deliveries still pending across a restart', async () => {
    const first = h().provider;
    const { transactionId } = await h().checkout('pro', 'monthly');
    await h().settle();
    const delivered = h().last(transactionId);
    // The route is down: this event stays in the outbox.
    h().receiver.answers.push(...Array(50).fill(503));
    const paid = await h().pay(transactionId);
    expect(paid.statusCode).toBe(303);
    await first.stop();
    const pending = await h().database.db.select().from(localPayOutbox);
    expect(pending.filter((e) => e.deliveredAt === null).length).toBeGreaterThan(0);

    h().receiver.answers.length = 0;
    const second = h().makeProvider();
    h().provider = second;
    await second.start();
    // The new instance verifies what the old one signed.
    expect(second.verifyWebhook(delivered.raw, delivered.headers).entityId).toBe(transactionId);
    for (let i = 0; i < 50 && !h().receiver.types(transactionId).includes('transaction.completed'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 30));
      await second.runDue();
    }
    expect(h().receiver.types(transactionId)).toEqual([
      'transaction.created',
      'transaction.paid',
      'transaction.completed',
    ]);
  });

  it('delivers each event once when two nodes deliver at the same time', async () => {
    const other = h().makeProvider();
    await other.start();
    h().receiver.answers.push(...Array(30).fill(503));
    const bought = await Promise.all([h().checkout('pro', 'monthly'), h().checkout('team', 'annual')]);
    await Promise.all(bought.map((b) => h().pay(b.transactionId)));
    h().receiver.answers.length = 0;
    const before = h().receiver.deliveries.length;
    for (let i = 0; i < 50; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      await Promise.all([h().provider.runDue(), other.runDue()]);
      const pending = await h().database.db.select().from(localPayOutbox);
      if (pending.every((e) => e.deliveredAt !== null)) break;
    }
    await other.stop();
    const ids = h()
      .receiver.deliveries.slice(before)
      .map((d) => JSON.parse(d.raw).event_id as string);
    expect(ids.length).toBeGreaterThanOrEqual(2 * 5);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { transactionId } of bought) {
      expect(h().receiver.types(transactionId)).toEqual([
        'transaction.created',
        'transaction.paid',
        'transaction.completed',
      ]);
    }
  });

  it('renews a subscription once when two nodes run renewals at the same time', async () => {
    const { subscriptionId } = await h().buy('pro', 'monthly');
    const other = h().makeProvider();
    await other.start();
    await h().app.inject({
      method: 'POST',
      url: '/api/v1/admin/local/clock',
      payload: { advance_seconds: 33 * DAY },
    });
    const runs = await Promise.all([
      h().provider.runDue(),
      other.runDue(),
      h().provider.runDue(),
      other.runDue(),
    ]);
    await other.stop();
    // Every renewal the four runs report is one transaction: none was made twice.
    const recurring = await h()
      .database.db.select()
      .from(localPayTransactions)
      .where(eq(localPayTransactions.origin, 'subscription_recurring'));
    expect(runs.reduce((sum, r) => sum + r.renewed, 0)).toBe(recurring.length);
    expect(new Set(recurring.map((t) => t.subscriptionId)).size).toBe(recurring.length);
    const renewals = (await h().transactionsOf(subscriptionId)).filter(
      (t) => t.origin === 'subscription_recurring',
    );
    expect(renewals).toHaveLength(1);
    await h().settle();
    expect(h().receiver.types(renewals[0]?.id)).toEqual([
      'transaction.created',
      'transaction.paid',
      'transaction.completed',
    ]);
  });
});
