import { expect, it } from 'vitest';
import { describeEachDatabase } from './support/app.js';
import { orgWithOwner } from './support/keys.js';

describeEachDatabase('admin organisations', (ctx) => {
  it('lists every organisation to staff, page by page, with its current plan and state', async () => {
    const admin = await ctx().admin();
    const a = await ctx().person('first');
    await ctx().request('POST', '/api/v1/orgs', {
      token: a.token,
      body: { name: 'Shared', slug: 'shared-org' },
    });

    const all = await ctx().request('GET', '/api/v1/admin/orgs', { token: admin.token });
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(all.body.items.length);
    expect(all.body.items).toContainEqual({
      slug: 'shared-org',
      name: 'Shared',
      personal: false,
      members: 1,
      created_at: expect.any(String),
      state: 'active',
      plan: { slug: 'free', name: 'Free' },
    });
    expect(all.body.items.filter((o: { personal: boolean }) => o.personal).length).toBeGreaterThanOrEqual(2);

    const page = await ctx().request('GET', '/api/v1/admin/orgs?offset=1&limit=1', { token: admin.token });
    expect(page.body).toMatchObject({ offset: 1, limit: 1, total: all.body.total });
    expect(page.body.items).toEqual([all.body.items[1]]);

    const bad = await ctx().request('GET', '/api/v1/admin/orgs?limit=0', { token: admin.token });
    expect(bad).toMatchObject({
      status: 400,
      body: { details: { issues: [{ path: 'querystring.limit' }] } },
    });
    const badState = await ctx().request('GET', '/api/v1/admin/orgs?state=asleep', { token: admin.token });
    expect(badState).toMatchObject({
      status: 400,
      body: { details: { issues: [{ path: 'querystring.state' }] } },
    });
  });

  it('searches names and slugs, filters by the plan in force and by state', async () => {
    const admin = await ctx().admin();
    const owner = await ctx().person('owner');
    const make = async (name: string) =>
      (await ctx().request('POST', '/api/v1/orgs', { token: owner.token, body: { name } })).body
        .slug as string;
    const team = { org: await make('Zebra Works'), owner };
    const other = { org: await make('Zebra Crossing'), owner };
    const token = admin.token;
    const list = async (query: string) =>
      (await ctx().request('GET', `/api/v1/admin/orgs?${query}`, { token })).body as {
        items: { slug: string; plan: { slug: string } | null; state: string }[];
        total: number;
      };

    const zebras = await list('q=zEbRa');
    expect(zebras.items.map((o) => o.slug).sort()).toEqual([team.org, other.org].sort());
    expect((await list(`q=${team.org}`)).items.map((o) => o.slug)).toEqual([team.org]);
    // Pattern characters are taken literally.
    expect((await list('q=%25')).total).toBe(0);
    expect((await list('q=_')).items.every((o) => o.slug.includes('_'))).toBe(true);

    // A Team subscription makes Team the plan in force; a cancelled one does not count.
    await ctx().request('POST', `/api/v1/admin/orgs/${team.org}/subscriptions`, {
      token,
      body: { plan: 'team' },
    });
    await ctx().request('POST', `/api/v1/admin/orgs/${other.org}/subscriptions`, {
      token,
      body: { plan: 'team', state: 'cancelled' },
    });
    const onTeam = await list('plan=team&q=zebra');
    expect(onTeam.items.map((o) => o.slug)).toEqual([team.org]);
    expect(onTeam.items[0].plan).toEqual({ slug: 'team', name: 'Team' });
    expect((await list('plan=free&q=zebra')).items.map((o) => o.slug)).toEqual([other.org]);
    // The list agrees with the limits in force.
    const limits = await ctx().request('GET', `/api/v1/orgs/${team.org}/limits/saas`, {
      token: team.owner.token,
    });
    expect(limits.body.plan).toBe('team');

    await ctx().request('PUT', `/api/v1/admin/orgs/${other.org}`, { token, body: { suspended: true } });
    expect((await list('state=suspended&q=zebra')).items.map((o) => [o.slug, o.state])).toEqual([
      [other.org, 'suspended'],
    ]);
    expect((await list('state=active&q=zebra')).items.map((o) => o.slug)).toEqual([team.org]);
    const paged = await list('q=zebra&limit=1&offset=1');
    expect(paged.total).toBe(2);
    expect(paged.items).toHaveLength(1);
  });

  it('shows an organisation with members, subscriptions, limits, series and usage', async () => {
    const admin = await ctx().admin();
    const a = await orgWithOwner(ctx(), 'Detailed');
    const helper = await ctx().person('helper');
    await ctx().join(a.org, a.owner, helper, 'admin');
    await a.series('One');
    await a.series('Two');
    const key = await a.apiKey({});
    const forged = await ctx().request('POST', '/api/v1/gen/forge', {
      headers: { 'x-api-key': key.key },
      body: { pattern: '{noun}', count: 3 },
    });
    expect(forged.status).toBe(200);
    await ctx().app.stats.aggregate();

    const r = await ctx().request('GET', `/api/v1/admin/orgs/${a.org}`, { token: admin.token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      slug: a.org,
      name: 'Detailed',
      personal: false,
      state: 'active',
      suspended_at: null,
      series_count: await seriesCount(a.org, a.owner.token),
      limits: [{ plan_type: 'saas', plan: 'free' }],
    });
    expect(r.body.members.map((m: { email: string; role: string }) => [m.email, m.role]).sort()).toEqual(
      [
        [a.owner.email, 'owner'],
        [helper.email, 'admin'],
      ].sort(),
    );
    expect(r.body.subscriptions).toEqual(
      (await ctx().request('GET', `/api/v1/admin/orgs/${a.org}/subscriptions`, { token: admin.token })).body,
    );
    const forgeToday = r.body.usage.find(
      (u: { event_type: string; date_part: string }) => u.event_type === 'forge' && u.date_part === 'day',
    );
    expect(forgeToday).toMatchObject({ total_count: 3, request_count: 1 });

    expect(
      await ctx().request('GET', '/api/v1/admin/orgs/no-such-org', { token: admin.token }),
    ).toMatchObject({
      status: 404,
    });
  });

  async function seriesCount(org: string, token: string): Promise<number> {
    const r = await ctx().request('GET', `/api/v1/orgs/${org}/series`, { token });
    return Array.isArray(r.body) ? r.body.length : Object.keys(r.body).length;
  }

  it('renames; a suspended organisation cannot generate or change anything until resumed', async () => {
    const admin = await ctx().admin();
    const a = await orgWithOwner(ctx(), 'Suspendable');
    const series = await a.series('Kept');
    const key = await a.apiKey({});
    const forge = () =>
      ctx().request('POST', '/api/v1/gen/forge', {
        headers: { 'x-api-key': key.key },
        body: { pattern: '{noun}' },
      });
    const mint = () =>
      ctx().request('POST', '/api/v1/gen/mint', {
        headers: { 'x-api-key': key.key },
        body: { series: series.slug, count: 1 },
      });
    expect((await forge()).status).toBe(200);

    const renamed = await ctx().request('PUT', `/api/v1/admin/orgs/${a.org}`, {
      token: admin.token,
      body: { name: 'Renamed', suspended: true },
    });
    expect(renamed).toMatchObject({
      status: 200,
      body: { slug: a.org, name: 'Renamed', state: 'suspended', suspended_at: expect.any(String) },
    });

    const refused = {
      status: 403,
      body: { message: 'Organisation suspended', details: { reason: 'org_suspended' } },
    };
    expect(await forge()).toMatchObject(refused);
    expect(await mint()).toMatchObject(refused);
    const write = await ctx().request('POST', `/api/v1/orgs/${a.org}/series`, {
      token: a.owner.token,
      body: { name: 'New', pattern: '{noun}' },
    });
    expect(write).toMatchObject(refused);
    expect(
      await ctx().request('PUT', `/api/v1/orgs/${a.org}`, { token: a.owner.token, body: { name: 'Mine' } }),
    ).toMatchObject(refused);
    // Reading stays possible: the members see what happened.
    const read = await ctx().request('GET', `/api/v1/orgs/${a.org}/series`, { token: a.owner.token });
    expect(read.status).toBe(200);
    // Other organisations are untouched.
    const b = await orgWithOwner(ctx(), 'Unaffected');
    const otherKey = await b.apiKey({});
    const elsewhere = await ctx().request('POST', '/api/v1/gen/forge', {
      headers: { 'x-api-key': otherKey.key },
      body: { pattern: '{noun}' },
    });
    expect(elsewhere.status).toBe(200);

    const resumed = await ctx().request('PUT', `/api/v1/admin/orgs/${a.org}`, {
      token: admin.token,
      body: { suspended: false },
    });
    expect(resumed.body).toMatchObject({ state: 'active', suspended_at: null, name: 'Renamed' });
    expect((await forge()).status).toBe(200);
    expect((await mint()).status).toBe(200);

    const empty = await ctx().request('PUT', `/api/v1/admin/orgs/${a.org}`, {
      token: admin.token,
      body: { name: '' },
    });
    expect(empty).toMatchObject({ status: 400, body: { details: { issues: [{ path: 'body.name' }] } } });
    const unknown = await ctx().request('PUT', `/api/v1/admin/orgs/${a.org}`, {
      token: admin.token,
      body: { slug: 'other' },
    });
    expect(unknown.status).toBe(400);
  });

  it('deletes an organisation only with its slug typed again, never a personal one', async () => {
    const admin = await ctx().admin();
    const a = await orgWithOwner(ctx(), 'Doomed');
    await a.series('Gone');
    const del = (confirm?: string) =>
      ctx().request(
        'DELETE',
        `/api/v1/admin/orgs/${a.org}${confirm === undefined ? '' : `?confirm=${encodeURIComponent(confirm)}`}`,
        { token: admin.token },
      );
    expect(await del()).toMatchObject({
      status: 400,
      body: { details: { issues: [{ path: 'querystring.confirm' }] } },
    });
    expect(await del(`${a.org}x`)).toMatchObject({
      status: 400,
      body: {
        message: 'The confirmation does not match the organisation slug',
        details: { field: 'confirm' },
      },
    });
    expect((await ctx().request('GET', `/api/v1/admin/orgs/${a.org}`, { token: admin.token })).status).toBe(
      200,
    );
    expect((await del(a.org)).status).toBe(204);
    expect((await ctx().request('GET', `/api/v1/admin/orgs/${a.org}`, { token: admin.token })).status).toBe(
      404,
    );
    expect((await ctx().request('GET', `/api/v1/orgs/${a.org}`, { token: a.owner.token })).status).toBe(404);
    expect((await del(a.org)).status).toBe(404);

    const personal = await ctx().request(
      'DELETE',
      `/api/v1/admin/orgs/${a.owner.slug}?confirm=${a.owner.slug}`,
      {
        token: admin.token,
      },
    );
    expect(personal).toMatchObject({ status: 409, body: { details: { reason: 'personal_organisation' } } });
  });
});
