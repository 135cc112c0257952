// The Paddle provider's API calls against a local stand-in of Paddle's API: a node:http server on
// a free port that keeps products, prices, customers, transactions and subscriptions in memory,
// answers in Paddle's shapes (`{ data, meta }`, `{ error: { type, code, detail, errors } }`) and
// records every request. No network here: nothing reaches Paddle.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { MAX_QUANTITY, Quantity } from '@slugsmith/contract';
import { freePort } from '@slugsmith/test-support';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPaddleProvider, PaddleApiError } from '../src/areas/billing/paddle/index.js';
import type {
  CatalogueItem,
  CheckoutInput,
  ProviderRuntime,
  SyncResult,
} from '../src/areas/billing/provider.js';
import { billingRefs } from '../src/db/schema.js';
import { describeEachDatabase, type TestContext } from './support/app.js';

const API_KEY = 'pdl_sdbx_apikey_01jq0standin0test0key';
const CLIENT_TOKEN = 'test_5a6b7c8d9e0f1a2b3c4d5e6f7a8';

type Json = Record<string, unknown>;
interface Recorded {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: Json | undefined;
}

const PERIOD_DAYS = 30;

/**
 * Paddle's API as far as the provider uses it. It validates what Paddle validates for these calls
 * (known and active prices, one customer per e-mail, existing subscriptions) and prorates a plan
 * change at half of the current period.
 */
class PaddleStandIn {
  readonly requests: Recorded[] = [];
  readonly products = new Map<string, Json>();
  readonly prices = new Map<string, Json>();
  readonly customers = new Map<string, Json>();
  readonly transactions = new Map<string, Json>();
  readonly subscriptions = new Map<string, Json>();
  /** The next answer, whatever the request (an outage, a proxy's error page). */
  failNext: { status: number; body: string } | undefined;
  /** Paddle made no checkout for the payment-method transaction (no default payment link). */
  noPaymentMethodCheckout = false;
  private server: Server | undefined;
  private counter = 0;
  url = '';

