import { RATE_LIMIT_HEADERS } from '@slugsmith/contract';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase, type TestContext } from './support/app.js';
import { orgWithOwner, signedHeaders } from './support/keys.js';
import { customPlan, unlimitedPlan } from './support/plans.js';

/**
 * What the reference service's own clients (the TypeScript SDK in signed mode, the Python SDK with
 * an API key) read from an answer, checked on this server: the status and header they branch on,
 * and the shape they parse.
 */

const H = RATE_LIMIT_HEADERS;

/** An organisation with an org-wide API key of every scope, and calls made with it. */
async function keyed(ctx: TestContext, name: string) {
  const org = await orgWithOwner(ctx, name);
  const { key } = await org.apiKey({});
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
    ctx.request(method, `/api/v1${path}`, { headers: { 'x-api-key': key }, body });
  return { ...org, key, call };
}

describeEachDatabase('reference client protocol', (ctx) => {
  describe('plan refusals', () => {
    it('answers not-available and request-size-exceeded as 429 with x-slug-rate-limit-reason (and in the body), no retry-after', async () => {
      const a = await keyed(ctx(), 'ref-plan-refusals');
      // Free: no streams, at most 100 slugs per request.
      const stream = await a.call('POST', '/gen/forge/stream', { pattern: '{noun}', count: 5 });
      expect(stream.status).toBe(429);
      expect(stream.headers[H.reason]).toBe('not-available');
      expect(stream.headers[H.retryAfter]).toBeUndefined();
      expect(stream.body).toMatchObject({ code: 429, details: { reason: 'not-available' } });

      const large = await a.call('POST', '/gen/forge', { pattern: '{noun}', count: 101 });
      expect(large.status).toBe(429);
      expect(large.headers[H.reason]).toBe('request-size-exceeded');
      expect(large.body).toMatchObject({
        code: 429,
        message: 'Count is too large (maximum: 100)',
        details: { reason: 'request-size-exceeded', max: 100 },
      });

      // The slice window is checked once the series is read: the same status and header.
      await customPlan(ctx(), a.org, { slice_window_forward: 3 });
      const s = await a.series('Window');
      const far = await a.call('POST', '/gen/slice', { series: s.slug, count: 4 });
      expect(far.status).toBe(429);
      expect(far.headers[H.reason]).toBe('request-size-exceeded');
      expect(far.body.details).toMatchObject({
        reason: 'request-size-exceeded',
        limit: 'slice_window_forward',
      });

      // A pattern beyond the plan is a bad request, not a limit.
      await customPlan(ctx(), a.org, { max_pattern_components: 1 });
      const complex = await a.call('POST', '/gen/forge', { pattern: '{noun}-{noun}', count: 1 });
      expect(complex.status).toBe(400);
      expect(complex.headers[H.reason]).toBeUndefined();
    });
  });

  it('POST /forge/capacity answers the capacity as a JSON string, as pattern-info counts it', async () => {
    const a = await keyed(ctx(), 'ref-capacity');
    const info = await a.call('POST', '/gen/pattern-info', { pattern: '{adjective}-{noun}-{number:3d}' });
    const capacity = await a.call('POST', '/forge/capacity', { pattern: '{adjective}-{noun}-{number:3d}' });
    expect(capacity.status).toBe(200);
    expect(capacity.headers['content-type']).toMatch(/^application\/json/);
    expect(typeof capacity.body).toBe('string');
    expect(capacity.body).toBe(info.body.capacity);
    // What the reference client does with it.
    expect(Number(capacity.body)).toBeGreaterThan(0);
    expect((await a.call('POST', '/forge/capacity', { pattern: '{noun' })).status).toBe(400);
    expect(
      (await ctx().request('POST', '/api/v1/forge/capacity', { body: { pattern: '{noun}' } })).status,
    ).toBe(401);
    const doc = await ctx().request('GET', '/api/openapi.json');
    expect(doc.body.paths['/api/v1/forge/capacity'].post.deprecated).toBe(true);
  });

  it('GET /expand/{code} returns sequence as a number while it is exact, as text beyond 2^53−1', async () => {
    const a = await keyed(ctx(), 'ref-expand');
    const expanded = async (body: Record<string, unknown>) => {
      const short = await a.call('POST', '/shorten', { pattern: '{noun}', ...body });
      expect(short.status).toBe(200);
      return (await ctx().request('GET', `/api/v1/expand/${encodeURIComponent(short.body.slug)}`)).body;
    };
    expect(await expanded({ seed: 's', sequence: 42 })).toEqual({
      pattern: '{noun}',
      seed: 's',
      sequence: 42,
    });
    expect(await expanded({ sequence: '7' })).toEqual({ pattern: '{noun}', sequence: 7 });
    expect((await expanded({ sequence: Number.MAX_SAFE_INTEGER })).sequence).toBe(Number.MAX_SAFE_INTEGER);
    expect((await expanded({ sequence: '9007199254740993' })).sequence).toBe('9007199254740993');
    expect((await expanded({ sequence: '18446744073709551615' })).sequence).toBe('18446744073709551615');
    expect(await expanded({})).toEqual({ pattern: '{noun}' });
  });

  it('an org-wide key that names no series uses the default series: the first, until an admin chooses another', async () => {
    const a = await keyed(ctx(), 'ref-default-series');
    await unlimitedPlan(ctx(), a.org);
    // No series yet: nothing to fall back on.
    const none = await a.call('POST', '/gen/mint', { count: 1 });
    expect(none).toMatchObject({
      status: 404,
      body: {
        code: 404,
        message: 'The organisation has no series yet: create one, then call again',
        details: { reason: 'no_series' },
      },
    });

    const first = await a.series('First');
    const second = await a.series('Second');
    const minted = await a.call('POST', '/gen/mint', { count: 2 });
    expect(minted.status).toBe(200);
    expect(minted.body).toEqual((await a.call('POST', '/gen/slice', { series: first.slug, count: 2 })).body);
    expect((await a.call('POST', '/gen/slice', { count: 2 })).body).toEqual(minted.body);
    expect((await a.call('POST', '/gen/series-info', {})).body).toMatchObject({
      slug: first.slug,
      generated_count: '2',
    });
    expect((await a.call('POST', '/gen/reset', {})).body).toMatchObject({
      series: first.slug,
      generated_count: '0',
    });
    const { body: stream } = await ctx().app.server.inject({
      method: 'POST',
      url: '/api/v1/gen/mint/stream',
      headers: { 'x-api-key': a.key },
      payload: { count: 2 },
    });
    expect(stream.trim().split('\n')).toEqual(minted.body);

    // The console lists which one is the default; members may not change it.
    const base = `/api/v1/orgs/${a.org}`;
    const listed = await ctx().request('GET', `${base}/series`, { token: a.owner.token });
    expect(
      Object.fromEntries(listed.body.map((s: { slug: string; default: boolean }) => [s.slug, s.default])),
    ).toEqual({ [first.slug]: true, [second.slug]: false });
    const member = await ctx().person('ref-default-member');
    await ctx().join(a.org, a.owner, member, 'member');
    const byMember = await ctx().request('PUT', `${base}/default-series`, {
      token: member.token,
      body: { series: second.slug },
    });
    expect(byMember.status).toBe(403);
    const unknown = await ctx().request('PUT', `${base}/default-series`, {
      token: a.owner.token,
      body: { series: 'no-such-series' },
    });
    expect(unknown.status).toBe(404);

    const chosen = await ctx().request('PUT', `${base}/default-series`, {
      token: a.owner.token,
      body: { series: second.slug },
    });
    expect(chosen).toMatchObject({ status: 200, body: { slug: second.slug, default: true } });
    expect(
      (await ctx().request('GET', `${base}/series/${second.slug}`, { token: a.owner.token })).body.default,
    ).toBe(true);
    expect((await a.call('POST', '/gen/series-info', {})).body.slug).toBe(second.slug);
    expect((await a.call('POST', '/gen/mint', { count: 1 })).body).toEqual(
      (await a.call('POST', '/gen/slice', { series: second.slug, count: 1 })).body,
    );

    // The chosen default deleted: the first series is the default again.
    expect(
      (await ctx().request('DELETE', `${base}/series/${second.slug}`, { token: a.owner.token })).status,
    ).toBe(204);
    expect((await a.call('POST', '/gen/series-info', {})).body.slug).toBe(first.slug);
  });

  it('GET /gen/stats/totals is the whole service, for any key: the public console config reads it', async () => {
    const busy = await keyed(ctx(), 'ref-totals-busy');
    await busy.call('POST', '/gen/forge', { pattern: '{noun}', count: 3 });
    await ctx().app.server.stats.aggregate();
    const service = await ctx().app.server.stats.latest({ kind: 'all' });
    expect(service).toContainEqual(expect.objectContaining({ event_type: 'forge', date_part: 'total' }));

    const origin = 'http://127.0.0.1:8080';
    const jwks = await ctx().request('POST', '/api/v1/jwks', {
      body: { config: 'slugsmith-console' },
      headers: { origin },
    });
    expect(jwks.status).toBe(200);
    const path = '/api/v1/gen/stats/totals';
    const signed = await ctx().request('GET', path, {
      headers: { origin, ...signedHeaders(jwks.body[0].jwk, 'slugsmith-console', 'GET', path) },
    });
    expect(signed.status).toBe(200);
    expect(signed.body).toEqual(service);

    // A key without the stats scope, of an organisation that made no calls: the service's rows.
    const quiet = await orgWithOwner(ctx(), 'ref-totals-quiet');
    const { key } = await quiet.apiKey({ scopes: ['forge'] });
    const totals = await ctx().request('GET', path, { headers: { 'x-api-key': key } });
    expect(totals.status).toBe(200);
    expect(totals.body).toEqual(service);
  });
});
