import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { billingRefs, localPaySettings } from '../src/db/schema.js';
import { describeEachDatabase, type TestContext } from './support/app.js';
import { deliver, orgId, priceId, subId, subscriptionEvent } from './support/billing-core.js';
import { orgWithOwner } from './support/keys.js';

const prepare = (ctx: TestContext, token: string | undefined, body: unknown) =>
  ctx.request('POST', '/api/v1/billing/checkout/prepare', { token, body });

/** A plan staff created, with one monthly price; its price id. */
async function stagedPlan(ctx: TestContext, body: Record<string, unknown>): Promise<string> {
  const { token } = await ctx.admin();
  const free = await ctx.request('GET', '/api/v1/admin/subscriptions/free', { token });
  const created = await ctx.request('POST', '/api/v1/admin/subscriptions', {
    token,
    body: {
      plan_type: 'saas',
      features: free.body.features,
      prices: [{ period: 'monthly', amount: 4900 }],
      ...body,
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.prices[0].id;
}

/** Checkout with the local sandbox, the default provider (no account anywhere). */
describeEachDatabase('billing checkout', (ctx) => {
  async function team() {
    const a = await orgWithOwner(ctx(), 'checkout');
    const [admin, member, stranger] = await Promise.all(['ca', 'cm', 'cs'].map((n) => ctx().person(n)));
    for (const [p, role] of [
      [admin, 'admin'],
      [member, 'member'],
    ] as const) {
      await ctx().join(a.org, a.owner, p, role);
    }
    return { ...a, admin, member, stranger };
  }

  it('prepares the hosted checkout for owners and admins, and keeps the provider ids of the catalogue', async () => {
    const t = await team();
    const price = await priceId(ctx(), 'pro', 'monthly');
    for (const who of [t.owner, t.admin]) {
      const r = await prepare(ctx(), who.token, { org_slug: t.org, items: [{ price, quantity: 1 }] });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toMatchObject({
        provider: 'local',
        provider_token: null,
        environment: 'sandbox',
        success_url: `${ctx().config.publicUrl}/checkout/success?org=${t.org}`,
      });
      expect(r.body.checkout_url).toContain(`/api/v1/billing/local/checkout/${r.body.transaction_id}`);
    }
    const [ref] = await ctx()
      .app.database.db.select()
      .from(billingRefs)
      .where(
        and(eq(billingRefs.provider, 'local'), eq(billingRefs.kind, 'price'), eq(billingRefs.localId, price)),
      );
    expect(ref?.providerId).toBeTruthy();
    // Every sellable price got its provider id in the same sync.
    const refs = await ctx().app.database.db.select().from(billingRefs).where(eq(billingRefs.kind, 'price'));
    expect(refs.length).toBeGreaterThanOrEqual(8);
  });

  it('sells on-premise plans per node', async () => {
    const t = await team();
    const price = await priceId(ctx(), 'on-premise', 'annual');
    const r = await prepare(ctx(), t.owner.token, { org_slug: t.org, items: [{ price, quantity: 3 }] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // A SaaS plan is bought once.
    const pro = await priceId(ctx(), 'pro', 'annual');
    const many = await prepare(ctx(), t.owner.token, {
      org_slug: t.org,
      items: [{ price: pro, quantity: 3 }],
    });
    expect(many).toMatchObject({ status: 400, body: { details: { field: 'items.0.quantity' } } });
  });

  it('refuses members, strangers and callers without a token', async () => {
    const t = await team();
    const body = { org_slug: t.org, items: [{ price: await priceId(ctx(), 'pro', 'monthly'), quantity: 1 }] };
    expect(await prepare(ctx(), t.member.token, body)).toMatchObject({
      status: 403,
      body: { code: 403, message: 'Insufficient permissions' },
    });
    expect(await prepare(ctx(), t.stranger.token, body)).toMatchObject({ status: 404, body: { code: 404 } });
    expect(await prepare(ctx(), t.stranger.token, { ...body, org_slug: 'no-such-org-here' })).toMatchObject({
      status: 404,
    });
    expect(await prepare(ctx(), undefined, body)).toMatchObject({ status: 401 });
  });

  it('refuses checkout for an organisation staff suspended, until it is resumed', async () => {
    const t = await team();
    const { token } = await ctx().admin();
    const body = { org_slug: t.org, items: [{ price: await priceId(ctx(), 'pro', 'monthly') }] };
    const suspend = (suspended: boolean) =>
      ctx().request('PUT', `/api/v1/admin/orgs/${t.org}`, { token, body: { suspended } });
    expect((await suspend(true)).status).toBe(200);
    expect(await prepare(ctx(), t.owner.token, body)).toMatchObject({
      status: 403,
      body: { message: 'Organisation suspended', details: { reason: 'org_suspended' } },
    });
    expect((await suspend(false)).status).toBe(200);
    expect((await prepare(ctx(), t.owner.token, body)).status).toBe(200);
  });

  it('refuses plans that cannot be bought: draft, archived, custom, free', async () => {
    const t = await team();
    const draft = await stagedPlan(ctx(), { slug: 'checkout-draft', name: 'Draft', state: 'draft' });
    const archived = await stagedPlan(ctx(), {
      slug: 'checkout-archived',
      name: 'Archived',
      state: 'archived',
    });
    const custom = await stagedPlan(ctx(), {
      slug: 'checkout-custom',
      name: 'Custom',
      state: 'active',
      custom_plan: true,
    });
    const free = await stagedPlan(ctx(), {
      slug: 'checkout-free',
      name: 'Zero',
      state: 'active',
      prices: [{ period: 'monthly', amount: 0 }],
    });
    const order = (price: string) =>
      prepare(ctx(), t.owner.token, { org_slug: t.org, items: [{ price, quantity: 1 }] });
    for (const [price, state] of [
      [draft, 'draft'],
      [archived, 'archived'],
    ]) {
      expect(await order(price)).toMatchObject({
        status: 409,
        body: { code: 409, message: 'The plan is not available for subscription', details: { state } },
      });
    }
    expect(await order(custom)).toMatchObject({ status: 409, body: { details: { reason: 'custom_plan' } } });
    expect(await order(free)).toMatchObject({ status: 400, body: { details: { reason: 'free_plan' } } });
  });

  it('refuses a second paid subscription of the same plan type: the live one is changed instead', async () => {
    const t = await team();
    const pro = await priceId(ctx(), 'pro', 'monthly');
    // The sandbox's own signed event, through the same webhook route and pipeline.
    const [settings] = await ctx().app.database.db.select().from(localPaySettings);
    const body = subscriptionEvent({ id: subId(), orgId: await orgId(ctx(), t.org), priceId: pro });
    const delivered = await deliver(ctx(), body, { provider: 'local', secret: settings.webhookSecret });
    expect(delivered.statusCode, delivered.body).toBe(200);
    await ctx().app.billing.pipeline.processDue();
    const again = await prepare(ctx(), t.owner.token, {
      org_slug: t.org,
      items: [{ price: await priceId(ctx(), 'team', 'annual') }],
    });
    expect(again).toMatchObject({ status: 409, body: { details: { reason: 'already_subscribed' } } });
    // Another plan type is a purchase of its own.
    const nodes = await prepare(ctx(), t.owner.token, {
      org_slug: t.org,
      items: [{ price: await priceId(ctx(), 'on-premise', 'annual'), quantity: 2 }],
    });
    expect(nodes.status).toBe(200);
  });

  it('answers bad bodies with 400 and the field at fault', async () => {
    const t = await team();
    const price = await priceId(ctx(), 'pro', 'monthly');
    const bad: unknown[] = [
      {},
      { org_slug: t.org },
      { org_slug: t.org, items: [] },
      { org_slug: t.org, items: [{ price: 'not-a-uuid' }] },
      { org_slug: t.org, items: [{ price, quantity: 0 }] },
      { org_slug: t.org, items: [{ price, quantity: 1.5 }] },
      { org_slug: t.org, items: [{ price }, { price }] },
      { org_slug: t.org, items: [{ price }], country_code: 'germany' },
      { org_slug: t.org, items: [{ price }], extra: true },
      [1, 2],
    ];
    for (const body of bad) {
      const r = await prepare(ctx(), t.owner.token, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.code).toBe(400);
    }
    const unknown = await prepare(ctx(), t.owner.token, {
      org_slug: t.org,
      items: [{ price: '00000000-0000-4000-8000-000000000000' }],
    });
    expect(unknown).toMatchObject({
      status: 400,
      body: { message: 'Missing price information', details: { reason: 'missing_price' } },
    });
  });
});
