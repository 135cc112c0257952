import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FEATURE_KEYS, LIMIT_KEYS, PlanFeatures, SLA_KEYS } from '@slugsmith/contract';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { effectiveLimits, forgetLimits, keyLimits } from '../src/areas/plans/effective-limits.js';
import { openDatabase } from '../src/db/connect.js';
import { migrate } from '../src/db/migrate.js';
import { migrations } from '../src/db/migrations/index.js';
import { closeApp, describeEachDatabase, TestContext, testConfig, testDatabases } from './support/app.js';
import { orgWithOwner } from './support/keys.js';

// The inactive public-console plan holds the anonymous web console's limits (migration 0005):
// staff see and edit it, nobody can subscribe to it.
const SEEDED = ['free', 'pro', 'team', 'enterprise', 'public-console', 'on-premise'];

/** Prices as listed, without the ids the server gives them. */
const withoutIds = (prices: { id: string }[]) => prices.map(({ id: _, ...price }) => price);

/** A plan body for POST /admin/subscriptions: the Free plan's features with a few changes. */
async function planBody(ctx: TestContext, token: string, body: Record<string, unknown>) {
  const free = await ctx.request('GET', '/api/v1/admin/subscriptions/free', { token });
  return { plan_type: 'saas', features: free.body.features, ...body };
}

