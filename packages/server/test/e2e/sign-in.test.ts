import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { freePort, launchChromium } from '@slugsmith/test-support';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { buildApp } from '../../src/app.js';
import type { Config } from '../../src/platform/config.js';
import { closeApp, testConfig } from '../support/app.js';
import { outboxVerificationLink } from '../support/oidc-flow.js';

/**
 * The built-in provider end to end in real Chromium: the authorization-code flow with PKCE as the
 * web console will run it (authorize, sign-up or sign-in page, redirect back with a code, token
 * exchange from the page), then the API with the access token.
 */
describe('built-in sign-in in Chromium', () => {
  let app: App;
  let config: Config;
  let browser: Browser;
  let base: string;
  const email = `e2e-${randomBytes(3).toString('hex')}@example.com`;
  const password = 'correct horse battery';
  const adminPassword = 'admin-password-1';

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    config = testConfig('pglite', { PUBLIC_URL: base, PORT: String(port), ADMIN_PASSWORD: adminPassword });
    app = await buildApp(config);
    await app.server.listen({ port, host: '127.0.0.1' });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    if (app) await closeApp(app, config);
  });

  /** Opens the authorize URL built from /api/v1/auth/config; returns what the token exchange needs. */
  async function startAuthorization(page: Page, extra: Record<string, string> = {}) {
    const signIn = await (await fetch(`${base}/api/v1/auth/config`)).json();
    const verifier = randomBytes(32).toString('base64url');
    const state = randomBytes(8).toString('base64url');
    const url = new URL(`${signIn.issuer}/auth`);
    url.search = new URLSearchParams({
      client_id: signIn.client_id,
      response_type: 'code',
      redirect_uri: `${base}${signIn.redirect_path}`,
      scope: signIn.scope,
      resource: signIn.audience,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      state,
      ...extra,
    }).toString();
    await page.goto(url.toString());
    return { verifier, state };
  }

  /** Waits for the redirect to the console's callback and exchanges the code inside the page. */
  async function completeAuthorization(
    page: Page,
    flow: { verifier: string; state: string },
  ): Promise<string> {
    return (await tokenResponse(page, flow)).access_token;
  }

  async function tokenResponse(page: Page, flow: { verifier: string; state: string }) {
    await page.waitForURL(/\/authn-callback\?/);
    const callback = new URL(page.url());
    expect(callback.searchParams.get('state')).toBe(flow.state);
    const code = callback.searchParams.get('code');
    expect(code).toBeTruthy();
    const auth = config.auth as Extract<Config['auth'], { kind: 'builtin' }>;
    const tokens = await page.evaluate(
      async ({ code, verifier, clientId, redirectUri }) => {
        const response = await fetch('/oidc/token', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code,
            code_verifier: verifier,
            client_id: clientId,
            redirect_uri: redirectUri,
          }),
        });
        return { status: response.status, body: await response.json() };
      },
      {
        code: code as string,
        verifier: flow.verifier,
        clientId: auth.clientId,
        redirectUri: `${base}/authn-callback`,
      },
    );
    expect(tokens.status).toBe(200);
    expect(tokens.body.token_type).toBe('Bearer');
    return tokens.body as { access_token: string; refresh_token?: string };
  }

  /** Calls the API from the page, as the console does. */
  function api(page: Page, token: string, method: string, path: string, body?: unknown) {
    return page.evaluate(
      async ({ token, method, path, body }) => {
        const response = await fetch(`/api/v1${path}`, {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
          body: body ? JSON.stringify(body) : undefined,
        });
        return { status: response.status, body: await response.json() };
      },
      { token, method, path, body },
    );
  }

  it('signs up, accepts the agreements and calls the API', async () => {
    const page = await (await browser.newContext()).newPage();
    const flow = await startAuthorization(page, { screen_hint: 'signup' });
    await expect(
      page.getByRole('heading', { name: 'Create your Slugsmith account' }).textContent(),
    ).resolves.toBeTruthy();

    // A mismatch is refused on the page.
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Repeat password').fill(`${password}!`);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('alert').filter({ hasText: 'Passwords do not match' }).waitFor();

    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Repeat password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    // The answer asks to confirm the address (the same for an address that has an account); the
    // e-mailed link opens in another tab, then the person signs in from the first one.
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    const mailTab = await page.context().newPage();
    await mailTab.goto(await outboxVerificationLink(app.database.db, email));
    await mailTab.getByRole('heading', { name: 'E-mail address verified' }).waitFor();
    await mailTab.close();
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const token = await completeAuthorization(page, flow);

    const created = await api(page, token, 'POST', '/accounts');
    expect(created).toMatchObject({ status: 201, body: { email, permissions: null } });
    expect((await api(page, token, 'GET', '/orgs')).status).toBe(403);

    const latest = await page.evaluate(async () => (await fetch('/api/v1/agreements/latest')).json());
    const accepted = await api(page, token, 'POST', '/accounts/agreements', {
      agreement_versions: latest.map((a: { type: string; version: string }) => ({
        agreement_type: a.type,
        agreement_version: a.version,
      })),
    });
    expect(accepted.status).toBe(200);

    expect(await api(page, token, 'GET', '/accounts')).toMatchObject({ status: 200, body: { email } });
    const orgs = await api(page, token, 'GET', '/orgs');
    expect(orgs).toMatchObject({
      status: 200,
      body: [{ slug: created.body.slug, personal: true, role: 'owner' }],
    });
  });

  it('signs in again with the password, and refuses a wrong one', async () => {
    const page = await (await browser.newContext()).newPage();
    const flow = await startAuthorization(page);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();

    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const token = await completeAuthorization(page, flow);
    expect(await api(page, token, 'GET', '/accounts')).toMatchObject({ status: 200, body: { email } });
    expect((await api(page, token, 'GET', '/orgs')).status).toBe(200);
  });

  it('signs in the seeded admin, whose account carries permissions', async () => {
    const page = await (await browser.newContext()).newPage();
    const flow = await startAuthorization(page);
    await page.getByLabel('Email').fill('admin@slugsmith.local');
    await page.getByLabel('Password').fill(adminPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const token = await completeAuthorization(page, flow);
    const account = await api(page, token, 'POST', '/accounts');
    expect(account).toMatchObject({
      status: 200,
      body: { email: 'admin@slugsmith.local', permissions: { admin: true } },
    });
  });

  it('renews the access token with a refresh token, as the console will silently', async () => {
    const page = await (await browser.newContext()).newPage();
    const flow = await startAuthorization(page, { prompt: 'consent' });
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const tokens = await tokenResponse(page, flow);
    expect(tokens.refresh_token).toBeTruthy();

    const renewed = await page.evaluate(
      async ({ refreshToken, clientId }) => {
        const response = await fetch('/oidc/token', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'refresh_token',
            refresh_token: refreshToken,
            client_id: clientId,
          }),
        });
        return { status: response.status, body: await response.json() };
      },
      {
        refreshToken: tokens.refresh_token as string,
        clientId: (config.auth as { clientId: string }).clientId,
      },
    );
    expect(renewed.status).toBe(200);
    expect(renewed.body.access_token).not.toBe(tokens.access_token);
    expect(await api(page, renewed.body.access_token, 'GET', '/accounts')).toMatchObject({
      status: 200,
      body: { email },
    });
  });

  /** The provider's end-session URL; `hint` is the ID token the console sends with its sign-out. */
  function endSessionUrl(hint?: string) {
    const auth = config.auth as Extract<Config['auth'], { kind: 'builtin' }>;
    const end = new URL(`${auth.issuer}/session/end`);
    end.search = new URLSearchParams({
      ...(hint ? { id_token_hint: hint } : { client_id: auth.clientId }),
      post_logout_redirect_uri: base,
    }).toString();
    return end.toString();
  }

  /** A page signed in through the provider; answers its ID token. */
  async function signedInPage(who = { email, password }) {
    const page = await (await browser.newContext()).newPage();
    const first = await startAuthorization(page);
    await page.getByLabel('Email').fill(who.email);
    await page.getByLabel('Password').fill(who.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const tokens = (await tokenResponse(page, first)) as { id_token?: string };
    expect(tokens.id_token).toBeTruthy();
    return { page, idToken: tokens.id_token as string };
  }

  /** Whether the provider still knows the browser: an authorization goes straight back with a code. */
  async function stillSignedIn(page: Page) {
    const flow = await startAuthorization(page);
    const landed = await Promise.race([
      page
        .waitForURL(/\/authn-callback\?/)
        .then(() => 'callback' as const)
        .catch(() => 'neither' as const),
      page
        .getByRole('heading', { name: 'Sign in to Slugsmith' })
        .waitFor()
        .then(() => 'sign-in' as const)
        .catch(() => 'neither' as const),
    ]);
    if (landed === 'callback') await completeAuthorization(page, flow);
    return landed === 'callback';
  }

  it("signs out in one step with the console's ID token, after which the provider asks for the password", async () => {
    const { page, idToken } = await signedInPage();
    expect(await stillSignedIn(page)).toBe(true);
    await page.goto(endSessionUrl(idToken), { waitUntil: 'commit' });
    await page.waitForURL(`${base}/`);
    expect(await stillSignedIn(page)).toBe(false);
  });

  it("another account's ID token in the link (the attacker's own) does not make sign-out one step", async () => {
    const attacker = await signedInPage({ email: 'admin@slugsmith.local', password: adminPassword });
    const { page } = await signedInPage();
    await page.goto(endSessionUrl(attacker.idToken));
    await page.getByText('Do you want to sign out of Slugsmith?').waitFor();
    expect(await stillSignedIn(page)).toBe(true);
  });

  it('a sign-out link from another site does not end the session; it asks, and a press signs out', async () => {
    const { page } = await signedInPage();
    // Another origin (a server of its own) sends the browser to the sign-out URL by itself.
    const target = endSessionUrl();
    const evil = createServer((_req, res) => {
      res.setHeader('content-type', 'text/html');
      res.end(
        `<!doctype html><title>prize</title><script>location.href = ${JSON.stringify(target)};</script>`,
      );
    });
    await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
    const evilPort = (evil.address() as AddressInfo).port;
    try {
      await page.goto(`http://localhost:${evilPort}/`);
      await page.waitForURL((u) => u.pathname === '/oidc/session/end');
      await page.getByText('Do you want to sign out of Slugsmith?').waitFor();
      const button = page.getByRole('button', { name: 'Sign out' });
      await button.waitFor();
      expect(page.url()).toContain('/oidc/session/end');
    } finally {
      await new Promise((resolve) => evil.close(resolve));
    }
    // Nothing was submitted: the session holds.
    expect(await stillSignedIn(page)).toBe(true);

    // The same page, pressed by the person, signs out.
    await page.goto(target);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${base}/`);
    expect(await stillSignedIn(page)).toBe(false);
  });
});
