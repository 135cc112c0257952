import { currentBundleId, loadBundle } from '@slugsmith/dictionaries';
import { Generator } from '@slugsmith/generator';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { series } from '../src/db/schema.js';
import { describeEachDatabase } from './support/app.js';
import { orgWithOwner } from './support/keys.js';
import { unlimitedPlan } from './support/plans.js';

/**
 * G5 across a bundle change: a series pins the bundle it was created with. The slugs below were
 * minted by this server while bundle 1.1.0 was current (before 2.x left out negative, sensitive
 * and unfamiliar words); the series keeps minting exactly them, while new series and forge use the
 * current bundle.
 */
const OLD_BUNDLE = '1.1.0-57697a35';
const PATTERN = '{adjective}-{noun}-{number:3d}';
const SEED = 'pinned-across-bundles';
const MINTED_ON_1_1_0 = [
  'rotten-saga-701',
  'plumping-rugby-744',
  'thriving-reversal-534',
  'fluffy-slug-622',
  'responsible-plateau-585',
  'executed-gnarl-373',
  'procedural-switch-874',
  'credulous-heartache-301',
];

describeEachDatabase('a series pinned to its bundle', (ctx) => {
  it('a series created on 1.1.0 mints the same slugs after a 2.x bundle becomes current', async () => {
    const a = await orgWithOwner(ctx(), 'pinned-bundle');
    await unlimitedPlan(ctx(), a.org);
    const created = await a.series('Pinned', PATTERN);
    // What a series created while 1.1.0 was current holds: that bundle, its capacity, a seed.
    const capacity = new Generator(loadBundle(OLD_BUNDLE)).patternInfo(PATTERN).capacity;
    await ctx()
      .app.database.db.update(series)
      .set({ bundleId: OLD_BUNDLE, seed: SEED, capacity })
      .where(eq(series.slug, created.slug));

    const minted = await ctx().request('POST', `/api/v1/orgs/${a.org}/series/${created.slug}/mint`, {
      token: a.owner.token,
      body: { count: MINTED_ON_1_1_0.length },
    });
    expect(minted.status).toBe(200);
    expect(minted.body).toEqual(MINTED_ON_1_1_0);
    const info = await ctx().request('GET', `/api/v1/orgs/${a.org}/series/${created.slug}`, {
      token: a.owner.token,
    });
    expect(info.body.bundle).toBe(OLD_BUNDLE);
    expect(info.body.capacity).toBe(capacity);
  });

  it('new series and forge use the current bundle (2.x)', async () => {
    expect(currentBundleId).toMatch(/^2\.\d+\.\d+-[0-9a-f]{8}$/);
    const a = await orgWithOwner(ctx(), 'pinned-bundle-new');
    await unlimitedPlan(ctx(), a.org);
    const created = await a.series('Fresh', PATTERN);
    const info = await ctx().request('GET', `/api/v1/orgs/${a.org}/series/${created.slug}`, {
      token: a.owner.token,
    });
    expect(info.body.bundle).toBe(currentBundleId);
    expect(created.capacity).toBe(new Generator(loadBundle()).patternInfo(PATTERN).capacity);

    const { key } = await a.apiKey({});
    const forged = await ctx().request('POST', '/api/v1/gen/forge', {
      headers: { 'x-api-key': key },
      body: { pattern: '{adjective}-{noun}', seed: SEED, count: 50 },
    });
    expect(forged.status).toBe(200);
    const current = new Generator(loadBundle()).forge('{adjective}-{noun}', { seed: SEED, count: 50 });
    const old = new Generator(loadBundle(OLD_BUNDLE)).forge('{adjective}-{noun}', { seed: SEED, count: 50 });
    expect(forged.body).toEqual(current);
    expect(forged.body).not.toEqual(old);
  });
});
