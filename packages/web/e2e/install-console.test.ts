/**
 * An on-premise install's console in Chromium, on the real server started with LICENSE (a licence
 * signed by the tests' own issuer, trusted with LICENSE_KEYS): /products, a plan's page, /checkout and
 * the organisation's subscription tab show the licence (holder, plan, nodes, expiry, days left) and
 * contain no way to a payment page; once the licence has run out they say so and how to renew.
 * Needs the built console (npm run build -w @slugsmith/web).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signRevocationList } from '../../server/src/areas/licences/revocation-list.js';
import { licenceKit } from '../../server/test/support/install.js';
import { LogLines } from '../../server/test/support/log-lines.js';
import { STAFF, signInWithApi } from './api-sign-in.js';
import { launchChromium } from './chromium.js';
import { checkSchemes } from './page-checks.js';
import { apiAs, newContext, type RealServer, startRealServer } from './real-server.js';

type Kit = Awaited<ReturnType<typeof licenceKit>>;

const LICENCE_FILE = 'acme.licence';
const DAYS_LEFT = 100;

let kit: Kit;
/** The install's licence id (a revocation list names it). */
let licenceId: string;
let install: RealServer;
/** The install's log: a renewal is waited for on its line. */
const logs = new LogLines();
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  kit = await licenceKit();
  const claims = kit.claims({ max_nodes: 3, exp: kit.now + DAYS_LEFT * kit.day - 60 });
  licenceId = claims.jti;
  const licence = await kit.write(LICENCE_FILE, claims);
  [install, browser] = await Promise.all([
    startRealServer(
      { LICENSE: licence, LICENSE_KEYS: kit.keysFile, LICENSE_HEARTBEAT_SECONDS: '0.2', LOG_LEVEL: 'info' },
      { logStream: logs.stream },
    ),
    launchChromium(),
  ]);
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await install?.close();
  await kit?.cleanup();
});

async function newPage(): Promise<Page> {
  const context = await newContext(browser, install);
  contexts.push(context);
  return context.newPage();
}

/**
 * The install's staff account (seeded at the first start; it runs the install's organisations)
 * signed in on a new page, with an organisation of its own made over the API.
 */
async function staffWithOrg(): Promise<{ page: Page; org: string }> {
  const page = await newPage();
  const token = await signInWithApi(page, install, STAFF);
  const created = await apiAs<{ slug: string }>(install, token, 'POST', '/orgs', { name: 'Onsite Works' });
  expect(created.status).toBe(201);
  return { page, org: created.body.slug };
}

/** Links and forms of the page that lead to a checkout or a provider's payment page. */
const paymentWays = (page: Page) =>
  page.locator('a[href*="checkout"], a[href*="/billing/"], form[action*="checkout"]').count();

/** Waits for the licence card and checks what it says of the install's licence. */
async function expectLicence(page: Page) {
  const card = page.getByTestId('install-licence');
  await card.waitFor();
  expect(await card.getByTestId('install-holder').textContent()).toBe('Acme Ltd');
  expect(await card.getByTestId('install-plan').textContent()).toBe('On-premise (test)');
  expect(await card.getByTestId('install-nodes').textContent()).toBe('3');
  expect(await card.getByTestId('install-days-left').textContent()).toBe(String(DAYS_LEFT));
  expect(await card.getByTestId('install-expires').textContent()).toMatch(/\d{4}/);
  expect(await card.getByTestId('install-standing').textContent()).toBe('Valid');
  expect(await paymentWays(page)).toBe(0);
  return card;
}

