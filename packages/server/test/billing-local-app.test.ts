import type { BillingTransaction, EffectiveLimits, Subscription } from '@slugsmith/contract';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestContext } from './support/app.js';
import { priceId } from './support/billing-core.js';
import { orgWithOwner } from './support/keys.js';

/**
 * The local sandbox inside the whole app, listening on a real port: its signed deliveries go over
 * HTTP to our own webhook route and through the pipeline Paddle's events take, until the
 * organisation's plan and limits follow — what the console's e2e test does in a browser.
 */

const DAY = 86_400;

describeEachDatabase('local payments in the app', (ctx) => {
  let admin: string;
  beforeAll(async () => {
    await ctx().app.server.listen({ port: 0, host: '127.0.0.1' });
    admin = (await ctx().admin()).token;
  });

  const form = (card: string) =>
    new URLSearchParams({ number: card, expiry: '12/39', cvc: '123', name: 'Ada Buyer' }).toString();

  async function pay(url: string, card = '4242 4242 4242 4242') {
    return ctx().app.server.inject({
      method: 'POST',
      url: `${new URL(url).pathname}${new URL(url).search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form(card),
    });
  }

  /** Runs the sandbox (renewals, deliveries) until the organisation's SaaS plan is `plan`. */
  async function until(
    c: TestContext,
    org: string,
    token: string,
    check: (limits: EffectiveLimits, subs: Subscription[]) => boolean,
  ) {
    let last: unknown;
    for (let i = 0; i < 100; i++) {
      const run = await c.request('POST', '/api/v1/admin/local/run', { token: admin });
      expect(run.status).toBe(200);
      const limits = await c.request('GET', `/api/v1/orgs/${org}/limits/saas`, { token });
      const subs = await c.request('GET', `/api/v1/orgs/${org}/subscriptions`, { token });
      last = { limits: limits.body, subs: subs.body };
      if (check(limits.body, subs.body)) return subs.body as Subscription[];
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`never reached: ${JSON.stringify(last)}`);
  }

  /** The organisation's subscription bought through the sandbox. */
  const billed = (subs: Subscription[]) => {
    const found = subs.find((s) => s.billing?.provider === 'local');
    if (!found?.billing) throw new Error('no subscription from the sandbox');
    return { ...found, billing: found.billing };
  };
  const billedState = (subs: Subscription[]) => subs.find((s) => s.billing?.provider === 'local')?.state;

  it('buys Pro, changes to Team with proration, cancels, and is on Free after the period', async () => {
    const c = ctx();
    const { org, owner } = await orgWithOwner(c, 'sandbox-buyer');
    const pro = await priceId(c, 'pro', 'monthly');
    const prepared = await c.request('POST', '/api/v1/billing/checkout/prepare', {
      token: owner.token,
      body: { org_slug: org, items: [{ price: pro, quantity: 1 }] },
    });
    expect(prepared.status, JSON.stringify(prepared.body)).toBe(200);
    const page = await c.app.server.inject({
      method: 'GET',
      url: new URL(prepared.body.checkout_url).pathname,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Sandbox — no real payment');
    // The page's own policy: nothing loads, the form posts here; helmet's is replaced, not added to.
    expect(page.headers['content-security-policy']).toMatch(
      /^default-src 'none'; style-src 'unsafe-inline'; form-action 'self'/,
    );
    const paid = await pay(prepared.body.checkout_url);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(prepared.body.success_url);

    let subs = await until(c, org, owner.token, (l, s) => l.plan === 'pro' && billedState(s) === 'active');
    const sub = billed(subs);
    // The billing history follows from the transaction's events (applied on their own).
    for (let i = 0; ; i++) {
      const history = await c.request('GET', `/api/v1/orgs/${org}/billing/transactions`, {
        token: owner.token,
      });
      const paidLine = (history.body as BillingTransaction[]).find(
        (t) => t.origin === 'web' && t.status === 'completed',
      );
      if (paidLine) {
        expect(paidLine).toMatchObject({ total: 1900, tax: 0, currency: 'USD' });
        expect(paidLine.invoice_number).toMatch(/^SBX-/);
        break;
      }
      expect(i).toBeLessThan(100);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    const team = await priceId(c, 'team', 'monthly');
    const preview = await c.request('POST', `/api/v1/orgs/${org}/subscriptions/${sub.id}/preview-change`, {
      token: owner.token,
      body: { price: team, quantity: 1 },
    });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.recurring).toEqual({ amount: 7900, currency: 'USD' });
    // Bought a moment ago: nearly the whole difference is charged now.
    expect(preview.body.immediate.amount).toBeGreaterThan(5900);
    expect(preview.body.immediate.amount).toBeLessThanOrEqual(6000);
    const changed = await c.request('POST', `/api/v1/orgs/${org}/subscriptions/${sub.id}/change`, {
      token: owner.token,
      body: { price: team, quantity: 1 },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    subs = await until(c, org, owner.token, (l) => l.plan === 'team');

    const cancel = await c.request('POST', `/api/v1/orgs/${org}/subscriptions/${billed(subs).id}/cancel`, {
      token: owner.token,
    });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    await until(
      c,
      org,
      owner.token,
      (l, s) => l.plan === 'team' && s.some((x) => x.billing?.cancel_at_period_end === true),
    );

    const moved = await c.request('POST', '/api/v1/admin/local/clock', {
      token: admin,
      body: { advance_seconds: 32 * DAY },
    });
    expect(moved.status).toBe(200);
    await until(c, org, owner.token, (l) => l.plan === 'free');
  });

  it('a declined renewal is past due, and a new card recovers it', async () => {
    const c = ctx();
    const { org, owner } = await orgWithOwner(c, 'sandbox-dunning');
    const prepared = await c.request('POST', '/api/v1/billing/checkout/prepare', {
      token: owner.token,
      body: { org_slug: org, items: [{ price: await priceId(c, 'pro', 'monthly'), quantity: 1 }] },
    });
    expect((await pay(prepared.body.checkout_url, '4000 0000 0000 0341')).statusCode).toBe(303);
    const subs = await until(c, org, owner.token, (l, s) => l.plan === 'pro' && billedState(s) === 'active');
    const id = billed(subs).id;

    await c.request('POST', '/api/v1/admin/local/clock', {
      token: admin,
      body: { advance_seconds: 32 * DAY },
    });
    // Past due keeps the plan's limits for the grace period.
    await until(c, org, owner.token, (l, s) => l.plan === 'pro' && billedState(s) === 'past_due');

    const session = await c.request('POST', `/api/v1/orgs/${org}/subscriptions/${id}/payment-method`, {
      token: owner.token,
    });
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    const updated = await pay(session.body.url);
    expect(updated.statusCode).toBe(303);
    await until(c, org, owner.token, (l, s) => l.plan === 'pro' && billedState(s) === 'active');
  });

  it('a price with a free trial: the hosted page says so and offers a way back; the trial ends in a renewal', async () => {
    const c = ctx();
    const { org, owner } = await orgWithOwner(c, 'sandbox-trial');
    const catalogue = await c.request('GET', '/api/v1/subscriptions/team');
    const annual = (catalogue.body.prices as { period: string; amount: number; currency: string }[]).find(
      (p) => p.period === 'annual',
    );
    if (!annual) throw new Error('team has no annual price');
    const set = await c.request('PUT', '/api/v1/admin/subscriptions/team/prices/annual', {
      token: admin,
      body: { amount: annual.amount, currency: annual.currency, per_node: false, trial_days: 14 },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    // Staff changing only the amount keep the trial; a perpetual licence refuses one.
    const kept = await c.request('PUT', '/api/v1/admin/subscriptions/team/prices/annual', {
      token: admin,
      body: { amount: annual.amount, currency: annual.currency, per_node: false },
    });
    expect(kept.body.prices.find((p: { period: string }) => p.period === 'annual')).toMatchObject({
      trial_days: 14,
    });
    const perpetual = await c.request('PUT', '/api/v1/admin/subscriptions/team/prices/perpetual', {
      token: admin,
      body: { amount: 1000, currency: 'USD', per_node: false, trial_days: 7 },
    });
    expect(perpetual.status).toBe(400);
    expect(perpetual.body).toMatchObject({ message: 'A perpetual licence has no trial' });
    const offered = await c.request('GET', '/api/v1/subscriptions/team');
    expect(offered.body.prices.find((p: { period: string }) => p.period === 'annual').trial_days).toBe(14);

    const price = await priceId(c, 'team', 'annual');
    const prepared = await c.request('POST', '/api/v1/billing/checkout/prepare', {
      token: owner.token,
      body: { org_slug: org, items: [{ price, quantity: 1 }] },
    });
    expect(prepared.status, JSON.stringify(prepared.body)).toBe(200);
    const page = await c.app.server.inject({
      method: 'GET',
      url: new URL(prepared.body.checkout_url).pathname,
      headers: { accept: 'text/html' },
    });
    expect(page.body).toContain('Free trial for 14 days, then');
    expect(page.body).toContain('>Save card<');
    // Cancel leads back to the console's checkout with the order as it was.
    const cancel = /<a class="button secondary" href="([^"]+)">Cancel and go back<\/a>/.exec(page.body)?.[1];
    expect(cancel).toBeDefined();
    const back = new URL((cancel ?? '').replaceAll('&amp;', '&'));
    expect(back.pathname).toBe('/checkout');
    expect(Object.fromEntries(back.searchParams)).toEqual({
      cancelled: '1',
      org,
      plan: 'team',
      period: 'annual',
      quantity: '1',
    });

    expect((await pay(prepared.body.checkout_url)).statusCode).toBe(303);
    const subs = await until(c, org, owner.token, (l, s) => l.plan === 'team' && billedState(s) === 'trial');
    const trial = billed(subs);
    // The sandbox's events read in real time (its clock's offset taken off): 14 days from now.
    const days = (Date.parse(trial.trial_until ?? '') - Date.now()) / (DAY * 1000);
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
    // Nothing charged for the trial.
    const history = await c.request('GET', `/api/v1/orgs/${org}/billing/transactions`, {
      token: owner.token,
    });
    expect((history.body as BillingTransaction[]).every((t) => t.total === 0)).toBe(true);

    await c.request('POST', '/api/v1/admin/local/clock', {
      token: admin,
      body: { advance_seconds: 15 * DAY },
    });
    await until(c, org, owner.token, (l, s) => l.plan === 'team' && billedState(s) === 'active');
    await c.request('PUT', '/api/v1/admin/subscriptions/team/prices/annual', {
      token: admin,
      body: { amount: annual.amount, currency: annual.currency, per_node: false, trial_days: 0 },
    });
  });

  it('a payment link (/checkout?_ptxn=) reopens an unpaid checkout, and says so once it is paid or unknown', async () => {
    const c = ctx();
    const { org, owner } = await orgWithOwner(c, 'sandbox-link');
    const prepared = await c.request('POST', '/api/v1/billing/checkout/prepare', {
      token: owner.token,
      body: { org_slug: org, items: [{ price: await priceId(c, 'pro', 'monthly'), quantity: 1 }] },
    });
    const link = `/api/v1/billing/checkout/transactions/${prepared.body.transaction_id}`;
    // No sign-in needed: whoever holds the link pays, as on the provider's page.
    const opened = await c.request('GET', link);
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body).toEqual({
      provider: 'local',
      transaction_id: prepared.body.transaction_id,
      checkout_url: prepared.body.checkout_url,
      provider_token: null,
      environment: 'sandbox',
      success_url: prepared.body.success_url,
    });
    expect((await pay(prepared.body.checkout_url)).statusCode).toBe(303);
    expect(await c.request('GET', link)).toMatchObject({
      status: 409,
      body: { message: 'This payment was already made, or its link is closed' },
    });
    for (const id of ['txn_01unknown0000000000000000', 'not-a-transaction']) {
      expect(await c.request('GET', `/api/v1/billing/checkout/transactions/${id}`)).toMatchObject({
        status: 404,
        body: { message: 'This payment link is unknown or has expired' },
      });
    }
  });

  it('keeps the sandbox controls to staff', async () => {
    const c = ctx();
    const person = await c.person('not-staff');
    for (const [method, url, body] of [
      ['POST', '/api/v1/admin/local/clock', { advance_seconds: 60 }],
      ['POST', '/api/v1/admin/local/run', undefined],
      ['GET', '/api/v1/admin/local/clock', undefined],
    ] as const) {
      expect((await c.request(method, url, { body })).status).toBe(401);
      expect((await c.request(method, url, { token: person.token, body })).status).toBe(403);
    }
    // Staff move the sandbox's clock forward, and read it back moved by that much.
    const before = await c.request('GET', '/api/v1/admin/local/clock', { token: admin });
    expect(before.status).toBe(200);
    const moved = await c.request('POST', '/api/v1/admin/local/clock', {
      token: admin,
      body: { advance_seconds: 60 },
    });
    expect(moved.status).toBe(200);
    const after = await c.request('GET', '/api/v1/admin/local/clock', { token: admin });
    expect(after.body.offset_seconds - before.body.offset_seconds).toBe(60);
  });
});