describeEachDatabase('plan catalogue', (ctx) => {
  it('is seeded with every feature and limit key for every plan', async () => {
    const admin = await ctx().admin();
    const all = await ctx().request('GET', '/api/v1/admin/subscriptions', { token: admin.token });
    expect(all.status).toBe(200);
    expect(all.body.map((p: { slug: string }) => p.slug)).toEqual(SEEDED);
    for (const plan of all.body) {
      expect(PlanFeatures.safeParse(plan.features).success, plan.slug).toBe(true);
      expect(Object.keys(plan.features).sort()).toEqual([...LIMIT_KEYS, ...FEATURE_KEYS, ...SLA_KEYS].sort());
      expect(plan.state).toBe(plan.slug === 'public-console' ? 'inactive' : 'active');
    }
    const [free, pro, , enterprise, publicConsole, onPremise] = all.body;
    expect(publicConsole.features).toMatchObject({
      mint_enabled: false,
      slice_enabled: false,
      max_series: 0,
    });
    expect(free).toMatchObject({ free: true, custom_plan: false, prices: [] });
    expect(free.features).toMatchObject({ max_series: 3, req_per_minute: 60, sdk_access: false });
    expect(pro.prices.map((p: { period: string }) => p.period)).toEqual(['monthly', 'semi_annual', 'annual']);
    expect(enterprise).toMatchObject({ custom_features: true, custom_plan: true });
    expect(enterprise.features.max_series).toBe(-1);
    expect(onPremise).toMatchObject({ plan_type: 'on_premise' });
    expect(withoutIds(onPremise.prices)).toEqual([
      { period: 'annual', amount: 120_000, currency: 'USD', per_node: true, trial_days: 0 },
      { period: 'perpetual', amount: 480_000, currency: 'USD', per_node: true, trial_days: 0 },
    ]);
  });

  it("lists active plans publicly, grouped by type and ordered, with their limits' figures", async () => {
    const admin = await ctx().admin();
    const features = (await ctx().request('GET', '/api/v1/admin/subscriptions/free', { token: admin.token }))
      .body.features;
    for (const [slug, state, order] of [
      ['draft-plan', 'draft', 1],
      ['archived-plan', 'archived', 2],
      ['inactive-plan', 'inactive', 3],
      ['first-plan', 'active', 0],
    ] as const) {
      const r = await ctx().request('POST', '/api/v1/admin/subscriptions', {
        token: admin.token,
        body: { slug, name: slug, plan_type: 'saas', state, display_order: order, features },
      });
      expect(r.status, slug).toBe(201);
    }
    const list = await ctx().request('GET', '/api/v1/subscriptions');
    expect(list.status).toBe(200);
    expect(list.body.groups.map((g: { plan_type: string }) => g.plan_type)).toEqual(['saas', 'on_premise']);
    expect(list.body.groups[0].plans.map((p: { slug: string }) => p.slug)).toEqual([
      'first-plan',
      'free',
      'pro',
      'team',
      'enterprise',
    ]);
    const pro = list.body.groups[0].plans[2];
    expect(pro).toMatchObject({ name: 'Pro', free: false, custom_features: false, subscribable: true });
    expect(pro.features).toMatchObject({ forge_enabled: true, sdk_access: true, sla_availability: '99.5%' });
    // Buyers compare plans by their limits: every figure is public, the same as staff set it.
    const staffPro = (await ctx().request('GET', '/api/v1/admin/subscriptions/pro', { token: admin.token }))
      .body;
    for (const key of LIMIT_KEYS) expect(pro.features[key], key).toBe(staffPro.features[key]);
    expect(list.body.groups[0].plans[1].features).toMatchObject({ max_series: 3, req_per_minute: 60 });

    expect(await ctx().request('GET', '/api/v1/subscriptions/pro')).toMatchObject({
      status: 200,
      body: { slug: 'pro', plan_type: 'saas' },
    });
    // Inactive: still shown to who asks by name (existing subscribers), not listed.
    expect(await ctx().request('GET', '/api/v1/subscriptions/inactive-plan')).toMatchObject({
      status: 200,
      body: { state: 'inactive', subscribable: true },
    });
    for (const slug of ['draft-plan', 'archived-plan', 'nope', '%20']) {
      expect(await ctx().request('GET', `/api/v1/subscriptions/${slug}`), slug).toMatchObject({
        status: 404,
        body: { code: 404, message: 'Plan Not Found' },
      });
    }
  });

  it('lets staff create, change and delete plans, refusing bad input and plans in use', async () => {
    const admin = await ctx().admin();
    const token = admin.token;
    const body = await planBody(ctx(), token, {
      slug: 'scale',
      name: 'Scale',
      display_order: 35,
      prices: [{ period: 'monthly', amount: 29_900 }],
    });
    const created = await ctx().request('POST', '/api/v1/admin/subscriptions', { token, body });
    expect(created).toMatchObject({
      status: 201,
      body: {
        slug: 'scale',
        state: 'draft',
        subscribable: false,
        prices: [{ period: 'monthly', amount: 29_900, currency: 'USD', per_node: false }],
      },
    });
    expect(await ctx().request('POST', '/api/v1/admin/subscriptions', { token, body })).toMatchObject({
      status: 409,
      body: { message: 'This slug is taken' },
    });
    for (const bad of [
      { ...body, slug: 'other', features: { ...body.features, max_series: -2 } },
      { ...body, slug: 'other', features: { ...body.features, max_series: 1.5 } },
      { ...body, slug: 'other', features: { ...body.features, unknown_key: 1 } },
      { ...body, slug: 'other', features: { max_series: 1 } },
      { ...body, slug: 'other', plan_type: 'hosted' },
      { ...body, slug: 'other', state: 'live' },
      { ...body, slug: 'Not a slug' },
      { ...body, slug: 'other', prices: [{ period: 'weekly', amount: 1 }] },
      { ...body, slug: 'other', prices: [{ period: 'monthly', amount: -1 }] },
      {
        ...body,
        slug: 'other',
        prices: [
          { period: 'monthly', amount: 1 },
          { period: 'monthly', amount: 2 },
        ],
      },
      [],
    ]) {
      const r = await ctx().request('POST', '/api/v1/admin/subscriptions', { token, body: bad });
      expect(r, JSON.stringify(bad).slice(0, 120)).toMatchObject({ status: 400, body: { code: 400 } });
    }

    const changed = await ctx().request('PUT', '/api/v1/admin/subscriptions/scale', {
      token,
      body: {
        state: 'active',
        features: { max_series: 500 },
        prices: [{ period: 'annual', amount: 299_000 }],
      },
    });
    expect(changed).toMatchObject({
      status: 200,
      body: { state: 'active', prices: [{ period: 'annual', amount: 299_000 }] },
    });
    expect(changed.body.features).toEqual({ ...body.features, max_series: 500 });
    expect(
      await ctx().request('PUT', '/api/v1/admin/subscriptions/scale', { token, body: { slug: 'pro' } }),
    ).toMatchObject({ status: 409 });
    expect(
      await ctx().request('PUT', '/api/v1/admin/subscriptions/nope', { token, body: { name: 'x' } }),
    ).toMatchObject({ status: 404, body: { message: 'Plan Not Found' } });
    expect(
      await ctx().request('PUT', '/api/v1/admin/subscriptions/scale', {
        token,
        body: { features: { nope: 1 } },
      }),
    ).toMatchObject({ status: 400 });

    // Every organisation subscribes to Free: it can only be archived.
    expect(await ctx().request('DELETE', '/api/v1/admin/subscriptions/free', { token })).toMatchObject({
      status: 409,
      body: { message: 'The plan has subscriptions: archive it instead' },
    });
    expect(await ctx().request('DELETE', '/api/v1/admin/subscriptions/scale', { token })).toMatchObject({
      status: 204,
    });
    expect(await ctx().request('GET', '/api/v1/admin/subscriptions/scale', { token })).toMatchObject({
      status: 404,
    });
    expect(await ctx().request('DELETE', '/api/v1/admin/subscriptions/scale', { token })).toMatchObject({
      status: 404,
    });
  });

  it('documents the plan routes in OpenAPI, public ones needing no credentials', async () => {
    const doc = (await ctx().request('GET', '/api/openapi.json')).body;
    expect(doc.paths['/api/v1/subscriptions'].get.security).toEqual([]);
    expect(doc.paths['/api/v1/subscriptions/{plan}'].get.security).toEqual([]);
    expect(doc.paths['/api/v1/orgs/{org}/limits/{planType}'].get.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/v1/admin/subscriptions'].post.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(doc.components.schemas.PlanFeatures.properties).sort()).toEqual(
      [...LIMIT_KEYS, ...FEATURE_KEYS, ...SLA_KEYS].sort(),
    );
  });

  it('lets staff set and remove single prices of a plan', async () => {
    const { token } = await ctx().admin();
    const body = await planBody(ctx(), token, { slug: 'priced', name: 'Priced' });
    expect((await ctx().request('POST', '/api/v1/admin/subscriptions', { token, body })).status).toBe(201);
    const base = '/api/v1/admin/subscriptions/priced/prices';
    expect(
      await ctx().request('PUT', `${base}/annual`, { token, body: { amount: 50_000, per_node: true } }),
    ).toMatchObject({
      status: 200,
      body: { prices: [{ period: 'annual', amount: 50_000, per_node: true }] },
    });
    await ctx().request('PUT', `${base}/monthly`, { token, body: { amount: 5_000 } });
    await ctx().request('PUT', `${base}/monthly`, { token, body: { amount: 4_500, currency: 'EUR' } });
    const before = await ctx().request('GET', '/api/v1/admin/subscriptions/priced', { token });
    const replaced = await ctx().request('PUT', `${base}/monthly`, { token, body: { amount: 4_900 } });
    // A price keeps its id when its amount changes: subscriptions and the provider refer to it.
    const idOf = (prices: { id: string; currency: string }[]) => prices.find((p) => p.currency === 'USD')?.id;
    expect(idOf(replaced.body.prices)).toBe(idOf(before.body.prices));
    expect(withoutIds(replaced.body.prices)).toEqual([
      { period: 'monthly', amount: 4_500, currency: 'EUR', per_node: false, trial_days: 0 },
      { period: 'monthly', amount: 4_900, currency: 'USD', per_node: false, trial_days: 0 },
      { period: 'annual', amount: 50_000, currency: 'USD', per_node: true, trial_days: 0 },
    ]);
    for (const [url, payload] of [
      [`${base}/weekly`, { amount: 1 }],
      [`${base}/monthly`, { amount: -1 }],
      [`${base}/monthly`, { amount: 1, currency: 'usd' }],
      [`${base}/monthly`, { amount: 1, period: 'annual' }],
    ] as const) {
      expect(await ctx().request('PUT', url, { token, body: payload }), url).toMatchObject({ status: 400 });
    }
    expect(
      await ctx().request('PUT', '/api/v1/admin/subscriptions/nope/prices/monthly', {
        token,
        body: { amount: 1 },
      }),
    ).toMatchObject({ status: 404 });
    expect(await ctx().request('DELETE', `${base}/monthly?currency=EUR`, { token })).toMatchObject({
      status: 204,
    });
    expect(await ctx().request('DELETE', `${base}/monthly?currency=EUR`, { token })).toMatchObject({
      status: 404,
    });
    expect(await ctx().request('DELETE', `${base}/annual`, { token })).toMatchObject({ status: 204 });
    const left = await ctx().request('GET', '/api/v1/admin/subscriptions/priced', { token });
    expect(withoutIds(left.body.prices)).toEqual([
      { period: 'monthly', amount: 4_900, currency: 'USD', per_node: false, trial_days: 0 },
    ]);
  });

  it('refuses the admin plan routes to people without permissions', async () => {
    const person = await ctx().person('plain-plans');
    for (const [method, url] of [
      ['GET', '/api/v1/admin/subscriptions'],
      ['GET', '/api/v1/admin/subscriptions/free'],
      ['POST', '/api/v1/admin/subscriptions'],
      ['PUT', '/api/v1/admin/subscriptions/free'],
      ['DELETE', '/api/v1/admin/subscriptions/free'],
      ['GET', `/api/v1/admin/orgs/${person.slug}/subscriptions`],
      ['PUT', '/api/v1/admin/subscriptions/free/prices/monthly'],
      ['DELETE', '/api/v1/admin/subscriptions/free/prices/monthly'],
      ['POST', `/api/v1/admin/orgs/${person.slug}/subscriptions`],
    ] as const) {
      expect(await ctx().request(method, url, { token: person.token, body: {} }), url).toMatchObject({
        status: 403,
      });
      expect(await ctx().request(method, url, { body: {} }), url).toMatchObject({ status: 401 });
    }
  });
});

