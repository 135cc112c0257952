import type { AddressInfo } from 'node:net';
import { Slugsmith } from '@slugsmith/sdk';
import { beforeAll, expect, it } from 'vitest';
import { JWKS_PER_MINUTE } from '../src/areas/sdk/jwks-limit.js';
import { newJwk } from '../src/areas/sdk/service.js';
import { describeEachDatabase, type TestContext } from './support/app.js';
import { orgWithOwner, signedHeaders } from './support/keys.js';
import { unlimitedPlan } from './support/plans.js';

const forge = { method: 'POST', path: '/api/v1/gen/forge', body: { pattern: '{noun}', count: 1 } } as const;
const site = 'https://shop.example';

/** An organisation on a plan with SDK access (Free has none), with an owner. */
async function sdkOrg(ctx: TestContext, name: string) {
  const a = await orgWithOwner(ctx, name);
  await unlimitedPlan(ctx, a.org);
  return a;
}

/**
 * How signed requests are refused (the reference SDKs fetch keys again and retry once on 403, and
 * give up on 401): 403 only when the signature matches no key in force, 401 for every refusal new
 * keys cannot fix. Each answer to an allowed origin carries CORS headers, so a page sees it.
 */
describeEachDatabase('signed requests: statuses, origins and CORS', (ctx) => {
  let baseUrl = '';
  beforeAll(async () => {
    await ctx().app.server.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `http://127.0.0.1:${(ctx().app.server.server.address() as AddressInfo).port}`;
  });

  const send = (headers: Record<string, string>, body: unknown = forge.body, path: string = forge.path) =>
    ctx().request(forge.method, path, { body, headers });

  it('answers 403 for a rotated-out or unknown signing key, and a browser SDK carries on', async () => {
    const a = await sdkOrg(ctx(), 'rotated');
    const config = await a.sdkConfig({ allowed_origins: [site] });
    const oldJwk = config.keys[0].jwk;
    const client = await Slugsmith.fromBackend({
      baseUrl,
      sdkConfig: config.slug,
      fetch: browserFetch(site),
    });
    try {
      expect(await client.forge({ pattern: '{noun}' })).toHaveLength(1);
      const rotated = await ctx().request('PATCH', `/api/v1/orgs/${a.org}/sdk-configs/${config.slug}`, {
        token: a.owner.token,
      });
      expect(rotated.status).toBe(200);
      const stale = await send({
        ...signedHeaders(oldJwk, config.slug, forge.method, forge.path),
        origin: site,
      });
      expect(stale).toMatchObject({
        status: 403,
        body: { message: 'Invalid signature', details: { reason: 'no_key_in_force' } },
        headers: { 'access-control-allow-origin': site },
      });
      const stranger = await send({
        ...signedHeaders(newJwk(), config.slug, forge.method, forge.path),
        origin: site,
      });
      expect(stranger.status).toBe(403);
      // The client still holds the old key: one refresh, one retry, for POST and GET alike.
      expect(await client.forge({ pattern: '{noun}' })).toHaveLength(1);
      await ctx().request('PATCH', `/api/v1/orgs/${a.org}/sdk-configs/${config.slug}`, {
        token: a.owner.token,
      });
      expect(Array.isArray(await client.statsTotals())).toBe(true);
    } finally {
      client.close();
    }
  });

  it('answers 401, never 403, to every refusal new keys cannot fix', async () => {
    const a = await sdkOrg(ctx(), 'final');
    const config = await a.sdkConfig({ scopes: ['forge'], allowed_origins: [site] });
    const jwk = config.keys[0].jwk;
    const signed = (method: string, path: string, timestamp?: string) => ({
      ...signedHeaders(jwk, config.slug, method, path, timestamp),
      origin: site,
    });
    const refusals: [string, Awaited<ReturnType<typeof send>>, string][] = [];
    const mint = '/api/v1/gen/mint';
    refusals.push([
      'missing scope',
      await send(signed('POST', mint), { count: 1 }, mint),
      'Insufficient permissions',
    ]);
    refusals.push([
      'origin',
      await send({ ...signed('POST', forge.path), origin: 'https://evil.example' }),
      'Origin not allowed',
    ]);
    const old = new Date(Date.now() - 10 * 60_000).toISOString();
    refusals.push([
      'stale timestamp',
      await send(signed('POST', forge.path, old)),
      'Request timestamp is outside the allowed window',
    ]);
    const once = signed('POST', forge.path);
    expect((await send(once)).status).toBe(200);
    refusals.push(['replay', await send(once), 'Request signature was already used']);
    refusals.push([
      'unknown config',
      await send({ ...signed('POST', forge.path), 'x-sdk-slug': 'no-such-config' }),
      'Invalid SDK config',
    ]);
    for (const [what, answer, message] of refusals) {
      expect(answer, what).toMatchObject({ status: 401, body: { code: 401, message } });
      // The refusal reaches the page: CORS headers on the error answer too.
      expect(answer.headers['access-control-allow-origin'], what).toBeDefined();
    }
    // A plan refusal is no key problem either (Free has no SDK access).
    const free = await orgWithOwner(ctx(), 'free-plan');
    const freeConfig = await free.sdkConfig({ scopes: ['forge'] });
    const refused = await send(signedHeaders(freeConfig.keys[0].jwk, freeConfig.slug, 'POST', forge.path));
    expect(refused.status).not.toBe(403);
    expect(refused.status).toBeGreaterThanOrEqual(400);
  });

  it('requires a matching Origin on /jwks and signed requests when the config lists origins', async () => {
    const a = await sdkOrg(ctx(), 'origins');
    const listed = await a.sdkConfig({ allowed_origins: [site] });
    const jwk = listed.keys[0].jwk;
    const noOrigin = await ctx().request('POST', '/api/v1/jwks', { body: { config: listed.slug } });
    expect(noOrigin).toMatchObject({ status: 403, body: { message: 'Origin not allowed' } });
    const withOrigin = await ctx().request('POST', '/api/v1/jwks', {
      body: { config: listed.slug },
      headers: { origin: `${site}/` },
    });
    expect(withOrigin.status).toBe(200);
    expect(await send(signedHeaders(jwk, listed.slug, 'POST', forge.path))).toMatchObject({
      status: 401,
      body: { message: 'Origin not allowed' },
    });
    expect(
      (await send({ ...signedHeaders(jwk, listed.slug, 'POST', forge.path), origin: site })).status,
    ).toBe(200);
    // A browser sends no Origin on a same-origin GET: its page is on the server's own origin.
    const own = await a.sdkConfig({ allowed_origins: ['http://127.0.0.1:8080'] });
    const info = '/api/v1/gen/dictionary-info';
    const sameOrigin = (host: string) => ({ ...signedHeaders(own.keys[0].jwk, own.slug, 'GET', info), host });
    expect((await ctx().request('GET', info, { headers: sameOrigin('127.0.0.1:8080') })).status).toBe(200);
    expect(await ctx().request('GET', info, { headers: sameOrigin('elsewhere.example') })).toMatchObject({
      status: 401,
      body: { message: 'Origin not allowed' },
    });
    // No list: servers without an Origin are welcome.
    const open = await a.sdkConfig({});
    expect((await ctx().request('POST', '/api/v1/jwks', { body: { config: open.slug } })).status).toBe(200);
    expect((await send(signedHeaders(open.keys[0].jwk, open.slug, 'POST', forge.path))).status).toBe(200);
  });

  it('answers /jwks for an unknown or disabled config with no keys (SDKs: "No valid SDK keys found")', async () => {
    const a = await sdkOrg(ctx(), 'no-keys');
    const config = await a.sdkConfig({});
    const disabled = await ctx().request('PUT', `/api/v1/orgs/${a.org}/sdk-configs/${config.slug}`, {
      token: a.owner.token,
      body: { enabled: false },
    });
    expect(disabled.status).toBe(200);
    for (const slug of [config.slug, 'no-such-config']) {
      // As a page's fetch sends it without a content type: text/plain.
      const answer = await fetch(`${baseUrl}/api/v1/jwks`, {
        method: 'POST',
        body: JSON.stringify({ config: slug }),
        headers: { origin: site },
      });
      expect(answer.status, slug).toBe(200);
      expect(answer.headers.get('access-control-allow-origin')).toBe(site);
      expect(await answer.json(), slug).toEqual([]);
      await expect(Slugsmith.fromBackend({ baseUrl, sdkConfig: slug })).rejects.toThrow(
        'No valid SDK keys found',
      );
    }
  });

  it('limits key fetches per config and caller: a refresh loop gets 429 with a retry-after', async () => {
    const a = await sdkOrg(ctx(), 'jwks-loop');
    const config = await a.sdkConfig({});
    const fetchKeys = (address: string) =>
      ctx().app.server.inject({
        method: 'POST',
        url: '/api/v1/jwks',
        payload: { config: config.slug },
        remoteAddress: address,
        headers: { origin: site },
      });
    for (let i = 0; i < JWKS_PER_MINUTE; i++) expect((await fetchKeys('10.0.0.1')).statusCode).toBe(200);
    const refused = await fetchKeys('10.0.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 429, details: { reason: 'rate-limit-exceeded' } });
    expect(refused.headers['x-slug-rate-limit-reason']).toBe('rate-limit-exceeded');
    expect(Number(refused.headers['x-slug-retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['retry-after']).toBe(refused.headers['x-slug-retry-after']);
    expect(refused.headers['access-control-allow-origin']).toBe(site);
    // Another caller of the same config is not locked out by the first one.
    expect((await fetchKeys('10.0.0.2')).statusCode).toBe(200);
  });

  it('refuses rotation periods whose keys SDKs would refresh over and over', async () => {
    const a = await sdkOrg(ctx(), 'short-period');
    const create = (rotation_period: string) =>
      ctx().request('POST', `/api/v1/orgs/${a.org}/sdk-configs`, {
        token: a.owner.token,
        body: { name: 'web', scopes: ['forge'], rotation: 'automatic', rotation_period },
      });
    for (const short of ['30s', '2m', '6m']) {
      expect(await create(short), short).toMatchObject({
        status: 400,
        body: { message: 'Minimum value is 7m', details: { field: 'rotation_period' } },
      });
    }
    expect(await create('367d')).toMatchObject({ status: 400, body: { message: 'Maximum value is 366d' } });
    expect((await create('7m')).status).toBe(201);
  });

  it('gives every error answer to an allowed origin its CORS headers', async () => {
    const consoleOrigin = 'http://127.0.0.1:8080';
    const answers = {
      'no credentials': await ctx().request('POST', forge.path, {
        body: forge.body,
        headers: { origin: site },
      }),
      'bad API key': await ctx().request('POST', forge.path, {
        body: forge.body,
        headers: { origin: site, 'x-api-key': 'sk_nope' },
      }),
      'bad body': await ctx().request('POST', '/api/v1/jwks', {
        body: { nope: 1 },
        headers: { origin: site },
      }),
      'console: not signed in': await ctx().request('GET', '/api/v1/orgs', {
        headers: { origin: consoleOrigin },
      }),
      'unknown API path': await ctx().request('GET', '/api/v1/no-such-thing', {
        headers: { origin: consoleOrigin },
      }),
      'unknown: malformed path, never routed': await ctx().request('GET', '/api/v1/gen/%zz', {
        headers: { origin: consoleOrigin },
      }),
    };
    for (const [what, answer] of Object.entries(answers)) {
      expect(answer.status, what).toBeGreaterThanOrEqual(400);
      expect(answer.headers['access-control-allow-origin'], what).toBe(
        what.startsWith('console') || what.startsWith('unknown') ? consoleOrigin : site,
      );
      expect(answer.headers.vary, what).toContain('Origin');
    }
    // A page on another site still gets nothing from the console API.
    const foreign = await ctx().request('GET', '/api/v1/orgs', { headers: { origin: site } });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });
});

/** A browser on `origin`: every request carries its Origin header, like fetch in a page. */
function browserFetch(origin: string): typeof fetch {
  return (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('origin', origin);
    return fetch(input, { ...init, headers });
  };
}
