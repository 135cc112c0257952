/**
 * The on-premise loop against two real servers in Chromium: on the first (the service, local
 * payment sandbox) a customer buys the On-premise plan for 3 nodes, pays on the hosted page and
 * downloads the licence the purchase issued from the organisation's Licences tab; a second server
 * started with LICENSE=<that file> and LICENSE_KEYS=<the first's published keys, saved to a file:
 * the test service is plain http, which LICENSE_KEYS refuses> runs as an on-premise install, and its admin console shows the licence: holder, plan, 1 of 3 nodes in use.
 * A walk: each test goes on from the one before (the licence bought, then its file, then the
 * install), so they run together; sign-in goes over the API (the pages are not what is tested).
 * Needs the built console (npm run build -w @slugsmith/web).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InstallStatus, Licence } from '@slugsmith/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF, signInWithApi, signUpWithApi } from './api-sign-in.js';
import { launchChromium } from './chromium.js';
import { checkSchemes } from './page-checks.js';
import { apiAs, newContext, newPerson, type RealServer, startRealServer } from './real-server.js';

let service: RealServer;
let install: RealServer | undefined;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let dir: string;

beforeAll(async () => {
  [service, browser, dir] = await Promise.all([
    startRealServer({ PAYMENT_PROVIDER: 'local' }),
    launchChromium(),
    mkdtemp(join(tmpdir(), 'slugsmith-licence-e2e-')),
  ]);
  context = await newContext(browser, service);
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([service?.close(), install?.close()]);
  if (dir) await rm(dir, { recursive: true, force: true });
});

const poll = { timeout: 30_000, interval: 500 };

describe('an on-premise licence: bought on the service, installed on a server of its own', () => {
  const person = newPerson('onprem');
  let org = '';
  let token = '';
  let licenceFile = '';

  it('buys the On-premise plan for 3 nodes with the local sandbox', async () => {
    token = await signUpWithApi(page, service, person, '/dashboard');
    await page.getByTestId('org-create').first().click();
    await page.getByTestId('org-name').fill('Onsite Works');
    await page.getByTestId('org-create-submit').click();
    await page.waitForURL((u) => /^\/dashboard\/org\/[^/]+$/.test(u.pathname));
    org = decodeURIComponent(new URL(page.url()).pathname.split('/')[3] ?? '');

    await page.goto(`/checkout?plan=on-premise&period=annual&quantity=3&org=${encodeURIComponent(org)}`);
    await expect.poll(() => page.getByTestId('checkout-quantity').inputValue()).toBe('3');
    await page.getByTestId('checkout-continue').click();
    await page.waitForURL((u) => u.pathname.startsWith('/api/v1/billing/local/checkout/'));
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry date (MM/YY)').fill('12/39');
    await page.getByLabel('Security code (CVC)').fill('123');
    await page.getByLabel('Name on card').fill('Ada Operator');
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL((u) => u.pathname === '/checkout/success');
    // The webhook makes the subscription active and issues the licence.
    await expect
      .poll(async () => (await apiAs<Licence[]>(service, token, 'GET', `/orgs/${org}/licences`)).body, poll)
      .toEqual([expect.objectContaining({ plan_slug: 'on-premise', max_nodes: 3, status: 'active' })]);
  });

  it("downloads the licence from the organisation's Licences tab", async () => {
    await page.goto(`/dashboard/org/${encodeURIComponent(org)}?tab=licences`);
    const row = page.getByTestId('licence-row').first();
    await row.getByTestId('licence-nodes').getByText('3', { exact: true }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByTestId('licence-download').click(),
    ]);
    licenceFile = join(dir, download.suggestedFilename());
    await download.saveAs(licenceFile);
    const [issued] = (await apiAs<Licence[]>(service, token, 'GET', `/orgs/${org}/licences`)).body;
    expect((await readFile(licenceFile, 'utf8')).trim()).toBe(issued?.token);
  });

  it('starts a second server with LICENSE and the first server’s published keys, and shows the licence in its admin console', async () => {
    // What a release step does with the issuer's keys; the development switch reads them from a file.
    const keysFile = join(dir, 'licence-keys.json');
    const published = await fetch(`${service.url}/api/v1/licences/keys`);
    expect(published.status).toBe(200);
    await writeFile(keysFile, await published.text());
    install = await startRealServer({ LICENSE: licenceFile, LICENSE_KEYS: keysFile });
    const staff = await newContext(browser, install);
    try {
      const staffPage = await staff.newPage();
      const staffToken = await signInWithApi(staffPage, install, STAFF, { returnTo: '/admin/install' });
      await staffPage.waitForURL((u) => u.pathname === '/admin/install');
      const card = staffPage.getByTestId('install-licence');
      await card.getByTestId('install-holder').getByText(`Onsite Works (${org})`).waitFor();
      expect(await card.getByTestId('install-plan').textContent()).toBe('On-premise');
      expect(await card.getByTestId('install-nodes').textContent()).toBe('1 of 3 in use');
      expect(await card.getByTestId('install-standing').textContent()).toBe('Valid');
      expect(await staffPage.getByTestId('install-node').count()).toBe(1);
      await staffPage.getByRole('link', { name: 'Installation' }).waitFor();
      await checkSchemes(staffPage, 'install page', () => card.waitFor());

      // The API behind the page: this node holds one of the three slots and serves.
      const status = await apiAs<InstallStatus>(install, staffToken, 'GET', '/admin/install');
      expect(status.body).toMatchObject({ mode: 'on_premise', serving: true, nodes_in_use: 1 });
    } finally {
      await staff.close();
    }
  });
});
