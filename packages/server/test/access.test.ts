import { ProviderObjectKind } from '@slugsmith/contract';
import Fastify from 'fastify';
import { exportJWK, generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import { type AccessRule, accessKind, installAccessControl } from '../src/auth/access.js';
import { describeEachDatabase, type TestContext } from './support/app.js';
import { ALL_API_SCOPES, orgWithOwner, signedHeaders } from './support/keys.js';
import { unlimitedPlan } from './support/plans.js';

/**
 * Every route anyone may call without a token or key. Adding one is a decision: list it here.
 * (HEAD twins of GET routes are implied.)
 */
const PUBLIC_ROUTES = [
  'OPTIONS *',
  // The console's pages (their heads rendered here), static files, and what crawlers read.
  'GET /',
  'GET /*',
  'GET /robots.txt',
  'GET /sitemap.xml',
  // OpenAPI document and its UI.
  'GET /api/docs',
  'HEAD /api/docs/',
  'GET /api/docs/json',
  'GET /api/docs/yaml',
  'GET /api/docs/static/*',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
  // The docs UI's own name, mark and colours.
  'GET /api/docs/static/theme/favicon.svg',
  'GET /api/docs/static/theme/slugsmith.css',
  'GET /api/openapi.json',
  // What the console and the landing page read before anyone signs in.
  'GET /api/v1/agreements/latest',
  // Asking for a password reset link (same answer for any address, throttled) and the strength hint.
  'POST /api/v1/account/password-reset',
  'POST /api/v1/account/password-strength',
  'GET /api/v1/auth/config',
  'GET /api/v1/console-config',
  'GET /api/v1/content/:name',
  'GET /api/v1/docs',
  'GET /api/v1/docs/:id',
  'GET /api/v1/docs/tags',
  'GET /api/v1/tags',
  'GET /api/v1/expand/:code',
  'GET /api/v1/generator/dictionary-stats',
  // Service or on-premise install: an install's console shows its licence instead of plans.
  'GET /api/v1/install',
  'GET /api/v1/ping',
  // Liveness and readiness for load balancers and orchestrators (say nothing of any account).
  'GET /healthz',
  'GET /readyz',
  'GET /api/v1/stats/total',
  'GET /api/v1/subscriptions',
  'GET /api/v1/subscriptions/:plan',
  'GET /api/v1/settings',
  'GET /api/v1/supported-languages',
  'POST /api/v1/analytics',
  // The SDK's public keys.
  'POST /api/v1/jwks',
  // What on-premise installs check licences against: the signing keys and the revocations.
  'GET /api/v1/licences/keys',
  'GET /api/v1/licences/revoked',
  // The payment provider's events: the provider proves itself by the webhook signature.
  'POST /api/v1/billing/webhooks/:provider',
  // The local sandbox's hosted pages (checkout, card update): the buyer holds their unguessable
  // ids, as with a payment provider's hosted checkout.
  'GET /api/v1/billing/local/checkout/:transactionId',
  // A provider's payment link (/checkout?_ptxn=): the transaction id, as above.
  'GET /api/v1/billing/checkout/transactions/:transactionId',
  'POST /api/v1/billing/local/checkout/:transactionId',
  'POST /api/v1/billing/local/checkout/:transactionId/confirm',
  'GET /api/v1/billing/local/payment-method/:subscriptionId',
  'POST /api/v1/billing/local/payment-method/:subscriptionId',
  // An invitation link's organisation and inviter, for a visitor who has no account yet: the
  // invitee holds the unguessable link, which reveals nothing else.
  'GET /api/v1/invitations/:token/public',
  // The built-in OpenID provider: its own protocol endpoints and its sign-in pages.
  'DELETE /oidc/*',
  'GET /oidc/*',
  'OPTIONS /oidc/*',
  'PATCH /oidc/*',
  'POST /oidc/*',
  'PUT /oidc/*',
  'QUERY /oidc/*',
  'TRACE /oidc/*',
  'GET /oidc/interaction/:uid',
  'GET /oidc/interaction/:uid/sign-up',
  'POST /oidc/interaction/:uid/sign-in',
  'POST /oidc/interaction/:uid/sign-up',
  'GET /oidc/interaction/:uid/forgot-password',
  'POST /oidc/interaction/:uid/forgot-password',
  // The pages of the e-mailed links (the link's secret is the credential) and the reset request.
  'GET /oidc/forgot-password',
  'POST /oidc/forgot-password',
  'GET /oidc/reset-password',
  'POST /oidc/reset-password',
  'GET /oidc/verify-email',
];

/** The scope each API-key route requires: a route's scope changes only with this table. */
const KEY_ROUTE_SCOPES: Record<string, string> = {
  'POST /api/v1/gen/forge': 'forge',
  'POST /api/v1/gen/forge/stream': 'forge',
  'POST /api/v1/shorten': 'forge',
  'POST /api/v1/gen/mint': 'mint',
  'POST /api/v1/gen/mint/stream': 'mint',
  'POST /api/v1/gen/slice': 'slice',
  'POST /api/v1/gen/slice/stream': 'slice',
  'POST /api/v1/gen/reset': 'reset',
  'POST /api/v1/gen/stats/latest': 'stats',
  'GET /api/v1/gen/series': 'series:read',
  'POST /api/v1/gen/series': 'series:create',
  'PUT /api/v1/gen/series': 'series:update',
  'DELETE /api/v1/gen/series': 'series:delete',
  'GET /api/v1/mcp': 'mcp',
  'POST /api/v1/mcp': 'mcp',
  'DELETE /api/v1/mcp': 'mcp',
  'GET /api/v1/gen/dictionary-info': 'any',
  'GET /api/v1/gen/dictionary-tags': 'any',
  'GET /api/v1/gen/dictionary-tags/:kind': 'any',
  'POST /api/v1/gen/pattern-info': 'any',
  'POST /api/v1/forge/capacity': 'any',
  'GET /api/v1/gen/stats/totals': 'any',
  'POST /api/v1/gen/series-info': 'any',
  'GET /api/v1/limits': 'any',
  'POST /api/v1/key-info': 'any',
};

/** Scopes that also grant another: `series:reset` is an alias of `reset`. */
const GRANTED_ALSO_BY: Record<string, string[]> = { reset: ['series:reset'] };

/**
 * Staff reads that only admins may make. Support staff read the whole staff area (product spec
 * §6), so an entry here is a decision to explain; these are the payment areas' reads, waiting to
 * become `staff` reads.
 */
const ADMIN_ONLY_READS = [
  'GET /api/v1/admin/:provider/events',
  'GET /api/v1/admin/local/clock',
  // The provider's objects carry customers' e-mail addresses and billing details, as events do.
  ...ProviderObjectKind.options.flatMap((kind) => [
    `GET /api/v1/admin/:provider/${kind}`,
    `GET /api/v1/admin/:provider/${kind}/:id`,
  ]),
];

/** A value for each path parameter of staff routes: a staff route with a new one fails here. */
type StaffParams = Record<string, string>;

function concreteStaff(url: string, params: StaffParams): string {
  return url.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    // Users and documents both name their key `:id`: the path says which one it is.
    const key =
      name === 'id'
        ? url.includes('/users/')
          ? 'user'
          : url.includes('/docs/')
            ? 'doc'
            : url.startsWith('/api/v1/admin/:provider/')
              ? 'providerObject'
              : name
        : name;
    const value = params[key];
    if (value === undefined) throw new Error(`no fixture for :${key} in ${url}: add one in staffFixtures`);
    return value;
  });
}

