import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { applyEvent, NeedsStaff } from '../src/areas/billing/apply.js';
import { localPaySubscriptions, localPayTransactions, orgSubscriptions } from '../src/db/schema.js';
import { describeEachDatabase, type TestContext } from './support/app.js';
import {
  deliver,
  describeEachDatabaseWith,
  orgId,
  PaddleApiStandIn,
  paddleEnv,
  priceId,
  storedEvent,
  subId,
  subscriptionEvent,
} from './support/billing-core.js';
import { orgWithOwner } from './support/keys.js';

/**
 * One live paid subscription per organisation and plan type, however checkouts are prepared:
 * checked when the card is sent (the sandbox's hosted checkout) and again when the provider's
 * event arrives (the sandbox refunds and cancels a second one; with Paddle staff are told).
 */

const form = new URLSearchParams({
  number: '4242 4242 4242 4242',
  expiry: '12/39',
  cvc: '123',
  name: 'Ada Buyer',
}).toString();

async function prepare(c: TestContext, token: string, org: string, price: string) {
  const r = await c.request('POST', '/api/v1/billing/checkout/prepare', {
    token,
    body: { org_slug: org, items: [{ price, quantity: 1 }] },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return new URL(r.body.checkout_url as string);
}

function pay(c: TestContext, url: URL, language = 'en-GB') {
  return c.app.server.inject({
    method: 'POST',
    url: `${url.pathname}${url.search}`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'accept-language': language,
      accept: 'text/html',
    },
    payload: form,
  });
}

async function sandboxSubscriptions(c: TestContext, id: string) {
  return c.app.database.db
    .select({ id: localPaySubscriptions.id, status: localPaySubscriptions.status })
    .from(localPaySubscriptions)
    .where(sql`${localPaySubscriptions.customData}->>'org_id' = ${id}`);
}

describeEachDatabase('two checkouts, one subscription (local sandbox)', (ctx) => {
  let admin: string;
  beforeAll(async () => {
    await ctx().app.server.listen({ port: 0, host: '127.0.0.1' });
    admin = (await ctx().admin()).token;
  });

  /** Delivers and applies everything the sandbox has to say. */
  async function settle(c: TestContext) {
    for (let i = 0; i < 3; i++) {
      expect((await c.request('POST', '/api/v1/admin/local/run', { token: admin })).status).toBe(200);
      await c.app.billing.pipeline.processDue();
    }
  }

  it('two checkouts prepared before paying and paid at the same moment: one is paid, the other refused', async () => {
    const c = ctx();
    const { org, owner } = await orgWithOwner(c, 'Two Tabs');
    const id = await orgId(c, org);
    // Pro in one tab, Team in another: both are SaaS plans.
    const first = await prepare(c, owner.token, org, await priceId(c, 'pro', 'monthly'));
    const second = await prepare(c, owner.token, org, await priceId(c, 'team', 'monthly'));

    const answers = await Promise.all([pay(c, first, 'de-DE'), pay(c, second, 'de-DE')]);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([303, 409]);
    const refusal = answers.find((a) => a.statusCode === 409);
    expect(refusal?.body).toContain('Diese Organisation hat bereits ein Abonnement dieser Art');
    expect(refusal?.body).toContain(`/dashboard/org/${org}?tab=subscription`);

    expect((await sandboxSubscriptions(c, id)).map((s) => s.status)).toEqual(['active']);
    // The refused checkout is closed: its link cannot be paid later either.
    const refusedUrl = answers[0]?.statusCode === 409 ? first : second;
    const again = await pay(c, refusedUrl);
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('This checkout is no longer open.');

    await settle(c);
    const live = await c.app.database.db
      .select({ state: orgSubscriptions.state })
      .from(orgSubscriptions)
      .where(and(eq(orgSubscriptions.orgId, id), sql`${orgSubscriptions.provider} IS NOT NULL`));
    expect(live).toEqual([{ state: 'active' }]);
  });

  it('many checkouts paid at once still give one subscription', async () => {
    const c = ctx();
    const { org, owner } = await orgWithOwner(c, 'Many Tabs');
    const id = await orgId(c, org);
    const price = await priceId(c, 'pro', 'monthly');
    const urls = [];
    for (let i = 0; i < 6; i++) urls.push(await prepare(c, owner.token, org, price));
    const answers = await Promise.all(urls.map((u) => pay(c, u)));
    expect(answers.filter((a) => a.statusCode === 303)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(5);
    expect(await sandboxSubscriptions(c, id)).toHaveLength(1);
  });

  it('a checkout prepared before staff archived the plan can no longer be paid', async () => {
    const c = ctx();
    const { org, owner } = await orgWithOwner(c, 'Late Buyer');
    const id = await orgId(c, org);
    const slug = `archived-later-${Date.now().toString(36)}`;
    const free = await c.request('GET', '/api/v1/admin/subscriptions/free', { token: admin });
    const created = await c.request('POST', '/api/v1/admin/subscriptions', {
      token: admin,
      body: {
        slug,
        name: 'Archived later',
        plan_type: 'saas',
        state: 'active',
        features: free.body.features,
        prices: [{ period: 'monthly', amount: 4900 }],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const url = await prepare(c, owner.token, org, created.body.prices[0].id);
    const archived = await c.request('PUT', `/api/v1/admin/subscriptions/${slug}`, {
      token: admin,
      body: { state: 'archived' },
    });
    expect(archived.status, JSON.stringify(archived.body)).toBe(200);

    const r = await pay(c, url, 'ja-JP');
    expect(r.statusCode).toBe(409);
    expect(r.body).toContain('このプランは現在提供されていません');
    expect(await sandboxSubscriptions(c, id)).toEqual([]);
    const [txn] = await c.app.database.db
      .select({ status: localPayTransactions.status })
      .from(localPayTransactions)
      .where(sql`${localPayTransactions.customData}->>'org_id' = ${id}`);
    expect(txn).toEqual({ status: 'canceled' });
  });

  it('a second subscription found when its event arrives is refunded and cancelled by the sandbox', async () => {
    const c = ctx();
    const { org, owner } = await orgWithOwner(c, 'Slipped Through');
    const id = await orgId(c, org);
    const url = await prepare(c, owner.token, org, await priceId(c, 'pro', 'monthly'));
    expect((await pay(c, url)).statusCode).toBe(303);
    await settle(c);
    const [paid] = await sandboxSubscriptions(c, id);
    // As if it had been a second one: the core asks the sandbox to undo it.
    expect(await c.app.billing.provider.undoDuplicate(paid.id)).toBe(true);
    expect(await sandboxSubscriptions(c, id)).toEqual([{ id: paid.id, status: 'canceled' }]);
    const money = await c.app.database.db
      .select({ total: localPayTransactions.total, origin: localPayTransactions.origin })
      .from(localPayTransactions)
      .where(eq(localPayTransactions.subscriptionId, paid.id));
    expect(money.reduce((sum, t) => sum + t.total, 0)).toBe(0);
    expect(money.some((t) => t.origin === 'refund' && t.total < 0)).toBe(true);
  });
});

const paddleApi = await new PaddleApiStandIn().start();
afterAll(() => paddleApi.stop());

describeEachDatabaseWith(
  'two subscriptions arriving from Paddle',
  { ...paddleEnv, PADDLE_API_URL: paddleApi.url },
  (ctx) => {
    it('the second live SaaS subscription waits for staff (no retries), the first is untouched', async () => {
      const c = ctx();
      const { org } = await orgWithOwner(c, 'Paddle Twice');
      const id = await orgId(c, org);
      const firstId = subId();
      const secondId = subId();
      const firstEvent = subscriptionEvent({
        id: firstId,
        orgId: id,
        priceId: await priceId(c, 'pro', 'monthly'),
      });
      const secondEvent = subscriptionEvent({
        id: secondId,
        orgId: id,
        priceId: await priceId(c, 'team', 'monthly'),
      });
      expect((await deliver(c, firstEvent)).statusCode).toBe(200);
      await c.app.billing.pipeline.processDue();
      expect((await deliver(c, secondEvent)).statusCode).toBe(200);
      await c.app.billing.pipeline.processDue();

      expect(await storedEvent(c, JSON.parse(firstEvent).event_id)).toMatchObject({ state: 'processed' });
      const flagged = await storedEvent(c, JSON.parse(secondEvent).event_id);
      expect(flagged).toMatchObject({ state: 'failed', attempts: 1, nextAttemptAt: null });
      expect(flagged?.lastError).toContain(`a second live saas subscription`);
      expect(flagged?.lastError).toContain(secondId);
      // Nothing was cancelled at Paddle by itself: a refund there is staff's decision.
      expect(paddleApi.calls('POST', '/subscriptions/')).toEqual([]);
    });

    it('two new subscriptions of one organisation applied at the same moment: exactly one is flagged', async () => {
      const c = ctx();
      const apply = (body: string) => {
        const event = JSON.parse(body);
        const context = {
          db: c.app.database.db,
          provider: 'paddle' as const,
          graceDays: 14,
          changed: () => {},
          subscriptionChanged: async () => {},
          undoDuplicate: async () => false,
        };
        const snapshot = c.app.billing.provider.snapshotOf({ eventType: event.event_type, payload: event });
        return applyEvent(context, snapshot, new Date(event.occurred_at)).then(
          () => 'applied',
          (error: unknown) => (error instanceof NeedsStaff ? 'flagged' : Promise.reject(error)),
        );
      };
      const pro = await priceId(c, 'pro', 'monthly');
      const team = await priceId(c, 'team', 'monthly');
      for (let round = 0; round < 5; round++) {
        const { org } = await orgWithOwner(c, `Race ${round}`);
        const id = await orgId(c, org);
        const outcomes = await Promise.all([
          apply(subscriptionEvent({ id: subId(), orgId: id, priceId: pro })),
          apply(subscriptionEvent({ id: subId(), orgId: id, priceId: team })),
        ]);
        expect(outcomes.sort()).toEqual(['applied', 'flagged']);
      }
    });

    it('a subscription that is already known is not a second one (its updates apply)', async () => {
      const c = ctx();
      const { org } = await orgWithOwner(c, 'Paddle Once');
      const id = await orgId(c, org);
      const only = subId();
      const price = await priceId(c, 'pro', 'monthly');
      for (let i = 0; i < 2; i++) {
        const event = subscriptionEvent({
          id: only,
          orgId: id,
          priceId: price,
          occurredAt: new Date(Date.now() + i),
        });
        expect((await deliver(c, event)).statusCode).toBe(200);
        await c.app.billing.pipeline.processDue();
        expect(await storedEvent(c, JSON.parse(event).event_id)).toMatchObject({ state: 'processed' });
      }
    });

    it('with a sandbox-like provider the second one is undone and its event counts as applied', async () => {
      const c = ctx();
      const { org } = await orgWithOwner(c, 'Undone Twice');
      const id = await orgId(c, org);
      const undone: string[] = [];
      // The provider's answer as the sandbox gives it: refunded and cancelled by itself.
      const provider = c.app.billing.provider;
      const original = provider.undoDuplicate;
      provider.undoDuplicate = async (providerId) => {
        undone.push(providerId);
        return true;
      };
      try {
        const secondId = subId();
        for (const [sub, plan] of [
          [subId(), 'pro'],
          [secondId, 'team'],
        ] as const) {
          const event = subscriptionEvent({ id: sub, orgId: id, priceId: await priceId(c, plan, 'monthly') });
          expect((await deliver(c, event)).statusCode).toBe(200);
          await c.app.billing.pipeline.processDue();
          expect(await storedEvent(c, JSON.parse(event).event_id)).toMatchObject({ state: 'processed' });
        }
        expect(undone).toEqual([secondId]);
      } finally {
        provider.undoDuplicate = original;
      }
    });
  },
);
