import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { signBody } from '../src/areas/billing/paddle/signature.js';
import { backoffSeconds, EventPipeline } from '../src/areas/billing/pipeline.js';
import { billingEvents, billingRefs, billingTransactions } from '../src/db/schema.js';
import type { Config } from '../src/platform/config.js';
import { closeApp, TestContext, testConfig, testDatabases } from './support/app.js';
import {
  deliver,
  deliverAndApply,
  describeEachDatabaseWith,
  evtId,
  orgId,
  paddleEnv,
  priceId,
  saasPlan,
  storedEvent,
  storedEvents,
  subId,
  subscriptionEvent,
  transactionEvent,
  txnId,
  WEBHOOK_SECRET,
} from './support/billing-core.js';
import { orgWithOwner } from './support/keys.js';

const DAY = 86_400_000;

async function subscriptionsOf(ctx: TestContext, org: string, token: string) {
  const r = await ctx.request('GET', `/api/v1/orgs/${org}/subscriptions`, { token });
  expect(r.status).toBe(200);
  return r.body as {
    id: string;
    state: string;
    effective: boolean;
    quantity: number;
    renews_at: string | null;
    ends_at: string | null;
    plan: { slug: string };
    billing: { provider_subscription_id: string; cancel_at_period_end: boolean } | null;
  }[];
}

