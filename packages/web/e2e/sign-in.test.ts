/**
 * Sign-in against the real server in Chromium (product spec §2.1, §4): the console's /login, the
 * built-in provider's own form, /authn-callback, the agreement dialog and logout to the origin.
 * The form is what this file tests; where a test starts signed in (or signed up) for something
 * else, it signs in over the API (api-sign-in.ts). Each test makes its own account.
 * Needs the built console (npm run build -w @slugsmith/web).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { pageSettled } from '@slugsmith/test-support';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInWithApi, signUpWithApi } from './api-sign-in.js';
import { launchChromium } from './chromium.js';
import {
  accessToken,
  agreementDialog,
  apiAs,
  axeViolations,
  confirmProviderSignOut,
  confirmSignUp,
  newContext,
  newPerson,
  type RealServer,
  signIn,
  signOut,
  startRealServer,
} from './real-server.js';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const shots = fileURLToPath(new URL('./screenshots/', import.meta.url));
mkdirSync(shots, { recursive: true });

let server: RealServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startRealServer(), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Resolves once the console has both answers it decides the agreement dialog on. */
const agreementsChecked = (page: Page) =>
  Promise.all(
    ['/api/v1/accounts/agreements', '/api/v1/agreements/latest'].map((path) =>
      page.waitForEvent('requestfinished', (r) => r.method() === 'GET' && new URL(r.url()).pathname === path),
    ),
  );

const signedInUser = (page: Page) =>
  page.evaluate(() => Object.keys(sessionStorage).some((k) => k.startsWith('oidc.user:')));

describe('sign-in with the built-in provider', () => {
  const contexts: BrowserContext[] = [];
  const newPage = async () => {
    const context = await newContext(browser, server);
    contexts.push(context);
    return context.newPage();
  };
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  it('sends a guarded page to /login with returnTo, signs up and comes back to it', async () => {
    const person = newPerson('round-trip');
    const page = await newPage();
    await page.goto('/dashboard?from=e2e');
    await page.waitForURL((u) => u.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe('/dashboard?from=e2e');
    // The console hands over to the provider's own page.
    await page.waitForURL((u) => u.pathname.startsWith('/oidc/'));
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByRole('heading', { name: 'Create your Slugsmith account' }).waitFor();
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByLabel('Repeat password').fill(person.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await confirmSignUp(page, person);

    await page.waitForURL((u) => u.pathname === '/dashboard');
    // Code and state are gone from the address: the callback replaced its history entry.
    expect(new URL(page.url()).search).toBe('?from=e2e');
    expect(await signedInUser(page)).toBe(true);
  });

  it('shows the agreement dialog to a new account: Accept needs every box, then Accepting...', async () => {
    const page = await newPage();
    // A new account that has accepted nothing yet.
    await signInWithApi(page, server, newPerson('agreeing'), {
      signUp: true,
      acceptAgreements: false,
      returnTo: '/dashboard',
    });
    const dialog = agreementDialog(page);
    await dialog.waitFor();
    expect(await dialog.getByRole('heading', { name: 'Before you start' }).count()).toBe(1);
    const accept = dialog.getByRole('button', { name: 'Accept', exact: true });
    const boxes = await dialog.getByRole('checkbox').all();
    expect(boxes.length).toBeGreaterThan(0);
    for (const box of boxes) {
      expect(await accept.isDisabled()).toBe(true);
      await box.check();
    }
    expect(await accept.isEnabled()).toBe(true);

    // Hold the answer to see the button's waiting state.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/v1/accounts/agreements', async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    });
    await accept.click();
    await dialog.getByRole('button', { name: 'Accepting...' }).waitFor();
    release();
    await dialog.waitFor({ state: 'detached' });
    await page.unroute('**/api/v1/accounts/agreements');

    // Stored on the server: a reload asks nothing, and the account may call organisation routes.
    const checked = agreementsChecked(page);
    await page.reload();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await checked;
    await pageSettled(page);
    expect(await agreementDialog(page).count()).toBe(0);
    const orgs = await apiAs<{ personal: boolean }[]>(server, await accessToken(page), 'GET', '/orgs');
    expect(orgs.status).toBe(200);
    expect(orgs.body.some((o) => o.personal)).toBe(true);
  });

  it('goes straight to returnTo when /login is opened while signed in', async () => {
    const page = await newPage();
    await signUpWithApi(page, server, newPerson('signed-in'));
    await page.goto('/login?returnTo=%2Fplayground%3Fpattern%3D%257Bnoun%257D');
    await page.waitForURL((u) => u.pathname === '/playground');
    expect(new URL(page.url()).searchParams.get('pattern')).toBe('{noun}');
  });

  it('logs out to the origin, and the provider asks for the password again', async () => {
    const person = newPerson('leaving');
    const page = await newPage();
    await signUpWithApi(page, server, person);
    await page.goto('/playground');
    await signOut(page, server.url);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await signedInUser(page)).toBe(false);
    await page.getByRole('link', { name: 'Sign in' }).first().waitFor();

    await page.goto('/dashboard');
    await page.waitForURL((u) => u.pathname.startsWith('/oidc/'));
    await page.getByRole('heading', { name: 'Sign in to Slugsmith' }).waitFor();
    // Signing in again (not up) keeps the accepted agreements.
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password').fill(person.password);
    const checked = agreementsChecked(page);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await checked;
    await pageSettled(page);
    expect(await agreementDialog(page).count()).toBe(0);
  });
});

describe('declining the agreements', () => {
  it('logs the new account out and returns to the origin', async () => {
    const context = await newContext(browser, server);
    const page = await context.newPage();
    const person = newPerson('decline');
    await signIn(page, person, { returnTo: '/playground', signUp: true });
    expect(new URL(page.url()).pathname).toBe('/playground');
    const dialog = agreementDialog(page);
    await confirmProviderSignOut(page, server.url, () =>
      dialog.getByRole('button', { name: 'Decline and sign out' }).click(),
    );
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await signedInUser(page)).toBe(false);
    await page.getByRole('link', { name: 'Sign in' }).first().waitFor();
    expect(await agreementDialog(page).count()).toBe(0);
    await context.close();
  });
});

