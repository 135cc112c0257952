/**
 * An invoice a German business can file, against the real server with the local payment sandbox
 * in Chromium (German after sign-up): staff set the seller, the buyer's country and VAT number come prefilled
 * at checkout from the organisation's billing details, the sandbox's payment page shows net, tax
 * and total before paying, and the invoice opened from the billing history is in German with
 * seller, buyer, both VAT numbers and the 19 % tax line. Needs the built console.
 */
import type { BillingTransaction } from '@slugsmith/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffToken as sharedStaffToken, signUpWithApi } from './api-sign-in.js';
import { launchChromium } from './chromium.js';
import { apiAs, newContext, newPerson, type RealServer, startRealServer } from './real-server.js';

let server: RealServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let staffToken = '';

beforeAll(async () => {
  [server, browser] = await Promise.all([startRealServer({ PAYMENT_PROVIDER: 'local' }), launchChromium()]);
  context = await newContext(browser, server);
  page = await context.newPage();
  staffToken = await sharedStaffToken(server);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const poll = { timeout: 30_000, interval: 500 };

describe('an invoice in German with seller, buyer, VAT numbers and tax', () => {
  it('is paid with 19 % VAT shown before paying and opens in German from the billing history', async () => {
    const seller = await apiAs(server, staffToken, 'PUT', '/admin/settings', {
      seller_name: 'Slugsmith GmbH',
      seller_address: 'Hauptstraße 1\n10115 Berlin',
      seller_country: 'DE',
      seller_vat_number: 'DE123456789',
    });
    expect(seller.status, JSON.stringify(seller.body)).toBe(200);

    const token = await signUpWithApi(page, server, newPerson('rechnung'), '/dashboard');
    // From here on in German: the console's language, which the payment page follows.
    await page.evaluate(() => localStorage.setItem('language', 'de-DE'));
    const created = await apiAs<{ slug: string }>(server, token, 'POST', '/orgs', { name: 'Müller Labs' });
    expect(created.status).toBe(201);
    const org = created.body.slug;

    // The organisation's billing page: the buyer's details, saved by its owner.
    await page.goto(`/dashboard/org/${org}?tab=subscription`);
    await page.getByTestId('billing-details-name').fill('Müller & Söhne GmbH');
    await page.getByTestId('billing-details-address').fill('Lindenweg 5\n80331 München');
    await page.getByTestId('billing-details-country').click();
    await page.getByRole('option', { name: 'Deutschland' }).click();
    await page.getByTestId('billing-details-vat').fill('DE 987 654 321');
    await page.getByTestId('billing-details-save').click();
    await expect
      .poll(async () => (await apiAs(server, token, 'GET', `/orgs/${org}/billing/details`)).body, poll)
      .toMatchObject({ country: 'DE', vat_number: 'DE987654321' });

    // Checkout asks the country and VAT number again, prefilled; the payment page shows the tax.
    await page.goto(`/checkout?plan=pro&period=monthly&org=${org}`);
    await expect.poll(() => page.getByTestId('checkout-country').inputValue(), poll).toBe('Deutschland');
    expect(await page.getByTestId('checkout-vat').inputValue()).toBe('DE987654321');
    await page.getByTestId('checkout-continue').click();
    await page.waitForURL((u) => u.pathname.startsWith('/api/v1/billing/local/checkout/'));
    const summary = (await page.locator('dl').textContent()) ?? '';
    expect(summary).toContain('Nettobetrag');
    expect(summary).toMatch(/Steuer \(19\s?%\)/);
    expect(summary).toMatch(/22,61\s?\$/);
    await page.getByLabel('Kartennummer').fill('4242 4242 4242 4242');
    await page.getByLabel(/Ablaufdatum/).fill('12/39');
    await page.getByLabel(/Prüfnummer/).fill('123');
    await page.getByLabel('Name auf der Karte').fill('Anna Müller');
    await page.getByRole('button', { name: /bezahlen$/ }).click();
    await page.waitForURL((u) => u.pathname === '/checkout/success');

    await expect
      .poll(async () => {
        await apiAs(server, staffToken, 'POST', '/admin/local/run');
        const history = await apiAs<BillingTransaction[]>(
          server,
          token,
          'GET',
          `/orgs/${org}/billing/transactions`,
        );
        return history.body.find((t) => t.status === 'completed')?.tax;
      }, poll)
      .toBe(361);

    await page.goto(`/dashboard/org/${org}?tab=subscription`);
    await page.getByTestId('billing-invoice').first().click();
    const frame = page.frameLocator('[data-testid="invoice-frame"]');
    await expect.poll(() => frame.locator('html').getAttribute('lang'), poll).toBe('de-DE');
    const sellerBlock = (await frame.locator('[data-party="seller"]').textContent()) ?? '';
    expect(sellerBlock).toContain('Verkäufer');
    expect(sellerBlock).toContain('Slugsmith GmbH');
    expect(sellerBlock).toContain('USt-IdNr.: DE123456789');
    const buyer = (await frame.locator('[data-party="buyer"]').textContent()) ?? '';
    expect(buyer).toContain('Rechnungsempfänger');
    expect(buyer).toContain('Müller & Söhne GmbH');
    expect(buyer).toContain('80331 München');
    expect(buyer).toContain('Deutschland');
    expect(buyer).toContain('USt-IdNr.: DE987654321');
    const tax = (await frame.locator('[data-line="tax"]').textContent()) ?? '';
    expect(tax).toMatch(/Umsatzsteuer \(19\s?%\)/);
    expect(tax).toMatch(/3,61\s?\$/);
    expect((await frame.locator('body').textContent()) ?? '').toMatch(/Gesamtbetrag\s*22,61\s?\$/);
  });
});
