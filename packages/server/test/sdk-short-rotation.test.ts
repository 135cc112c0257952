import { MIN_ROTATION_SECONDS } from '@slugsmith/contract';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { findConfigBySlug } from '../src/areas/sdk/queries.js';
import { effectiveKeys, newJwk } from '../src/areas/sdk/service.js';
import { sdkConfigs, sdkKeys } from '../src/db/schema.js';
import { describeEachDatabase } from './support/app.js';
import { orgWithOwner, signedHeaders } from './support/keys.js';
import { unlimitedPlan } from './support/plans.js';

const forge = { method: 'POST', path: '/api/v1/gen/forge', body: { pattern: '{noun}', count: 1 } } as const;

/**
 * Rotation periods below 7 minutes are refused now, but configs saved earlier may hold one (down
 * to 30 s, whose keys made one SDK fetch keys 687 times in 5 s). Such a config keeps working on
 * the minimum period: at its first use its keys are replaced once (an SDK refreshes on that 403
 * and carries on), and from then on they live two minimum periods.
 */
describeEachDatabase('SDK configs saved with a period below the minimum', (ctx) => {
  it('rotate on the minimum period from their first use, with new keys once', async () => {
    const a = await orgWithOwner(ctx(), 'short-rotation');
    await unlimitedPlan(ctx(), a.org);
    const created = await a.sdkConfig({ rotation: 'automatic', rotation_period: '1h' });
    const db = ctx().app.database.db;
    // As saved before the rule: 30 s, and two keys of that schedule in force.
    const anchor = new Date(Date.now() - 45_000);
    const [{ id }] = await db
      .update(sdkConfigs)
      .set({ periodSeconds: 30, period: '30s', anchor })
      .where(eq(sdkConfigs.slug, created.slug))
      .returning({ id: sdkConfigs.id });
    await db.delete(sdkKeys).where(eq(sdkKeys.configId, id));
    const legacyJwk = newJwk();
    for (const idx of [1, 2]) {
      await db.insert(sdkKeys).values({
        configId: id,
        idx,
        slug: `key-legacy-${idx}`,
        jwk: idx === 1 ? legacyJwk : newJwk(),
        effectiveFrom: new Date(anchor.getTime() + idx * 30_000),
        effectiveTo: new Date(anchor.getTime() + (idx + 2) * 30_000),
      });
    }
    // Two nodes reading it at once (each with the row as it was): one schedule, the same keys.
    const stale = await findConfigBySlug(db, created.slug);
    if (!stale) throw new Error('config not found');
    const [first, second] = await Promise.all([effectiveKeys(db, stale), effectiveKeys(db, stale)]);
    const slugsOf = (keys: { slug: string }[]) => keys.map((k) => k.slug).sort();
    expect(slugsOf(first)).toEqual(slugsOf(second));
    expect(first.length).toBeGreaterThan(0);
    expect(slugsOf(first).some((s) => s.startsWith('key-legacy'))).toBe(false);

    // Stored and shown as the minimum period.
    const [row] = await db.select().from(sdkConfigs).where(eq(sdkConfigs.id, id));
    expect(row).toMatchObject({ periodSeconds: MIN_ROTATION_SECONDS, period: '7m' });
    const shown = await ctx().request('GET', `/api/v1/orgs/${a.org}/sdk-configs/${created.slug}`, {
      token: a.owner.token,
    });
    expect(shown.body).toMatchObject({ rotation: 'automatic', rotation_period: '7m' });

    // What an SDK sees: its old key is refused with the 403 that makes it refresh; the keys it
    // then fetches live two minimum periods, and sign.
    const refused = await ctx().request(forge.method, forge.path, {
      body: forge.body,
      headers: signedHeaders(legacyJwk, created.slug, forge.method, forge.path),
    });
    expect(refused).toMatchObject({ status: 403, body: { details: { reason: 'no_key_in_force' } } });
    const fetched = await ctx().request('POST', '/api/v1/jwks', { body: { config: created.slug } });
    expect(fetched.status).toBe(200);
    const keys = fetched.body as {
      slug: string;
      jwk: Parameters<typeof signedHeaders>[0];
      effective_from: string;
      effective_to: string;
    }[];
    expect(slugsOf(keys)).toEqual(slugsOf(first));
    for (const key of keys) {
      expect(Date.parse(key.effective_to) - Date.parse(key.effective_from)).toBe(
        2 * MIN_ROTATION_SECONDS * 1000,
      );
    }
    const signed = await ctx().request(forge.method, forge.path, {
      body: forge.body,
      headers: signedHeaders(keys[0].jwk, created.slug, forge.method, forge.path),
    });
    expect(signed.status).toBe(200);
    // Read again (the row the access check holds may be older): no second replacement.
    expect(slugsOf(await effectiveKeys(db, stale))).toEqual(slugsOf(first));
  });
});
