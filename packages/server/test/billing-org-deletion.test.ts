import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  billingEvents,
  billingTransactions,
  localPaySubscriptions,
  localPayTransactions,
  orgSubscriptions,
} from '../src/db/schema.js';
import { describeEachDatabase, type TestContext } from './support/app.js';
import {
  buyWithTestCard,
  deliverAndApply,
  describeEachDatabaseWith,
  orgId,
  PaddleApiStandIn,
  paddleEnv,
  priceId,
  subId,
  subscriptionEvent,
} from './support/billing-core.js';
import { orgWithOwner } from './support/keys.js';

/**
 * Deleting an organisation (or the account a personal one belongs to) ends what it pays for at
 * the provider in the same step: afterwards the provider holds no running subscription of it.
 */

/** The sandbox's subscriptions of an organisation, by status. */
async function sandboxStatuses(c: TestContext, id: string) {
  const rows = await c.app.database.db
    .select({ status: localPaySubscriptions.status })
    .from(localPaySubscriptions)
    .where(sql`${localPaySubscriptions.customData}->>'org_id' = ${id}`);
  return rows.map((r) => r.status);
}

describeEachDatabase('deleting a paying organisation (local sandbox)', (ctx) => {
  let admin: string;
  beforeAll(async () => {
    await ctx().app.server.listen({ port: 0, host: '127.0.0.1' });
    admin = (await ctx().admin()).token;
  });

  /** Runs the sandbox until the organisation's subscription from it is active in the console. */
  async function subscribedThroughSandbox(c: TestContext, org: string, token: string) {
    for (let i = 0; i < 100; i++) {
      expect((await c.request('POST', '/api/v1/admin/local/run', { token: admin })).status).toBe(200);
      const subs = await c.request('GET', `/api/v1/orgs/${org}/subscriptions`, { token });
      if (subs.body.some((s: { state: string; billing: unknown }) => s.billing && s.state === 'active'))
        return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the sandbox subscription never became active');
  }

  /**
   * Delivers what the sandbox has left and applies it: nothing may stay failed for the deleted
   * organisation. An event applied while the organisation was being deleted may fail once (its
   * row went mid-statement); its retry is made due now instead of after the backoff.
   */
  async function settled(c: TestContext) {
    expect((await c.request('POST', '/api/v1/admin/local/run', { token: admin })).status).toBe(200);
    await c.app.billing.pipeline.processDue();
    await c.app.database.db
      .update(billingEvents)
      .set({ nextAttemptAt: new Date() })
      .where(eq(billingEvents.state, 'failed'));
    await c.app.billing.pipeline.processDue();
    const failed = await c.app.database.db
      .select({ type: billingEvents.eventType, error: billingEvents.lastError })
      .from(billingEvents)
      .where(eq(billingEvents.state, 'failed'));
    expect(failed).toEqual([]);
  }

  it('cancels the sandbox subscription now, keeps the invoice, then deletes the organisation', async () => {
    const c = ctx();
    const { org, owner } = await orgWithOwner(c, 'Closing Shop');
    const id = await orgId(c, org);
    await buyWithTestCard(c, { org, token: owner.token, plan: 'pro', period: 'monthly' });
    await subscribedThroughSandbox(c, org, owner.token);
    expect(await sandboxStatuses(c, id)).toEqual(['active']);

    expect((await c.request('DELETE', `/api/v1/orgs/${org}`, { token: owner.token })).status).toBe(204);
    expect(await sandboxStatuses(c, id)).toEqual(['canceled']);
    expect((await c.request('GET', `/api/v1/orgs/${org}`, { token: owner.token })).status).toBe(404);
    await settled(c);
    // What was paid stays paid (no refund at the sandbox), and the invoice stays in the billing
    // history staff keep of deleted organisations.
    const paid = await c.app.database.db
      .select({ id: localPayTransactions.id, status: localPayTransactions.status })
      .from(localPayTransactions)
      .where(sql`${localPayTransactions.customData}->>'org_id' = ${id}`);
    expect(paid.map((t) => t.status)).toEqual(['completed']);
    const history = await c.app.database.db
      .select({ orgId: billingTransactions.orgId, total: billingTransactions.total })
      .from(billingTransactions)
      .where(eq(billingTransactions.providerTransactionId, paid[0].id));
    expect(history).toEqual([{ orgId: null, total: expect.any(Number) }]);
    expect(history[0].total).toBeGreaterThan(0);
  });

  it('deleting the account of a personal organisation with a paid subscription cancels it too', async () => {
    const c = ctx();
    const person = await c.person('leaving');
    const personal = person.slug;
    const id = await orgId(c, personal);
    await buyWithTestCard(c, { org: personal, token: person.token, plan: 'pro', period: 'monthly' });
    await subscribedThroughSandbox(c, personal, person.token);

    expect((await c.request('DELETE', '/api/v1/account', { token: person.token })).status).toBe(204);
    expect(await sandboxStatuses(c, id)).toEqual(['canceled']);
    await settled(c);
  });

  it('a subscription the sandbox does not hold (an event staff corrected by hand) does not block deletion', async () => {
    const c = ctx();
    const { org, owner } = await orgWithOwner(c, 'Unknown There');
    const id = await orgId(c, org);
    const [pro] = await c.app.database.db
      .select({ planId: orgSubscriptions.planId })
      .from(orgSubscriptions)
      .where(eq(orgSubscriptions.orgId, id));
    await c.app.database.db.insert(orgSubscriptions).values({
      orgId: id,
      planId: pro.planId,
      state: 'active',
      provider: 'local',
      providerSubscriptionId: 'sub_local_not_in_the_sandbox',
    });
    expect((await c.request('DELETE', `/api/v1/orgs/${org}`, { token: owner.token })).status).toBe(204);
  });

  it('a payment completed while the organisation was being deleted is refunded and cancelled when its event lands', async () => {
    const c = ctx();
    const { org, owner } = await orgWithOwner(c, 'Paid Too Late');
    const id = await orgId(c, org);
    // Paid at the sandbox, its events not yet delivered: deletion finds nothing of it to cancel.
    await buyWithTestCard(c, { org, token: owner.token, plan: 'pro', period: 'monthly' });
    expect((await c.request('DELETE', `/api/v1/orgs/${org}`, { token: owner.token })).status).toBe(204);
    expect(await sandboxStatuses(c, id)).toEqual(['active']);

    await settled(c);
    expect(await sandboxStatuses(c, id)).toEqual(['canceled']);
    // The charge and its refund: nothing kept for an organisation that no longer exists.
    const moves = await c.app.database.db
      .select({ total: localPayTransactions.total })
      .from(localPayTransactions)
      .where(sql`${localPayTransactions.customData}->>'org_id' = ${id}`);
    expect(moves).toHaveLength(2);
    expect(moves.reduce((sum, t) => sum + t.total, 0)).toBe(0);
  });

  it('staff deleting an organisation cancel its subscription the same way', async () => {
    const c = ctx();
    const { org, owner } = await orgWithOwner(c, 'Staff Closes');
    const id = await orgId(c, org);
    await buyWithTestCard(c, { org, token: owner.token, plan: 'pro', period: 'monthly' });
    await subscribedThroughSandbox(c, org, owner.token);
    const r = await c.request('DELETE', `/api/v1/admin/orgs/${org}?confirm=${org}`, { token: admin });
    expect(r.status, JSON.stringify(r.body)).toBe(204);
    expect(await sandboxStatuses(c, id)).toEqual(['canceled']);
    await settled(c);
  });
});

const paddleApi = await new PaddleApiStandIn().start();
afterAll(() => paddleApi.stop());

describeEachDatabaseWith(
  'deleting a paying organisation (Paddle stand-in)',
  { ...paddleEnv, PADDLE_API_URL: paddleApi.url },
  (ctx) => {
    async function paddleSubscribed(c: TestContext, name: string) {
      const a = await orgWithOwner(c, name);
      const id = await orgId(c, a.org);
      const providerId = subId();
      await deliverAndApply(
        c,
        subscriptionEvent({ id: providerId, orgId: id, priceId: await priceId(c, 'pro', 'monthly') }),
      );
      return { ...a, id, providerId };
    }

    it('cancels the Paddle subscription immediately before the organisation goes', async () => {
      const c = ctx();
      const { org, owner, providerId } = await paddleSubscribed(c, 'Paddle Closing');
      expect(paddleApi.status(providerId)).toBe('active');
      expect((await c.request('DELETE', `/api/v1/orgs/${org}`, { token: owner.token })).status).toBe(204);
      expect(paddleApi.calls('POST', `/subscriptions/${providerId}/cancel`)).toEqual([
        expect.objectContaining({ body: { effective_from: 'immediately' } }),
      ]);
      expect(paddleApi.status(providerId)).toBe('canceled');
      // Paddle's event of the cancellation finds no organisation any more: ignored, not failed.
      const event = subscriptionEvent({ id: providerId, status: 'canceled', canceledAt: new Date() });
      await deliverAndApply(c, event);
      const failed = await c.app.database.db
        .select()
        .from(billingEvents)
        .where(eq(billingEvents.state, 'failed'));
      expect(failed).toEqual([]);
    });

    it('when Paddle cannot cancel, nothing is deleted and the owner is told why (502)', async () => {
      const c = ctx();
      const { org, owner, id, providerId } = await paddleSubscribed(c, 'Paddle Outage');
      paddleApi.failNext = true;
      const r = await c.request('DELETE', `/api/v1/orgs/${org}`, { token: owner.token });
      expect(r).toMatchObject({
        status: 502,
        body: { code: 502, details: { reason: 'provider_error' } },
      });
      expect(paddleApi.status(providerId)).toBe('active');
      expect((await c.request('GET', `/api/v1/orgs/${org}`, { token: owner.token })).status).toBe(200);
      const kept = await c.app.database.db
        .select()
        .from(orgSubscriptions)
        .where(eq(orgSubscriptions.providerSubscriptionId, providerId));
      expect(kept).toMatchObject([{ orgId: id, state: 'active' }]);
      // Once Paddle answers again, deletion goes through.
      expect((await c.request('DELETE', `/api/v1/orgs/${org}`, { token: owner.token })).status).toBe(204);
      expect(paddleApi.status(providerId)).toBe('canceled');
    });

    it('an organisation without a paid subscription is deleted without calling Paddle', async () => {
      const c = ctx();
      const { org, owner } = await orgWithOwner(c, 'Free Closing');
      const before = paddleApi.requests.length;
      expect((await c.request('DELETE', `/api/v1/orgs/${org}`, { token: owner.token })).status).toBe(204);
      expect(paddleApi.requests.length).toBe(before);
    });
  },
);