/**
 * An ordinary person, a support person, the admin, and objects for every staff path parameter:
 * `existing` ones (reads answer 200) and `missing` ones (writes reach no object).
 */
async function staffFixtures(ctx: TestContext) {
  const admin = await ctx.admin();
  const plain = await ctx.person('plain');
  const support = await ctx.person('support');
  const found = await ctx.request('GET', `/api/v1/admin/users?q=${encodeURIComponent(support.email)}`, {
    token: admin.token,
  });
  const supportId = found.body.items[0].id as string;
  const granted = await ctx.request('PUT', `/api/v1/admin/users/${supportId}`, {
    token: admin.token,
    body: { staff: 'support' },
  });
  expect(granted.body).toMatchObject({ staff: 'support' });
  const subscriptions = await ctx.request('GET', `/api/v1/admin/orgs/${plain.slug}/subscriptions`, {
    token: admin.token,
  });
  const docs = await ctx.request('GET', '/api/v1/admin/docs?limit=1', { token: admin.token });
  const doc = docs.body.items[0] as { slug: string; translations: { language: string }[] };
  const tag = await ctx.request('POST', '/api/v1/admin/docs/tags', {
    token: admin.token,
    body: { name: 'harness' },
  });
  expect(tag.status).toBe(201);
  const existing: StaffParams = {
    org: plain.slug,
    user: supportId,
    doc: doc.slug,
    lang: doc.translations[0].language,
    tag: 'harness',
    plan: 'pro',
    period: 'monthly',
    // A translation's language, and an agreement version (migration 0001's).
    language: 'de',
    type: 'eula',
    version: '2026-11-01',
    subscription: subscriptions.body[0].id,
    provider: ctx.config.billing.provider,
    // Licences are only written (revoked) by staff routes: admins reach the missing one below.
    licence: '00000000-0000-4000-8000-000000000001',
    // Provider-object reads are admin-only: checked on an id the provider does not hold.
    providerObject: 'sub_no_such_object',
  };
  await ctx.app.mailer.send({ to: plain.email, subject: 's', text: 't', html: 'h', kind: 'harness' });
  const outbox = await ctx.request('GET', '/api/v1/admin/mail?limit=1', { token: admin.token });
  existing.mailId = outbox.body.items[0].id;
  const nowhere = '00000000-0000-4000-8000-000000000000';
  const missing: StaffParams = {
    ...existing,
    org: 'no-such-org',
    user: nowhere,
    doc: 'no-such-doc',
    tag: 'no-such-tag',
    plan: 'no-such-plan',
    version: '1999-01-01',
    subscription: nowhere,
    licence: nowhere,
  };
  return { admin, plain, support, existing, missing };
}

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

  it('marks public exactly the routes listed here: a new public route fails until it is added', () => {
    const routes = ctx().app.routes;
    const gets = new Set(routes.filter((r) => r.method === 'GET').map((r) => r.url));
    const others = new Set(routes.filter((r) => r.method !== 'OPTIONS').map((r) => r.url));
    const publicRoutes = routes
      .filter((r) => accessKind(r.access as AccessRule) === 'public')
      // Fastify adds a HEAD twin to every GET route; it answers what the GET answers.
      .filter((r) => !(r.method === 'HEAD' && gets.has(r.url)))
      // CORS adds an OPTIONS twin to every any-origin route of the API; it answers preflights only.
      .filter((r) => !(r.method === 'OPTIONS' && r.url.startsWith('/api/v1/') && others.has(r.url)))
      .map((r) => `${r.method} ${r.url}`);
    expect([...new Set(publicRoutes)].sort()).toEqual([...PUBLIC_ROUTES].sort());
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
      await ctx().join(org, owner, p, role);
    }
    const byRole = { member, admin, owner };
    const ranks = ['member', 'admin', 'owner'] as const;
    let checked = 0;
    for (const route of apiRoutes()) {
      const rule = route.access as AccessRule;
      const kind = accessKind(rule);
      if (kind !== 'orgRole') {
        expect(
          ['public', 'token', 'account', 'signed-in', 'staff', 'admin', 'key'],
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

  it('keeps every staff route for staff: reads for support and admin, writes for admin only', () => {
    for (const route of apiRoutes()) {
      const kind = accessKind(route.access as AccessRule);
      const read = route.method === 'GET';
      if (route.url.startsWith('/api/v1/admin/')) {
        // Support sees everything and changes nothing.
        const adminOnly = ADMIN_ONLY_READS.includes(`${route.method} ${route.url}`);
        expect(kind, `${route.method} ${route.url}`).toBe(read && !adminOnly ? 'staff' : 'admin');
      }
      if (kind === 'staff') expect(read, `${route.method} ${route.url} is a staff read`).toBe(true);
    }
  });

  it('refuses staff routes to ordinary people, writes to support; lets support read and admin do all', async () => {
    const f = await staffFixtures(ctx());
    const staffRoutes = apiRoutes().filter((r) =>
      ['staff', 'admin'].includes(accessKind(r.access as AccessRule)),
    );
    // Reads first (the writes below may change what they read).
    const ordered = [
      ...staffRoutes.filter((r) => r.method === 'GET'),
      ...staffRoutes.filter((r) => r.method !== 'GET'),
    ];
    let reads = 0;
    let writes = 0;
    for (const route of ordered) {
      const method = route.method as 'GET';
      const name = `${route.method} ${route.url}`;
      const url = concreteStaff(route.url, f.existing);
      const plain = await ctx().request(method, url, { token: f.plain.token, body: {} });
      expect(plain, `${name} as an ordinary person`).toMatchObject({ status: 403, body: { code: 403 } });
      if (accessKind(route.access as AccessRule) === 'staff') {
        for (const [who, token] of [
          ['support', f.support.token],
          ['admin', f.admin.token],
        ]) {
          const r = await ctx().request(method, url, { token });
          expect(r.status, `${name} as ${who}: ${JSON.stringify(r.body)}`).toBe(200);
        }
        reads++;
        continue;
      }
      const bySupport = await ctx().request(method, url, { token: f.support.token, body: {} });
      expect(bySupport, `${name} as support`).toMatchObject({
        status: 403,
        body: { message: 'Insufficient permissions', details: { required_level: 'admin' } },
      });
      // Admins pass the access check: on objects that do not exist the answer is 400 or 404.
      const byAdmin = await ctx().request(method, concreteStaff(route.url, f.missing), {
        token: f.admin.token,
        body: {},
      });
      expect([401, 403], `${name} as admin: ${byAdmin.status}`).not.toContain(byAdmin.status);
      expect(byAdmin.status, `${name} as admin`).toBeLessThan(500);
      writes++;
    }
    expect(reads).toBeGreaterThanOrEqual(12);
    expect(writes).toBeGreaterThanOrEqual(15);
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

  it('requires of every key route the scope pinned for it, and refuses keys with every other scope', async () => {
    const declared = Object.fromEntries(
      keyRoutes()
        .filter((r) => r.method !== 'HEAD')
        .map((r) => [`${r.method} ${r.url}`, scopeOf(r)]),
    );
    expect(declared).toEqual(KEY_ROUTE_SCOPES);
    const a = await orgWithOwner(ctx(), 'keys-scopes');
    await unlimitedPlan(ctx(), a.org);
    const series = await a.series('Scoped');
    const body = { series: series.slug, count: 1, pattern: '{noun}', name: 'x' };
    const only = new Map<string, string>();
    const allBut = new Map<string, string>();
    for (const scope of new Set(Object.values(KEY_ROUTE_SCOPES))) {
      if (scope === 'any') continue;
      const without = [scope, ...(GRANTED_ALSO_BY[scope] ?? [])];
      only.set(scope, (await a.apiKey({ scopes: [scope] })).key);
      allBut.set(scope, (await a.apiKey({ scopes: ALL_API_SCOPES.filter((s) => !without.includes(s)) })).key);
    }
    // Streams answer text: only the status matters here.
    const statusOf = async (method: string, url: string, key: string) =>
      (
        await ctx().app.server.inject({
          method: method as 'POST',
          url: concrete(url),
          headers: { 'x-api-key': key },
          payload: body,
        })
      ).statusCode;
    let checked = 0;
    for (const [route, scope] of Object.entries(KEY_ROUTE_SCOPES)) {
      const [method, url] = route.split(' ') as ['POST', string];
      if (scope === 'any') {
        // Any valid key, even one with a single unrelated scope.
        const status = await statusOf(method, url, only.get('mcp') as string);
        expect([401, 403], `${route} with any key: ${status}`).not.toContain(status);
        continue;
      }
      const refused = await ctx().request(method, concrete(url), {
        body,
        headers: { 'x-api-key': allBut.get(scope) as string },
      });
      expect(refused, `${route} with every scope but ${scope}`).toMatchObject({
        status: 403,
        body: { message: 'Insufficient permissions' },
      });
      // Reset would empty the series that the next rows use: the alias test below resets.
      if (route === 'POST /api/v1/gen/reset' || route === 'DELETE /api/v1/gen/series') continue;
      const allowed = await statusOf(method, url, only.get(scope) as string);
      expect([401, 403], `${route} with only ${scope}: ${allowed}`).not.toContain(allowed);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(12);
  });

  it('refuses a forge-only key on mint and reset; resets with `reset` or its alias `series:reset`', async () => {
    const a = await orgWithOwner(ctx(), 'keys-reset');
    const series = await a.series('Resettable');
    const forgeOnly = await a.apiKey({ scopes: ['forge'] });
    const minting = await a.apiKey({ scopes: ['mint'] });
    const headers = { 'x-api-key': forgeOnly.key };
    const forged = await ctx().request('POST', '/api/v1/gen/forge', { body: { pattern: '{noun}' }, headers });
    expect(forged.status).toBe(200);
    for (const url of ['/api/v1/gen/mint', '/api/v1/gen/mint/stream', '/api/v1/gen/reset']) {
      const r = await ctx().request('POST', url, { body: { series: series.slug, count: 1 }, headers });
      expect(r, `${url} with a forge-only key`).toMatchObject({
        status: 403,
        body: { message: 'Insufficient permissions' },
      });
    }
    const generated = async () =>
      (
        await ctx().request('GET', `/api/v1/orgs/${a.org}/series/${series.slug}`, {
          token: a.owner.token,
        })
      ).body.generated_count;
    expect(await generated()).toBe('0');
    for (const scope of ['series:reset', 'reset']) {
      const minted = await ctx().request('POST', '/api/v1/gen/mint', {
        body: { series: series.slug, count: 3 },
        headers: { 'x-api-key': minting.key },
      });
      expect(minted.status).toBe(200);
      expect(await generated()).toBe('3');
      const resetter = await a.apiKey({ scopes: [scope] });
      const reset = await ctx().request('POST', '/api/v1/gen/reset', {
        body: { series: series.slug },
        headers: { 'x-api-key': resetter.key },
      });
      expect(reset.status, `reset with ${scope}: ${JSON.stringify(reset.body)}`).toBe(200);
      expect(await generated()).toBe('0');
    }
  });

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
      // A signature no key in force verifies: 403, the refusal signing clients refresh keys on.
      const wrongPath = {
        ...signedHeaders(jwk, config.slug, method, '/api/v1/elsewhere'),
        origin: 'https://good.example',
      };
      expect(
        await ctx().request(method, url, { body, headers: wrongPath }),
        `${label} bad signature`,
      ).toMatchObject({
        status: 403,
        body: { message: 'Invalid signature' },
      });
      // Refusals of signed requests that new keys cannot fix: 401.
      const evil = { ...signedHeaders(jwk, config.slug, method, url), origin: 'https://evil.example' };
      expect(await ctx().request(method, url, { body, headers: evil }), `${label} origin`).toMatchObject({
        status: 401,
        body: { message: 'Origin not allowed' },
      });
      if (!SDK_SCOPES.includes(scopeOf(route))) {
        const good = { ...signedHeaders(jwk, config.slug, method, url), origin: 'https://good.example' };
        const r = await ctx().request(method, url, { body, headers: good });
        expect(r, `${label} SDK key beyond SDK scopes`).toMatchObject({
          status: 401,
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
        // 429 not-available: the other organisation's plan refuses the call before any series is read.
        // A signed request lacking the scope is refused with 401 (403 would send it for new keys).
        const refusedBy = r.status === 429 ? r.body.details?.reason : r.status;
        const scopeRefusal = who === 'other org SDK key' ? 401 : 403;
        expect(
          [scopeRefusal, 404, 'not-available'],
          `${route.method} ${route.url} ${who}: ${r.status}`,
        ).toContain(refusedBy);
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
