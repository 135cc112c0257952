import Fastify from 'fastify';
import { exportJWK, generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import { type AccessRule, accessKind, installAccessControl } from '../src/auth/access.js';
import { describeEachDatabase } from './support/app.js';
import { ALL_API_SCOPES, orgWithOwner, signedHeaders } from './support/keys.js';
import { unlimitedPlan } from './support/plans.js';

/**
 * The route-authorisation harness: walks every route the app registered and proves that each one
 * refuses the callers its rule must refuse. A route whose rule kind this walk does not know fails
 * the test, so a new kind of rule comes with its refusals.
 */
describeEachDatabase('route authorisation', (ctx) => {
  const apiRoutes = () =>
    ctx().app.routes.filter(
      (r) => r.url.startsWith('/api/v1/') && r.method !== 'HEAD' && r.method !== 'OPTIONS',
    );

  function concrete(url: string, org: string, member: string) {
    return url.replace(':org', org).replace(':member', member);
  }

  it('has a rule on every route, including docs, sign-in and CORS preflight routes', () => {
    const missing = ctx().app.routes.filter((r) => r.access === undefined);
    expect(missing).toEqual([]);
    expect(apiRoutes().length).toBeGreaterThanOrEqual(17);
  });

  it('refuses every protected route without a token, with an expired token and with a forged one', async () => {
    const victim = await ctx().person('victim');
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const forgedKey = { ...(await exportJWK(privateKey)), kid: ctx().app.builtin?.signingKeys[0].kid };
    const tokens = {
      expired: await ctx().token({ email: victim.email, expiresInSeconds: -120 }),
      forged: await ctx().token({ email: victim.email, key: forgedKey }),
      wrongAudience: await ctx().token({ email: victim.email, audience: 'https://elsewhere.example/api' }),
      wrongIssuer: await ctx().token({ email: victim.email, issuer: 'https://evil.example/oidc' }),
    };
    let checked = 0;
    for (const route of apiRoutes()) {
      const rule = route.access as AccessRule;
      // Key routes refuse bearer tokens of any kind: proven in 'generation API keys' below.
      if (accessKind(rule) === 'public' || accessKind(rule) === 'key') continue;
      const url = concrete(route.url, victim.slug, victim.slug);
      const method = route.method as 'GET';
      const none = await ctx().request(method, url, { body: {} });
      expect(none, `${route.method} ${route.url} without token`).toMatchObject({
        status: 401,
        body: { code: 401 },
      });
      const expired = await ctx().request(method, url, { token: tokens.expired, body: {} });
      expect(expired, `${route.method} ${route.url} expired`).toMatchObject({
        status: 401,
        body: { message: 'Your session has expired' },
      });
      for (const bad of [tokens.forged, tokens.wrongAudience, tokens.wrongIssuer, 'not.a.jwt']) {
        const r = await ctx().request(method, url, { token: bad, body: {} });
        expect(r, `${route.method} ${route.url} bad token`).toMatchObject({
          status: 401,
          body: { message: 'Authentication failed' },
        });
      }
      checked++;
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('refuses org routes to members of other organisations and to roles below the rule', async () => {
    const [owner, admin, member, stranger] = await Promise.all(
      ['o', 'a', 'm', 's'].map((n) => ctx().person(`h${n}`)),
    );
    const created = await ctx().request('POST', '/api/v1/orgs', {
      token: owner.token,
      body: { name: 'Harness' },
    });
    const org = created.body.slug as string;
    for (const [p, role] of [
      [admin, 'admin'],
      [member, 'member'],
    ] as const) {
      await ctx().request('POST', `/api/v1/orgs/${org}/members`, {
        token: owner.token,
        body: { email: p.email, role },
      });
    }
    const byRole = { member, admin, owner };
    const ranks = ['member', 'admin', 'owner'] as const;
    let checked = 0;
    for (const route of apiRoutes()) {
      const rule = route.access as AccessRule;
      const kind = accessKind(rule);
      if (kind !== 'orgRole') {
        expect(
          ['public', 'token', 'account', 'signed-in', 'admin', 'key'],
          `${route.method} ${route.url}`,
        ).toContain(kind);
        continue;
      }
      const needed = (rule as { orgRole: (typeof ranks)[number] }).orgRole;
      const url = concrete(route.url, org, owner.slug);
      const method = route.method as 'GET';
      // Someone from another organisation learns nothing, not even that it exists.
      const outside = await ctx().request(method, url, { token: stranger.token, body: {} });
      expect(outside, `${route.method} ${route.url} stranger`).toMatchObject({ status: 404 });
      for (const role of ranks.slice(0, ranks.indexOf(needed))) {
        const r = await ctx().request(method, url, { token: byRole[role].token, body: {} });
        expect(r, `${route.method} ${route.url} as ${role}`).toMatchObject({
          status: 403,
          body: { message: 'Insufficient permissions' },
        });
      }
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(8);
  });

  it('refuses admin routes to signed-in people without permissions', async () => {
    const person = await ctx().person('plain');
    let checked = 0;
    for (const route of apiRoutes()) {
      if (accessKind(route.access as AccessRule) !== 'admin') continue;
      const r = await ctx().request(route.method as 'GET', concrete(route.url, person.slug, person.slug), {
        token: person.token,
        body: {},
      });
      expect(r, `${route.method} ${route.url}`).toMatchObject({ status: 403, body: { code: 403 } });
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(1);
  });

  it('refuses signed-in routes to an account that owes agreements and to a token without account', async () => {
    const owing = await ctx().person('owing', { acceptAgreements: false });
    const noAccount = await ctx().token({ email: 'no-account@example.com' });
    for (const route of apiRoutes()) {
      const kind = accessKind(route.access as AccessRule);
      if (kind === 'public' || kind === 'token' || kind === 'key') continue;
      const url = concrete(route.url, owing.slug, owing.slug);
      const method = route.method as 'GET';
      const r = await ctx().request(method, url, { token: noAccount, body: {} });
      expect(r, `${route.method} ${route.url} without account`).toMatchObject({
        status: 404,
        body: { message: 'Account not found' },
      });
      if (kind === 'account') continue;
      const o = await ctx().request(method, url, { token: owing.token, body: {} });
      expect(o, `${route.method} ${route.url} owing agreements`).toMatchObject({
        status: 403,
        body: { message: 'Agreements must be accepted' },
      });
    }
  });
});

/**
 * The generation API's rule `{ key: scope }`: every such route refuses callers without a key,
 * with a bearer token, with an unknown, disabled or expired key, with a key lacking the scope,
 * and signed requests that are stale, replayed, badly signed or from a disallowed origin. Keys
 * never reach another organisation's series, series keys never reach another series, and SDK
 * keys never reset.
 */
describeEachDatabase('generation API keys', (ctx) => {
  const keyRoutes = () =>
    ctx().app.routes.filter(
      (r) =>
        r.url.startsWith('/api/v1/') &&
        r.method !== 'HEAD' &&
        r.access !== undefined &&
        accessKind(r.access) === 'key',
    );
  const scopeOf = (r: { access?: AccessRule }) => (r.access as { key: string }).key;
  const SDK_SCOPES = ['forge', 'mint', 'slice', 'stats', 'any'];
  const concrete = (url: string) => url.replace(':code', 'x');

  it('refuses every key route to callers without a valid key carrying the scope', async () => {
    const a = await orgWithOwner(ctx(), 'keys-a');
    // Generates more than the Free plan allows (streams, SDK keys, large counts).
    await unlimitedPlan(ctx(), a.org);
    const series = await a.series('Orders');
    const disabled = await a.apiKey({ enabled: false });
    const expired = await a.apiKey({ expires_at: new Date(Date.now() - 60_000).toISOString() });
    const mcpOnly = await a.apiKey({ scopes: ['mcp'] });
    // The MCP endpoint itself needs `mcp`: a key with every other scope lacks it.
    const allButMcp = await a.apiKey({ scopes: ALL_API_SCOPES.filter((s) => s !== 'mcp') });
    const config = await a.sdkConfig({ allowed_origins: 'https://good.example\nhttps://other.example' });
    const jwk = config.keys[0].jwk;
    const body = { series: series.slug, count: 1, pattern: '{noun}', name: 'x' };
    let checked = 0;
    for (const route of keyRoutes()) {
      const url = concrete(route.url);
      const method = route.method as 'GET';
      const label = `${route.method} ${route.url}`;
      const none = await ctx().request(method, url, { body });
      expect(none, `${label} without key`).toMatchObject({ status: 401, body: { code: 401 } });
      const bearer = await ctx().request(method, url, { token: a.owner.token, body });
      expect(bearer, `${label} with a bearer token`).toMatchObject({ status: 401 });
      for (const [key, message] of [
        ['sk_not-a-key', 'Invalid API key'],
        [disabled.key, 'Invalid API key'],
        [expired.key, 'API key has expired'],
      ]) {
        const r = await ctx().request(method, url, { body, headers: { 'x-api-key': key } });
        expect(r, `${label} ${message}`).toMatchObject({ status: 401, body: { message } });
      }
      if (scopeOf(route) !== 'any') {
        const wrongScope = scopeOf(route) === 'mcp' ? allButMcp.key : mcpOnly.key;
        const r = await ctx().request(method, url, { body, headers: { 'x-api-key': wrongScope } });
        expect(r, `${label} without scope`).toMatchObject({
          status: 403,
          body: { message: 'Insufficient permissions' },
        });
      }
      const stale = signedHeaders(
        jwk,
        config.slug,
        method,
        url,
        new Date(Date.now() - 6 * 60_000).toISOString(),
      );
      const future = signedHeaders(
        jwk,
        config.slug,
        method,
        url,
        new Date(Date.now() + 6 * 60_000).toISOString(),
      );
      for (const headers of [stale, future]) {
        const r = await ctx().request(method, url, { body, headers });
        expect(r, `${label} stale timestamp`).toMatchObject({
          status: 401,
          body: { message: 'Request timestamp is outside the allowed window' },
        });
      }
      const wrongPath = signedHeaders(jwk, config.slug, method, '/api/v1/elsewhere');
      expect(
        await ctx().request(method, url, { body, headers: wrongPath }),
        `${label} bad signature`,
      ).toMatchObject({
        status: 401,
        body: { message: 'Invalid signature' },
      });
      const evil = { ...signedHeaders(jwk, config.slug, method, url), origin: 'https://evil.example' };
      expect(await ctx().request(method, url, { body, headers: evil }), `${label} origin`).toMatchObject({
        status: 403,
        body: { message: 'Origin not allowed' },
      });
      if (!SDK_SCOPES.includes(scopeOf(route))) {
        const good = { ...signedHeaders(jwk, config.slug, method, url), origin: 'https://good.example' };
        const r = await ctx().request(method, url, { body, headers: good });
        expect(r, `${label} SDK key beyond SDK scopes`).toMatchObject({
          status: 403,
          body: { message: 'Insufficient permissions' },
        });
      }
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(20);
    // None of this touched the series.
    const after = await ctx().request('GET', `/api/v1/orgs/${a.org}/series/${series.slug}`, {
      token: a.owner.token,
    });
    expect(after.body.generated_count).toBe('0');
  });

  it("never lets a key reach another organisation's series, or a series key another series", async () => {
    const a = await orgWithOwner(ctx(), 'keys-victim');
    const b = await orgWithOwner(ctx(), 'keys-intruder');
    const target = await a.series('Target');
    const sibling = await a.series('Sibling');
    const intruder = await b.apiKey({});
    const seriesKey = await a.apiKey({ series: sibling.slug });
    const bConfig = await b.sdkConfig({});
    const routes = keyRoutes().filter((r) =>
      [
        '/gen/mint',
        '/gen/mint/stream',
        '/gen/slice',
        '/gen/slice/stream',
        '/gen/reset',
        '/gen/series-info',
        '/gen/series',
      ].some((p) => r.url === `/api/v1${p}`),
    );
    expect(routes.length).toBeGreaterThanOrEqual(8);
    for (const route of routes) {
      if (route.method === 'GET' || (route.method === 'POST' && route.url === '/api/v1/gen/series')) continue;
      const method = route.method as 'POST';
      const body = { series: target.slug, count: 1, name: 'Renamed', pattern: '{noun}' };
      for (const [who, headers] of [
        ['other org key', { 'x-api-key': intruder.key }],
        ['series key', { 'x-api-key': seriesKey.key }],
        ['other org SDK key', signedHeaders(bConfig.keys[0].jwk, bConfig.slug, method, route.url)],
      ] as const) {
        const r = await ctx().request(method, route.url, { body, headers });
        expect(r, `${route.method} ${route.url} ${who}`).toMatchObject({ status: expect.any(Number) });
        expect([403, 404], `${route.method} ${route.url} ${who}: ${r.status}`).toContain(r.status);
      }
    }
    // The other organisation's listing shows only its own series; a series key sees only its series.
    const listed = await ctx().request('GET', '/api/v1/gen/series', {
      headers: { 'x-api-key': intruder.key },
    });
    expect(listed.body).toEqual({});
    const own = await ctx().request('GET', '/api/v1/gen/series', { headers: { 'x-api-key': seriesKey.key } });
    expect(Object.keys(own.body)).toEqual([sibling.slug]);
    const created = await ctx().request('POST', '/api/v1/gen/series', {
      body: { name: 'New', pattern: '{noun}' },
      headers: { 'x-api-key': seriesKey.key },
    });
    expect(created.status).toBe(403);
    const after = await ctx().request('GET', `/api/v1/orgs/${a.org}/series/${target.slug}`, {
      token: a.owner.token,
    });
    expect(after.body).toMatchObject({ name: 'Target', generated_count: '0', pattern: '{adjective}-{noun}' });
  });

  it('refuses a replayed signed request and a disabled SDK config', async () => {
    const a = await orgWithOwner(ctx(), 'keys-replay');
    // Generates more than the Free plan allows (streams, SDK keys, large counts).
    await unlimitedPlan(ctx(), a.org);
    const config = await a.sdkConfig({});
    const headers = signedHeaders(config.keys[0].jwk, config.slug, 'POST', '/api/v1/gen/forge');
    const body = { pattern: '{noun}', count: 1 };
    expect((await ctx().request('POST', '/api/v1/gen/forge', { body, headers })).status).toBe(200);
    expect(await ctx().request('POST', '/api/v1/gen/forge', { body, headers })).toMatchObject({
      status: 401,
      body: { message: 'Request signature was already used' },
    });
    await ctx().request('PUT', `/api/v1/orgs/${a.org}/sdk-configs/${config.slug}`, {
      token: a.owner.token,
      body: { enabled: false },
    });
    const fresh = signedHeaders(config.keys[0].jwk, config.slug, 'POST', '/api/v1/gen/forge');
    expect((await ctx().request('POST', '/api/v1/gen/forge', { body, headers: fresh })).status).toBe(401);
  });
});

describe('access rules at start-up', () => {
  const lookups = {
    verifier: { verify: async () => ({ issuerKey: 'x', subject: 'y', claims: {} }) },
    findAccount: async () => undefined,
    hasPendingAgreements: async () => false,
    findMembership: async () => undefined,
  };

  it('refuses to start when a route has no access rule', async () => {
    const app = Fastify();
    installAccessControl(app, lookups);
    app.get('/open', { config: { access: 'public' } }, async () => 'ok');
    app.get('/forgotten', async () => 'oops');
    await expect(app.ready()).rejects.toThrow('routes without an access rule: GET /forgotten');
  });

  it('starts when every route has one', async () => {
    const app = Fastify();
    installAccessControl(app, lookups);
    app.get('/open', { config: { access: 'public' } }, async () => 'ok');
    await app.ready();
    expect((await app.inject('/open')).body).toBe('ok');
    await app.close();
  });
});