  async start() {
    const port = await freePort();
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://stand-in');
        const text = Buffer.concat(chunks).toString('utf8');
        const recorded: Recorded = {
          method: req.method ?? 'GET',
          path: url.pathname,
          query: url.searchParams,
          headers: req.headers,
          body: text ? JSON.parse(text) : undefined,
        };
        this.requests.push(recorded);
        const [status, answer] = this.answer(recorded);
        res.writeHead(status, { 'content-type': answer.startsWith('{') ? 'application/json' : 'text/html' });
        res.end(answer);
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${port}`;
  }

  async stop() {
    await new Promise((resolve) => this.server?.close(resolve));
  }

  clearRequests() {
    this.requests.length = 0;
  }

  /** The requests made since the last clear, as "METHOD /path". */
  calls() {
    return this.requests.map((r) => `${r.method} ${r.path}`);
  }

  id(prefix: string) {
    this.counter += 1;
    return `${prefix}_01jqstandin${String(this.counter).padStart(15, '0')}`;
  }

  /** A subscription of one price, half-way through a 30-day period. */
  addSubscription(priceId: string, quantity = 1): string {
    const id = this.id('sub');
    const start = Date.now() - (PERIOD_DAYS / 2) * 86_400_000;
    const end = start + PERIOD_DAYS * 86_400_000;
    this.subscriptions.set(id, {
      id,
      status: 'active',
      customer_id: 'ctm_01jqstandin0000000000000001',
      currency_code: 'USD',
      next_billed_at: new Date(end).toISOString(),
      current_billing_period: {
        starts_at: new Date(start).toISOString(),
        ends_at: new Date(end).toISOString(),
      },
      scheduled_change: null,
      management_urls: {
        update_payment_method: `https://sandbox-customer-portal.paddle.com/subscriptions/${id}/update-payment-method`,
        cancel: `https://sandbox-customer-portal.paddle.com/subscriptions/${id}/cancel`,
      },
      items: [{ status: 'active', quantity, price: this.prices.get(priceId) }],
    });
    return id;
  }

  private answer(r: Recorded): [number, string] {
    if (this.failNext) {
      const { status, body } = this.failNext;
      this.failNext = undefined;
      return [status, body];
    }
    if (r.headers.authorization !== `Bearer ${API_KEY}`) {
      return error(403, 'forbidden', 'You aren’t permitted to perform this request.');
    }
    const parts = r.path.split('/').filter(Boolean);
    const [collection, id, action] = parts;
    const body = r.body ?? {};
    const now = new Date().toISOString();

    if (collection === 'products') {
      if (r.method === 'POST' && !id) {
        if (typeof body.name !== 'string' || typeof body.tax_category !== 'string') {
          return error(400, 'bad_request', 'Invalid request.', [{ field: 'name', message: 'is required' }]);
        }
        const product = { ...body, id: this.id('pro'), status: 'active', created_at: now, updated_at: now };
        this.products.set(product.id, product);
        return ok(201, product);
      }
      if (r.method === 'PATCH' && id) return this.update(this.products, id, body);
    }
    if (collection === 'prices') {
      if (r.method === 'POST' && !id) {
        if (!this.products.has(String(body.product_id))) {
          return error(404, 'not_found', `Entity ${String(body.product_id)} not found`);
        }
        if (typeof body.description !== 'string' || !body.unit_price) {
          return error(400, 'bad_request', 'Invalid request.', [
            { field: 'description', message: 'is required' },
          ]);
        }
        const price = { ...body, id: this.id('pri'), status: 'active', created_at: now, updated_at: now };
        this.prices.set(price.id, price);
        return ok(201, price);
      }
      if (r.method === 'PATCH' && id) return this.update(this.prices, id, body);
    }
    if (collection === 'customers') {
      if (r.method === 'GET' && !id) {
        const emails = (r.query.get('email') ?? '').split(',').filter(Boolean);
        const statuses = (r.query.get('status') ?? 'active').split(',');
        return ok(
          200,
          [...this.customers.values()].filter(
            (c) =>
              (emails.length === 0 || emails.includes(String(c.email))) &&
              statuses.includes(String(c.status)),
          ),
        );
      }
      if (r.method === 'POST' && !id) {
        const taken = [...this.customers.values()].find((c) => c.email === body.email);
        if (taken) {
          return error(
            409,
            'customer_already_exists',
            `customer email conflicts with customer of id ${taken.id}`,
          );
        }
        const customer = { ...body, id: this.id('ctm'), status: 'active', created_at: now, updated_at: now };
        this.customers.set(customer.id, customer);
        return ok(201, customer);
      }
      if (r.method === 'PATCH' && id) return this.update(this.customers, id, body);
    }
    if (collection === 'transactions' && r.method === 'GET' && id) {
      const transaction = this.transactions.get(id);
      return transaction ? ok(200, transaction) : error(404, 'not_found', `Entity ${id} not found`);
    }
    if (collection === 'transactions' && r.method === 'POST' && !id) {
      const items = (body.items ?? []) as { price_id: string; quantity: number }[];
      const missing = items.findIndex((i) => this.prices.get(i.price_id)?.status !== 'active');
      if (items.length === 0 || missing >= 0) {
        return error(400, 'bad_request', 'Invalid request.', [
          { field: `items[${Math.max(missing, 0)}].price_id`, message: 'price not found or archived' },
        ]);
      }
      const txId = this.id('txn');
      const transaction = {
        ...body,
        id: txId,
        status: body.customer_id ? 'ready' : 'draft',
        origin: 'api',
        currency_code: 'USD',
        checkout: { url: `https://slugsmith.example/pay?_ptxn=${txId}` },
        created_at: now,
        updated_at: now,
      };
      this.transactions.set(txId, transaction);
      return ok(201, transaction);
    }
    if (collection === 'subscriptions' && id) {
      const subscription = this.subscriptions.get(id);
      if (!subscription) return error(404, 'not_found', `Entity ${id} not found`);
      if (r.method === 'GET' && !action) return ok(200, subscription);
      if (r.method === 'GET' && action === 'update-payment-method-transaction') {
        const txId = this.id('txn');
        return ok(200, {
          id: txId,
          status: 'ready',
          origin: 'subscription_payment_method_change',
          subscription_id: id,
          checkout: this.noPaymentMethodCheckout
            ? null
            : { url: `https://slugsmith.example/pay?_ptxn=${txId}` },
        });
      }
      if (r.method === 'PATCH' && (action === undefined || action === 'preview')) {
        const changed = this.applyChange(subscription, body);
        if (typeof changed === 'string') return error(400, 'bad_request', changed);
        if (action === 'preview') return ok(200, changed);
        const { immediate_transaction: _, update_summary: __, ...stored } = changed;
        this.subscriptions.set(id, stored);
        return ok(200, stored);
      }
      if (r.method === 'POST' && action === 'cancel') {
        const period = subscription.current_billing_period as { ends_at: string };
        const updated =
          body.effective_from === 'immediately'
            ? { ...subscription, status: 'canceled', canceled_at: now, scheduled_change: null }
            : {
                ...subscription,
                scheduled_change: { action: 'cancel', effective_at: period.ends_at, resume_at: null },
              };
        this.subscriptions.set(id, updated);
        return ok(200, updated);
      }
    }
    return error(404, 'not_found', `No route for ${r.method} ${r.path}`);
  }

  private update(store: Map<string, Json>, id: string, body: Json): [number, string] {
    const entity = store.get(id);
    if (!entity) return error(404, 'not_found', `Entity ${id} not found`);
    const updated = { ...entity, ...body, id, updated_at: new Date().toISOString() };
    store.set(id, updated);
    return ok(200, updated);
  }

  /** The subscription after a change, with Paddle's proration figures for a preview. */
  private applyChange(subscription: Json, body: Json): Json | string {
    if ('scheduled_change' in body && body.scheduled_change === null) {
      return { ...subscription, scheduled_change: null };
    }
    const items = body.items as { price_id: string; quantity: number }[] | undefined;
    if (!items || body.proration_billing_mode === undefined)
      return 'items and proration_billing_mode are required';
    const [oldItem] = subscription.items as { quantity: number; price: Json }[];
    const newPrice = this.prices.get(items[0]?.price_id ?? '');
    if (!oldItem || !newPrice || newPrice.status !== 'active') return 'price not found or archived';
    const amount = (price: Json) => Number((price.unit_price as { amount: string }).amount);
    const quantity = items[0]?.quantity ?? 1;
    // Half of the period is left: the unused half of the old price back, half of the new one due.
    const credit = Math.round((amount(oldItem.price) * oldItem.quantity) / 2);
    const charge = Math.round((amount(newPrice) * quantity) / 2);
    const recurring = String(amount(newPrice) * quantity);
    const totals = (total: number) => ({
      subtotal: String(total),
      discount: '0',
      tax: '0',
      total: String(total),
      credit: '0',
      credit_to_balance: '0',
      balance: '0',
      grand_total: String(total),
      grand_total_tax: '0',
      currency_code: 'USD',
    });
    return {
      ...subscription,
      items: [{ status: 'active', quantity, price: newPrice }],
      immediate_transaction: { details: { totals: totals(Math.max(charge - credit, 0)), line_items: [] } },
      recurring_transaction_details: {
        totals: totals(Number(recurring)),
        line_items: [],
        tax_rates_used: [],
      },
      update_summary: {
        credit: { amount: String(credit), currency_code: 'USD' },
        charge: { amount: String(charge), currency_code: 'USD' },
        result: {
          action: charge >= credit ? 'charge' : 'credit',
          amount: String(Math.abs(charge - credit)),
          currency_code: 'USD',
        },
      },
    };
  }
}

