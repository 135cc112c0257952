import Fastify from 'fastify';
import { exportJWK, generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import { type AccessRule, accessKind, installAccessControl } from '../src/auth/access.js';
import { describeEachDatabase } from './support/app.js';

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
      if (accessKind(rule) === 'public') continue;
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
          ['public', 'token', 'account', 'signed-in', 'admin'],
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
      if (kind === 'public' || kind === 'token') continue;
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
