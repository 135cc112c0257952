/**
 * Plan texts in the reader's language against the real server in Chromium (issue 31 item 11): the
 * seeded Pro plan's page in German and Japanese, a plan without a translation shown in English
 * with the fallback marked, staff saving a Japanese description in the plan editor that
 * Japanese readers then see, and the agreements dialog's titles in German. Needs the built console (npm run build -w @slugsmith/web).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF, signInWithApi } from './api-sign-in.js';
import { launchChromium } from './chromium.js';
import {
  agreementDialog,
  apiAs,
  newContext,
  newPerson,
  type RealServer,
  startRealServer,
} from './real-server.js';

let server: RealServer;
let browser: Browser;
let staff: Page;
let staffToken = '';

beforeAll(async () => {
  [server, browser] = await Promise.all([startRealServer(), launchChromium()]);
  staff = await (await newContext(browser, server)).newPage();
  staffToken = await signInWithApi(staff, server, STAFF);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The plan page of `slug` in a browser speaking `locale`; closed after `check`. */
async function planPage(locale: string, slug: string, check: (page: Page) => Promise<void>) {
  const context = await newContext(browser, server, { locale });
  try {
    const page = await context.newPage();
    await page.goto(`/products/${slug}`);
    await page.getByTestId(`plan-detail-${slug}`).waitFor();
    await check(page);
  } finally {
    await context.close();
  }
}

describe('plan texts per language', () => {
  it('shows the seeded plan in German and Japanese, its SLA words too, with no fallback mark', async () => {
    await planPage('de-DE', 'pro', async (page) => {
      const detail = page.getByTestId('plan-detail-pro');
      await detail.getByText(/^Für Anwendungen im Produktivbetrieb: Streams/).waitFor();
      await detail.getByText('Werktage', { exact: true }).waitFor();
      expect(await detail.getByText('business days').count()).toBe(0);
      expect(await page.getByTestId('fallback-language').count()).toBe(0);
    });
    await planPage('ja-JP', 'team', async (page) => {
      await page.getByRole('heading', { name: 'チーム', level: 1 }).waitFor();
      await page.getByText(/^複数の製品を持つチーム向け/).waitFor();
    });
  });

  it('marks a plan nobody translated yet as English, and staff translate it in the editor', async () => {
    const free = await apiAs<{ features: Record<string, unknown> }>(
      server,
      staffToken,
      'GET',
      '/admin/subscriptions/free',
    );
    const created = await apiAs(server, staffToken, 'POST', '/admin/subscriptions', {
      slug: 'starter',
      name: 'Starter',
      description: 'For a first project.',
      plan_type: 'saas',
      state: 'active',
      display_order: 1,
      features: free.body.features,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);

    await planPage('ja-JP', 'starter', async (page) => {
      await page.getByRole('heading', { name: 'Starter', level: 1 }).waitFor();
      const mark = page.getByTestId('fallback-language');
      await mark.waitFor();
      // The language shown, named in the reader's language, and why on hover.
      expect(await mark.innerText()).toBe('英語');
      expect(await mark.getAttribute('title')).toMatch(/まだお使いの言語に翻訳されていません/);
    });

    await staff.goto('/admin/subscription-plans');
    await staff.getByTestId('plan-edit-starter').click();
    const translations = staff.getByTestId('plan-translations');
    await translations.waitFor();
    await translations.getByTestId('plan-translation-language').click();
    await staff.getByRole('option', { name: /^Japanese/ }).click();
    await translations.getByTestId('plan-translation-name').fill('スターター');
    await translations.getByTestId('plan-translation-description').fill('はじめてのプロジェクトに。');
    await translations.getByTestId('plan-translation-sla_support_availability').fill('コミュニティ');
    await translations.getByTestId('plan-translation-save').click();
    await staff.getByText('Japanese translation saved').waitFor();
    // The list of languages now says Japanese is done.
    await expect
      .poll(() => translations.getByTestId('plan-translation-language').inputValue())
      .toBe('Japanese · translated');

    await planPage('ja-JP', 'starter', async (page) => {
      await page.getByRole('heading', { name: 'スターター', level: 1 }).waitFor();
      await page.getByText('はじめてのプロジェクトに。', { exact: true }).waitFor();
      await page.getByText('コミュニティ', { exact: true }).waitFor();
      expect(await page.getByTestId('fallback-language').count()).toBe(0);
    });
    // Other languages still read the English original, marked.
    await planPage('de-DE', 'starter', async (page) => {
      await page.getByRole('heading', { name: 'Starter', level: 1 }).waitFor();
      await page.getByTestId('fallback-language').getByText('Englisch').waitFor();
    });
  });

  it("titles the agreements of a first sign-in in the reader's language", async () => {
    const context = await newContext(browser, server);
    try {
      const page = await context.newPage();
      // A new account, its agreements not accepted yet: the dialog comes.
      await signInWithApi(page, server, newPerson('reader'), {
        signUp: true,
        acceptAgreements: false,
        returnTo: '/dashboard',
      });
      await agreementDialog(page).waitFor();
      // The reader chooses German (as the language menu stores it) and comes back.
      await page.evaluate(() => {
        localStorage.setItem('language', 'de-DE');
        localStorage.setItem('language-set-at', new Date().toISOString());
      });
      await page.reload();
      const dialog = page.getByRole('dialog');
      for (const title of ['Endbenutzer-Lizenzvertrag', 'Datenschutzerklärung', 'Nutzungsbedingungen'])
        await dialog.getByRole('link', { name: title, exact: true }).waitFor();
      expect(await dialog.getByTestId('fallback-language').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
