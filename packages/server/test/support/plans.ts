import { randomBytes } from 'node:crypto';
import type { PlanFeatures } from '@slugsmith/contract';
import type { TestContext } from './app.js';

/**
 * Plans for tests. A new organisation is on the Free plan, whose limits (60 requests a minute,
 * 1,000 slugs a day, no streams, no SDK keys) stop tests that generate a lot: those subscribe the
 * organisation to Enterprise (unlimited but for 10,000 slugs per request) or to a plan of their own.
 */

async function subscribe(ctx: TestContext, org: string, plan: string): Promise<void> {
  const { token } = await ctx.admin();
  const r = await ctx.request('POST', `/api/v1/admin/orgs/${org}/subscriptions`, { token, body: { plan } });
  if (r.status !== 201) throw new Error(`subscription not created: ${JSON.stringify(r.body)}`);
}

/** Subscribes the organisation to the seeded Enterprise plan. */
export function unlimitedPlan(ctx: TestContext, org: string): Promise<void> {
  return subscribe(ctx, org, 'enterprise');
}

/** Enterprise's features with `changes`: a new plan, to which the organisation is subscribed. */
export async function customPlan(
  ctx: TestContext,
  org: string,
  changes: Partial<PlanFeatures>,
): Promise<string> {
  const { token } = await ctx.admin();
  const base = await ctx.request('GET', '/api/v1/admin/subscriptions/enterprise', { token });
  if (base.status !== 200) throw new Error(`no enterprise plan: ${JSON.stringify(base.body)}`);
  const slug = `test-${randomBytes(4).toString('hex')}`;
  const created = await ctx.request('POST', '/api/v1/admin/subscriptions', {
    token,
    body: {
      slug,
      name: `Test ${slug}`,
      plan_type: 'saas',
      display_order: 100,
      state: 'active',
      features: { ...base.body.features, ...changes },
    },
  });
  if (created.status !== 201) throw new Error(`plan not created: ${JSON.stringify(created.body)}`);
  await subscribe(ctx, org, slug);
  return slug;
}
