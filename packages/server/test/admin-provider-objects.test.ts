import { createServer, type Server } from 'node:http';
import type { ProviderObject, ProviderObjectPage } from '@slugsmith/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaddleApi } from '../src/areas/billing/paddle/api.js';
import { getPaddleObject, listPaddleObjects } from '../src/areas/billing/paddle/objects.js';
import { describeEachDatabase } from './support/app.js';
import { buyWithTestCard } from './support/billing-core.js';
import { orgWithOwner } from './support/keys.js';

/**
 * Staff read the payment provider's own records under /admin/{provider}/… (product spec §2.3,
 * §7.7): here the local sandbox's, after a real sandbox checkout; and Paddle's list paging on a
 * local stand-in of its API (nothing reaches Paddle).
 */
describeEachDatabase('payment-provider objects for staff', (ctx) => {
  let admin: string;
  let email: string;
  beforeAll(async () => {
    admin = (await ctx().admin()).token;
    const c = ctx();
    const { org, owner } = await orgWithOwner(c, 'objects-buyer');
    email = owner.email;
    await buyWithTestCard(c, { org, token: owner.token, plan: 'pro', period: 'monthly' });
  });

  const list = async (path: string) => {
    const r = await ctx().request('GET', `/api/v1/admin/local/${path}`, { token: admin });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body as ProviderObjectPage;
  };
  const one = (path: string) => ctx().request('GET', `/api/v1/admin/local/${path}`, { token: admin });

  it('lists customers, transactions, subscriptions, products and prices with their filters', async () => {
    const customers = await list(`customers?search=${encodeURIComponent(email.toUpperCase())}`);
    expect(customers.items).toHaveLength(1);
    const customer = customers.items[0] as ProviderObject;
    expect(customer).toMatchObject({ kind: 'customers', label: expect.stringContaining(email) });
    expect((await list('customers?search=nobody-like-this')).items).toEqual([]);

    const txns = await list(`transactions?customer_id=${customer.id}&status=completed`);
    expect(txns.items).toHaveLength(1);
    expect(txns.items[0]).toMatchObject({
      kind: 'transactions',
      status: 'completed',
      customer_id: customer.id,
    });
    expect((await list(`transactions?customer_id=${customer.id}&status=canceled`)).items).toEqual([]);

    const subs = await list(`subscriptions?customer_id=${customer.id}`);
    expect(subs.items).toHaveLength(1);
    expect(subs.items[0]).toMatchObject({ status: 'active', label: expect.stringContaining('× 1') });
    expect(subs.items[0]?.data).toMatchObject({ items: [{ quantity: 1 }] });

    const products = await list('products?status=active');
    const pro = products.items.find((p) => p.label === 'Pro');
    expect(pro).toBeDefined();
    const prices = await list(`prices?product_id=${pro?.id}`);
    expect(prices.items.length).toBeGreaterThan(0);
    expect(prices.items.every((p) => (p.data as { product_id: string }).product_id === pro?.id)).toBe(true);
    expect((await list('prices?status=archived')).items).toEqual([]);
  });

  it('pages with offset and limit, telling whether more follow', async () => {
    const all = await list('prices?limit=50');
    expect(all.items.length).toBeGreaterThan(2);
    const first = await list('prices?limit=1');
    const second = await list('prices?offset=1&limit=1');
    expect(first).toMatchObject({ offset: 0, limit: 1, more: true });
    expect(second.items[0]?.id).toBe(all.items[1]?.id);
    const last = await list(`prices?offset=${all.items.length - 1}&limit=1`);
    expect(last.more).toBe(false);
  });

  it('shows one object of each kind, and names what it does not find', async () => {
    const [customer] = (await list(`customers?search=${encodeURIComponent(email)}`)).items;
    const [sub] = (await list(`subscriptions?customer_id=${customer?.id}`)).items;
    const [txn] = (await list(`transactions?customer_id=${customer?.id}`)).items;
    const [product] = (await list('products')).items;
    const [price] = (await list('prices')).items;
    for (const [kind, object] of [
      ['customers', customer],
      ['subscriptions', sub],
      ['transactions', txn],
      ['products', product],
      ['prices', price],
    ] as const) {
      const r = await one(`${kind}/${object?.id}`);
      expect(r.status, kind).toBe(200);
      // The same record as in the list (a subscription's payment-method link is signed anew each time).
      const { data, ...shown } = object as ProviderObject;
      expect(r.body).toMatchObject({ ...shown, data: { id: data.id, status: data.status } });
    }
    expect(await one('subscriptions/sub_nothing')).toMatchObject({
      status: 404,
      body: { message: 'Subscription sub_nothing not found' },
    });
    expect(await one('transactions/txn_nothing')).toMatchObject({
      status: 404,
      body: { message: 'Resource not found' },
    });
    expect(await one('customers?status=active')).toMatchObject({
      status: 400,
      body: {
        message: 'Filter not supported for this list',
        details: { field: 'status', kind: 'customers' },
      },
    });
    expect(await one('transactions?limit=51')).toMatchObject({ status: 400 });
    expect(await one('transactions/not%20an%20id')).toMatchObject({ status: 400 });
    const other = await ctx().request('GET', '/api/v1/admin/paddle/transactions', { token: admin });
    expect(other).toMatchObject({ status: 404, body: { message: 'Unknown payment provider' } });
  });

  it('cancels a subscription at the provider, audited, and refuses a second cancel', async () => {
    const [customer] = (await list(`customers?search=${encodeURIComponent(email)}`)).items;
    const [sub] = (await list(`subscriptions?customer_id=${customer?.id}`)).items;
    const cancel = (when: string) =>
      ctx().request('POST', `/api/v1/admin/local/subscriptions/${sub?.id}/cancel`, {
        token: admin,
        body: { when },
      });
    const scheduled = await cancel('period_end');
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200);
    expect(scheduled.body).toMatchObject({
      status: 'active',
      data: { scheduled_change: { action: 'cancel' } },
    });
    const now = await cancel('immediately');
    expect(now.body).toMatchObject({ status: 'canceled' });
    expect(await cancel('immediately')).toMatchObject({ status: 409 });
    expect(await cancel('tomorrow')).toMatchObject({ status: 400 });

    const audit = await ctx().request(
      'GET',
      `/api/v1/admin/audit?object_type=provider_subscription&object_id=${sub?.id}`,
      { token: admin },
    );
    expect(audit.body.items.map((e: { action: string }) => e.action)).toEqual([
      'provider_subscription.cancel_immediately',
      'provider_subscription.cancel_period_end',
    ]);
    expect(audit.body.items[0]).toMatchObject({
      before: { status: 'active' },
      after: { status: 'canceled' },
    });
  });

  it('says which payment provider the instance runs in the public settings', async () => {
    const r = await ctx().request('GET', '/api/v1/settings');
    expect(r.body).toMatchObject({
      payment_provider: 'local',
      dev_warning: false,
      sandbox_disclaimer: false,
    });
  });
});