describeEachDatabaseWith('billing webhooks', paddleEnv, (ctx) => {
  it('refuses unsigned, badly signed, tampered and stale webhooks with 400 and stores nothing', async () => {
    const body = subscriptionEvent({ id: subId() });
    const before = (await storedEvents(ctx())).length;
    const signed = (payload: string) => signBody(WEBHOOK_SECRET, payload);
    const cases: { name: string; payload: string; signature: string | null; reason?: string }[] = [
      { name: 'unsigned', payload: body, signature: null, reason: 'missing signature' },
      { name: 'malformed', payload: body, signature: 'garbage', reason: 'malformed signature' },
      {
        name: 'another secret',
        payload: body,
        signature: signBody('another-secret', body),
        reason: 'signature does not match',
      },
      {
        name: 'stale',
        payload: body,
        signature: signBody(WEBHOOK_SECRET, body, Date.now() - 3_600_000),
        reason: 'signature too old',
      },
      // Signed, but another body than the one sent.
      { name: 'tampered', payload: body.replace('"active"', '"past_due"'), signature: signed(body) },
      // Signed, but not an event.
      { name: 'not an event', payload: '{"hello":"world"}', signature: signed('{"hello":"world"}') },
      { name: 'not JSON', payload: 'not json at all', signature: signed('not json at all') },
    ];
    for (const c of cases) {
      const r = await deliver(ctx(), c.payload, { signature: c.signature });
      expect(r.statusCode, c.name).toBe(400);
      expect(r.json(), c.name).toMatchObject({ code: 400 });
      if (c.reason) {
        expect(r.json(), c.name).toMatchObject({
          details: { reason: 'invalid_webhook_signature', problem: c.reason },
        });
      }
    }
    expect((await storedEvents(ctx())).length).toBe(before);
  });

  it('answers 404 for a provider that is not the active one', async () => {
    const body = subscriptionEvent({ id: subId() });
    for (const provider of ['local', 'stripe']) {
      const r = await deliver(ctx(), body, { provider });
      expect(r.statusCode).toBe(404);
      expect(r.json()).toMatchObject({ code: 404 });
    }
  });

  it('stores an event, answers at once, applies it: the organisation gets the plan and its limits', async () => {
    const a = await orgWithOwner(ctx(), 'webhook-activate');
    const id = subId();
    expect(await saasPlan(ctx(), a.org, a.owner.token)).toBe('free');
    const body = subscriptionEvent({
      type: 'subscription.activated',
      id,
      orgId: await orgId(ctx(), a.org),
      priceId: await priceId(ctx(), 'pro', 'monthly'),
    });
    const r = await deliver(ctx(), body);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ received: true, new: true });
    await ctx().app.billing.pipeline.processDue();
    const event = await storedEvent(ctx(), JSON.parse(body).event_id);
    expect(event).toMatchObject({ state: 'processed', attempts: 0, entityId: id, customerId: 'ctm_test' });
    expect(event.processedAt).toBeInstanceOf(Date);
    const subs = await subscriptionsOf(ctx(), a.org, a.owner.token);
    const pro = subs.find((s) => s.plan.slug === 'pro');
    expect(pro).toMatchObject({
      state: 'active',
      effective: true,
      billing: { provider_subscription_id: id, cancel_at_period_end: false },
    });
    // The Free subscription stays; the paid one wins.
    expect(subs.some((s) => s.plan.slug === 'free')).toBe(true);
    expect(await saasPlan(ctx(), a.org, a.owner.token)).toBe('pro');
    // The customer now names the organisation for later events without custom_data.
    const [ref] = await ctx()
      .app.database.db.select()
      .from(billingRefs)
      .where(eq(billingRefs.providerId, 'ctm_test'));
    expect(ref?.kind).toBe('customer');
  });

  it('changes nothing when an event arrives twice', async () => {
    const a = await orgWithOwner(ctx(), 'webhook-dup');
    const id = subId();
    const org = await orgId(ctx(), a.org);
    const body = subscriptionEvent({
      id,
      orgId: org,
      priceId: await priceId(ctx(), 'team', 'monthly'),
      quantity: 1,
    });
    await deliverAndApply(ctx(), body);
    const first = await subscriptionsOf(ctx(), a.org, a.owner.token);
    // Staff or a later state must not be overwritten by a redelivery of the same event.
    const again = await deliver(ctx(), body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ received: true, new: false });
    await ctx().app.billing.pipeline.processDue();
    expect(await subscriptionsOf(ctx(), a.org, a.owner.token)).toEqual(first);
    const rows = (await storedEvents(ctx())).filter((e) => e.eventId === JSON.parse(body).event_id);
    expect(rows).toHaveLength(1);
  });

  it('never lets an older event overwrite a newer state of the same subscription', async () => {
    const a = await orgWithOwner(ctx(), 'webhook-order');
    const id = subId();
    const org = await orgId(ctx(), a.org);
    const price = await priceId(ctx(), 'pro', 'monthly');
    const periodEnd = new Date(Date.now() + 20 * DAY);
    const newer = subscriptionEvent({ id, orgId: org, priceId: price, periodEnd, cancelAt: periodEnd });
    const older = subscriptionEvent({
      type: 'subscription.activated',
      id,
      orgId: org,
      priceId: price,
      periodEnd,
      occurredAt: new Date(Date.now() - 60_000),
    });
    await deliverAndApply(ctx(), newer);
    await deliverAndApply(ctx(), older);
    expect((await storedEvent(ctx(), JSON.parse(older).event_id)).state).toBe('processed');
    const pro = (await subscriptionsOf(ctx(), a.org, a.owner.token)).find((s) => s.plan.slug === 'pro');
    expect(pro).toMatchObject({
      state: 'active',
      renews_at: null,
      ends_at: periodEnd.toISOString(),
      billing: { cancel_at_period_end: true },
    });
  });

  it('keeps the limits of a past_due subscription through the grace period, then Free after cancellation', async () => {
    const a = await orgWithOwner(ctx(), 'webhook-dunning');
    const id = subId();
    const org = await orgId(ctx(), a.org);
    const price = await priceId(ctx(), 'pro', 'monthly');
    const t0 = Date.now() - 10 * 60_000;
    await deliverAndApply(
      ctx(),
      subscriptionEvent({ id, orgId: org, priceId: price, occurredAt: new Date(t0) }),
    );
    expect(await saasPlan(ctx(), a.org, a.owner.token)).toBe('pro');

    // The renewal failed: the period ended a day ago, the grace period holds the limits.
    const periodEnd = new Date(Date.now() - DAY);
    await deliverAndApply(
      ctx(),
      subscriptionEvent({
        id,
        orgId: org,
        priceId: price,
        status: 'past_due',
        periodStart: new Date(periodEnd.getTime() - 30 * DAY),
        periodEnd,
        occurredAt: new Date(t0 + 60_000),
      }),
    );
    const pastDue = (await subscriptionsOf(ctx(), a.org, a.owner.token)).find((s) => s.plan.slug === 'pro');
    const graceDays = ctx().config.billing.graceDays;
    expect(pastDue).toMatchObject({
      state: 'past_due',
      effective: true,
      ends_at: new Date(periodEnd.getTime() + graceDays * DAY).toISOString(),
    });
    expect(await saasPlan(ctx(), a.org, a.owner.token)).toBe('pro');

    // As Paddle reports it: the unpaid renewal period has begun, the grace counts from its start.
    const renewal = new Date(Date.now() - 2 * DAY);
    await deliverAndApply(
      ctx(),
      subscriptionEvent({
        id,
        orgId: org,
        priceId: price,
        status: 'past_due',
        periodStart: renewal,
        periodEnd: new Date(renewal.getTime() + 30 * DAY),
        occurredAt: new Date(t0 + 90_000),
      }),
    );
    const paddleStyle = (await subscriptionsOf(ctx(), a.org, a.owner.token)).find(
      (s) => s.plan.slug === 'pro',
    );
    expect(paddleStyle?.ends_at).toBe(new Date(renewal.getTime() + graceDays * DAY).toISOString());
    expect(await saasPlan(ctx(), a.org, a.owner.token)).toBe('pro');

    // Past the grace period without payment: the limits go even before the cancellation arrives.
    const longAgo = new Date(Date.now() - (graceDays + 2) * DAY);
    await deliverAndApply(
      ctx(),
      subscriptionEvent({
        id,
        orgId: org,
        priceId: price,
        status: 'past_due',
        periodStart: new Date(longAgo.getTime() - 30 * DAY),
        periodEnd: longAgo,
        occurredAt: new Date(t0 + 120_000),
      }),
    );
    expect(await saasPlan(ctx(), a.org, a.owner.token)).toBe('free');

    await deliverAndApply(
      ctx(),
      subscriptionEvent({
        id,
        orgId: org,
        priceId: price,
        status: 'canceled',
        canceledAt: new Date(t0 + 180_000),
        occurredAt: new Date(t0 + 180_000),
      }),
    );
    const cancelled = (await subscriptionsOf(ctx(), a.org, a.owner.token)).find((s) => s.plan.slug === 'pro');
    expect(cancelled).toMatchObject({ state: 'cancelled', effective: false, renews_at: null });
    expect(await saasPlan(ctx(), a.org, a.owner.token)).toBe('free');
  });

  it("maps each of Paddle's subscription statuses to a §4 state, in force or not", async () => {
    const price = await priceId(ctx(), 'team', 'monthly');
    const trialEnds = new Date(Date.now() + 7 * DAY);
    const cases = [
      { status: 'active', state: 'active', effective: true, plan: 'team' },
      { status: 'trialing', state: 'trial', effective: true, plan: 'team', trialEnds },
      { status: 'past_due', state: 'past_due', effective: true, plan: 'team' },
      { status: 'paused', state: 'inactive', effective: false, plan: 'free' },
      { status: 'canceled', state: 'cancelled', effective: false, plan: 'free' },
    ] as const;
    for (const c of cases) {
      const a = await orgWithOwner(ctx(), `webhook-status-${c.status.replace('_', '-')}`);
      const event = {
        id: subId(),
        orgId: await orgId(ctx(), a.org),
        priceId: price,
        status: c.status,
        ...('trialEnds' in c ? { trialEnds: c.trialEnds } : {}),
        ...(c.status === 'canceled' ? { canceledAt: new Date() } : {}),
      };
      await deliverAndApply(ctx(), subscriptionEvent(event));
      const team = (await subscriptionsOf(ctx(), a.org, a.owner.token)).find((s) => s.plan.slug === 'team');
      expect(team, c.status).toMatchObject({ state: c.state, effective: c.effective });
      expect(await saasPlan(ctx(), a.org, a.owner.token), c.status).toBe(c.plan);
      if ('trialEnds' in c) {
        const rows = await ctx().request('GET', `/api/v1/orgs/${a.org}/subscriptions`, {
          token: a.owner.token,
        });
        expect(rows.body.find((s: { id: string }) => s.id === team?.id).trial_until).toBe(
          c.trialEnds.toISOString(),
        );
      }
    }
  });

  it('ends a subscription cancelled at period end by itself when the period ends', async () => {
    const a = await orgWithOwner(ctx(), 'webhook-period-end');
    const org = await orgId(ctx(), a.org);
    const price = await priceId(ctx(), 'pro', 'monthly');
    const ended = new Date(Date.now() - 1000);
    await deliverAndApply(
      ctx(),
      subscriptionEvent({
        id: subId(),
        orgId: org,
        priceId: price,
        periodStart: new Date(ended.getTime() - 30 * DAY),
        periodEnd: ended,
        cancelAt: ended,
      }),
    );
    expect(await saasPlan(ctx(), a.org, a.owner.token)).toBe('free');
  });

  it('fails an event it cannot apply, retries it with backoff, and applies it once the price is known', async () => {
    const a = await orgWithOwner(ctx(), 'webhook-retry');
    const org = await orgId(ctx(), a.org);
    const providerPrice = `pri_${evtId().slice(4)}`;
    const body = subscriptionEvent({ id: subId(), orgId: org, providerPriceId: providerPrice });
    await deliverAndApply(ctx(), body);
    const eventId = JSON.parse(body).event_id;
    const failed = await storedEvent(ctx(), eventId);
    expect(failed).toMatchObject({ state: 'failed', attempts: 1 });
    expect(failed.lastError).toContain(providerPrice);
    expect(failed.nextAttemptAt?.getTime()).toBeGreaterThan(Date.now() + (backoffSeconds(1) - 5) * 1000);
    // Not due yet: another pass leaves it.
    await ctx().app.billing.pipeline.processDue();
    expect((await storedEvent(ctx(), eventId)).attempts).toBe(1);
    expect(await saasPlan(ctx(), a.org, a.owner.token)).toBe('free');

    // The catalogue learns the provider's price (a sync); the retry is due.
    await ctx()
      .app.database.db.insert(billingRefs)
      .values({
        provider: 'paddle',
        kind: 'price',
        localId: await priceId(ctx(), 'team', 'annual'),
        providerId: providerPrice,
      });
    await ctx()
      .app.database.db.update(billingEvents)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(billingEvents.eventId, eventId));
    await ctx().app.billing.pipeline.processDue();
    expect(await storedEvent(ctx(), eventId)).toMatchObject({ state: 'processed', lastError: null });
    expect(await saasPlan(ctx(), a.org, a.owner.token)).toBe('team');
  });

  it('turns a paid one-off transaction of a perpetual price into a licence for that many nodes', async () => {
    const a = await orgWithOwner(ctx(), 'webhook-perpetual');
    const org = await orgId(ctx(), a.org);
    const id = txnId();
    const perpetual = await priceId(ctx(), 'on-premise', 'perpetual');
    // Not paid yet: no licence.
    await deliverAndApply(
      ctx(),
      transactionEvent({ id, orgId: org, priceId: perpetual, quantity: 3, status: 'ready' }),
    );
    const none = await subscriptionsOf(ctx(), a.org, a.owner.token);
    expect(none.some((s) => s.plan.slug === 'on-premise')).toBe(false);
    await deliverAndApply(ctx(), transactionEvent({ id, orgId: org, priceId: perpetual, quantity: 3 }));
    const licence = (await subscriptionsOf(ctx(), a.org, a.owner.token)).find(
      (s) => s.plan.slug === 'on-premise',
    );
    expect(licence).toMatchObject({
      state: 'active',
      effective: true,
      quantity: 3,
      renews_at: null,
      ends_at: null,
      billing: { provider_subscription_id: id },
    });
    const limits = await ctx().request('GET', `/api/v1/orgs/${a.org}/limits/on_premise`, {
      token: a.owner.token,
    });
    expect(limits).toMatchObject({ status: 200, body: { plan: 'on-premise' } });
    // Nothing renews, so there is nothing to cancel or change by oneself.
    const cancel = await ctx().request('POST', `/api/v1/orgs/${a.org}/subscriptions/${licence?.id}/cancel`, {
      token: a.owner.token,
    });
    expect(cancel).toMatchObject({ status: 409, body: { details: { reason: 'perpetual_licence' } } });
  });

  it("follows a plan change by the provider's price, though custom_data still names the first price", async () => {
    const a = await orgWithOwner(ctx(), 'webhook-upgrade');
    const org = await orgId(ctx(), a.org);
    const id = subId();
    const pro = await priceId(ctx(), 'pro', 'monthly');
    const team = await priceId(ctx(), 'team', 'monthly');
    const proProvider = `pri_${evtId().slice(4)}`;
    const teamProvider = `pri_${evtId().slice(4)}`;
    await ctx()
      .app.database.db.insert(billingRefs)
      .values([
        { provider: 'paddle', kind: 'price', localId: pro, providerId: proProvider },
        { provider: 'paddle', kind: 'price', localId: team, providerId: teamProvider },
      ]);
    const t0 = Date.now() - 60_000;
    const customerId = `ctm_${evtId().slice(4)}`;
    const base = { id, orgId: org, priceId: pro, customerId };
    await deliverAndApply(
      ctx(),
      subscriptionEvent({ ...base, providerPriceId: proProvider, occurredAt: new Date(t0) }),
    );
    expect(await saasPlan(ctx(), a.org, a.owner.token)).toBe('pro');
    await deliverAndApply(
      ctx(),
      subscriptionEvent({ ...base, providerPriceId: teamProvider, occurredAt: new Date(t0 + 1000) }),
    );
    expect(await saasPlan(ctx(), a.org, a.owner.token)).toBe('team');
    const subs = await ctx().request('GET', `/api/v1/orgs/${a.org}/subscriptions`, { token: a.owner.token });
    const billed = subs.body.filter((s: { billing: unknown }) => s.billing !== null);
    expect(billed).toHaveLength(1);
    expect(billed[0]).toMatchObject({ plan: { slug: 'team' }, billing: { price_id: team } });

    // The renewal's transaction carries no custom_data: it belongs to the subscription's organisation.
    const renewal = txnId();
    const body = JSON.parse(transactionEvent({ id: renewal, subscriptionId: id }));
    body.data.customer_id = customerId;
    await deliverAndApply(ctx(), JSON.stringify(body));
    const [row] = await ctx()
      .app.database.db.select()
      .from(billingTransactions)
      .where(eq(billingTransactions.providerTransactionId, renewal));
    expect(row).toMatchObject({ orgId: org, subscriptionId: billed[0].id });
  });

  it('leaves an event whose data is not what its type promises to staff, without retrying it', async () => {
    const body = JSON.parse(subscriptionEvent({ id: subId() }));
    delete body.data.items;
    await deliverAndApply(ctx(), JSON.stringify(body));
    const stored = await storedEvent(ctx(), body.event_id);
    expect(stored).toMatchObject({ state: 'failed', attempts: 1, nextAttemptAt: null });
    expect(stored.lastError).toMatch(/^unreadable subscription\.updated payload/);
    expect(stored.lastError).toContain('items');
  });

  it('stops retrying after the last attempt: the event waits for staff', async () => {
    const a = await orgWithOwner(ctx(), 'webhook-give-up');
    const body = subscriptionEvent({
      id: subId(),
      orgId: await orgId(ctx(), a.org),
      providerPriceId: 'pri_never',
    });
    await deliverAndApply(ctx(), body);
    const eventId = JSON.parse(body).event_id;
    expect(await storedEvent(ctx(), eventId)).toMatchObject({ state: 'failed', attempts: 1 });
    const { app } = ctx();
    const strict = new EventPipeline(
      app.database.db,
      app.billing.provider,
      {
        graceDays: 14,
        changed: () => {},
        subscriptionChanged: async () => {},
        undoDuplicate: async () => false,
      },
      app.server.log,
      { maxAttempts: 2 },
    );
    const makeDue = () =>
      app.database.db
        .update(billingEvents)
        .set({ nextAttemptAt: new Date(Date.now() - 1000) })
        .where(eq(billingEvents.eventId, eventId));
    await makeDue();
    await strict.processDue();
    expect(await storedEvent(ctx(), eventId)).toMatchObject({
      state: 'failed',
      attempts: 2,
      nextAttemptAt: null,
    });
    await strict.processDue();
    await app.billing.pipeline.processDue();
    expect((await storedEvent(ctx(), eventId)).attempts).toBe(2);
  });

  it('records transactions in the billing history, newest state winning', async () => {
    const a = await orgWithOwner(ctx(), 'webhook-txn');
    const org = await orgId(ctx(), a.org);
    const id = txnId();
    const t0 = Date.now() - 60_000;
    await deliverAndApply(
      ctx(),
      transactionEvent({ id, orgId: org, status: 'paid', occurredAt: new Date(t0) }),
    );
    await deliverAndApply(
      ctx(),
      transactionEvent({
        id,
        orgId: org,
        status: 'completed',
        invoiceNumber: 'INV-7',
        occurredAt: new Date(t0 + 1000),
      }),
    );
    // A late 'paid' changes nothing.
    await deliverAndApply(
      ctx(),
      transactionEvent({ id, orgId: org, status: 'paid', occurredAt: new Date(t0 + 500) }),
    );
    const rows = await ctx()
      .app.database.db.select()
      .from(billingTransactions)
      .where(eq(billingTransactions.providerTransactionId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      orgId: org,
      status: 'completed',
      invoiceNumber: 'INV-7',
      subtotal: 1900,
      tax: 380,
      total: 2280,
      items: [{ description: 'Pro', quantity: 1, amount: 1900 }],
    });
  });

  it("stores Paddle's own tax and rate (details.totals, tax_rates_used), computing none", async () => {
    const a = await orgWithOwner(ctx(), 'webhook-tax');
    const org = await orgId(ctx(), a.org);
    const id = txnId();
    const event = JSON.parse(transactionEvent({ id, orgId: org, subtotal: 10_000, tax: 2_550 }));
    event.data.details.tax_rates_used = [{ tax_rate: '0.255', totals: { tax: '2550' } }];
    await deliverAndApply(ctx(), JSON.stringify(event));
    const [row] = await ctx()
      .app.database.db.select()
      .from(billingTransactions)
      .where(eq(billingTransactions.providerTransactionId, id));
    expect(row).toMatchObject({
      subtotal: 10_000,
      tax: 2_550,
      total: 12_550,
      taxRate: '0.255',
      reverseCharge: false,
    });
    // Lines taxed at different rates: no single rate to print.
    const mixed = JSON.parse(transactionEvent({ id: txnId(), orgId: org }));
    mixed.data.details.tax_rates_used = [{ tax_rate: '0.2' }, { tax_rate: '0.1' }];
    await deliverAndApply(ctx(), JSON.stringify(mixed));
    const [other] = await ctx()
      .app.database.db.select()
      .from(billingTransactions)
      .where(eq(billingTransactions.providerTransactionId, mixed.data.id));
    expect(other?.taxRate).toBeNull();
  });
});

