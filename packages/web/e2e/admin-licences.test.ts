/**
 * Licences staff issue by hand, against the real server in Chromium: an admin issues a perpetual
 * 4-node licence on a customer's organisation page (after the form refused a licence with no
 * expiry date), finds it on /admin/licences and revokes it there; the revocation is published and
 * the customer's Licences tab shows the licence revoked, with its token to copy. Each page is
 * checked with axe-core in light and dark.
 * Needs the built console (npm run build -w @slugsmith/web).
 */
import type { AdminLicence, Licence, RevokedLicences } from '@slugsmith/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './chromium.js';
import { checkSchemes } from './page-checks.js';
import {
  ADMIN_PASSWORD,
  acceptAgreements,
  accessToken,
  apiAs,
  newContext,
  newPerson,
  type RealServer,
  signIn,
  signUpAndAccept,
  startRealServer,
} from './real-server.js';

let server: RealServer;
let browser: Browser;
let staffContext: BrowserContext;
let staff: Page;
let customerContext: BrowserContext;
let customer: Page;
let customerToken = '';
let org = '';

beforeAll(async () => {
  [server, browser] = await Promise.all([startRealServer(), launchChromium()]);
  staffContext = await newContext(browser, server);
  staff = await staffContext.newPage();
  customerContext = await newContext(browser, server);
  customer = await customerContext.newPage();
  await Promise.all([
    (async () => {
      await signIn(
        staff,
        { email: 'admin@slugsmith.local', password: ADMIN_PASSWORD },
        { returnTo: '/admin' },
      );
      await acceptAgreements(staff);
    })(),
    signUpAndAccept(customer, newPerson('licensee'), '/dashboard'),
  ]);
  customerToken = await accessToken(customer);
  const created = await apiAs<{ slug: string }>(server, customerToken, 'POST', '/orgs', {
    name: 'Rack Room',
  });
  expect(created.status).toBe(201);
  org = created.body.slug;
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('licences staff issue and revoke', () => {
  let issued: AdminLicence | undefined;

  it("issues a perpetual licence for 4 nodes on the organisation's admin page", async () => {
    await staff.goto(`/admin/organizations/${encodeURIComponent(org)}`);
    const panel = staff.getByRole('region', { name: 'Licences' });
    await panel.getByTestId('empty-state').waitFor();
    await panel.getByTestId('licence-issue').click();
    const dialog = staff.getByRole('dialog', { name: 'Issue a licence by hand' });
    await expect.poll(() => dialog.getByTestId('licence-plan').inputValue()).toBe('On-premise');
    await dialog.getByTestId('licence-nodes-input').fill('4');
    // Neither a date nor perpetual: the server's refusal is shown at the date.
    await dialog.getByTestId('licence-issue-submit').click();
    await dialog.getByText('Choose an expiry date, or make the licence perpetual.').waitFor();
    await dialog.getByTestId('licence-perpetual').check();
    await dialog.getByTestId('licence-issue-submit').click();
    await dialog.waitFor({ state: 'detached' });

    const row = panel.getByTestId('licence-row');
    await row.getByTestId('licence-nodes').getByText('4', { exact: true }).waitFor();
    expect(await row.getByTestId('licence-status').getAttribute('data-status')).toBe('active');
    await row.getByText('Perpetual').waitFor();
    await row.getByText('admin@slugsmith.local').waitFor();
    await checkSchemes(staff, 'admin organisation with a licence', () => row.waitFor());

    const token = await accessToken(staff);
    const listed = await apiAs<AdminLicence[]>(server, token, 'GET', `/admin/orgs/${org}/licences`);
    issued = listed.body[0];
    expect(issued).toMatchObject({ max_nodes: 4, perpetual: true, valid_until: null, status: 'active' });
  });

  it('lists it on /admin/licences and revokes it there; the revocation is published', async () => {
    await staff
      .getByRole('navigation', { name: 'Administration sections' })
      .getByRole('link', { name: 'Licences' })
      .click();
    await staff.waitForURL((u) => u.pathname === '/admin/licences');
    await expect.poll(() => staff.title()).toBe('Licences - Admin - Slugsmith');
    const row = staff.locator(`[data-testid="licence-row"][data-licence="${issued?.id}"]`);
    await row.getByRole('link', { name: 'Rack Room' }).waitFor();
    await checkSchemes(staff, 'admin licences', () => row.waitFor());

    await row.getByTestId('licence-revoke').click();
    const confirm = staff.getByTestId('confirm-dialog');
    await confirm
      .getByText('Installs that can reach this service refuse it from now on.', { exact: false })
      .waitFor();
    await confirm.getByTestId('confirm-button').click();
    await expect.poll(() => row.getByTestId('licence-status').getAttribute('data-status')).toBe('revoked');
    expect(await row.getByTestId('licence-revoke').count()).toBe(0);

    const revoked = await fetch(`${server.url}/api/v1/licences/revoked`);
    expect(((await revoked.json()) as RevokedLicences).ids).toContain(issued?.id);
  });

  it("shows the customer the revoked licence in the organisation's Licences tab, with its token to copy", async () => {
    await customerContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await customer.goto(`/dashboard/org/${encodeURIComponent(org)}`);
    await customer.getByTestId('tab-licences').click();
    const row = customer.getByTestId('licence-row');
    await expect.poll(() => row.getByTestId('licence-status').getAttribute('data-status')).toBe('revoked');
    expect(await row.getByTestId('licence-nodes').textContent()).toBe('4');
    await checkSchemes(customer, 'organisation licences tab', () => row.waitFor());
    await row.getByRole('button', { name: /^Copy the On-premise licence / }).click();
    const theirs = await apiAs<Licence[]>(server, customerToken, 'GET', `/orgs/${org}/licences`);
    expect(await customer.evaluate(() => navigator.clipboard.readText())).toBe(theirs.body[0]?.token);
  });
});
