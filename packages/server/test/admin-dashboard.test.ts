import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { monthlyRevenue } from '../src/areas/admin/dashboard.js';
import { readSettings } from '../src/areas/admin/settings.js';
import { billingEvents, orgSubscriptions } from '../src/db/schema.js';
import { loadConfig } from '../src/platform/config.js';
import { describeEachDatabase } from './support/app.js';
import { orgWithOwner } from './support/keys.js';
import { unlimitedPlan } from './support/plans.js';

describeEachDatabase('admin dashboard', (ctx) => {
  async function dashboard() {
    const { token } = await ctx().admin();
    await ctx().app.stats.aggregate();
    const r = await ctx().request('GET', '/api/v1/admin/dashboard', { token });
    expect(r.status).toBe(200);
    return r.body;
  }

  /** Subscribes the organisation to `plan` and, like a checkout would, to one of its prices. */
  async function subscribeWithPrice(
    org: string,
    plan: string,
    period: string,
    quantity: number,
    state = 'active',
  ): Promise<string> {
    const { token } = await ctx().admin();
    const created = await ctx().request('POST', `/api/v1/admin/orgs/${org}/subscriptions`, {
      token,
      body: { plan, quantity, state },
    });
    expect(created.status).toBe(201);
    const prices = (await ctx().request('GET', `/api/v1/admin/subscriptions/${plan}`, { token })).body.prices;
    const price = prices.find((p: { period: string }) => p.period === period);
    await ctx()
      .app.database.db.update(orgSubscriptions)
      .set({ priceId: price.id, provider: 'local' })
      .where(eq(orgSubscriptions.id, created.body.id));
    return created.body.id;
  }

  it('counts organisations, users, paying and past-due subscriptions, failed events, sign-ups', async () => {
    const before = await dashboard();
    const a = await orgWithOwner(ctx(), 'Counted');
    const b = await ctx().person('late-payer');
    await subscribeWithPrice(a.org, 'pro', 'monthly', 1);
    await subscribeWithPrice(b.slug, 'team', 'monthly', 1, 'past_due');
    // Neither a cancelled subscription nor the Free plan pays.
    await subscribeWithPrice(b.slug, 'pro', 'monthly', 1, 'cancelled');
    await ctx()
      .app.database.db.insert(billingEvents)
      .values([
        {
          provider: 'local',
          eventId: `evt_failed_${Date.now()}`,
          eventType: 'subscription.updated',
          occurredAt: new Date(),
          payload: {},
          state: 'failed',
          lastError: 'no such organisation',
        },
        {
          provider: 'local',
          eventId: `evt_done_${Date.now()}`,
          eventType: 'subscription.updated',
          occurredAt: new Date(),
          payload: {},
          state: 'processed',
        },
      ]);

    const after = await dashboard();
    // Two accounts, their personal organisations and one more.
    expect(after.users - before.users).toBe(2);
    expect(after.organisations - before.organisations).toBe(3);
    expect(after.paying_subscriptions - before.paying_subscriptions).toBe(2);
    expect(after.past_due_subscriptions - before.past_due_subscriptions).toBe(1);
    expect(after.failed_payment_events - before.failed_payment_events).toBe(1);
    expect(after.recent_sign_ups.slice(0, 2).map((s: { email: string }) => s.email)).toEqual([
      b.email,
      a.owner.email,
    ]);
    expect(after.recent_sign_ups.length).toBeLessThanOrEqual(10);
  });

  it('sums monthly recurring revenue per plan: prices brought to a month, times the quantity', async () => {
    const before = await dashboard();
    const of = (
      body: { monthly_recurring_revenue: { plan: string; monthly_amount: number }[] },
      plan: string,
    ) =>
      body.monthly_recurring_revenue.find((r) => r.plan === plan) ?? { monthly_amount: 0, subscriptions: 0 };
    const a = await orgWithOwner(ctx(), 'Revenue A');
    const b = await orgWithOwner(ctx(), 'Revenue B');
    const c = await orgWithOwner(ctx(), 'Revenue C');
    // Pro: annual 17900 × 2 seats = 2983.33 a month; monthly 1900. Team: semi-annual 42900 / 6.
    await subscribeWithPrice(a.org, 'pro', 'annual', 2);
    await subscribeWithPrice(b.org, 'pro', 'monthly', 1);
    await subscribeWithPrice(c.org, 'team', 'semi_annual', 1);
    const after = await dashboard();
    expect(of(after, 'pro').monthly_amount - of(before, 'pro').monthly_amount).toBe(
      Math.round((17900 * 2) / 12 + 1900),
    );
    expect(of(after, 'team').monthly_amount - of(before, 'team').monthly_amount).toBe(Math.round(42900 / 6));
    expect(after.monthly_recurring_revenue.find((r: { plan: string }) => r.plan === 'pro')).toMatchObject({
      plan_name: 'Pro',
      currency: 'USD',
    });
  });

  it('paying subscriptions agree with the revenue table, and its figures open the matching lists', async () => {
    const { token } = await ctx().admin();
    const payer = await orgWithOwner(ctx(), 'Agreeing Payer');
    const late = await orgWithOwner(ctx(), 'Agreeing Late');
    const given = await orgWithOwner(ctx(), 'Agreeing Given');
    await subscribeWithPrice(payer.org, 'pro', 'monthly', 1);
    await subscribeWithPrice(late.org, 'team', 'monthly', 1, 'past_due');
    // Enterprise set by staff without a price: no revenue, so not paying either.
    await unlimitedPlan(ctx(), given.org);
    const after = await dashboard();
    const tableCount = after.monthly_recurring_revenue.reduce(
      (n: number, r: { subscriptions: number }) => n + r.subscriptions,
      0,
    );
    expect(after.paying_subscriptions).toBe(tableCount);

    const list = async (query: string) => {
      const r = await ctx().request('GET', `/api/v1/admin/orgs?limit=100&${query}`, { token });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body as { total: number; items: { slug: string }[] };
    };
    const paying = await list('billing=paying');
    const slugs = paying.items.map((o) => o.slug);
    expect(slugs).toEqual(expect.arrayContaining([payer.org, late.org]));
    expect(slugs).not.toContain(given.org);
    const pastDue = (await list('billing=past_due')).items.map((o) => o.slug);
    expect(pastDue).toContain(late.org);
    expect(pastDue).not.toContain(payer.org);
    const refused = await ctx().request('GET', '/api/v1/admin/orgs?billing=rich', { token });
    expect(refused.status).toBe(400);
  });

  it('brings each period to a month and rounds once per plan and currency', () => {
    const row = { planName: 'Pro', displayOrder: 1, currency: 'USD', subscriptions: 1 };
    expect(
      monthlyRevenue([
        { ...row, plan: 'pro', period: 'annual', amount: 100 },
        { ...row, plan: 'pro', period: 'annual', amount: 100 },
        { ...row, plan: 'pro', period: 'semi_annual', amount: 1 },
        { ...row, plan: 'pro', currency: 'EUR', period: 'monthly', amount: 5 },
        { ...row, plan: 'basic', displayOrder: 0, period: 'monthly', amount: 7 },
      ]),
    ).toEqual([
      { plan: 'basic', plan_name: 'Pro', currency: 'USD', monthly_amount: 7, subscriptions: 1 },
      { plan: 'pro', plan_name: 'Pro', currency: 'EUR', monthly_amount: 5, subscriptions: 1 },
      // 100/12 + 100/12 + 1/6 = 16.83
      { plan: 'pro', plan_name: 'Pro', currency: 'USD', monthly_amount: 17, subscriptions: 3 },
    ]);
  });

  it("shows today's and this month's generation volume from the statistics", async () => {
    const before = await dashboard();
    const a = await orgWithOwner(ctx(), 'Volume');
    await unlimitedPlan(ctx(), a.org);
    const key = await a.apiKey({});
    const forged = await ctx().request('POST', '/api/v1/gen/forge', {
      headers: { 'x-api-key': key.key },
      body: { pattern: '{noun}', count: 4 },
    });
    expect(forged.status).toBe(200);
    const after = await dashboard();
    for (const period of ['today', 'this_month'] as const) {
      expect(after.generation[period].forge - before.generation[period].forge).toBe(4);
      expect(after.generation[period].requests - before.generation[period].requests).toBe(1);
      expect(after.generation[period].mint).toBe(before.generation[period].mint);
    }
  });
});

