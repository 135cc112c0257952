import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { billingRefs, orgSubscriptions } from '../src/db/schema.js';
import type { TestContext } from './support/app.js';
import {
  deliverAndApply,
  describeEachDatabaseWith,
  evtId,
  orgId,
  PaddleApiStandIn,
  paddleEnv,
  priceId,
  storedEvent,
  subId,
  subscriptionEvent,
  transactionEvent,
  txnId,
} from './support/billing-core.js';
import { orgWithOwner } from './support/keys.js';

const DAY = 86_400_000;
const paddleApi = await new PaddleApiStandIn().start();
afterAll(() => paddleApi.stop());
const env = { ...paddleEnv, PADDLE_API_URL: paddleApi.url };

/** An organisation (its name needs escaping) with a Pro subscription billed through Paddle. */
async function subscribed(ctx: TestContext, name: string) {
  const a = await orgWithOwner(ctx, name);
  const admin = await ctx.person(`${name}-admin`);
  const member = await ctx.person(`${name}-member`);
  for (const [p, role] of [
    [admin, 'admin'],
    [member, 'member'],
  ] as const) {
    await ctx.join(a.org, a.owner, p, role);
  }
  const providerId = subId();
  const id = await orgId(ctx, a.org);
  const periodEnd = new Date(Date.now() + 20 * DAY);
  await deliverAndApply(
    ctx,
    subscriptionEvent({
      id: providerId,
      orgId: id,
      priceId: await priceId(ctx, 'pro', 'monthly'),
      periodEnd,
    }),
  );
  const [row] = await ctx.app.database.db
    .select({ id: orgSubscriptions.id })
    .from(orgSubscriptions)
    .where(eq(orgSubscriptions.providerSubscriptionId, providerId));
  return { ...a, admin, member, orgId: id, providerId, subscription: row.id, periodEnd };
}