/**
 * Two server nodes on one PostgreSQL schema receive the same events at the same time: each event
 * is stored once and applied once, by whichever node claimed it.
 */
describe.runIf(testDatabases.includes('postgres'))('[postgres] two nodes receiving the same events', () => {
  let config: Config;
  let nodes: TestContext[] = [];
  beforeAll(async () => {
    config = testConfig('postgres', paddleEnv);
    const first = await buildApp(config);
    vi.resetModules();
    const fresh = (await import('../src/app.js')) as typeof import('../src/app.js');
    const second = await fresh.buildApp({ ...config });
    nodes = [new TestContext(first, config), new TestContext(second, { ...config })];
  });
  afterAll(async () => {
    if (nodes[1]) await nodes[1].app.server.close();
    if (nodes[0]) await closeApp(nodes[0].app, config);
  });

  it('stores and applies every event once', async () => {
    const [a, b] = nodes;
    // One subscription per organisation: a second live one of an organisation waits for staff.
    const owners = await Promise.all(
      Array.from({ length: 30 }, (_, i) => orgWithOwner(a, `two-nodes-billing-${i}`)),
    );
    const price = await priceId(a, 'pro', 'monthly');
    const bodies = await Promise.all(
      owners.map(async (o) =>
        subscriptionEvent({ id: subId(), orgId: await orgId(a, o.org), priceId: price }),
      ),
    );
    const answers = await Promise.all(bodies.flatMap((body) => [deliver(a, body), deliver(b, body)]));
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    expect(answers.filter((r) => r.json().new === true)).toHaveLength(bodies.length);
    await Promise.all([a.app.billing.pipeline.processDue(), b.app.billing.pipeline.processDue()]);
    await Promise.all([a.app.billing.pipeline.processDue(), b.app.billing.pipeline.processDue()]);
    const processed = a.app.billing.pipeline.counts.processed + b.app.billing.pipeline.counts.processed;
    expect(processed).toBe(bodies.length);
    const events = await storedEvents(a);
    expect(events).toHaveLength(bodies.length);
    expect(events.every((e) => e.state === 'processed' && e.attempts === 0)).toBe(true);
    for (const o of owners) {
      const subs = await a.request('GET', `/api/v1/orgs/${o.org}/subscriptions`, { token: o.owner.token });
      expect(subs.body.filter((s: { plan: { slug: string } }) => s.plan.slug === 'pro')).toHaveLength(1);
    }
  });
});
