/**
 * The accessibility sweep of the dashboard's dialogs on the real server (issue 33 item 9): each
 * dialog an organisation's owner opens — create organisation, rename, create series, create API
 * key and its secret shown once, delete key, create SDK config, delete organisation, edit, reset
 * and delete a series — passes axe-core with no serious or critical violation in light and dark,
 * at desktop and phone width, and adds no second banner landmark or skipped heading level. The
 * staff's /admin/licences, empty on a new server, skips no heading level either.
 * Needs the built console (npm run build -w @slugsmith/web).
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF, signInWithApi, signUpWithApi } from './api-sign-in.js';
import { launchChromium } from './chromium.js';
import { checkSchemes } from './page-checks.js';
import { apiAs, newContext, newPerson, type RealServer, startRealServer } from './real-server.js';

let server: RealServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let staff: Page;
let org = '';
const SERIES = 'orders';

beforeAll(async () => {
  [server, browser] = await Promise.all([startRealServer(), launchChromium()]);
  context = await newContext(browser, server);
  page = await context.newPage();
  staff = await (await newContext(browser, server)).newPage();
  // Signed in over the API: the sign-in pages are sign-in.test.ts's, not this sweep's.
  const [token, staffToken] = await Promise.all([
    signUpWithApi(page, server, newPerson('dialogs')),
    signInWithApi(staff, server, STAFF),
  ]);
  const created = await apiAs<{ slug: string }>(server, token, 'POST', '/orgs', { name: 'Dialog Works' });
  expect(created.status).toBe(201);
  org = created.body.slug;
  const series = await apiAs(server, token, 'POST', `/orgs/${org}/series`, {
    name: 'Orders',
    pattern: '{adjective}-{noun}-{number:3d}',
  });
  expect(series.status).toBe(201);
  const key = await apiAs(server, token, 'POST', `/orgs/${org}/api-keys`, {
    name: 'Backend',
    scopes: ['forge'],
  });
  expect(key.status).toBe(201);
  // SDK configs need a plan with SDK access: staff subscribe the organisation to Pro.
  const pro = await apiAs(server, staffToken, 'POST', `/admin/orgs/${org}/subscriptions`, {
    plan: 'pro',
  });
  expect(pro.status).toBe(201);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/**
 * Opens the dialog named `name` with `open` (again whenever a size change closed it), checks it in
 * both schemes and sizes, then closes it with Escape.
 */
async function sweep(name: string, dialog: Locator, open: () => Promise<unknown>): Promise<void> {
  await checkSchemes(
    page,
    name,
    async () => {
      if (!(await dialog.isVisible())) await open();
      await dialog.waitFor();
    },
    { phone: true, outline: true },
  );
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

const named = (name: string | RegExp) => page.getByRole('dialog', { name });
const orgPage = (tab: string) => page.goto(`/dashboard/org/${org}?tab=${tab}`);
const seriesPage = (tab: string) => page.goto(`/dashboard/org/${org}/series/${SERIES}?tab=${tab}`);

describe('dashboard dialogs', () => {
  it('create organisation', async () => {
    await page.goto('/dashboard');
    await sweep('create-org', named('New organisation'), () => page.getByTestId('org-create').click());
  });

  it('rename organisation', async () => {
    await orgPage('members');
    await sweep('rename-org', named('Rename organisation'), () => page.getByTestId('org-rename').click());
  });

  it('create series', async () => {
    await orgPage('series');
    await sweep('create-series', named('New series'), () => page.getByTestId('series-create').click());
  });

  it('create API key, its secret shown once, and deleting a key', async () => {
    await orgPage('keys');
    await sweep('create-key', named('New API key'), () => page.getByTestId('key-create').click());
    await page.getByTestId('key-create').click();
    await page.getByTestId('key-name').fill('Reporting');
    await page.getByTestId('key-create-submit').click();
    const secret = page.getByRole('dialog').filter({ has: page.getByTestId('secret-value') });
    await secret.waitFor();
    // Shown once: closing it loses the secret, so this one is checked without reopening.
    await checkSchemes(page, 'key-secret', () => secret.waitFor(), { phone: true, outline: true });
    await page.getByTestId('secret-done').click();
    await secret.waitFor({ state: 'detached' });
    const confirm = page.getByRole('dialog').filter({ has: page.getByTestId('confirm-button') });
    await sweep('delete-key', confirm, () => page.getByTestId('key-delete').first().click());
  });

  it('create SDK config', async () => {
    await orgPage('sdk');
    const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('sdk-name') });
    await sweep('create-sdk-config', dialog, () => page.getByTestId('sdk-create').first().click());
  });

  it('delete organisation', async () => {
    await orgPage('danger');
    const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('confirm-typed') });
    await sweep('delete-org', dialog, () => page.getByTestId('org-delete').click());
  });

  it('edit, reset and delete a series', async () => {
    await seriesPage('overview');
    const edit = page.getByRole('dialog').filter({ has: page.getByTestId('series-edit-name') });
    await sweep('edit-series', edit, () => page.getByTestId('series-edit').click());
    await seriesPage('danger');
    const confirm = page.getByRole('dialog').filter({ has: page.getByTestId('confirm-button') });
    await sweep('reset-series', confirm, () => page.getByTestId('series-reset').click());
    await sweep('delete-series', confirm, () => page.getByTestId('series-delete').click());
  });
});

describe('admin pages', () => {
  it('/admin/licences without licences: its empty state is headed one level below the page', async () => {
    await staff.goto('/admin/licences');
    const empty = staff.getByTestId('empty-state');
    await checkSchemes(staff, 'admin-licences-empty', () => empty.waitFor(), { phone: true, outline: true });
    expect(await empty.getByRole('heading', { level: 2 }).count()).toBe(1);
  });
});
