// Helpers of the billing core's tests: apps with the Paddle provider (a test webhook secret, no
// network), Paddle-format events signed with that secret, organisations and plan prices by id.
import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe } from 'vitest';
import { buildApp } from '../../src/app.js';
import { signBody } from '../../src/areas/billing/paddle/signature.js';
import { billingEvents, organisations } from '../../src/db/schema.js';
import { closeApp, type DatabaseKind, TestContext, testConfig, testDatabases } from './app.js';

export const WEBHOOK_SECRET = `pdl_ntfset_test_${randomBytes(8).toString('hex')}`;

/** Paddle as the provider; its API address is a closed port, so no call leaves the machine. */
export const paddleEnv = {
  PAYMENT_PROVIDER: 'paddle',
  PADDLE_API_KEY: 'pdl_sdbx_apikey_test',
  PADDLE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  PADDLE_CLIENT_TOKEN: 'test_client_token',
  PADDLE_ENVIRONMENT: 'sandbox',
  PADDLE_API_URL: 'http://127.0.0.1:9',
};

/** Like describeEachDatabase, with extra environment for the app. */
export function describeEachDatabaseWith(
  name: string,
  env: Record<string, string>,
  body: (ctx: () => TestContext, kind: DatabaseKind) => void,
): void {
  for (const kind of testDatabases) {
    describe(`[${kind}] ${name}`, () => {
      let ctx: TestContext | undefined;
      beforeAll(async () => {
        const config = testConfig(kind, env);
        ctx = new TestContext(await buildApp(config), config);
      });
      afterAll(async () => {
        if (ctx) await closeApp(ctx.app, ctx.config);
      });
      body(() => {
        if (!ctx) throw new Error('app not started');
        return ctx;
      }, kind);
    });
  }
}

export async function orgId(ctx: TestContext, slug: string): Promise<string> {
  const [row] = await ctx.app.database.db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.slug, slug));
  if (!row) throw new Error(`no organisation ${slug}`);
  return row.id;
}

/** The id of a plan's price for a period, from the public catalogue. */
export async function priceId(ctx: TestContext, plan: string, period: string): Promise<string> {
  const r = await ctx.request('GET', `/api/v1/subscriptions/${plan}`);
  const price = (r.body.prices as { id: string; period: string }[]).find((p) => p.period === period);
  if (!price) throw new Error(`no ${period} price of ${plan}`);
  return price.id;
}

/**
 * Checks a plan's price out through the local sandbox and pays on its hosted page with the test
 * card that always succeeds (the page answers 303 to the success address).
 */
