import { freePort } from '@slugsmith/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { closeApp, TestContext, testConfig } from './support/app.js';

/**
 * Sign-in through an external issuer (OIDC_ISSUER): a second Slugsmith instance plays the issuer,
 * so discovery, the remote JWKS and the claims are real HTTP, as with Auth0 or Keycloak.
 */
describe('external OpenID issuer', () => {
  let issuer: TestContext;
  let api: TestContext;

  beforeAll(async () => {
    const port = await freePort();
    const issuerConfig = testConfig('pglite', { PUBLIC_URL: `http://127.0.0.1:${port}` });
    issuer = new TestContext(await buildApp(issuerConfig), issuerConfig);
    await issuer.app.server.listen({ port, host: '127.0.0.1' });
    const apiConfig = testConfig('pglite', {
      OIDC_ISSUER: issuerConfig.auth.issuer,
      OIDC_AUDIENCE: issuerConfig.auth.audience,
    });
    api = new TestContext(await buildApp(apiConfig), apiConfig);
  });

  afterAll(async () => {
    if (api) await closeApp(api.app, api.config);
    if (issuer) await closeApp(issuer.app, issuer.config);
  });

  it('runs without the built-in provider', async () => {
    expect(api.app.builtin).toBeUndefined();
    expect((await api.request('GET', '/oidc/.well-known/openid-configuration')).status).toBe(404);
    const signIn = await api.request('GET', '/api/v1/auth/config');
    expect(signIn.body).toMatchObject({ provider: 'external', issuer: issuer.config.auth.issuer });
  });

  it("accepts the issuer's tokens, found through discovery and its JWKS", async () => {
    const token = await issuer.token({ email: 'ext@example.com', subject: 'auth0|123' });
    const created = await api.request('POST', '/api/v1/accounts', { token });
    expect(created).toMatchObject({ status: 201, body: { email: 'ext@example.com', slug: 'ext' } });
    expect((await api.request('GET', '/api/v1/accounts', { token })).status).toBe(200);
  });

  it('refuses tokens the issuer did not sign or that name another audience', async () => {
    const { generateKeyPair, exportJWK } = await import('jose');
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const forged = await issuer.token({
      email: 'ext@example.com',
      subject: 'auth0|123',
      key: { ...(await exportJWK(privateKey)), kid: 'unknown-kid' },
    });
    expect((await api.request('GET', '/api/v1/accounts', { token: forged })).status).toBe(401);
    const elsewhere = await issuer.token({
      email: 'ext@example.com',
      subject: 'auth0|123',
      audience: 'https://other',
    });
    expect((await api.request('GET', '/api/v1/accounts', { token: elsewhere })).status).toBe(401);
  });
});