const ok = (status: number, data: unknown): [number, string] => [
  status,
  JSON.stringify({ data, meta: { request_id: randomUUID() } }),
];
const error = (
  status: number,
  code: string,
  detail: string,
  errors?: { field: string; message: string }[],
): [number, string] => [
  status,
  JSON.stringify({
    error: {
      type: 'request_error',
      code,
      detail,
      documentation_url: `https://developer.paddle.com/v1/errors/shared/${code}`,
      ...(errors && { errors }),
    },
    meta: { request_id: randomUUID() },
  }),
];

// ---- our catalogue, as the billing core hands it to the provider ----------------------------------

const PRO = {
  id: randomUUID(),
  slug: 'pro',
  name: 'Pro',
  description: 'For teams shipping ids',
  planType: 'saas',
  active: true,
};
const ON_PREMISE = {
  id: randomUUID(),
  slug: 'on-premise',
  name: 'On-premise',
  description: 'Run Slugsmith yourself',
  planType: 'on_premise',
  active: true,
};
const PUBLIC_CONSOLE = {
  ...PRO,
  id: randomUUID(),
  slug: 'public-console',
  name: 'Public console',
  active: false,
};

const price = (period: CatalogueItem['price']['period'], amount: number, perNode = false, trialDays = 0) => ({
  id: randomUUID(),
  period,
  amount,
  currency: 'USD',
  perNode,
  trialDays,
});
const PRO_MONTHLY = price('monthly', 1900);
const PRO_SEMI = price('semi_annual', 9900);
const PRO_ANNUAL = price('annual', 17900, false, 14);
const ONPREM_ANNUAL = price('annual', 120_000, true);
const ONPREM_PERPETUAL = price('perpetual', 480_000, true);