describeEachDatabase('subscriptions and limits', (ctx) => {
  it('gives every new organisation, personal or not, the Free plan', async () => {
    const a = await orgWithOwner(ctx(), 'subs');
    for (const org of [a.org, a.owner.slug]) {
      const subs = await ctx().request('GET', `/api/v1/orgs/${org}/subscriptions`, { token: a.owner.token });
      expect(subs.status, org).toBe(200);
      expect(subs.body).toHaveLength(1);
      expect(subs.body[0]).toMatchObject({
        plan: { slug: 'free', plan_type: 'saas', free: true },
        state: 'active',
        effective: true,
        quantity: 1,
        unit: 'unit',
        trial_until: null,
        renews_at: null,
        ends_at: null,
      });
    }
  });

  it('answers the limits in force to members, per plan type', async () => {
    const a = await orgWithOwner(ctx(), 'limits');
    const member = await ctx().person('limits-member');
    await ctx().join(a.org, a.owner, member, 'member');
    const all = await ctx().request('GET', `/api/v1/orgs/${a.org}/limits`, { token: member.token });
    expect(all.status).toBe(200);
    expect(all.body).toHaveLength(1);
    expect(all.body[0]).toMatchObject({
      plan_type: 'saas',
      plan: 'free',
      plan_name: 'Free',
      custom_features: false,
    });
    expect(all.body[0].limits).toMatchObject({
      max_series: 3,
      req_per_minute: 60,
      burst_req_per_minute: 120,
    });

    const saas = await ctx().request('GET', `/api/v1/orgs/${a.org}/limits/saas`, { token: member.token });
    expect(saas).toMatchObject({ status: 200, body: all.body[0] });
    expect(
      await ctx().request('GET', `/api/v1/orgs/${a.org}/limits/on_premise`, { token: member.token }),
    ).toMatchObject({ status: 404, body: { details: { plan_type: 'on_premise' } } });
    expect(
      await ctx().request('GET', `/api/v1/orgs/${a.org}/limits/hosted`, { token: member.token }),
    ).toMatchObject({ status: 400 });
    const stranger = await ctx().person('limits-stranger');
    expect(
      await ctx().request('GET', `/api/v1/orgs/${a.org}/limits`, { token: stranger.token }),
    ).toMatchObject({ status: 404 });
  });

  it('takes the best effective subscription: paid over free, live states only, until it ends', async () => {
    const a = await orgWithOwner(ctx(), 'upgrade');
    const database = ctx().app.database;
    const { db } = database;
    const raw = (text: string) => database.rawTransaction((exec) => exec(text));
    const id = String((await raw(`SELECT id FROM organisations WHERE slug = '${a.org}'`))[0].id);
    const add = (plan: string, state: string, endsAt?: string) =>
      raw(
        `INSERT INTO org_subscriptions (org_id, plan_id, state, quantity, unit, ends_at)
         SELECT '${id}', id, '${state}', 3, 'node', ${endsAt ?? 'NULL'} FROM plans WHERE slug = '${plan}'`,
      );
    const { caches } = ctx().app;
    const limits = async () => {
      forgetLimits(caches, id);
      return effectiveLimits(db, caches, id);
    };
    expect((await limits())?.plan).toBe('free');
    await add('team', 'pending');
    await add('pro', 'cancelled');
    expect((await limits())?.plan).toBe('free');
    await add('pro', 'active', `now() - interval '1 day'`);
    expect((await limits())?.plan).toBe('free');
    await add('pro', 'past_due');
    expect((await limits())?.plan).toBe('pro');
    await add('on-premise', 'trial');
    forgetLimits(caches, id);
    expect((await effectiveLimits(db, caches, id, 'on_premise'))?.plan).toBe('on-premise');

    const subs = await ctx().request('GET', `/api/v1/orgs/${a.org}/subscriptions`, { token: a.owner.token });
    expect(subs.body).toHaveLength(6);
    // In force: one per plan type. Free is live beside the paid Pro, but not in force.
    expect(
      subs.body
        .filter((s: { effective: boolean }) => s.effective)
        .map((s: { plan: { slug: string } }) => s.plan.slug)
        .sort(),
    ).toEqual(['on-premise', 'pro']);
    const all = await ctx().request('GET', `/api/v1/orgs/${a.org}/limits`, { token: a.owner.token });
    expect(all.body.map((l: { plan: string }) => l.plan)).toEqual(['pro', 'on-premise']);

    // The key-level view: the reference SubscriptionFeatures shape.
    const features = await keyLimits(db, caches, {
      type: 'api-key',
      id: 'x',
      slug: 'x',
      orgId: id,
      orgSlug: a.org,
      seriesId: null,
      seriesSlug: null,
      scopes: ['forge'],
      enabled: true,
    });
    expect(features).toMatchObject({
      plan: 'pro',
      custom_features: false,
      max_series: 25,
      api_key_access: true,
      sdk_scopes: ['forge', 'mint', 'slice', 'stats'],
    });
    expect(features.api_key_scopes).toContain('series:reset');
  });

  it('lets staff subscribe an organisation to a plan, change and end it', async () => {
    const a = await orgWithOwner(ctx(), 'granted');
    const { token } = await ctx().admin();
    const base = `/api/v1/admin/orgs/${a.org}/subscriptions`;
    const limits = async () =>
      (await ctx().request('GET', `/api/v1/orgs/${a.org}/limits/saas`, { token: a.owner.token })).body;
    expect((await limits()).plan).toBe('free');

    const created = await ctx().request('POST', base, {
      token,
      body: { plan: 'team', quantity: 5, unit: 'seat', renews_at: '2027-11-22T00:00:00Z' },
    });
    expect(created).toMatchObject({
      status: 201,
      body: { plan: { slug: 'team' }, state: 'active', effective: true, quantity: 5, unit: 'seat' },
    });
    expect(created.body.renews_at).toBe('2027-11-22T00:00:00.000Z');
    expect((await limits()).plan).toBe('team');
    const onPremise = await ctx().request('POST', base, { token, body: { plan: 'on-premise', quantity: 4 } });
    expect(onPremise.body).toMatchObject({ unit: 'node', quantity: 4 });

    const id = created.body.id as string;
    const cancelled = await ctx().request('PUT', `${base}/${id}`, { token, body: { state: 'cancelled' } });
    expect(cancelled).toMatchObject({ status: 200, body: { state: 'cancelled', effective: false } });
    expect((await limits()).plan).toBe('free');
    const trial = await ctx().request('PUT', `${base}/${id}`, {
      token,
      body: { state: 'trial', trial_until: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(trial).toMatchObject({ status: 200, body: { state: 'trial', effective: true } });
    expect((await limits()).plan).toBe('team');

    for (const [body, status] of [
      [{ plan: 'nope' }, 404],
      [{ plan: 'team', state: 'trial' }, 400],
      [{ plan: 'team', started_at: '2026-01-02T00:00:00Z', ends_at: '2026-01-01T00:00:00Z' }, 400],
      [{ plan: 'team', quantity: 0 }, 400],
      [{ plan: 'team', unit: 'seats' }, 400],
      [{ plan: 'team', state: 'gone' }, 400],
      [{ plan: 'team', renews_at: 'tomorrow' }, 400],
    ] as const) {
      expect(await ctx().request('POST', base, { token, body }), JSON.stringify(body)).toMatchObject({
        status,
      });
    }
    const draft = await ctx().request('POST', '/api/v1/admin/subscriptions', {
      token,
      body: await planBody(ctx(), token, { slug: 'not-yet', name: 'Not yet' }),
    });
    expect(draft.body.state).toBe('draft');
    expect(await ctx().request('POST', base, { token, body: { plan: 'not-yet' } })).toMatchObject({
      status: 409,
      body: { message: 'The plan is not available for subscription', details: { state: 'draft' } },
    });
    expect(
      await ctx().request('PUT', `${base}/${id}`, { token, body: { state: 'trial', trial_until: null } }),
    ).toMatchObject({ status: 400, body: { message: 'A trial needs trial_until' } });
    expect(
      await ctx().request('POST', '/api/v1/admin/orgs/no-such-org/subscriptions', {
        token,
        body: { plan: 'pro' },
      }),
    ).toMatchObject({ status: 404 });
    expect(await ctx().request('PUT', `${base}/not-a-uuid`, { token, body: {} })).toMatchObject({
      status: 400,
    });
    const other = await orgWithOwner(ctx(), 'granted-other');
    // A subscription is reached only through its own organisation.
    expect(
      await ctx().request('DELETE', `/api/v1/admin/orgs/${other.org}/subscriptions/${id}`, { token }),
    ).toMatchObject({ status: 404 });
    expect(await ctx().request('DELETE', `${base}/${id}`, { token })).toMatchObject({ status: 204 });
    expect(await ctx().request('DELETE', `${base}/${id}`, { token })).toMatchObject({ status: 404 });
    expect((await limits()).plan).toBe('free');
    const listed = await ctx().request('GET', base, { token });
    expect(listed.body.map((s: { plan: { slug: string } }) => s.plan.slug).sort()).toEqual([
      'free',
      'on-premise',
    ]);
  });

  it("enforces the plan's max_series on series creation, console and key alike", async () => {
    const a = await orgWithOwner(ctx(), 'capped');
    const { token } = await ctx().admin();
    for (const name of ['One', 'Two', 'Three']) await a.series(name);
    const refused = {
      status: 403,
      body: {
        message: 'The Free plan allows at most 3 series in this organisation',
        details: { reason: 'plan_limit', limit: 'max_series', max: 3, plan: 'free' },
      },
    };
    const body = { name: 'Four', pattern: '{noun}' };
    expect(
      await ctx().request('POST', `/api/v1/orgs/${a.org}/series`, { token: a.owner.token, body }),
    ).toMatchObject(refused);
    const key = await a.apiKey({ scopes: ['series:create'] });
    expect(
      await ctx().request('POST', '/api/v1/gen/series', { headers: { 'x-api-key': key.key }, body }),
    ).toMatchObject(refused);
    // A bad pattern is still a bad pattern.
    expect(
      await ctx().request('POST', `/api/v1/orgs/${a.org}/series`, {
        token: a.owner.token,
        body: { name: 'Five', pattern: '{nope' },
      }),
    ).toMatchObject({ status: 400 });
    await ctx().request('POST', `/api/v1/admin/orgs/${a.org}/subscriptions`, {
      token,
      body: { plan: 'pro' },
    });
    expect(
      await ctx().request('POST', `/api/v1/orgs/${a.org}/series`, { token: a.owner.token, body }),
    ).toMatchObject({ status: 201 });
    await ctx().request('DELETE', `/api/v1/orgs/${a.org}/series/one`, { token: a.owner.token });
  });

  it('answers GET /limits to keys of the organisation', async () => {
    const a = await orgWithOwner(ctx(), 'keylimits');
    const key = await a.apiKey({ scopes: ['forge'] });
    const r = await ctx().request('GET', '/api/v1/limits', { headers: { 'x-api-key': key.key } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      plan: 'free',
      custom_features: false,
      max_series: 3,
      req_per_minute: 60,
      forge_enabled: true,
      max_forge_per_request: 100,
      sdk_access: false,
      sdk_scopes: [],
    });
    expect(await ctx().request('GET', '/api/v1/limits')).toMatchObject({ status: 401 });
  });
});

describe.each(testDatabases)('[%s] plan seed and Free subscriptions across restarts', (kind) => {
  it('seeds the catalogue once and keeps staff changes across restarts', async () => {
    const dir = kind === 'pglite' ? await mkdtemp(join(tmpdir(), 'slugsmith-plans-')) : undefined;
    const config = testConfig(kind, dir ? { DATA_DIR: dir } : {});
    try {
      const first = new TestContext(await buildApp(config), config);
      const admin = await first.admin();
      const renamed = await first.request('PUT', '/api/v1/admin/subscriptions/pro', {
        token: admin.token,
        body: { name: 'Pro (renamed)', state: 'inactive' },
      });
      expect(renamed.status).toBe(200);
      const team = await first.request('PUT', '/api/v1/admin/subscriptions/team', {
        token: admin.token,
        body: { slug: 'teams' },
      });
      expect(team.status).toBe(200);
      await first.app.server.close();

      const second = new TestContext(await buildApp(config), config);
      try {
        const all = await second.request('GET', '/api/v1/admin/subscriptions', { token: admin.token });
        expect(all.body.map((p: { slug: string }) => p.slug)).toEqual([
          'free',
          'pro',
          'teams',
          'enterprise',
          'public-console',
          'on-premise',
        ]);
        expect(all.body[1]).toMatchObject({ name: 'Pro (renamed)', state: 'inactive' });
      } finally {
        await closeApp(second.app, config);
      }
    } finally {
      if (dir) await rm(dir, { recursive: true, force: true });
    }
  });

  it('keeps Free limits for organisations created while the Free plan is archived', async () => {
    const config = testConfig(kind);
    const c = new TestContext(await buildApp(config), config);
    try {
      const { token } = await c.admin();
      const archived = await c.request('PUT', '/api/v1/admin/subscriptions/free', {
        token,
        body: { state: 'archived' },
      });
      expect(archived.status).toBe(200);
      const p = await c.person('while-archived');
      const subs = await c.request('GET', `/api/v1/orgs/${p.slug}/subscriptions`, { token: p.token });
      expect(subs).toMatchObject({ status: 200, body: [] });
      const limits = await c.request('GET', `/api/v1/orgs/${p.slug}/limits/saas`, { token: p.token });
      expect(limits).toMatchObject({ status: 200, body: { plan: 'free', limits: { max_series: 3 } } });
      expect((await c.request('GET', '/api/v1/subscriptions')).body.groups[0].plans[0].slug).toBe('pro');
    } finally {
      await closeApp(c.app, config);
    }
  });

  it('subscribes organisations that existed before the plans migration to Free', async () => {
    const config = testConfig(kind);
    const database = await openDatabase(config.database);
    try {
      const before = migrations.findIndex((m) => m.id === '0003_plans');
      await migrate(database, migrations.slice(0, before));
      await database.rawTransaction(async (exec) => {
        await exec(
          `INSERT INTO organisations (slug, name) VALUES ('old-one', 'Old one'), ('old-two', 'Old two')`,
        );
      });
      await migrate(database);
      const rows = await database.rawTransaction((exec) =>
        exec(
          `SELECT o.slug, p.slug AS plan, s.state FROM org_subscriptions s
           JOIN organisations o ON o.id = s.org_id JOIN plans p ON p.id = s.plan_id ORDER BY o.slug`,
        ),
      );
      expect(rows).toEqual([
        { slug: 'old-one', plan: 'free', state: 'active' },
        { slug: 'old-two', plan: 'free', state: 'active' },
      ]);
      // Applying again changes nothing.
      expect(await migrate(database)).toEqual([]);
    } finally {
      await database.close();
      if (config.database.kind === 'postgres') {
        const pg = (await import('pg')).default;
        const client = new pg.Client({ connectionString: config.database.url });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS "${config.database.schema}" CASCADE`);
        await client.end();
      }
    }
  });
});
