import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { KEY_USE_PRECISION_MS, recordKeyUse } from '../src/areas/keys/service.js';
import { apiKeys } from '../src/db/schema.js';
import { describeEachDatabase } from './support/app.js';
import { orgWithOwner } from './support/keys.js';

/** Per-key `last_used_at`: shown in the key shapes, written at most once a minute per key. */
describeEachDatabase('API key last use', (ctx) => {
  it('is empty until the key is used, then shows the time of its first use in the minute', async () => {
    const a = await orgWithOwner(ctx(), 'key-usage');
    const key = await a.apiKey({ scopes: ['forge'] });
    const list = async () =>
      (await ctx().request('GET', `/api/v1/orgs/${a.org}/api-keys`, { token: a.owner.token })).body as {
        id: string;
        last_used_at: string | null;
      }[];
    expect((await list()).find((k) => k.id === key.id)?.last_used_at).toBeNull();

    const before = Date.now();
    const call = () => ctx().request('POST', '/api/v1/key-info', { headers: { 'x-api-key': key.key } });
    expect((await call()).status).toBe(200);
    const first = (await list()).find((k) => k.id === key.id)?.last_used_at;
    expect(first).not.toBeNull();
    expect(Date.parse(first as string)).toBeGreaterThanOrEqual(before - 1_000);
    expect(Date.parse(first as string)).toBeLessThanOrEqual(Date.now());

    // Further uses within the minute write nothing: the time stays that of the first.
    for (let i = 0; i < 3; i++) expect((await call()).status).toBe(200);
    const single = await ctx().request('GET', `/api/v1/orgs/${a.org}/api-keys/${key.id}`, {
      token: a.owner.token,
    });
    expect(single.body.last_used_at).toBe(first);
  });

  it('moves on once a minute has passed, and another node within the minute writes nothing', async () => {
    const a = await orgWithOwner(ctx(), 'key-usage-later');
    const key = await a.apiKey({ scopes: ['forge'] });
    const db = ctx().app.database.db;
    const caches = ctx().app.caches;
    const stored = async () =>
      (await db.select({ at: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, key.id)))[0].at;
    const t0 = Date.now();
    await recordKeyUse(db, caches, key.id, t0);
    expect((await stored())?.getTime()).toBe(t0);
    await recordKeyUse(db, caches, key.id, t0 + 10_000);
    expect((await stored())?.getTime()).toBe(t0);
    const later = t0 + KEY_USE_PRECISION_MS + 1;
    await recordKeyUse(db, caches, key.id, later);
    expect((await stored())?.getTime()).toBe(later);
    // The update's own condition: a use recorded less than a minute ago is kept even when this
    // node's memory says nothing (another node wrote it).
    const { touchKey } = await import('../src/areas/keys/queries.js');
    await touchKey(db, key.id, new Date(later + 5_000), new Date(later + 5_000 - KEY_USE_PRECISION_MS));
    expect((await stored())?.getTime()).toBe(later);
  });
});