describe("Paddle's provider objects, on a local stand-in of Paddle's API", () => {
  /** 75 transactions, newest first, paged by `after` like Paddle's list endpoints (30 a page at most). */
  const ids = Array.from({ length: 75 }, (_, i) => `txn_${String(75 - i).padStart(4, '0')}`);
  const seen: URLSearchParams[] = [];
  let server: Server;
  let url = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      const u = new URL(req.url ?? '/', 'http://stand-in');
      seen.push(u.searchParams);
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const [, kind, id] = u.pathname.split('/');
      if (kind !== 'transactions') return send(404, { error: { code: 'not_found', detail: 'no' } });
      if (id) {
        if (!ids.includes(id)) return send(404, { error: { code: 'entity_not_found', detail: id } });
        return send(200, {
          data: { id, status: 'completed', customer_id: 'ctm_1', invoice_number: `INV-${id}` },
        });
      }
      const perPage = Number(u.searchParams.get('per_page'));
      if (perPage > 30) return send(400, { error: { code: 'invalid_field', detail: 'per_page' } });
      const after = u.searchParams.get('after');
      const start = after ? ids.indexOf(after) + 1 : 0;
      send(200, { data: ids.slice(start, start + perPage).map((i) => ({ id: i, status: 'completed' })) });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const api = () => createPaddleApi({ apiKey: 'pdl_test', baseUrl: url });
  const query = (offset: number, limit: number) => ({ offset, limit, status: 'completed' });

  it('reaches an offset by paging with `after`, 30 at most a page', async () => {
    seen.length = 0;
    const page = await listPaddleObjects(api(), 'transactions', query(40, 25));
    expect(page.items.map((o) => o.id)).toEqual(ids.slice(40, 65));
    expect(page.more).toBe(true);
    expect(seen.map((q) => q.get('after'))).toEqual([null, ids[29], ids[59]]);
    expect(seen.every((q) => q.get('status') === 'completed' && q.get('order_by') === 'id[DESC]')).toBe(true);
    const end = await listPaddleObjects(api(), 'transactions', query(50, 25));
    expect(end.items).toHaveLength(25);
    expect(end.more).toBe(false);
  });

  it('gets one, and null for an id Paddle does not know', async () => {
    expect(await getPaddleObject(api(), 'transactions', 'txn_0003')).toMatchObject({
      id: 'txn_0003',
      label: 'INV-txn_0003',
      customer_id: 'ctm_1',
    });
    expect(await getPaddleObject(api(), 'transactions', 'txn_9999')).toBeNull();
  });
});
