import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { closeApp, TestContext, testConfig, testDatabases } from './support/app.js';
import { priceId } from './support/billing-core.js';
import { licenceKit } from './support/install.js';
import { orgWithOwner } from './support/keys.js';

/**
 * An on-premise install sells nothing: every visitor's console reads its licence from the public
 * GET /install (to show it where plans and checkout would be), and checkout is refused with a
 * clear 409 rather than leading to a payment. The service itself says so and keeps selling.
 */

const DAY = 86_400;

for (const kind of testDatabases) {
  describe(`[${kind}] an on-premise install sells nothing`, () => {
    let kit: Awaited<ReturnType<typeof licenceKit>>;
    let ctx: TestContext;

    beforeAll(async () => {
      kit = await licenceKit();
      const licence = await kit.write('acme.licence', kit.claims({ exp: kit.now + 100 * DAY + 60 }));
      const config = testConfig(kind, { LICENSE: licence, LICENSE_KEYS: kit.keysFile });
      ctx = new TestContext(await buildApp(config), config);
    });

    afterAll(async () => {
      if (ctx) await closeApp(ctx.app, ctx.config);
      await kit?.cleanup();
    });

    it('shows its licence to every visitor, without sign-in', async () => {
      const r = await ctx.request('GET', '/api/v1/install');
      expect(r.status).toBe(200);
      expect(r.body).toEqual({
        mode: 'on_premise',
        licence: {
          holder: { slug: 'acme', name: 'Acme Ltd' },
          plan: { slug: 'on-prem-test', name: 'On-premise (test)' },
          max_nodes: 2,
          perpetual: false,
          expires_at: new Date((kit.now + 100 * DAY + 60) * 1000).toISOString(),
          standing: 'valid',
          grace_until: null,
          days_left: 101,
          revocation: null,
        },
      });
    });

    it('refuses checkout, and opening a payment link, with a clear 409', async () => {
      const owner = await orgWithOwner(ctx, 'Licensee');
      const price = await priceId(ctx, 'pro', 'monthly');
      const prepared = await ctx.request('POST', '/api/v1/billing/checkout/prepare', {
        token: owner.owner.token,
        body: { org_slug: owner.org, items: [{ price, quantity: 1 }] },
      });
      expect(prepared.status).toBe(409);
      expect(prepared.body).toMatchObject({
        message: expect.stringContaining('on-premise install'),
        details: { reason: 'on_premise_install' },
      });
      const resumed = await ctx.request('GET', '/api/v1/billing/checkout/transactions/txn_any');
      expect(resumed.status).toBe(409);
      expect(resumed.body.details).toEqual({ reason: 'on_premise_install' });
    });
  });
}

describe('[pglite] the service', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    const config = testConfig('pglite');
    ctx = new TestContext(await buildApp(config), config);
  });
  afterAll(async () => {
    if (ctx) await closeApp(ctx.app, ctx.config);
  });

  it('says it is the service, and its checkout goes on to the payment page', async () => {
    expect((await ctx.request('GET', '/api/v1/install')).body).toEqual({ mode: 'service' });
    const owner = await orgWithOwner(ctx, 'Customer');
    const prepared = await ctx.request('POST', '/api/v1/billing/checkout/prepare', {
      token: owner.owner.token,
      body: { org_slug: owner.org, items: [{ price: await priceId(ctx, 'pro', 'monthly'), quantity: 1 }] },
    });
    expect(prepared.status, JSON.stringify(prepared.body)).toBe(200);
    expect(prepared.body.checkout_url).toContain('/billing/local/checkout/');
  });
});
