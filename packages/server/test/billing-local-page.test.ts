import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { freePort, launchChromium } from '@slugsmith/test-support';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.js';
import type { Config } from '../src/platform/config.js';
import { closeApp, TestContext, testConfig, testDatabases } from './support/app.js';
import { priceId } from './support/billing-core.js';
import { orgWithOwner } from './support/keys.js';

/**
 * The sandbox's hosted pages in real Chromium on the real server: a buyer can fill and send the
 * card form, the confirmation step and the payment-method page work without any script, and
 * axe-core finds no serious or critical problem in light or dark, on a desktop or a phone.
 */

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated through the debugging protocol: the page's policy refuses every script.
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global
    const result = await (window as any).axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v: { impact: string }) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v: { id: string; nodes: { target: string[] }[] }) =>
          `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      );
  });
}

for (const kind of testDatabases) {
  describe(`[${kind}] local payments: hosted pages in Chromium`, () => {
    let app: App;
    let config: Config;
    let ctx: TestContext;
    let browser: Browser;
    let page: Page;

    beforeAll(async () => {
      const port = await freePort();
      config = testConfig(kind, { PUBLIC_URL: `http://127.0.0.1:${port}`, PORT: String(port) });
      app = await buildApp(config);
      await app.server.listen({ port, host: '127.0.0.1' });
      ctx = new TestContext(app, config);
      browser = await launchChromium();
      page = await browser.newPage({ locale: 'en-GB' });
    });

    afterAll(async () => {
      await browser?.close();
      if (app) await closeApp(app, config);
    });

    async function checkout(plan: string, period: string) {
      const { org, owner } = await orgWithOwner(ctx, `hosted-${plan}`);
      const prepared = await ctx.request('POST', '/api/v1/billing/checkout/prepare', {
        token: owner.token,
        body: { org_slug: org, items: [{ price: await priceId(ctx, plan, period), quantity: 1 }] },
      });
      expect(prepared.status, JSON.stringify(prepared.body)).toBe(200);
      return {
        org,
        owner,
        url: prepared.body.checkout_url as string,
        success: prepared.body.success_url as string,
      };
    }

    async function fill(card: string, name = 'Ada Buyer') {
      await page.getByLabel('Card number').fill(card);
      await page.getByLabel('Expiry date (MM/YY)').fill('12/39');
      await page.getByLabel('Security code (CVC)').fill('123');
      await page.getByLabel('Name on card').fill(name);
    }

    async function accessible(what: string) {
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        for (const viewport of [
          { width: 1280, height: 900 },
          { width: 390, height: 844 },
        ]) {
          await page.setViewportSize(viewport);
          expect(await axeViolations(page), `${what}, ${colorScheme}, ${viewport.width}px`).toEqual([]);
          // Nothing wider than a phone's screen.
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - window.innerWidth,
          );
          expect(overflow, `${what} at ${viewport.width}px`).toBeLessThanOrEqual(0);
        }
      }
      await page.emulateMedia({ colorScheme: 'light' });
    }

    it('the checkout page, its refusals and its decline are readable and accessible', async () => {
      const { url } = await checkout('pro', 'monthly');
      await page.goto(url);
      await page.getByRole('heading', { name: 'Checkout' }).waitFor();
      await page.getByText('Sandbox — no real payment').waitFor();
      await accessible('checkout');

      await fill('4242 4242 4242 4241');
      await page.getByRole('button', { name: /^Pay / }).click();
      await page.getByRole('alert').getByText('Enter a valid card number.').waitFor();
      expect(await page.getByLabel('Card number').getAttribute('aria-invalid')).toBe('true');
      await accessible('checkout with a refused card number');

      await fill('4000 0000 0000 0002');
      await page.getByRole('button', { name: /^Pay / }).click();
      await page
        .getByRole('alert')
        .getByText(/^The card was declined\./)
        .waitFor();
      await accessible('declined card');
    });

    it('the confirmation step pays and returns to the success URL', async () => {
      const { url, success } = await checkout('team', 'annual');
      await page.goto(url);
      await fill('4000 0027 6000 3184');
      await page.getByRole('button', { name: /^Pay / }).click();
      await page.getByRole('heading', { name: 'Confirm the payment' }).waitFor();
      await accessible('confirmation step');
      await page.getByRole('button', { name: 'Confirm payment' }).click();
      await page.waitForURL((u) => u.toString() === success);
    });

    it('the payment-method page takes a new card', async () => {
      const { url, org, owner } = await checkout('pro', 'annual');
      await page.goto(url);
      await fill('4000 0000 0000 0341');
      await page.getByRole('button', { name: /^Pay / }).click();
      await page.waitForURL((u) => u.pathname === '/checkout/success');
      const admin = (await ctx.admin()).token;
      let id: string | undefined;
      for (let i = 0; i < 100 && !id; i++) {
        await ctx.request('POST', '/api/v1/admin/local/run', { token: admin });
        const subs = await ctx.request('GET', `/api/v1/orgs/${org}/subscriptions`, { token: owner.token });
        id = (subs.body as { id: string; billing: { provider: string } | null }[]).find(
          (s) => s.billing?.provider === 'local',
        )?.id;
        if (!id) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const session = await ctx.request('POST', `/api/v1/orgs/${org}/subscriptions/${id}/payment-method`, {
        token: owner.token,
      });
      expect(session.status, JSON.stringify(session.body)).toBe(200);
      await page.goto(session.body.url);
      await page.getByRole('heading', { name: 'Update payment method' }).waitFor();
      await page.getByText('Card on file ends in 0341.').waitFor();
      await accessible('payment-method page');
      await fill('4242 4242 4242 4242', 'A. Buyer');
      await page.getByRole('button', { name: 'Save card' }).click();
      await page.waitForURL((u) => u.pathname === `/dashboard/org/${org}`);
    });
  });
}