describe('a licensed install’s console sells nothing and shows its licence', () => {
  it('shows the licence on /products and on a plan’s page instead of plans and checkout', async () => {
    const page = await newPage();
    await page.goto('/products');
    const card = await expectLicence(page);
    await checkSchemes(page, 'products', () => card.waitFor(), { photograph: { prefix: 'install-' } });
    expect(await page.locator('[data-testid^="plan-card-"]').count()).toBe(0);
    expect(await page.getByText('Prices are shown without tax').count()).toBe(0);

    await page.goto('/products/pro');
    await expectLicence(page);
    expect(await page.locator('[data-testid^="action-"]').count()).toBe(0);

    // The header's Products menu offers the pages, not plans to buy.
    await page.getByRole('banner').getByRole('button', { name: 'Products' }).click();
    await page.getByRole('menuitem', { name: 'Feature matrix' }).waitFor();
    expect(await page.getByRole('menuitem').allInnerTexts()).toEqual(['All Products', 'Feature Matrix']);
    await page.keyboard.press('Escape');
  });

  it('shows the licence on the organisation’s subscription tab, with no upgrade or payment link', async () => {
    const { page, org } = await staffWithOrg();
    await page.goto(`/dashboard/org/${encodeURIComponent(org)}?tab=subscription`);
    const card = await expectLicence(page);
    await checkSchemes(page, 'subscription-tab', () => card.waitFor(), {
      photograph: { prefix: 'install-' },
    });
    // The licence's limits are in force, without a plan type an install has no other of;
    // no subscription card (the catalogue's "Free"), no upgrade.
    const limits = page.getByTestId('limits').first();
    await limits.waitFor();
    expect(await limits.getByRole('table').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('limits-plan-type').count()).toBe(0);
    expect(await limits.getByText('SaaS', { exact: true }).count()).toBe(0);
    expect(await page.getByTestId('subscription-card').count()).toBe(0);
    expect(await page.getByTestId('upgrade').count()).toBe(0);
    expect(await page.getByText('See plans and upgrade').count()).toBe(0);
  });

  it('shows the licence on /checkout instead of the order form, for a plan named in the address too', async () => {
    const { page, org } = await staffWithOrg();
    for (const path of ['/checkout', `/checkout?plan=pro&period=monthly&org=${encodeURIComponent(org)}`]) {
      await page.goto(path);
      await expectLicence(page);
      expect(await page.getByTestId('checkout-continue').count()).toBe(0);
      expect(await page.getByTestId('checkout-country').count()).toBe(0);
    }
  });

  it('issues no licences: no Licences section, tab or panel, and /admin/licences leads to the Installation page', async () => {
    const { page, org } = await staffWithOrg();
    // The page sends the reader on once the install's mode is known: the menu knows it by then too.
    await page.goto('/admin/licences');
    await page.waitForURL('**/admin/install');
    await page.getByTestId('admin-nav-install').waitFor();
    expect(await page.getByTestId('admin-nav-users').count()).toBe(1);
    expect(await page.getByTestId('admin-nav-licences').count()).toBe(0);

    // The staff's page of the organisation, reached in the console: no licences panel.
    await page.getByTestId('admin-nav-organizations').click();
    await page.getByTestId(`org-row-${org}`).getByRole('link').click();
    await page.locator('#org-members-heading').waitFor();
    expect(await page.locator('#org-licences-heading').count()).toBe(0);
    expect(await page.getByTestId('licence-issue').count()).toBe(0);

    // The organisation's dashboard: an address asking for the Licences tab opens the members tab;
    // once the subscription tab shows the licence (the mode is known), there is no Licences tab.
    await page.goto(`/dashboard/org/${encodeURIComponent(org)}?tab=licences`);
    await page.locator('[data-testid="tab-members"][aria-selected="true"]').waitFor();
    await page.getByTestId('tab-subscription').click();
    await expectLicence(page);
    expect(await page.getByTestId('tab-members').count()).toBe(1);
    expect(await page.getByTestId('tab-licences').count()).toBe(0);
    expect(await page.getByTestId('licences').count()).toBe(0);
  });

  // The install's licence stays revoked (in its 72 h of grace) after this.
  it('says when the issuer has revoked the licence: when, until when generation goes on, what to do', async () => {
    const page = await newPage();
    const token = await signInWithApi(page, install, STAFF);
    // The issuer's signed list naming this licence, imported as an offline install would.
    const revokedAt = new Date(Date.now() - 3_600_000);
    const list = await signRevocationList([{ id: licenceId, revokedAt }], 'https://slugsmith.test', [
      kit.key,
    ]);
    const imported = await apiAs(install, token, 'POST', '/admin/install/revocations', {
      list: JSON.stringify(list),
    });
    expect(imported.status).toBe(200);

    await page.goto('/products');
    const card = page.getByTestId('install-licence');
    const revoked = card.getByTestId('install-revoked');
    await revoked.waitFor();
    expect(await revoked.getAttribute('data-refused')).toBe('false');
    expect(await revoked.textContent()).toContain('Licence revoked by its issuer');
    expect(await revoked.textContent()).toMatch(
      /The issuer revoked this licence on .+\. Generation continues until .+; after that, generation calls are refused/,
    );
    expect(await revoked.textContent()).toContain(
      'Ask the issuer about the revocation and for a valid licence',
    );
    expect(await revoked.getByTestId('install-admin-link').getAttribute('href')).toBe('/admin/install');
    expect(await card.getByTestId('install-revoked-badge').textContent()).toBe('Revoked');
    await checkSchemes(page, 'products-revoked', () => revoked.waitFor(), {
      photograph: { prefix: 'install-' },
    });

    // Past the grace period (the server's answer with its end reached): generation is refused.
    await page.route('**/api/v1/install', async (route) => {
      const answer = await (await route.fetch()).json();
      answer.licence.revocation = { ...answer.licence.revocation, refused: true };
      await route.fulfill({ json: answer });
    });
    await page.reload();
    const refused = page.locator('[data-testid="install-revoked"][data-refused="true"]');
    await refused.waitFor();
    expect(await refused.textContent()).toMatch(
      /the grace period ended on .+\. Generation calls are refused until a valid licence is installed/,
    );
    expect(await refused.textContent()).toContain('Ask the issuer about the revocation');
    await page.unroute('**/api/v1/install');
  });

  // Last: the install's licence stays expired after it.
  it('says when the licence has run out, and how a renewed one is installed', async () => {
    const page = await newPage();
    await signInWithApi(page, install, STAFF);
    // A renewal that has already ended (past its grace period): the install reads it at its next
    // beat and says so in its log (the test's own timeout bounds the wait on a loaded machine).
    const renewal = kit.claims({ max_nodes: 3, exp: kit.now - 30 * kit.day });
    await kit.write(LICENCE_FILE, renewal);
    await logs.next((l) => l.licence === renewal.jti && l.msg.startsWith('licence renewed from'));
    await page.goto('/products');
    const card = page.getByTestId('install-licence');
    await card.waitFor();
    expect(await card.getAttribute('data-standing')).toBe('expired');
    const warning = card.getByTestId('install-warning');
    expect(await warning.textContent()).toContain('Generation calls are refused until a renewed licence');
    expect(await warning.textContent()).toContain('installs the new licence file (LICENSE) on every node');
    expect(await card.getByTestId('install-days-left').count()).toBe(0);
    // Staff are led to the Installation page.
    expect(await warning.getByTestId('install-admin-link').getAttribute('href')).toBe('/admin/install');
    expect(await paymentWays(page)).toBe(0);
    await checkSchemes(page, 'products-expired', () => warning.waitFor(), {
      photograph: { prefix: 'install-' },
    });
  });
});
