import { expect, it } from 'vitest';
import { describeEachDatabase } from './support/app.js';
import { orgWithOwner } from './support/keys.js';

/**
 * Issue 36 item 7: a manual SDK config is listed once — a config made as a config among the
 * configs (its card), a legacy SDK key made through the legacy routes among the legacy keys.
 */
describeEachDatabase('legacy SDK keys and SDK configs', (ctx) => {
  it('each appear in their own list only, for the organisation and for a series', async () => {
    const a = await orgWithOwner(ctx(), 'sdk-legacy-once');
    const series = await a.series('Once');
    const token = a.owner.token;
    const get = async (path: string) => {
      const answer = await ctx().request('GET', `/api/v1/orgs/${a.org}${path}`, { token });
      expect(answer.status, path).toBe(200);
      return answer.body as { slug: string; config?: string }[];
    };

    const manual = await a.sdkConfig({ name: 'Manual app', rotation: 'manual' });
    const seriesManual = await a.sdkConfig({ name: 'Series app', series: series.slug });
    const legacy = await ctx().request('POST', `/api/v1/orgs/${a.org}/sdk-keys`, {
      token,
      body: { name: 'Old app' },
    });
    expect(legacy.status).toBe(201);
    const seriesLegacy = await ctx().request('POST', `/api/v1/orgs/${a.org}/series/${series.slug}/sdk-keys`, {
      token,
      body: { name: 'Old series app' },
    });
    expect(seriesLegacy.status).toBe(201);

    expect((await get('/sdk-configs')).map((c) => c.slug).sort()).toEqual(
      [manual.slug, seriesManual.slug].sort(),
    );
    expect((await get('/sdk-keys')).map((k) => k.slug).sort()).toEqual(
      [legacy.body.slug, seriesLegacy.body.slug].sort(),
    );
    expect((await get(`/series/${series.slug}/sdk-configs`)).map((c) => c.slug)).toEqual([seriesManual.slug]);
    expect((await get(`/series/${series.slug}/sdk-keys`)).map((k) => k.config)).toEqual([
      seriesLegacy.body.config,
    ]);

    // A config's key is not a legacy key: the legacy route does not delete it (nor its config).
    const notLegacy = await ctx().request('DELETE', `/api/v1/orgs/${a.org}/sdk-keys/${manual.keys[0].slug}`, {
      token,
    });
    expect(notLegacy.status).toBe(404);
    expect((await get('/sdk-configs')).map((c) => c.slug)).toContain(manual.slug);

    // A legacy key's config stays reachable by its slug (as the legacy key names it).
    const byConfig = await ctx().request('GET', `/api/v1/orgs/${a.org}/sdk-configs/${legacy.body.config}`, {
      token,
    });
    expect(byConfig).toMatchObject({ status: 200, body: { name: 'Old app', rotation: 'manual' } });
    expect(
      (await ctx().request('DELETE', `/api/v1/orgs/${a.org}/sdk-keys/${legacy.body.slug}`, { token })).status,
    ).toBe(204);
    expect((await get('/sdk-keys')).map((k) => k.slug)).toEqual([seriesLegacy.body.slug]);
  });
});
