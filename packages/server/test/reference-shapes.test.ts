import type { AddressInfo } from 'node:net';
import { Slugsmith } from '@slugsmith/sdk';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from './support/app.js';
import { orgWithOwner } from './support/keys.js';

interface Tag {
  kind: string;
  tag: string;
  word_count: number;
}

/**
 * Shapes the reference Python client reads (generator notes §8.2): paginated dictionary tags of
 * one kind, and the series list as `{slug: name}`.
 */
describeEachDatabase('reference client shapes', (ctx) => {
  let baseUrl = '';
  beforeAll(async () => {
    await ctx().app.server.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `http://127.0.0.1:${(ctx().app.server.server.address() as AddressInfo).port}`;
  });

  it('pages through the tags of one dictionary kind', async () => {
    const a = await orgWithOwner(ctx(), 'shapes-tags');
    const key = await a.apiKey({ scopes: ['forge'] });
    const get = (url: string) => ctx().request('GET', url, { headers: { 'x-api-key': key.key } });
    const all = ((await get('/api/v1/gen/dictionary-tags')).body as Tag[]).filter(
      (t) => t.kind === 'adjective',
    );
    expect(all.length).toBeGreaterThan(5);

    const first = await get('/api/v1/gen/dictionary-tags/adjective?limit=2&offset=0');
    expect(first).toMatchObject({
      status: 200,
      body: { pagination: { limit: 2, offset: 0, total: all.length, has_more: true } },
    });
    expect(first.body.data).toEqual(all.slice(0, 2));

    const pages: Tag[] = [];
    for (let offset = 0; ; offset += 3) {
      const page = await get(`/api/v1/gen/dictionary-tags/adjective?limit=3&offset=${offset}`);
      pages.push(...page.body.data);
      expect(page.body.pagination.has_more).toBe(offset + 3 < all.length);
      if (!page.body.pagination.has_more) break;
    }
    expect(pages).toEqual(all);

    // Defaults as the reference client sends them; an unknown kind has no tags.
    expect((await get('/api/v1/gen/dictionary-tags/adjective')).body.pagination).toMatchObject({
      limit: 100,
      offset: 0,
    });
    expect((await get('/api/v1/gen/dictionary-tags/nothing-like-this')).body).toEqual({
      data: [],
      pagination: { limit: 100, offset: 0, total: 0, has_more: false },
    });
    for (const bad of ['limit=0', 'limit=1001', 'limit=x', 'offset=-1']) {
      expect((await get(`/api/v1/gen/dictionary-tags/adjective?${bad}`)).status, bad).toBe(400);
    }
    expect((await ctx().request('GET', '/api/v1/gen/dictionary-tags/adjective')).status).toBe(401);

    const client = Slugsmith.withApiKey({ baseUrl, apiKey: key.key });
    const viaSdk = await client.dictionaryTagPage('adjective', { limit: 4, offset: 2 });
    expect(viaSdk.data).toEqual(all.slice(2, 6));
  });

  it('lists series as {slug: name}; a series key sees its own only', async () => {
    const a = await orgWithOwner(ctx(), 'shapes-series');
    const orders = await a.series('Orders');
    const invoices = await a.series('Invoices');
    const orgKey = await a.apiKey({});
    const seriesKey = await a.apiKey({ series: orders.slug });
    const list = (key: string) =>
      ctx().request('GET', '/api/v1/gen/series', { headers: { 'x-api-key': key } });
    expect((await list(orgKey.key)).body).toEqual({ [orders.slug]: 'Orders', [invoices.slug]: 'Invoices' });
    expect((await list(seriesKey.key)).body).toEqual({ [orders.slug]: 'Orders' });
    const client = Slugsmith.withApiKey({ baseUrl, apiKey: orgKey.key });
    expect(Object.keys(await client.listSeries()).sort()).toEqual([invoices.slug, orders.slug].sort());
  });
});
