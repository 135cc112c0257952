import type { BillingTransaction } from '@slugsmith/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { localUsers } from '../src/db/schema.js';
import { closeApp, TestContext, testConfig, testDatabases } from './support/app.js';
import { priceId } from './support/billing-core.js';
import { orgWithOwner } from './support/keys.js';
import { MailCatcher } from './support/mail-catcher.js';

/**
 * Invoices a business can file: the sandbox taxes like a merchant of record (buyer's country, EU
 * reverse charge, nothing outside the EU), shows the tax before paying, records it on the
 * transaction and the invoice with seller and buyer, and e-mails a receipt over real SMTP.
 */
for (const kind of testDatabases) {
  describe(`[${kind}] invoices, tax and receipts`, () => {
    let c: TestContext;
    let catcher: MailCatcher;
    let admin: string;
    beforeAll(async () => {
      catcher = await new MailCatcher().start();
      const config = testConfig(kind, { SMTP_URL: catcher.url });
      c = new TestContext(await buildApp(config), config);
      await c.app.server.listen({ port: 0, host: '127.0.0.1' });
      admin = (await c.admin()).token;
      const seller = await c.request('PUT', '/api/v1/admin/settings', {
        token: admin,
        body: {
          seller_name: 'Slugsmith GmbH',
          seller_address: 'Hauptstraße 1\n10115 Berlin',
          seller_country: 'DE',
          seller_vat_number: 'de 123 456 789',
          invoice_footer: 'Registergericht Berlin, HRB 12345',
        },
      });
      expect(seller.status, JSON.stringify(seller.body)).toBe(200);
    });
    afterAll(async () => {
      await closeApp(c.app, c.config);
      await catcher.close();
    });

    /** Pays a Pro checkout of a new organisation with these billing details; its completed line. */
    async function buy(name: string, details: Record<string, unknown>, language?: string) {
      const { org, owner } = await orgWithOwner(c, name);
      if (language) {
        await c.app.database.db
          .insert(localUsers)
          .values({ email: owner.email, passwordHash: 'not-used', language });
      }
      const saved = await c.request('PUT', `/api/v1/orgs/${org}/billing/details`, {
        token: owner.token,
        body: details,
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const prepared = await c.request('POST', '/api/v1/billing/checkout/prepare', {
        token: owner.token,
        body: { org_slug: org, items: [{ price: await priceId(c, 'pro', 'monthly'), quantity: 1 }] },
      });
      expect(prepared.status, JSON.stringify(prepared.body)).toBe(200);
      const url = new URL(prepared.body.checkout_url);
      const page = await c.app.server.inject({ method: 'GET', url: `${url.pathname}?lang=en-GB` });
      const paid = await c.app.server.inject({
        method: 'POST',
        url: url.pathname,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          number: '4242 4242 4242 4242',
          expiry: '12/39',
          cvc: '123',
          name: 'Ada Buyer',
        }).toString(),
      });
      expect(paid.statusCode).toBe(303);
      for (let i = 0; i < 100; i++) {
        await c.request('POST', '/api/v1/admin/local/run', { token: admin });
        const history = await c.request('GET', `/api/v1/orgs/${org}/billing/transactions`, {
          token: owner.token,
        });
        const line = (history.body as BillingTransaction[]).find((t) => t.status === 'completed');
        if (line) return { org, owner, line, page: page.body as string };
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('the payment never reached the billing history');
    }

    const invoice = async (org: string, token: string, id: string, lang: string) => {
      const r = await c.app.server.inject({
        method: 'GET',
        url: `/api/v1/orgs/${org}/billing/transactions/${id}/invoice?lang=${lang}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-language']).toBe(lang);
      return r.body;
    };

    it('a German consumer pays 19 % VAT, shown before paying, on the transaction, the invoice and the receipt', async () => {
      const { org, owner, line, page } = await buy(
        'steuer-de',
        { name: 'Müller & Söhne GmbH', address: 'Lindenweg 5\n80331 München', country: 'DE' },
        'de-DE',
      );
      // The hosted payment page showed net, tax and total before the card was taken.
      expect(page).toContain('Net amount');
      expect(page).toMatch(/Tax \(19\s?%\)/);
      expect(page).toContain('US$22.61');
      expect(line).toMatchObject({
        subtotal: 1900,
        tax: 361,
        total: 2261,
        tax_rate: '0.19',
        reverse_charge: false,
      });

      const html = await invoice(org, owner.token, line.id, 'de-DE');
      expect(html).toContain('<html lang="de-DE">');
      expect(html).toContain('Rechnung');
      expect(html).toContain('Slugsmith GmbH');
      expect(html).toContain('Hauptstraße 1<br>10115 Berlin');
      expect(html).toContain('USt-IdNr.: DE123456789');
      expect(html).toContain('Müller &amp; Söhne GmbH');
      expect(html).toContain('Deutschland');
      expect(html).toMatch(/Umsatzsteuer \(19\s?%\)/);
      expect(html).toMatch(/22,61\s?\$/);
      expect(html).toContain('Registergericht Berlin, HRB 12345');
      expect(html).not.toContain('Reverse Charge');

      const mail = await catcher.next(owner.email);
      expect(mail.subject).toContain('Zahlungsbeleg');
      expect(mail.subject).toContain(line.invoice_number as string);
      expect(mail.text).toMatch(/22,61\s?\$/);
      expect(MailCatcher.link(mail)).toBe(
        `http://127.0.0.1:8080/dashboard/org/${org}?tab=subscription&invoice=${line.id}`,
      );
      // One receipt per payment, however often its events are applied again.
      await c.request('POST', '/api/v1/admin/local/run', { token: admin });
      expect(catcher.messages.filter((m) => m.to.includes(owner.email.toLowerCase()))).toHaveLength(0);
    });

    it('a French business with a VAT number is charged no VAT: reverse charge on the invoice', async () => {
      const { org, owner, line } = await buy('steuer-fr', {
        name: 'Dupont SARL',
        country: 'FR',
        vat_number: 'FR 12 345678901',
      });
      expect(line).toMatchObject({
        subtotal: 1900,
        tax: 0,
        total: 1900,
        tax_rate: '0',
        reverse_charge: true,
      });
      const html = await invoice(org, owner.token, line.id, 'fr-FR');
      expect(html).toContain('N° de TVA : FR12345678901');
      expect(html).toContain('Autoliquidation');
      expect(html).toMatch(/TVA \(0\s?%\)/);
      // The receipt of an account without a stored language is in English.
      const mail = await catcher.next(owner.email);
      expect(mail.subject).toContain('Receipt');
    });

    it('a buyer outside the EU pays no tax, without reverse charge', async () => {
      const { org, owner, line } = await buy('steuer-us', { country: 'US' });
      expect(line).toMatchObject({
        subtotal: 1900,
        tax: 0,
        total: 1900,
        tax_rate: '0',
        reverse_charge: false,
      });
      const html = await invoice(org, owner.token, line.id, 'en-GB');
      expect(html).not.toContain('Reverse charge');
      expect(html).toContain('United States');
      await catcher.next(owner.email);
    });

    it('refuses VAT numbers that do not look like one of their country, saying what one looks like', async () => {
      const { org, owner } = await orgWithOwner(c, 'steuer-bad');
      const wrong = await c.request('PUT', `/api/v1/orgs/${org}/billing/details`, {
        token: owner.token,
        body: { country: 'DE', vat_number: 'FR12345678901' },
      });
      expect(wrong.status).toBe(400);
      expect(JSON.stringify(wrong.body)).toContain(
        'This is not a VAT number of DE: it looks like DE123456789',
      );
      const alone = await c.request('PUT', `/api/v1/orgs/${org}/billing/details`, {
        token: owner.token,
        body: { vat_number: 'DE123456789' },
      });
      expect(alone.status).toBe(400);
      expect(JSON.stringify(alone.body)).toContain('A VAT number needs its country');
      const country = await c.request('PUT', `/api/v1/orgs/${org}/billing/details`, {
        token: owner.token,
        body: { country: 'XX' },
      });
      expect(country.status).toBe(400);
      const checkout = await c.request('POST', '/api/v1/billing/checkout/prepare', {
        token: owner.token,
        body: {
          org_slug: org,
          items: [{ price: await priceId(c, 'pro', 'monthly'), quantity: 1 }],
          country_code: 'AT',
          vat_number: 'AT12345678',
        },
      });
      expect(checkout.status).toBe(400);
      expect(JSON.stringify(checkout.body)).toContain('ATU12345678');
      const seller = await c.request('PUT', '/api/v1/admin/settings', {
        token: admin,
        body: { seller_vat_number: 'FR12345678901' },
      });
      expect(seller.status).toBe(400);
    });

    it('asks the country at checkout and keeps it as the billing details; members read them, only admins change them', async () => {
      const { org, owner } = await orgWithOwner(c, 'steuer-at');
      const prepared = await c.request('POST', '/api/v1/billing/checkout/prepare', {
        token: owner.token,
        body: {
          org_slug: org,
          items: [{ price: await priceId(c, 'pro', 'monthly'), quantity: 1 }],
          country_code: 'AT',
        },
      });
      expect(prepared.status, JSON.stringify(prepared.body)).toBe(200);
      const page = await c.app.server.inject({
        method: 'GET',
        url: `${new URL(prepared.body.checkout_url).pathname}?lang=de-DE`,
      });
      expect(page.body).toMatch(/Steuer \(20\s?%\)/);
      const details = await c.request('GET', `/api/v1/orgs/${org}/billing/details`, { token: owner.token });
      expect(details.body).toEqual({ name: null, address: null, country: 'AT', vat_number: null });
      const stranger = await c.person('steuer-stranger');
      const refused = await c.request('PUT', `/api/v1/orgs/${org}/billing/details`, {
        token: stranger.token,
        body: { country: 'DE' },
      });
      expect(refused.status).toBe(404);
    });

    it('seller details are instance settings, audited', async () => {
      const settings = await c.request('GET', '/api/v1/settings');
      expect(settings.body).toMatchObject({
        seller_name: 'Slugsmith GmbH',
        seller_country: 'DE',
        seller_vat_number: 'DE123456789',
      });
      const audit = await c.request('GET', '/api/v1/admin/audit?action=settings.update', { token: admin });
      expect(JSON.stringify(audit.body)).toContain('Slugsmith GmbH');
    });
  });
}
