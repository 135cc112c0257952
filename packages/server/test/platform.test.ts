import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { closeApp, describeEachDatabase, testConfig } from './support/app.js';
import { orgWithOwner } from './support/keys.js';

describeEachDatabase('platform', (ctx) => {
  it('tells browsers how to sign in with the built-in provider', async () => {
    const r = await ctx().request('GET', '/api/v1/auth/config');
    expect(r.body).toEqual({
      issuer: 'http://127.0.0.1:8080/oidc',
      client_id: 'slugsmith-console',
      audience: 'http://127.0.0.1:8080/api',
      scope: 'openid email offline_access api',
      redirect_path: '/authn-callback',
      provider: 'builtin',
    });
  });

  it('answers unknown paths with the error body of product spec §8', async () => {
    const r = await ctx().request('GET', '/api/v1/no-such-thing');
    expect(r).toMatchObject({ status: 404, body: { code: 404, message: 'Resource not found' } });
  });

  it('answers malformed input with 4xx and never a stack trace', async () => {
    const p = await ctx().person('bad');
    const server = ctx().app.server;
    const headers = { authorization: `Bearer ${p.token}` };
    const badJson = await server.inject({
      method: 'POST',
      url: '/api/v1/orgs',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toMatchObject({ code: 400, message: 'Invalid format' });
    expect(badJson.body).not.toMatch(/at .*\.(js|ts):\d+/);

    const wrongType = await server.inject({
      method: 'POST',
      url: '/api/v1/orgs',
      headers: { ...headers, 'content-type': 'text/xml' },
      payload: '<org/>',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json()).toMatchObject({ code: 415 });

    const tooBig = await server.inject({
      method: 'POST',
      url: '/api/v1/orgs',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(tooBig.statusCode).toBe(413);

    const badEncoding = await server.inject({ method: 'GET', url: '/api/v1/orgs/%E0%A4%A', headers });
    expect(badEncoding.statusCode).toBeGreaterThanOrEqual(400);
    expect(badEncoding.statusCode).toBeLessThan(500);
    expect(badEncoding.json()).toMatchObject({ code: badEncoding.statusCode });

    const invalid = await ctx().request('POST', '/api/v1/orgs', {
      token: p.token,
      body: { name: 42, extra: true },
    });
    expect(invalid).toMatchObject({ status: 400, body: { code: 400, message: 'Invalid format' } });
    expect(invalid.body.details.issues.length).toBeGreaterThan(0);
  });

  it('sets security headers and echoes or creates a request id', async () => {
    const given = await ctx().request('GET', '/api/v1/ping', { headers: { 'x-request-id': 'abc-123' } });
    expect(given.headers['x-request-id']).toBe('abc-123');
    expect(given.headers['x-content-type-options']).toBe('nosniff');
    expect(given.headers['content-security-policy']).toContain("default-src 'self'");
    const odd = await ctx().request('GET', '/api/v1/ping', {
      headers: { 'x-request-id': 'bad id\twith spaces' },
    });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers generation calls without the page security headers, nosniff kept', async () => {
    const a = await orgWithOwner(ctx(), 'headers-org');
    const key = await a.apiKey({ name: 'headers', scopes: ['forge'] });
    const forged = await ctx().request('POST', '/api/v1/gen/forge', {
      body: { pattern: '{noun}' },
      headers: { 'x-api-key': key.key },
    });
    expect(forged.status).toBe(200);
    expect(forged.headers['x-content-type-options']).toBe('nosniff');
    expect(forged.headers['content-security-policy']).toBeUndefined();
    expect(forged.headers['x-frame-options']).toBeUndefined();
    // Refusals of the same routes too.
    const refused = await ctx().request('POST', '/api/v1/gen/forge', { body: { pattern: '{noun}' } });
    expect(refused.status).toBe(401);
    expect(refused.headers['content-security-policy']).toBeUndefined();
  });

  it('answers CORS preflights for the configured origin only', async () => {
    const server = ctx().app.server;
    const preflight = (origin: string) =>
      server.inject({
        method: 'OPTIONS',
        url: '/api/v1/orgs',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization',
        },
      });
    const allowed = await preflight('http://127.0.0.1:8080');
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe('http://127.0.0.1:8080');
    const other = await preflight('https://evil.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('lets a page on any site see the 404 of a path no route serves, preflight included', async () => {
    const server = ctx().app.server;
    const site = 'https://shop.example';
    const preflight = await server.inject({
      method: 'OPTIONS',
      url: '/api/v1/gen/froge',
      headers: {
        origin: site,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-api-key',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(site);
    const missing = await server.inject({
      method: 'POST',
      url: '/api/v1/gen/froge',
      headers: { origin: site },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['access-control-allow-origin']).toBe(site);
    // A route that exists but serves the console only stays closed to other sites.
    const consoleOnly = await server.inject({
      method: 'OPTIONS',
      url: '/api/v1/orgs/acme',
      headers: { origin: site, 'access-control-request-method': 'DELETE' },
    });
    expect(consoleOnly.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('publishes an OpenAPI 3.1 document generated from the contract', async () => {
    const r = await ctx().request('GET', '/api/openapi.json');
    expect(r.status).toBe(200);
    expect(r.body.openapi).toBe('3.1.0');
    for (const path of [
      '/api/v1/ping',
      '/api/v1/accounts',
      '/api/v1/orgs/{org}/members/{member}',
      '/api/v1/agreements/latest',
    ]) {
      expect(Object.keys(r.body.paths)).toContain(path);
    }
    expect(r.body.paths['/api/v1/orgs'].post.security).toEqual([{ bearer: [] }]);
    // Public: explicitly no credentials.
    expect(r.body.paths['/api/v1/ping'].get.security).toEqual([]);
    expect(JSON.stringify(r.body.components.schemas)).toContain('"Organisation"');
    expect(Object.keys(r.body.paths).some((p) => p.startsWith('/oidc') || p.startsWith('/api/docs'))).toBe(
      false,
    );
  });

  it('serves the docs UI from the package itself', async () => {
    const server = ctx().app.server;
    const page = await server.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui');
    // Every script and stylesheet comes from this server.
    const external = [...page.body.matchAll(/(?:src|href)="(https?:)?\/\/[^"]+"/g)].map((m) => m[0]);
    expect(external).toEqual([]);
    const bundle = await server.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(bundle.statusCode).toBe(200);
    // The product's own name, mark and colours.
    expect(page.body).toContain('<title>Slugsmith API reference</title>');
    for (const file of ['favicon.svg', 'slugsmith.css']) {
      const themed = await server.inject({ method: 'GET', url: `/api/docs/static/theme/${file}` });
      expect(themed.statusCode, file).toBe(200);
    }
    // Swagger UI writes style elements as it runs: allowed on this page, inline scripts never.
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/style-src 'self' 'unsafe-inline'/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });
});

describe('transport security headers follow PUBLIC_URL', () => {
  it('asks browsers for https (HSTS, upgrade-insecure-requests) only when the public URL is https', async () => {
    for (const [url, https] of [
      ['http://192.0.2.2:8080', false],
      ['https://ids.example.test', true],
    ] as const) {
      const config = testConfig('pglite', { PUBLIC_URL: url });
      const app = await buildApp(config);
      try {
        const answer = await app.server.inject({ method: 'GET', url: '/api/v1/ping' });
        expect(answer.headers['strict-transport-security'] !== undefined, url).toBe(https);
        expect(
          String(answer.headers['content-security-policy']).includes('upgrade-insecure-requests'),
          url,
        ).toBe(https);
      } finally {
        await closeApp(app, config);
      }
    }
  });

  it('lets the console load Paddle.js and its checkout frame only when Paddle takes payments', async () => {
    const paddle = {
      PAYMENT_PROVIDER: 'paddle',
      PADDLE_API_KEY: 'test-key',
      PADDLE_WEBHOOK_SECRET: 'test-secret',
      PADDLE_CLIENT_TOKEN: 'test_token',
    };
    for (const [env, expected] of [
      [{}, false],
      [paddle, true],
    ] as const) {
      const config = testConfig('pglite', env);
      const app = await buildApp(config);
      try {
        const policy = String(
          (await app.server.inject({ method: 'GET', url: '/api/v1/ping' })).headers[
            'content-security-policy'
          ],
        );
        expect(policy.includes("script-src 'self' https://cdn.paddle.com"), policy).toBe(expected);
        expect(policy.includes('frame-src'), policy).toBe(expected);
      } finally {
        await closeApp(app, config);
      }
    }
  });
});
