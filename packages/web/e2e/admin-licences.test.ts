/**
 * Licences staff issue by hand, against the real server in Chromium: an admin issues a perpetual
 * 4-node licence on a customer's organisation page (after the form refused a licence with no
 * expiry date), finds it on /admin/licences and revokes it there; the revocation is published and
 * the customer's Licences tab shows the licence revoked, with its token to copy. Each page is
 * checked with axe-core in light and dark. Each test signs in over the API and issues (and
 * revokes) what it starts from itself, so any one runs alone.
 * Needs the built console (npm run build -w @slugsmith/web).
 */
import type { AdminLicence, Licence, RevokedLicences } from '@slugsmith/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { STAFF, signInWithApi, signUpWithApi, staffToken as staffApiToken } from './api-sign-in.js';
import { checkSchemes } from './page-checks.js';
import { apiAs, newPerson } from './real-server.js';
import { realSuite } from './real-suite.js';

const suite = realSuite();

/** Staff signed in on a new page, and their access token. */
async function staffPage(): Promise<{ staff: Page; staffToken: string }> {
  const staff = await suite.newPage();
  return { staff, staffToken: await signInWithApi(staff, suite.server, STAFF) };
}

/** A customer signed in on a new page, owning a new organisation "Rack Room". */
async function customerWithOrg(): Promise<{ customer: Page; customerToken: string; org: string }> {
  const customer = await suite.newPage();
  const customerToken = await signUpWithApi(customer, suite.server, newPerson('licensee'));
  const created = await apiAs<{ slug: string }>(suite.server, customerToken, 'POST', '/orgs', {
    name: 'Rack Room',
  });
  expect(created.status).toBe(201);
  return { customer, customerToken, org: created.body.slug };
}

/** A perpetual 4-node on-premise licence issued by staff over the API. */
async function issueLicence(staffToken: string, org: string): Promise<AdminLicence> {
  const issued = await apiAs<AdminLicence>(suite.server, staffToken, 'POST', `/admin/orgs/${org}/licences`, {
    plan: 'on-premise',
    max_nodes: 4,
    perpetual: true,
  });
  expect(issued.status).toBe(201);
  return issued.body;
}

describe('licences staff issue and revoke', () => {
  it("issues a perpetual licence for 4 nodes on the organisation's admin page", async () => {
    const [{ staff, staffToken }, { org }] = await Promise.all([staffPage(), customerWithOrg()]);
    await staff.goto(`/admin/organizations/${encodeURIComponent(org)}`);
    const panel = staff.getByRole('region', { name: 'Licences' });
    await panel.getByTestId('empty-state').waitFor();
    await panel.getByTestId('licence-issue').click();
    const dialog = staff.getByRole('dialog', { name: 'Issue a licence by hand' });
    await expect.poll(() => dialog.getByTestId('licence-plan').inputValue()).toBe('On-premise');
    await dialog.getByTestId('licence-nodes-input').fill('4');
    // Neither a date nor perpetual: the suite.server's refusal is shown at the date.
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

    const listed = await apiAs<AdminLicence[]>(
      suite.server,
      staffToken,
      'GET',
      `/admin/orgs/${org}/licences`,
    );
    expect(listed.body[0]).toMatchObject({
      max_nodes: 4,
      perpetual: true,
      valid_until: null,
      status: 'active',
    });
  });

  it('lists it on /admin/licences and revokes it there; the revocation is published', async () => {
    const [{ staff, staffToken }, { org }] = await Promise.all([staffPage(), customerWithOrg()]);
    const issued = await issueLicence(staffToken, org);
    await staff.goto(`/admin/organizations/${encodeURIComponent(org)}`);
    await staff
      .getByRole('navigation', { name: 'Administration sections' })
      .getByRole('link', { name: 'Licences' })
      .click();
    await staff.waitForURL((u) => u.pathname === '/admin/licences');
    await expect.poll(() => staff.title()).toBe('Licences - Admin - Slugsmith');
    const row = staff.locator(`[data-testid="licence-row"][data-licence="${issued.id}"]`);
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

    const revoked = await fetch(`${suite.server.url}/api/v1/licences/revoked`);
    expect(((await revoked.json()) as RevokedLicences).ids).toContain(issued.id);
  });

  it("shows the customer the revoked licence in the organisation's Licences tab, with its token to copy", async () => {
    const [staffToken, { customer, customerToken, org }] = await Promise.all([
      staffApiToken(suite.server),
      customerWithOrg(),
    ]);
    const issued = await issueLicence(staffToken, org);
    const revoked = await apiAs(suite.server, staffToken, 'POST', `/admin/licences/${issued.id}/revoke`);
    expect(revoked.status).toBe(200);
    await customer
      .context()
      .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.server.url });
    await customer.goto(`/dashboard/org/${encodeURIComponent(org)}`);
    await customer.getByTestId('tab-licences').click();
    const row = customer.getByTestId('licence-row');
    await expect.poll(() => row.getByTestId('licence-status').getAttribute('data-status')).toBe('revoked');
    expect(await row.getByTestId('licence-nodes').textContent()).toBe('4');
    await checkSchemes(customer, 'organisation licences tab', () => row.waitFor());
    await row.getByRole('button', { name: /^Copy the On-premise licence / }).click();
    const theirs = await apiAs<Licence[]>(suite.server, customerToken, 'GET', `/orgs/${org}/licences`);
    expect(await customer.evaluate(() => navigator.clipboard.readText())).toBe(theirs.body[0]?.token);
  });
});