const CATALOGUE: CatalogueItem[] = [
  { plan: PRO, price: PRO_MONTHLY },
  { plan: PRO, price: PRO_SEMI },
  { plan: PRO, price: PRO_ANNUAL },
  { plan: ON_PREMISE, price: ONPREM_ANNUAL },
  { plan: ON_PREMISE, price: ONPREM_PERPETUAL },
  // Internal and inactive: never offered, so never created at Paddle.
  { plan: PUBLIC_CONSOLE, price: price('monthly', 0) },
];

const EMPTY: SyncResult = { products: [], prices: [] };
const providerIdOf = (result: SyncResult, priceId: string) =>
  result.prices.find((p) => p.priceId === priceId)?.providerId ?? '';

async function rejection(promise: Promise<unknown>): Promise<PaddleApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaddleApiError);
  return error as PaddleApiError;
}

describeEachDatabase('Paddle provider API calls (local stand-in of the Paddle API)', (ctx) => {
  const paddle = new PaddleStandIn();
  let provider: ProviderRuntime;

  const providerAt = (context: TestContext, apiUrl: string) =>
    createPaddleProvider(
      {
        provider: 'paddle',
        apiKey: API_KEY,
        webhookSecret: 'pdl_ntfset_unused_in_these_tests',
        clientToken: CLIENT_TOKEN,
        environment: 'sandbox',
        apiUrl,
        graceDays: 14,
      },
      { db: context.app.database.db, log: context.app.server.log },
    );

  beforeAll(async () => {
    await paddle.start();
    provider = providerAt(ctx(), paddle.url);
  });
  afterAll(() => paddle.stop());
  beforeEach(() => paddle.clearRequests());

  describe('catalogue sync', () => {
    let first: SyncResult;

    it('creates one product per offered plan and one price per plan price, with our ids in custom_data', async () => {
      first = await provider.syncCatalogue(CATALOGUE, EMPTY);
      expect(paddle.calls().filter((c) => c === 'POST /products')).toHaveLength(2);
      expect(paddle.calls().filter((c) => c === 'POST /prices')).toHaveLength(5);
      expect(paddle.products.size).toBe(2);
      expect(paddle.prices.size).toBe(5);

      expect(first.products.map((p) => p.planId).sort()).toEqual([PRO.id, ON_PREMISE.id].sort());
      const proProduct = paddle.products.get(
        first.products.find((p) => p.planId === PRO.id)?.providerId ?? '',
      );
      expect(proProduct).toMatchObject({
        name: 'Pro',
        description: 'For teams shipping ids',
        tax_category: 'standard',
        custom_data: { plan_id: PRO.id, slug: 'pro' },
      });

      const sent = (priceId: string) => paddle.prices.get(providerIdOf(first, priceId));
      expect(sent(PRO_MONTHLY.id)).toMatchObject({
        product_id: proProduct?.id,
        unit_price: { amount: '1900', currency_code: 'USD' },
        billing_cycle: { interval: 'month', frequency: 1 },
        quantity: { minimum: 1, maximum: 1 },
        custom_data: { price_id: PRO_MONTHLY.id },
      });
      expect(sent(PRO_SEMI.id)?.billing_cycle).toEqual({ interval: 'month', frequency: 6 });
      expect(sent(PRO_ANNUAL.id)?.billing_cycle).toEqual({ interval: 'year', frequency: 1 });
      // A trial is the price's trial period at Paddle; prices without one send null.
      expect(sent(PRO_ANNUAL.id)?.trial_period).toEqual({ interval: 'day', frequency: 14 });
      expect(sent(PRO_MONTHLY.id)?.trial_period).toBeNull();
      // A per-node price sells as many nodes as the contract's Quantity allows, no fewer.
      expect(MAX_QUANTITY).toBe(Quantity.maxValue);
      expect(sent(ONPREM_ANNUAL.id)).toMatchObject({
        unit_price: { amount: '120000', currency_code: 'USD' },
        quantity: { minimum: 1, maximum: MAX_QUANTITY },
      });
      // A perpetual licence is a one-off price: no billing cycle.
      expect(sent(ONPREM_PERPETUAL.id)).toMatchObject({
        billing_cycle: null,
        quantity: { minimum: 1, maximum: MAX_QUANTITY },
      });
      for (const price of paddle.prices.values()) expect(typeof price.description).toBe('string');
    });

    it('updates in place on a second sync: no duplicates, changed amounts sent', async () => {
      const repriced = CATALOGUE.map((item) =>
        item.price.id === PRO_MONTHLY.id ? { ...item, price: { ...item.price, amount: 2100 } } : item,
      );
      const second = await provider.syncCatalogue(repriced, first);
      expect(paddle.calls().some((c) => c.startsWith('POST'))).toBe(false);
      expect(paddle.calls().filter((c) => c.startsWith('PATCH /products/'))).toHaveLength(2);
      expect(paddle.calls().filter((c) => c.startsWith('PATCH /prices/'))).toHaveLength(5);
      expect(paddle.products.size).toBe(2);
      expect(paddle.prices.size).toBe(5);
      expect(new Set(second.prices.map((p) => p.providerId))).toEqual(
        new Set(first.prices.map((p) => p.providerId)),
      );
      expect(paddle.prices.get(providerIdOf(first, PRO_MONTHLY.id))?.unit_price).toEqual({
        amount: '2100',
        currency_code: 'USD',
      });
    });

    it('archives the product and prices of a plan no longer offered, and a price no longer listed', async () => {
      const withdrawn = CATALOGUE.filter((item) => item.price.id !== ONPREM_PERPETUAL.id).map((item) =>
        item.plan.id === PRO.id ? { ...item, plan: { ...item.plan, active: false } } : item,
      );
      const third = await provider.syncCatalogue(withdrawn, first);
      expect(paddle.calls().some((c) => c.startsWith('POST'))).toBe(false);
      const status = (priceId: string) => paddle.prices.get(providerIdOf(first, priceId))?.status;
      for (const id of [PRO_MONTHLY.id, PRO_SEMI.id, PRO_ANNUAL.id, ONPREM_PERPETUAL.id])
        expect(status(id)).toBe('archived');
      expect(status(ONPREM_ANNUAL.id)).toBe('active');
      const proProductId = first.products.find((p) => p.planId === PRO.id)?.providerId ?? '';
      expect(paddle.products.get(proProductId)?.status).toBe('archived');
      // Ids kept, so the plan's return updates instead of creating twice.
      expect(third.prices).toHaveLength(5);
      expect(third.products).toHaveLength(2);

      await provider.syncCatalogue(CATALOGUE, third);
      expect(paddle.prices.size).toBe(5);
      expect(status(PRO_MONTHLY.id)).toBe('active');
      expect(paddle.products.get(proProductId)?.status).toBe('active');
    });

    it('creates anew a known price that Paddle no longer has', async () => {
      const goneId = providerIdOf(first, PRO_ANNUAL.id);
      paddle.prices.delete(goneId);
      const result = await provider.syncCatalogue(CATALOGUE, first);
      const fresh = providerIdOf(result, PRO_ANNUAL.id);
      expect(fresh).not.toBe(goneId);
      expect(paddle.calls()).toContain(`PATCH /prices/${goneId}`);
      expect(paddle.calls().filter((c) => c === 'POST /prices')).toHaveLength(1);
      expect(paddle.prices.get(fresh)).toMatchObject({ custom_data: { price_id: PRO_ANNUAL.id } });
      first = result;
    });
  });

  describe('checkout', () => {
    let catalogue: SyncResult;
    beforeAll(async () => {
      catalogue = await provider.syncCatalogue(CATALOGUE, EMPTY);
    });

    const input = (
      orgId: string,
      email: string,
      providerCustomerId: string | null = null,
    ): CheckoutInput => ({
      org: { id: orgId, slug: 'acme', name: 'Acme' },
      customer: { email, providerCustomerId },
      item: { providerPriceId: providerIdOf(catalogue, PRO_MONTHLY.id), quantity: 1 },
      countryCode: 'GB',
      successUrl: 'http://127.0.0.1:8080/checkout/success?org=acme',
      cancelUrl: 'http://127.0.0.1:8080/checkout?cancelled=1',
      reference: { orgId, priceId: PRO_MONTHLY.id },
    });

    const customerRef = async (orgId: string) =>
      (
        await ctx()
          .app.database.db.select()
          .from(billingRefs)
          .where(
            and(
              eq(billingRefs.provider, 'paddle'),
              eq(billingRefs.kind, 'customer'),
              eq(billingRefs.localId, orgId),
            ),
          )
      )[0]?.providerId;

    it('creates the buyer as a Paddle customer and a transaction with our custom_data for Paddle.js', async () => {
      const orgId = randomUUID();
      const email = `buyer-${orgId.slice(0, 8)}@example.com`;
      const prepared = await provider.prepareCheckout(input(orgId, email));
      expect(paddle.calls()).toEqual(['GET /customers', 'POST /customers', 'POST /transactions']);
      expect(paddle.requests[0]?.query.get('email')).toBe(email);
      const customer = [...paddle.customers.values()].find((c) => c.email === email);
      const transaction = paddle.requests[2]?.body;
      expect(transaction).toEqual({
        items: [{ price_id: providerIdOf(catalogue, PRO_MONTHLY.id), quantity: 1 }],
        customer_id: customer?.id,
        custom_data: { org_id: orgId, price_id: PRO_MONTHLY.id },
        collection_mode: 'automatic',
      });
      expect(prepared).toEqual({
        transactionId: paddle.transactions.get(prepared.transactionId)?.id,
        checkoutUrl: null,
        providerToken: CLIENT_TOKEN,
        environment: 'sandbox',
      });
      expect(prepared.transactionId).toMatch(/^txn_/);
      // Remembered as the organisation's customer for the next checkout.
      expect(await customerRef(orgId)).toBe(customer?.id);
    });

    it("reopens a transaction of Paddle's default payment link (?_ptxn=) for Paddle.js, until it is paid", async () => {
      const orgId = randomUUID();
      const prepared = await provider.prepareCheckout(input(orgId, `link-${orgId.slice(0, 8)}@example.com`));
      paddle.clearRequests();
      expect(await provider.resumeCheckout(prepared.transactionId)).toEqual({
        transactionId: prepared.transactionId,
        checkoutUrl: null,
        providerToken: CLIENT_TOKEN,
        environment: 'sandbox',
        open: true,
        orgId,
      });
      expect(paddle.calls()).toEqual([`GET /transactions/${prepared.transactionId}`]);
      const stored = paddle.transactions.get(prepared.transactionId);
      if (stored) stored.status = 'completed';
      expect((await provider.resumeCheckout(prepared.transactionId))?.open).toBe(false);
      // Unknown to Paddle, or not shaped like its ids (never sent): none.
      expect(await provider.resumeCheckout('txn_01jqstandin999999999999999')).toBeUndefined();
      paddle.clearRequests();
      expect(await provider.resumeCheckout('../customers')).toBeUndefined();
      expect(paddle.calls()).toEqual([]);
    });

    it("finds an existing customer by e-mail, reactivates an archived one, and uses a known customer's id as is", async () => {
      const email = `returning-${randomUUID().slice(0, 8)}@example.com`;
      await provider.prepareCheckout(input(randomUUID(), email));
      const customer = [...paddle.customers.values()].find((c) => c.email === email);
      if (!customer) throw new Error('no customer');
      paddle.customers.set(String(customer.id), { ...customer, status: 'archived' });
      paddle.clearRequests();

      // Another organisation of the same buyer: one Paddle customer, no second one created.
      const otherOrg = randomUUID();
      await provider.prepareCheckout(input(otherOrg, email));
      expect(paddle.calls()).toEqual([
        'GET /customers',
        `PATCH /customers/${customer.id}`,
        'POST /transactions',
      ]);
      expect(paddle.requests[1]?.body).toEqual({ status: 'active' });
      expect(paddle.customers.get(String(customer.id))?.status).toBe('active');
      expect([...paddle.customers.values()].filter((c) => c.email === email)).toHaveLength(1);

      paddle.clearRequests();
      await provider.prepareCheckout(input(otherOrg, email, String(customer.id)));
      expect(paddle.calls()).toEqual(['POST /transactions']);
      expect(paddle.requests[0]?.body?.customer_id).toBe(customer.id);
    });

    it('turns a refused transaction (an archived price) into an error naming Paddle’s reason', async () => {
      const orgId = randomUUID();
      const archived = {
        ...input(orgId, `late-${orgId.slice(0, 8)}@example.com`),
        item: { providerPriceId: 'pri_01jqnotapriceatall000000000', quantity: 1 },
      };
      const error = await rejection(provider.prepareCheckout(archived));
      expect(error).toMatchObject({
        method: 'POST',
        path: '/transactions',
        status: 400,
        code: 'bad_request',
      });
      expect(error.message).toBe(
        'Paddle API POST /transactions failed (400 bad_request): Invalid request. [items[0].price_id: price not found or archived]',
      );
    });

    it('sent the API key and Paddle-Version 1 with every call', async () => {
      await provider.prepareCheckout(input(randomUUID(), `headers-${randomUUID().slice(0, 8)}@example.com`));
      expect(paddle.requests.length).toBe(3);
      for (const request of paddle.requests) {
        expect(request.headers.authorization).toBe(`Bearer ${API_KEY}`);
        expect(request.headers['paddle-version']).toBe('1');
      }
      expect(
        paddle.requests
          .filter((r) => r.method !== 'GET')
          .every((r) => r.headers['content-type'] === 'application/json'),
      ).toBe(true);
    });
  });

  describe('subscription changes', () => {
    let catalogue: SyncResult;
    const TEAM = { ...PRO, id: randomUUID(), slug: 'team', name: 'Team' };
    const TEAM_MONTHLY = price('monthly', 7900);
    beforeAll(async () => {
      catalogue = await provider.syncCatalogue([...CATALOGUE, { plan: TEAM, price: TEAM_MONTHLY }], EMPTY);
    });
    const pro = () => providerIdOf(catalogue, PRO_MONTHLY.id);
    const team = () => providerIdOf(catalogue, TEAM_MONTHLY.id);

    it('previews an upgrade with Paddle’s prorated charge, without changing the subscription', async () => {
      const subscriptionId = paddle.addSubscription(pro());
      const preview = await provider.previewChange(subscriptionId, { providerPriceId: team(), quantity: 1 });
      expect(paddle.calls()).toEqual([`PATCH /subscriptions/${subscriptionId}/preview`]);
      expect(paddle.requests[0]?.body).toEqual({
        items: [{ price_id: team(), quantity: 1 }],
        proration_billing_mode: 'prorated_immediately',
      });
      // Half a period left: 3950 of Team due, 950 of Pro back.
      expect(preview).toEqual({
        immediate: { amount: 3000, currency: 'USD' },
        recurring: { amount: 7900, currency: 'USD' },
        next_billed_at: paddle.subscriptions.get(subscriptionId)?.next_billed_at,
      });
      expect(paddle.subscriptions.get(subscriptionId)?.items).toMatchObject([{ price: { id: pro() } }]);
    });

    it('previews a downgrade as a credit (a negative amount)', async () => {
      const subscriptionId = paddle.addSubscription(team());
      const preview = await provider.previewChange(subscriptionId, { providerPriceId: pro(), quantity: 1 });
      expect(preview.immediate).toEqual({ amount: -3000, currency: 'USD' });
      expect(preview.recurring).toEqual({ amount: 1900, currency: 'USD' });
    });

    it('changes plan and quantity with immediate proration', async () => {
      const subscriptionId = paddle.addSubscription(providerIdOf(catalogue, ONPREM_ANNUAL.id), 2);
      await provider.changeSubscription(subscriptionId, {
        providerPriceId: providerIdOf(catalogue, ONPREM_ANNUAL.id),
        quantity: 5,
      });
      expect(paddle.calls()).toEqual([`PATCH /subscriptions/${subscriptionId}`]);
      expect(paddle.requests[0]?.body).toEqual({
        items: [{ price_id: providerIdOf(catalogue, ONPREM_ANNUAL.id), quantity: 5 }],
        proration_billing_mode: 'prorated_immediately',
      });
      expect(paddle.subscriptions.get(subscriptionId)?.items).toMatchObject([{ quantity: 5 }]);
    });

    it('cancels at the period end, resumes by removing the scheduled change, or cancels now', async () => {
      const subscriptionId = paddle.addSubscription(pro());
      await provider.cancelSubscription(subscriptionId, 'period_end');
      expect(paddle.requests[0]).toMatchObject({
        method: 'POST',
        path: `/subscriptions/${subscriptionId}/cancel`,
        body: { effective_from: 'next_billing_period' },
      });
      expect(paddle.subscriptions.get(subscriptionId)?.scheduled_change).toMatchObject({ action: 'cancel' });

      await provider.resumeSubscription(subscriptionId);
      expect(paddle.requests[1]).toMatchObject({
        method: 'PATCH',
        path: `/subscriptions/${subscriptionId}`,
        body: { scheduled_change: null },
      });
      expect(paddle.subscriptions.get(subscriptionId)?.scheduled_change).toBeNull();
      expect(paddle.subscriptions.get(subscriptionId)?.status).toBe('active');

      await provider.cancelSubscription(subscriptionId, 'immediately');
      expect(paddle.requests[2]?.body).toEqual({ effective_from: 'immediately' });
      expect(paddle.subscriptions.get(subscriptionId)?.status).toBe('canceled');
    });

    it("opens Paddle's checkout of the payment-method transaction, else the subscription's management link", async () => {
      const subscriptionId = paddle.addSubscription(pro());
      const url = await provider.paymentMethodUrl(
        subscriptionId,
        'http://127.0.0.1:8080/orgs/acme/subscription',
      );
      expect(paddle.calls()).toEqual([
        `GET /subscriptions/${subscriptionId}/update-payment-method-transaction`,
      ]);
      expect(url).toMatch(/^https:\/\/slugsmith\.example\/pay\?_ptxn=txn_/);

      paddle.noPaymentMethodCheckout = true;
      try {
        paddle.clearRequests();
        const fallback = await provider.paymentMethodUrl(
          subscriptionId,
          'http://127.0.0.1:8080/orgs/acme/subscription',
        );
        expect(paddle.calls()).toEqual([
          `GET /subscriptions/${subscriptionId}/update-payment-method-transaction`,
          `GET /subscriptions/${subscriptionId}`,
        ]);
        expect(fallback).toBe(
          `https://sandbox-customer-portal.paddle.com/subscriptions/${subscriptionId}/update-payment-method`,
        );
      } finally {
        paddle.noPaymentMethodCheckout = false;
      }
    });

    it('reports an unknown subscription with Paddle’s not_found, for every operation', async () => {
      const missing = 'sub_01jqdoesnotexist00000000000';
      const operations = [
        () => provider.previewChange(missing, { providerPriceId: pro(), quantity: 1 }),
        () => provider.changeSubscription(missing, { providerPriceId: pro(), quantity: 1 }),
        () => provider.cancelSubscription(missing, 'period_end'),
        () => provider.resumeSubscription(missing),
        () => provider.paymentMethodUrl(missing, 'http://127.0.0.1:8080/'),
      ];
      for (const operation of operations) {
        const error = await rejection(operation());
        expect(error).toMatchObject({
          status: 404,
          code: 'not_found',
          detail: `Entity ${missing} not found`,
        });
      }
    });
  });

  describe('failures', () => {
    it('a proxy error page becomes a clear error with its status, not a crash', async () => {
      paddle.failNext = { status: 502, body: '<html><body>Bad gateway</body></html>' };
      const error = await rejection(provider.resumeSubscription('sub_01jqanything000000000000000'));
      expect(error).toMatchObject({ status: 502, code: 'unexpected_response' });
      expect(error.message).toContain('Bad gateway');
    });

    it('a 200 without data is not taken for success', async () => {
      paddle.failNext = { status: 200, body: '{"meta":{"request_id":"x"}}' };
      const error = await rejection(
        provider.cancelSubscription('sub_01jqanything000000000000000', 'period_end'),
      );
      expect(error).toMatchObject({ status: 200, code: 'unexpected_response' });
    });

    it('a wrong API key is reported with Paddle’s forbidden code', async () => {
      const wrongKey = createPaddleProvider(
        {
          provider: 'paddle',
          apiKey: 'pdl_sdbx_apikey_wrong',
          webhookSecret: 'unused',
          clientToken: CLIENT_TOKEN,
          environment: 'sandbox',
          apiUrl: paddle.url,
          graceDays: 14,
        },
        { db: ctx().app.database.db, log: ctx().app.server.log },
      );
      const error = await rejection(wrongKey.syncCatalogue(CATALOGUE, EMPTY));
      expect(error).toMatchObject({ status: 403, code: 'forbidden', method: 'POST', path: '/products' });
    });

    it('an unreachable API is reported as such, and the e-mail of a customer look-up stays out of the message', async () => {
      const closed = providerAt(ctx(), `http://127.0.0.1:${await freePort()}`);
      const email = 'private.person@example.com';
      const error = await rejection(
        closed.prepareCheckout({
          org: { id: randomUUID(), slug: 'acme', name: 'Acme' },
          customer: { email, providerCustomerId: null },
          item: { providerPriceId: 'pri_01jqany00000000000000000000', quantity: 1 },
          successUrl: 'http://127.0.0.1:8080/checkout/success?org=acme',
          cancelUrl: 'http://127.0.0.1:8080/checkout?cancelled=1',
          reference: { orgId: randomUUID(), priceId: randomUUID() },
        }),
      );
      expect(error).toMatchObject({ status: 0, code: 'network_error', path: '/customers' });
      expect(error.message).toMatch(/^Paddle API GET \/customers failed \(unreachable network_error\)/);
      expect(error.message).not.toContain('private.person');
    });
  });
});