describeEachDatabase('instance settings', (ctx) => {
  const envDefaults = { devWarning: true, sandboxDisclaimer: true, paymentProvider: 'local' as const };

  it('falls back to DEV_INSTANCE_WARNING and SANDBOX_DISCLAIMER (off when unset) until staff switch them', async () => {
    expect(loadConfig({ DEV_INSTANCE_WARNING: 'true', SANDBOX_DISCLAIMER: '1' }).notices).toEqual({
      devWarning: true,
      sandboxDisclaimer: true,
    });
    expect(loadConfig({}).notices).toEqual({ devWarning: false, sandboxDisclaimer: false });
    expect(await readSettings(ctx().app.database.db, envDefaults)).toMatchObject({
      dev_warning: true,
      sandbox_disclaimer: true,
    });
  });

  it('reads the defaults publicly: no warning, no disclaimer, no contact', async () => {
    expect(await ctx().request('GET', '/api/v1/settings')).toMatchObject({
      status: 200,
      body: { dev_warning: false, sandbox_disclaimer: false, support_contact: null },
    });
  });

  it('lets admins switch them and set the support contact, an e-mail address or a URL', async () => {
    const { token } = await ctx().admin();
    const put = (body: unknown) => ctx().request('PUT', '/api/v1/admin/settings', { token, body });
    expect(await put({ dev_warning: true, support_contact: 'Help@Example.com' })).toMatchObject({
      status: 200,
      body: { dev_warning: true, sandbox_disclaimer: false, support_contact: 'Help@Example.com' },
    });
    // The seller's invoice details (none set here), as printed on every invoice.
    const noSeller = {
      seller_name: null,
      seller_address: null,
      seller_country: null,
      seller_vat_number: null,
      invoice_footer: null,
    };
    expect((await put({ sandbox_disclaimer: true })).body).toEqual({
      dev_warning: true,
      sandbox_disclaimer: true,
      support_contact: 'Help@Example.com',
      payment_provider: 'local',
      ...noSeller,
    });
    expect((await ctx().request('GET', '/api/v1/settings')).body).toEqual({
      dev_warning: true,
      sandbox_disclaimer: true,
      support_contact: 'Help@Example.com',
      payment_provider: 'local',
      ...noSeller,
    });
    expect((await put({ support_contact: 'https://example.com/support' })).body.support_contact).toBe(
      'https://example.com/support',
    );
    expect((await put({ support_contact: null, dev_warning: false })).body).toEqual({
      dev_warning: false,
      sandbox_disclaimer: true,
      support_contact: null,
      payment_provider: 'local',
      ...noSeller,
    });

    for (const bad of ['nonsense', 'ftp://example.com', 'javascript:alert(1)', '']) {
      expect(await put({ support_contact: bad }), bad).toMatchObject({
        status: 400,
        body: { details: { issues: [{ path: 'body.support_contact' }] } },
      });
    }
    expect((await put({ support_contact: 'nonsense' })).body.details.issues[0].message).toBe(
      'Must be a valid email address or URL',
    );
    expect((await put({ dev_warning: 'yes' })).status).toBe(400);
    expect((await put({ theme: 'dark' })).status).toBe(400);
    expect((await ctx().request('GET', '/api/v1/settings')).body.sandbox_disclaimer).toBe(true);
    // What staff switched wins over the environment's defaults.
    expect(await readSettings(ctx().app.database.db, envDefaults)).toMatchObject({ dev_warning: false });
  });
});
