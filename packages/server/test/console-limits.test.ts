import { RATE_LIMIT_HEADERS } from '@slugsmith/contract';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { describeEachDatabase } from './support/app.js';
import { orgWithOwner } from './support/keys.js';
import { customPlan } from './support/plans.js';

/**
 * The console's mint and slice (`/orgs/{org}/series/{series}/mint|slice`) are held to the plan as
 * `/gen/mint` and `/gen/slice` are: per-request maximums, daily quotas shared with the API, the
 * slice window and the feature switches — but not the API access switches, which concern keys.
 */
describeEachDatabase('plan limits of console mint and slice', (ctx) => {
  // Daily quotas start at 00:00 UTC: each test runs at one frozen instant, so that a run across
  // midnight cannot split its counts between two days.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const limited = {
    max_mint_per_request: 100,
    max_mint_per_day: 1000,
    max_slice_per_request: 100,
    max_slice_per_day: 1000,
    slice_window_back: 1000,
    slice_window_forward: 1000,
  };

  async function setUp(changes: Record<string, unknown> = {}) {
    const a = await orgWithOwner(ctx(), 'console-limits');
    await customPlan(ctx(), a.org, { ...limited, ...changes });
    const series = await a.series('Limited');
    const path = `/api/v1/orgs/${a.org}/series/${series.slug}`;
    const call = (what: 'mint' | 'slice', body: Record<string, unknown>) =>
      ctx().request('POST', `${path}/${what}`, { token: a.owner.token, body });
    return { a, series, call };
  }

  it('refuses a mint above the per-request maximum and past the daily quota the API shares', async () => {
    const { a, series, call } = await setUp();
    const huge = await call('mint', { count: 50_000 });
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
    expect(huge.body).toMatchObject({ message: 'Count is too large (maximum: 100)' });
    expect(huge.headers[RATE_LIMIT_HEADERS.reason]).toBe('request-size-exceeded');

    for (let i = 0; i < 9; i++) {
      const minted = await call('mint', { count: 100 });
      expect(minted.status).toBe(200);
      expect(minted.body).toHaveLength(100);
    }
    const { key } = await a.apiKey({});
    const api = await ctx().request('POST', '/api/v1/gen/mint', {
      headers: { 'x-api-key': key },
      body: { series: series.slug, count: 100 },
    });
    expect(api.status).toBe(200);
    const over = await call('mint', { count: 1 });
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({
      message: 'Usage quota exceeded',
      details: { reason: 'daily-limit-exceeded' },
    });
    expect(over.headers[RATE_LIMIT_HEADERS.reason]).toBe('daily-limit-exceeded');
    // Nothing was consumed by the refused calls.
    const info = await ctx().request('GET', `/api/v1/orgs/${a.org}/series/${series.slug}`, {
      token: a.owner.token,
    });
    expect(info.body.generated_count).toBe('1000');
  });

  it('refuses a slice beyond the window ahead of the series position, and above the maximum', async () => {
    const { call } = await setUp();
    const ahead = await call('slice', { sequence: 10_000, count: 10 });
    expect(ahead.status).toBeGreaterThanOrEqual(400);
    expect(ahead.status).toBeLessThan(500);
    expect(ahead.body.message).toBe(
      'The slice ends too far ahead of the series position (at most 1000 positions forward)',
    );
    expect(ahead.headers[RATE_LIMIT_HEADERS.reason]).toBe('request-size-exceeded');
    expect((await call('slice', { sequence: 990, count: 10 })).status).toBe(200);
    expect((await call('slice', { sequence: 0, count: 101 })).body).toMatchObject({
      details: { reason: 'request-size-exceeded', max: 100 },
    });
  });

  it('follows the operation switches, not the API access switch', async () => {
    const off = await setUp({ mint_enabled: false });
    const mint = await off.call('mint', { count: 1 });
    expect(mint.body).toMatchObject({ details: { reason: 'not-available', feature: 'mint_enabled' } });

    // A plan without API access still has a console: its mint and slice work.
    const noApi = await setUp({ api_access: false });
    expect((await noApi.call('mint', { count: 3 })).status).toBe(200);
    expect((await noApi.call('slice', { sequence: 0, count: 3 })).status).toBe(200);
  });
});