describe('the playground on your own series', () => {
  it('picks a series, mints 3 slugs, then shows them handed out in the Slice tab', async () => {
    const context = await newContext(browser, server);
    const page = await context.newPage();
    const token = await signUpWithApi(page, server, newPerson('playground-series'));
    const orgs = await apiAs<{ slug: string }[]>(server, token, 'GET', '/orgs');
    const org = orgs.body[0]?.slug as string;
    const created = await apiAs<{ slug: string }>(server, token, 'POST', `/orgs/${org}/series`, {
      name: 'Tickets',
      pattern: '{adjective}-{noun}-{number:3d}',
    });
    expect(created.status).toBe(201);

    await page.goto('/playground');
    await page.getByRole('tab', { name: 'Mint' }).click();
    await page.getByRole('combobox', { name: 'Series' }).click();
    await page.getByRole('option', { name: 'Tickets ({adjective}-{noun}-{number:3d})' }).click();
    await page.getByRole('textbox', { name: 'Count' }).fill('3');
    await page.getByTestId('mint-button').click();
    const results = page.getByTestId('mint-results');
    await results.waitFor();
    const minted = await results.getByRole('listitem').allInnerTexts();
    expect(minted).toHaveLength(3);
    for (const slug of minted) expect(slug.trim()).toMatch(/^[a-z]+-[a-z]+-\d{3}$/);
    // Consumed on the server, and the page shows the moved counter.
    const series = await apiAs<{ generated_count: string }>(
      server,
      token,
      'GET',
      `/orgs/${org}/series/${created.body.slug}`,
    );
    expect(series.body.generated_count).toBe('3');
    await page
      .getByTestId('playground-generated')
      .getByText(/Handed out so far: 3 of /)
      .waitFor();
    expect(await axeViolations(page, axeSource)).toEqual([]);
    await page.screenshot({ path: `${shots}playground-mint-desktop.png`, fullPage: true });

    // The Slice tab keeps the chosen series: positions 0–2 are the minted slugs, handed out.
    await page.getByRole('tab', { name: 'Slice' }).click();
    const table = page.getByTestId('slice-table');
    await table.waitFor();
    const rows = table.locator('tbody tr');
    const sliced = await rows.locator('td:nth-child(2)').allInnerTexts();
    expect(sliced.slice(0, 3).map((s) => s.trim())).toEqual(minted.map((s) => s.trim()));
    for (const i of [0, 1, 2]) expect(await rows.nth(i).getByText('Handed out').count()).toBeGreaterThan(0);
    expect(await rows.nth(3).getByText('Not yet').count()).toBeGreaterThan(0);
    expect(await axeViolations(page, axeSource)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${shots}playground-slice-mobile.png`, fullPage: true });
    await page.getByRole('tab', { name: 'Mint' }).click();
    await page.getByTestId('mint-button').waitFor();
    await page.screenshot({ path: `${shots}playground-mint-mobile.png`, fullPage: true });
    await context.close();
  });

  it('explains Mint and Slice with a sign-in link when signed out', async () => {
    const context = await newContext(browser, server);
    const page = await context.newPage();
    // The navigation trace reaches the real server's analytics route (§2.5), which accepts it.
    const traced = page.waitForResponse((r) => r.url().endsWith('/api/v1/analytics'));
    await page.goto('/playground');
    expect((await traced).status()).toBe(202);
    await page.getByRole('tab', { name: 'Slice' }).click();
    await page.getByText('Slice shows a window of a series').waitFor();
    const link = page.getByRole('link', { name: 'Sign in to use your series' });
    const href = (await link.getAttribute('href')) ?? '';
    expect(new URL(href, server.url).pathname).toBe('/login');
    expect(new URL(href, server.url).searchParams.get('returnTo')).toMatch(/^\/playground(\?|$)/);
    expect(await page.getByTestId('playground-series').count()).toBe(0);
    await context.close();
  });
});

describe('a failed account check', () => {
  it('holds the page back behind a translated notice with a retry until the check succeeds', async () => {
    const context = await newContext(browser, server);
    const page = await context.newPage();
    await signUpWithApi(page, server, newPerson('check-fails'), '/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();

    // The agreement check fails: no dashboard, a notice with a retry instead.
    let failedChecks = 0;
    await page.route('**/api/v1/accounts/agreements', (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      failedChecks += 1;
      return route.fulfill({ status: 503, json: { code: 503, message: 'Service unavailable' } });
    });
    await page.reload();
    const notice = page.getByTestId('account-check-failed');
    await notice.getByText('Failed to check agreements').waitFor();
    await notice.getByText(/this page stays hidden/).waitFor();
    expect(await page.getByRole('heading', { level: 1, name: 'Dashboard' }).count()).toBe(0);
    expect(await page.getByTestId('org-create').count()).toBe(0);

    // Retrying while it still fails keeps the page back; once it answers, the page appears.
    expect(failedChecks).toBe(1);
    await notice.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => failedChecks).toBe(2);
    await notice.getByText('Failed to check agreements').waitFor();
    expect(await page.getByTestId('org-create').count()).toBe(0);
    await page.unroute('**/api/v1/accounts/agreements');
    await notice.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(await page.getByTestId('account-check-failed').count()).toBe(0);

    // The account call failing says so in the same way.
    await page.route('**/api/v1/accounts', (route) =>
      route.request().method() === 'POST' ? route.abort('failed') : route.continue(),
    );
    await page.reload();
    await page.getByTestId('account-check-failed').getByText('Could not load account info').waitFor();
    expect(await page.getByTestId('org-create').count()).toBe(0);
    await context.close();
  });
});

describe('the mobile menu', () => {
  it('lists the plans grouped by type, in display order, with Free and Custom badges', async () => {
    const context = await newContext(browser, server, { width: 390 });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    const saas = drawer.getByTestId('drawer-plans-saas');
    await saas.waitFor();
    expect(await saas.getByText('Cloud (SaaS)', { exact: true }).count()).toBe(1);
    // The seeded plans: Free, Pro, Team, Enterprise (SaaS) and On-premise.
    expect(
      (await saas.getByRole('link').allInnerTexts()).map((s) => s.replace(/\s+/g, ' ').trim().toLowerCase()),
    ).toEqual([
      // Badges are upper-cased by CSS, hence compared in lower case.
      'free free',
      'pro',
      'team',
      'enterprise custom',
    ]);
    const onPremise = drawer.getByTestId('drawer-plans-on_premise');
    expect(await onPremise.getByRole('link').allInnerTexts()).toEqual(['On-premise']);
    await saas.getByRole('link', { name: /^Enterprise/ }).click();
    await page.waitForURL((u) => u.pathname === '/products/enterprise');
    await drawer.waitFor({ state: 'hidden' });
    await context.close();
  });
});