describeEachDatabaseWith('billing self-service', env, (ctx) => {
  it('lists the billing history newest first and prints an escaped invoice', async () => {
    const s = await subscribed(ctx(), 'History');
    const rename = await ctx().request('PUT', `/api/v1/orgs/${s.org}`, {
      token: s.owner.token,
      body: { name: 'Acme <script>alert(1)</script> & Co' },
    });
    expect(rename.status).toBe(200);
    const older = txnId();
    const newer = txnId();
    await deliverAndApply(
      ctx(),
      transactionEvent({
        id: older,
        orgId: s.orgId,
        occurredAt: new Date(Date.now() - 5 * DAY),
        invoiceNumber: 'INV-1',
      }),
    );
    await deliverAndApply(
      ctx(),
      transactionEvent({
        id: newer,
        orgId: s.orgId,
        subscriptionId: s.providerId,
        subtotal: 7900,
        tax: 1580,
        invoiceNumber: 'INV-2',
        product: 'Team <b>',
      }),
    );
    const list = await ctx().request('GET', `/api/v1/orgs/${s.org}/billing/transactions`, {
      token: s.member.token,
    });
    expect(list.status).toBe(200);
    expect(list.body.map((t: { provider_transaction_id: string }) => t.provider_transaction_id)).toEqual([
      newer,
      older,
    ]);
    expect(list.body[0]).toMatchObject({
      provider: 'paddle',
      status: 'completed',
      subtotal: 7900,
      tax: 1580,
      total: 9480,
      currency: 'USD',
      invoice_number: 'INV-2',
      items: [{ description: 'Team <b>', quantity: 1, amount: 7900 }],
    });

    const invoice = await ctx().app.server.inject({
      method: 'GET',
      url: `/api/v1/orgs/${s.org}/billing/transactions/${list.body[0].id}/invoice`,
      headers: { authorization: `Bearer ${s.member.token}` },
    });
    expect(invoice.statusCode).toBe(200);
    expect(invoice.headers['content-type']).toMatch(/^text\/html/);
    expect(invoice.headers['content-security-policy']).toContain("default-src 'none'");
    const html = invoice.body;
    for (const text of [
      'Slugsmith',
      'INV-2',
      'Subtotal',
      'Tax',
      'Total',
      'US$79.00',
      'US$15.80',
      'US$94.80',
    ]) {
      expect(html).toContain(text);
    }
    expect(html).toContain('Acme &lt;script&gt;alert(1)&lt;/script&gt; &amp; Co');
    expect(html).toContain('Team &lt;b&gt;');
    expect(html).not.toContain('<script>');

    // Another organisation's transaction, an unknown id and a malformed one are not found.
    const other = await orgWithOwner(ctx(), 'History-other');
    for (const [org, token, id] of [
      [other.org, other.owner.token, list.body[0].id],
      [s.org, s.member.token, randomUUID()],
      [s.org, s.member.token, 'not-an-id'],
    ]) {
      const r = await ctx().request('GET', `/api/v1/orgs/${org}/billing/transactions/${id}/invoice`, {
        token,
      });
      expect(r).toMatchObject({
        status: 404,
        body: { code: 404, message: 'Transaction not found', details: { reason: 'transaction_not_found' } },
      });
    }
    const empty = await ctx().request('GET', `/api/v1/orgs/${other.org}/billing/transactions`, {
      token: other.owner.token,
    });
    expect(empty.body).toEqual([]);
  });

  it('previews and makes a plan change through the provider, syncing the catalogue first', async () => {
    const s = await subscribed(ctx(), 'change');
    const team = await priceId(ctx(), 'team', 'monthly');
    const url = `/api/v1/orgs/${s.org}/subscriptions/${s.subscription}`;
    const preview = await ctx().request('POST', `${url}/preview-change`, {
      token: s.admin.token,
      body: { price: team, quantity: 1 },
    });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toEqual({
      immediate: { amount: 3000, currency: 'USD' },
      recurring: { amount: 7900, currency: 'USD' },
      next_billed_at: '2030-01-01T00:00:00Z',
    });
    const [ref] = await ctx()
      .app.database.db.select()
      .from(billingRefs)
      .where(and(eq(billingRefs.kind, 'price'), eq(billingRefs.localId, team)));
    expect(ref?.providerId).toMatch(/^pri_/);

    // Staff change the price's amount: the next change syncs again, so Paddle sells the new one.
    const syncedPrices = () => paddleApi.calls('PATCH', `/prices/${ref?.providerId}`).length;
    const before = syncedPrices();
    const { token: staff } = await ctx().admin();
    const repriced = await ctx().request('PUT', '/api/v1/admin/subscriptions/team/prices/monthly', {
      token: staff,
      body: { amount: 8900, currency: 'USD', per_node: false },
    });
    expect(repriced.status, JSON.stringify(repriced.body)).toBe(200);
    const changed = await ctx().request('POST', `${url}/change`, {
      token: s.owner.token,
      body: { price: team, quantity: 1 },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.id).toBe(s.subscription);
    const patch = paddleApi
      .calls('PATCH', `/subscriptions/${s.providerId}`)
      .filter((c) => !c.path.endsWith('/preview'));
    expect(patch.at(-1)?.body).toMatchObject({ items: [{ price_id: ref?.providerId, quantity: 1 }] });
    const resynced = paddleApi.calls('PATCH', `/prices/${ref?.providerId}`);
    expect(resynced.length).toBe(before + 1);
    expect(resynced.at(-1)?.body).toMatchObject({ unit_price: { amount: '8900', currency_code: 'USD' } });
    // Nothing changed since: no further sync.
    await ctx().request('POST', `${url}/preview-change`, { token: s.admin.token, body: { price: team } });
    expect(syncedPrices()).toBe(before + 1);

    // Same price and quantity, another plan type, a custom plan: refused before the provider.
    const same = await ctx().request('POST', `${url}/change`, {
      token: s.owner.token,
      body: { price: await priceId(ctx(), 'pro', 'monthly') },
    });
    expect(same.status).toBe(400);
    const onPrem = await ctx().request('POST', `${url}/preview-change`, {
      token: s.owner.token,
      body: { price: await priceId(ctx(), 'on-premise', 'annual'), quantity: 2 },
    });
    expect(onPrem).toMatchObject({ status: 400, body: { details: { field: 'price' } } });
  });

  it('shows a plan change as pending until the provider’s event brings it', async () => {
    const s = await subscribed(ctx(), 'pending');
    const team = await priceId(ctx(), 'team', 'monthly');
    const url = `/api/v1/orgs/${s.org}/subscriptions/${s.subscription}`;
    const changed = await ctx().request('POST', `${url}/change`, {
      token: s.owner.token,
      body: { price: team, quantity: 1 },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    // Paddle accepted; its event has not come: still Pro, with Team pending.
    expect(changed.body).toMatchObject({
      plan: { slug: 'pro' },
      billing: { pending_change: { plan: { slug: 'team', name: 'Team' }, period: 'monthly', quantity: 1 } },
    });
    const listed = await ctx().request('GET', `/api/v1/orgs/${s.org}/subscriptions`, {
      token: s.member.token,
    });
    const card = listed.body.find((x: { id: string }) => x.id === s.subscription);
    expect(card.billing.pending_change.plan.slug).toBe('team');

    // An older event (from before the change) leaves it pending; the change's own event ends it.
    await deliverAndApply(
      ctx(),
      subscriptionEvent({
        id: s.providerId,
        orgId: s.orgId,
        priceId: await priceId(ctx(), 'pro', 'monthly'),
        occurredAt: new Date(Date.parse(card.billing.pending_change.requested_at) - 1000),
        periodEnd: s.periodEnd,
      }),
    );
    const still = await ctx().request('GET', `/api/v1/orgs/${s.org}/subscriptions`, {
      token: s.member.token,
    });
    expect(
      still.body.find((x: { id: string }) => x.id === s.subscription).billing.pending_change,
    ).not.toBeNull();
    await deliverAndApply(
      ctx(),
      subscriptionEvent({ id: s.providerId, orgId: s.orgId, priceId: team, periodEnd: s.periodEnd }),
    );
    const after = await ctx().request('GET', `/api/v1/orgs/${s.org}/subscriptions`, {
      token: s.member.token,
    });
    expect(after.body.find((x: { id: string }) => x.id === s.subscription)).toMatchObject({
      plan: { slug: 'team' },
      billing: { pending_change: null },
    });
  });

  it('cancels at period end and resumes, showing what the provider accepted at once', async () => {
    const s = await subscribed(ctx(), 'cancel');
    const url = `/api/v1/orgs/${s.org}/subscriptions/${s.subscription}`;
    const cancelled = await ctx().request('POST', `${url}/cancel`, { token: s.owner.token });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toMatchObject({
      state: 'active',
      effective: true,
      renews_at: null,
      ends_at: s.periodEnd.toISOString(),
      billing: { cancel_at_period_end: true },
    });
    expect(paddleApi.calls('POST', `/subscriptions/${s.providerId}/cancel`).at(-1)?.body).toEqual({
      effective_from: 'next_billing_period',
    });
    const resumed = await ctx().request('POST', `${url}/resume`, { token: s.admin.token });
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
    expect(resumed.body).toMatchObject({ ends_at: null, billing: { cancel_at_period_end: false } });
    expect(paddleApi.calls('PATCH', `/subscriptions/${s.providerId}`).at(-1)?.body).toEqual({
      scheduled_change: null,
    });
    // Nothing to resume now.
    expect(await ctx().request('POST', `${url}/resume`, { token: s.admin.token })).toMatchObject({
      status: 409,
    });

    const card = await ctx().request('POST', `${url}/payment-method`, { token: s.owner.token });
    expect(card).toMatchObject({
      status: 200,
      body: { url: `https://pay.example/checkout?_ptxn=${s.providerId}` },
    });
  });

  it('answers 404, 409 and 502 with clear messages, never 500', async () => {
    const s = await subscribed(ctx(), 'refusals');
    const base = `/api/v1/orgs/${s.org}/subscriptions`;
    for (const id of [randomUUID(), 'nope']) {
      const r = await ctx().request('POST', `${base}/${id}/cancel`, { token: s.owner.token });
      expect(r).toMatchObject({ status: 404, body: { message: `Subscription ${id} not found` } });
    }
    // The Free subscription every organisation has is not billed by a provider.
    const subs = await ctx().request('GET', base, { token: s.owner.token });
    const free = subs.body.find((x: { plan: { slug: string } }) => x.plan.slug === 'free');
    const r = await ctx().request('POST', `${base}/${free.id}/cancel`, { token: s.owner.token });
    expect(r).toMatchObject({ status: 409, body: { details: { reason: 'not_billed' } } });
    expect(r.body.message).toMatch(/not billed through the payment provider/);
    // Another organisation's subscription is not found.
    const other = await orgWithOwner(ctx(), 'refusals-other');
    const foreign = await ctx().request(
      'POST',
      `/api/v1/orgs/${other.org}/subscriptions/${s.subscription}/cancel`,
      {
        token: other.owner.token,
      },
    );
    expect(foreign.status).toBe(404);
    // The provider fails.
    paddleApi.failNext = true;
    const failed = await ctx().request('POST', `${base}/${s.subscription}/cancel`, { token: s.owner.token });
    expect(failed).toMatchObject({ status: 502, body: { code: 502, details: { reason: 'provider_error' } } });
    // A cancelled subscription cannot change any more.
    await deliverAndApply(
      ctx(),
      subscriptionEvent({ id: s.providerId, orgId: s.orgId, status: 'canceled', canceledAt: new Date() }),
    );
    const ended = await ctx().request('POST', `${base}/${s.subscription}/change`, {
      token: s.owner.token,
      body: { price: await priceId(ctx(), 'team', 'monthly') },
    });
    expect(ended).toMatchObject({ status: 409, body: { details: { reason: 'ended' } } });
  });

  it("staff sync Paddle's catalogue now; Paddle refusing is a 502 that says so", async () => {
    const { token } = await ctx().admin();
    paddleApi.failNext = true;
    const failed = await ctx().request('POST', '/api/v1/admin/paddle/catalogue/sync', { token });
    expect(failed).toMatchObject({ status: 502, body: { details: { reason: 'catalogue_sync_failed' } } });
    expect(failed.body.message).toMatch(/^The payment provider did not take the catalogue/);
    const synced = await ctx().request('POST', '/api/v1/admin/paddle/catalogue/sync', { token });
    expect(synced.status, JSON.stringify(synced.body)).toBe(200);
    expect(synced.body).toMatchObject({ provider: 'paddle', joined: false });
    expect(synced.body.prices).toBeGreaterThan(0);
    // Every price went to the stand-in (created, or updated when an earlier test made it).
    expect(
      paddleApi.calls('POST', '/prices').length + paddleApi.calls('PATCH', '/prices/').length,
    ).toBeGreaterThanOrEqual(synced.body.prices);
  });
});

describeEachDatabaseWith('billing events for staff', env, (ctx) => {
  it('lists events with filters, acknowledges them and retries failed ones', async () => {
    const { token } = await ctx().admin();
    const a = await orgWithOwner(ctx(), 'events-admin');
    const org = await orgId(ctx(), a.org);
    const entity = subId();
    const providerPrice = `pri_${evtId().slice(4)}`;
    const failing = subscriptionEvent({
      id: entity,
      orgId: org,
      providerPriceId: providerPrice,
      customerId: 'ctm_staff',
    });
    await deliverAndApply(ctx(), failing);
    await deliverAndApply(ctx(), transactionEvent({ id: txnId(), orgId: org }));

    const list = (query: string) => ctx().request('GET', `/api/v1/admin/paddle/events${query}`, { token });
    const failed = await list('?state=failed&category=subscription');
    expect(failed.status).toBe(200);
    const event = failed.body.find((e: { event_id: string }) => e.event_id === JSON.parse(failing).event_id);
    expect(event).toMatchObject({
      provider: 'paddle',
      event_type: 'subscription.updated',
      category: 'subscription',
      entity_id: entity,
      customer_id: 'ctm_staff',
      state: 'failed',
      attempts: 1,
      processed_at: null,
    });
    expect(event.last_error).toContain(providerPrice);
    expect((await list(`?entity_id=${entity}`)).body).toHaveLength(1);
    expect((await list('?customer_id=ctm_staff')).body).toHaveLength(1);
    expect(
      (await list('?category=transaction')).body.every(
        (e: { category: string }) => e.category === 'transaction',
      ),
    ).toBe(true);
    expect((await list('?limit=1')).body).toHaveLength(1);
    expect((await list('?offset=1000')).body).toEqual([]);
    for (const bad of [
      '?limit=0',
      '?limit=201',
      '?state=done',
      '?offset=-1',
      '?category=A%20B',
      '?other=1',
    ]) {
      expect((await list(bad)).status, bad).toBe(400);
    }
    // Only the active provider has events here.
    expect(await ctx().request('GET', '/api/v1/admin/local/events', { token })).toMatchObject({
      status: 404,
    });

    // Acknowledged: no longer due, even when its time comes.
    const ack = await ctx().request('PATCH', '/api/v1/admin/paddle/events', {
      token,
      body: { ids: [event.id], state: 'acknowledged' },
    });
    expect(ack).toMatchObject({
      status: 200,
      body: [{ id: event.id, state: 'acknowledged', next_attempt_at: null }],
    });
    for (const body of [
      { ids: [] },
      { ids: ['x'], state: 'acknowledged' },
      { ids: [event.id], state: 'processed' },
    ]) {
      expect((await ctx().request('PATCH', '/api/v1/admin/paddle/events', { token, body })).status).toBe(400);
    }
    const missing = randomUUID();
    expect(
      await ctx().request('POST', '/api/v1/admin/paddle/events/retry', { token, body: { ids: [missing] } }),
    ).toMatchObject({ status: 404, body: { details: { ids: [missing] } } });

    // Staff make it applicable (the provider's price is now known) and retry it.
    await ctx()
      .app.database.db.insert(billingRefs)
      .values({
        provider: 'paddle',
        kind: 'price',
        localId: await priceId(ctx(), 'pro', 'annual'),
        providerId: providerPrice,
      });
    const retried = await ctx().request('POST', '/api/v1/admin/paddle/events/retry', {
      token,
      body: { ids: [event.id] },
    });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body[0]).toMatchObject({ id: event.id, state: 'processed', last_error: null });
    expect((await storedEvent(ctx(), event.event_id)).processedAt).toBeInstanceOf(Date);
    // Each staff action is in the audit log, without the payload's customer data.
    const log = await ctx().request(
      'GET',
      `/api/v1/admin/audit?object_type=billing_event&object_id=${event.id}`,
      {
        token,
      },
    );
    expect(log.status).toBe(200);
    const actions = log.body.items.map((e: { action: string }) => e.action).sort();
    expect(actions).toEqual(['billing_event.acknowledge', 'billing_event.retry']);
    const retryEntry = log.body.items.find((e: { action: string }) => e.action === 'billing_event.retry');
    expect(retryEntry).toMatchObject({ before: { state: 'acknowledged' }, after: { state: 'processed' } });
    expect(retryEntry.after.payload).toBeUndefined();
    const limits = await ctx().request('GET', `/api/v1/orgs/${a.org}/limits`, { token: a.owner.token });
    expect(limits.body.find((l: { plan_type: string }) => l.plan_type === 'saas').plan).toBe('pro');
  });

  it('lets staff correct an event that names an unknown organisation, then applies it', async () => {
    const { token } = await ctx().admin();
    const a = await orgWithOwner(ctx(), 'events-edit');
    const price = await priceId(ctx(), 'team', 'monthly');
    const body = subscriptionEvent({
      id: subId(),
      orgId: randomUUID(),
      priceId: price,
      customerId: 'ctm_nobody',
    });
    await deliverAndApply(ctx(), body);
    const stored = await storedEvent(ctx(), JSON.parse(body).event_id);
    expect(stored).toMatchObject({ state: 'failed' });
    expect(stored.lastError).toMatch(/no organisation/);

    const payload = JSON.parse(body);
    const put = (b: unknown) => ctx().request('PUT', '/api/v1/admin/paddle/events', { token, body: b });
    // Not an event, or another event's identity: refused, nothing changes.
    expect(await put({ id: stored.id, payload: { hello: 'world' } })).toMatchObject({
      status: 400,
      body: { details: { field: 'payload' } },
    });
    expect(await put({ id: stored.id, payload: { ...payload, event_id: evtId() } })).toMatchObject({
      status: 400,
    });
    expect(await put({ id: randomUUID(), payload })).toMatchObject({ status: 404 });

    payload.data.custom_data.org_id = await orgId(ctx(), a.org);
    const edited = await put({ id: stored.id, payload });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ id: stored.id, state: 'processed', last_error: null });
    const limits = await ctx().request('GET', `/api/v1/orgs/${a.org}/limits/saas`, { token: a.owner.token });
    expect(limits.body.plan).toBe('team');
    // Applied events are history.
    expect(await put({ id: stored.id, payload })).toMatchObject({ status: 409 });
  });
});
