import { expect, it } from 'vitest';
import { describeEachDatabase } from './support/app.js';
import { orgWithOwner } from './support/keys.js';
import { unlimitedPlan } from './support/plans.js';

describeEachDatabase('series capacity', (ctx) => {
  it('keeps the exact capacity of a pattern past 80 digits', async () => {
    const a = await orgWithOwner(ctx(), 'big-capacity');
    await unlimitedPlan(ctx(), a.org);
    const { key } = await a.apiKey({});
    // Ninety one-digit numbers: 10^90 slugs, a 91-digit capacity.
    const created = await ctx().app.server.inject({
      method: 'POST',
      url: '/api/v1/gen/series',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'Huge', pattern: '{number:1d}'.repeat(90) }),
    });
    expect(created.statusCode, created.body.slice(0, 300)).toBe(201);
    expect(created.json().capacity).toBe(`1${'0'.repeat(90)}`);
  });
});
