import { expect, it } from 'vitest';
import { describeEachDatabase } from './support/app.js';

describeEachDatabase('admin area', (ctx) => {
  it('lists every organisation to staff, page by page', async () => {
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
  });
});