export async function buyWithTestCard(
  ctx: TestContext,
  order: { org: string; token: string; plan: string; period: string; quantity?: number },
): Promise<void> {
  const prepared = await ctx.request('POST', '/api/v1/billing/checkout/prepare', {
    token: order.token,
    body: {
      org_slug: order.org,
      items: [{ price: await priceId(ctx, order.plan, order.period), quantity: order.quantity ?? 1 }],
    },
  });
  if (prepared.status !== 200) throw new Error(`checkout refused: ${JSON.stringify(prepared.body)}`);
  const url = new URL(prepared.body.checkout_url);
  const paid = await ctx.app.server.inject({
    method: 'POST',
    url: `${url.pathname}${url.search}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      number: '4242 4242 4242 4242',
      expiry: '12/39',
      cvc: '123',
      name: 'Ada Buyer',
    }).toString(),
  });
  if (paid.statusCode !== 303)
    throw new Error(`payment refused: ${paid.statusCode} ${paid.body.slice(0, 200)}`);
}

export async function storedEvents(ctx: TestContext) {
  return ctx.app.database.db.select().from(billingEvents);
}

export async function storedEvent(ctx: TestContext, eventId: string) {
  const [row] = await ctx.app.database.db
    .select()
    .from(billingEvents)
    .where(eq(billingEvents.eventId, eventId));
  return row;
}

export const evtId = () => `evt_${randomBytes(12).toString('hex')}`;
export const subId = () => `sub_${randomBytes(12).toString('hex')}`;
export const txnId = () => `txn_${randomBytes(12).toString('hex')}`;

const iso = (d: Date) => d.toISOString();
const DAY = 86_400_000;

export interface SubscriptionEventOptions {
  type?: string;
  eventId?: string;
  occurredAt?: Date;
  id: string;
  status?: 'active' | 'trialing' | 'past_due' | 'paused' | 'canceled';
  orgId?: string;
  priceId?: string;
  providerPriceId?: string;
  customerId?: string;
  quantity?: number;
  periodStart?: Date;
  periodEnd?: Date;
  cancelAt?: Date | null;
  canceledAt?: Date | null;
  trialEnds?: Date | null;
}

/** A subscription event in Paddle's format (the fields the pipeline reads, and a few more). */
export function subscriptionEvent(o: SubscriptionEventOptions): string {
  const start = o.periodStart ?? new Date(Date.now() - DAY);
  const end = o.periodEnd ?? new Date(start.getTime() + 30 * DAY);
  const status = o.status ?? 'active';
  return JSON.stringify({
    event_id: o.eventId ?? evtId(),
    event_type: o.type ?? `subscription.${status === 'canceled' ? 'canceled' : 'updated'}`,
    occurred_at: iso(o.occurredAt ?? new Date()),
    notification_id: `ntf_${randomBytes(8).toString('hex')}`,
    data: {
      id: o.id,
      status,
      customer_id: o.customerId ?? 'ctm_test',
      custom_data: o.orgId || o.priceId ? { org_id: o.orgId, price_id: o.priceId } : null,
      currency_code: 'USD',
      started_at: iso(start),
      first_billed_at: iso(start),
      next_billed_at: status === 'canceled' ? null : iso(end),
      canceled_at: o.canceledAt ? iso(o.canceledAt) : null,
      current_billing_period: status === 'canceled' ? null : { starts_at: iso(start), ends_at: iso(end) },
      scheduled_change: o.cancelAt
        ? { action: 'cancel', effective_at: iso(o.cancelAt), resume_at: null }
        : null,
      items: [
        {
          status: 'active',
          quantity: o.quantity ?? 1,
          price: { id: o.providerPriceId ?? 'pri_test', custom_data: null },
          trial_dates: o.trialEnds ? { starts_at: iso(start), ends_at: iso(o.trialEnds) } : null,
        },
      ],
    },
  });
}

export interface TransactionEventOptions {
  eventId?: string;
  occurredAt?: Date;
  id: string;
  status?: string;
  orgId?: string;
  subscriptionId?: string | null;
  subtotal?: number;
  tax?: number;
  invoiceNumber?: string | null;
  product?: string;
  priceId?: string;
  quantity?: number;
}

export function transactionEvent(o: TransactionEventOptions): string {
  const subtotal = o.subtotal ?? 1900;
  const tax = o.tax ?? 380;
  const status = o.status ?? 'completed';
  const at = o.occurredAt ?? new Date();
  return JSON.stringify({
    event_id: o.eventId ?? evtId(),
    event_type: `transaction.${status}`,
    occurred_at: iso(at),
    data: {
      id: o.id,
      status,
      customer_id: 'ctm_test',
      subscription_id: o.subscriptionId ?? null,
      custom_data: o.orgId ? { org_id: o.orgId, price_id: o.priceId } : null,
      origin: 'web',
      currency_code: 'USD',
      invoice_number: o.invoiceNumber ?? null,
      billed_at: iso(at),
      created_at: iso(at),
      details: {
        totals: { subtotal: String(subtotal), tax: String(tax), total: String(subtotal + tax) },
        line_items: [
          {
            quantity: o.quantity ?? 1,
            totals: { subtotal: String(subtotal) },
            product: { name: o.product ?? 'Pro' },
          },
        ],
      },
    },
  });
}

/** Posts a webhook body as Paddle would, signed with the test secret (or the given header). */
export function deliver(
  ctx: TestContext,
  body: string,
  options: { signature?: string | null; provider?: string; secret?: string } = {},
) {
  const signature =
    options.signature === undefined ? signBody(options.secret ?? WEBHOOK_SECRET, body) : options.signature;
  return ctx.app.server.inject({
    method: 'POST',
    url: `/api/v1/billing/webhooks/${options.provider ?? 'paddle'}`,
    headers: {
      'content-type': 'application/json',
      ...(signature !== null && { 'paddle-signature': signature }),
    },
    payload: body,
  });
}

/** Delivers and waits until this node applied what is due. */
export async function deliverAndApply(ctx: TestContext, body: string) {
  const r = await deliver(ctx, body);
  if (r.statusCode !== 200) throw new Error(`webhook refused: ${r.statusCode} ${r.body}`);
  await ctx.app.billing.pipeline.processDue();
  return r;
}

export async function saasPlan(ctx: TestContext, org: string, token: string): Promise<string> {
  const r = await ctx.request('GET', `/api/v1/orgs/${org}/limits`, { token });
  return (r.body as { plan_type: string; plan: string }[]).find((l) => l.plan_type === 'saas')?.plan ?? '';
}

export { randomUUID };

/**
 * The few Paddle API calls self-service makes (catalogue sync, preview, change, cancel, resume,
 * payment-method transaction), answered in Paddle's `{ data }` shape by a node:http server on a
 * loopback port. Every request is recorded; `failNext` makes the next answer an outage.
 */
export class PaddleApiStandIn {
  readonly requests: { method: string; path: string; body: Record<string, unknown> | undefined }[] = [];
  /** Subscriptions cancelled now (`effective_from: immediately`): every other one is active. */
  readonly canceled = new Set<string>();
  failNext = false;
  url = '';
  private server: import('node:http').Server | undefined;
  private counter = 0;

  async start(): Promise<this> {
    const { createServer } = await import('node:http');
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const request = {
          method: req.method ?? 'GET',
          path: new URL(req.url ?? '/', 'http://x').pathname,
          body: text ? JSON.parse(text) : undefined,
        };
        this.requests.push(request);
        const [status, body] = this.answer(request);
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as { port: number };
    this.url = `http://127.0.0.1:${port}`;
    return this;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The subscription's status as this stand-in holds it. */
  status(subscriptionId: string): 'active' | 'canceled' {
    return this.canceled.has(subscriptionId) ? 'canceled' : 'active';
  }

  calls(method: string, pathPrefix: string) {
    return this.requests.filter((r) => r.method === method && r.path.startsWith(pathPrefix));
  }

  private answer(r: {
    method: string;
    path: string;
    body: Record<string, unknown> | undefined;
  }): [number, unknown] {
    if (this.failNext) {
      this.failNext = false;
      return [500, { error: { type: 'api_error', code: 'internal_error', detail: 'stand-in outage' } }];
    }
    const id = (prefix: string) => `${prefix}_${String(++this.counter).padStart(26, '0')}`;
    const parts = r.path.split('/').filter(Boolean);
    if (r.method === 'POST' && r.path === '/products') return [201, { data: { id: id('pro'), ...r.body } }];
    if (r.method === 'POST' && r.path === '/prices') return [201, { data: { id: id('pri'), ...r.body } }];
    if (r.method === 'PATCH' && (parts[0] === 'products' || parts[0] === 'prices')) {
      return [200, { data: { id: parts[1], ...r.body } }];
    }
    if (parts[0] === 'subscriptions' && parts[1]) {
      if (r.method === 'POST' && parts[2] === 'cancel' && r.body?.effective_from === 'immediately') {
        this.canceled.add(parts[1]);
      }
      const status = this.canceled.has(parts[1]) ? 'canceled' : 'active';
      const sub = { id: parts[1], status, management_urls: { update_payment_method: null } };
      if (r.method === 'PATCH' && parts[2] === 'preview') {
        return [
          200,
          {
            data: {
              ...sub,
              currency_code: 'USD',
              next_billed_at: '2030-01-01T00:00:00Z',
              update_summary: { result: { action: 'charge', amount: '3000', currency_code: 'USD' } },
              recurring_transaction_details: { totals: { total: '7900' } },
            },
          },
        ];
      }
      if (r.method === 'PATCH' || (r.method === 'POST' && parts[2] === 'cancel')) return [200, { data: sub }];
      if (r.method === 'GET' && parts[2] === 'update-payment-method-transaction') {
        return [
          200,
          { data: { id: id('txn'), checkout: { url: `https://pay.example/checkout?_ptxn=${parts[1]}` } } },
        ];
      }
    }
    return [404, { error: { type: 'request_error', code: 'not_found', detail: `${r.method} ${r.path}` } }];
  }
}
