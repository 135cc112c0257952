/**
 * The products pages against the real server in Chromium, on the seeded plans: /products grouped
 * by plan type and display order with the Free and Custom badges, the period switch changing the
 * prices and the Choose links, the feature matrix with a hint tooltip opened from the keyboard and
 * its sticky first column on a phone, the plan detail, 'Plan Not Found', the way from Choose to
 * checkout, axe-core in light and dark, and the pages in German and Japanese. Each test opens
 * the page it checks, so any one runs alone.
 * Needs the built console (npm run build -w @slugsmith/web).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpWithApi } from './api-sign-in.js';
import { launchChromium } from './chromium.js';
import { checkSchemes, screenshotPath, seriousViolations, settled } from './page-checks.js';
import { newContext, newPerson, type RealServer, startRealServer } from './real-server.js';

/** axe-core in light and dark, photographed at desktop and phone width (axe on the phone too). */
const photographed = { photograph: { prefix: 'products-' }, axeOnPhone: true };

let server: RealServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startRealServer(), launchChromium()]);
  context = await newContext(browser, server);
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const card = (slug: string, target: Page = page) => target.getByTestId(`plan-card-${slug}`);
/** A limit cell's figure as shown (the short form; screen readers get the exact number). */
const shownFigure = (cell: ReturnType<Page['locator']>) =>
  cell.evaluate((td) => {
    const figure = td.querySelector('[data-cell="limit"]');
    const text = (figure?.querySelector('[aria-hidden="true"]') ?? figure)?.textContent ?? '';
    return text.replace(/[\u00a0\u202f]/g, ' ');
  });
/** Opens /products (monthly prices) and waits for the plans. */
async function openProducts(): Promise<void> {
  await page.goto('/products');
  await card('pro').waitFor();
}

/** Opens the feature matrix and waits for its plans. */
async function openMatrix(): Promise<void> {
  await page.goto('/products/feature-matrix');
  await page.getByTestId('feature-matrix').getByTestId('matrix-plan-pro').waitFor();
}

const cardSlugs = (type: string) =>
  page
    .getByTestId(`group-${type}`)
    .locator('[data-testid^="plan-card-"]')
    .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-testid')?.replace('plan-card-', '')));

describe('/products', () => {
  it('groups the plans by type, each by display order, with the Free and Custom badges', async () => {
    await page.goto('/products');
    await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
    await card('pro').waitFor();
    expect(await page.title()).toBe('Products - Slugsmith');

    const groups = await page
      .locator('[data-testid^="group-"]')
      .evaluateAll((sections) => sections.map((s) => s.getAttribute('data-testid')));
    expect(groups).toEqual(['group-saas', 'group-on_premise']);
    await expect.poll(() => cardSlugs('saas')).toEqual(['free', 'pro', 'team', 'enterprise']);
    expect(await cardSlugs('on_premise')).toEqual(['on-premise']);
    // The internal, inactive public-console plan is not on offer.
    expect(await page.getByTestId('plan-card-public-console').count()).toBe(0);

    expect(await card('free').getByTestId('badge-free').textContent()).toBe('Free');
    expect(await card('enterprise').getByTestId('badge-custom').textContent()).toBe('Custom');
    expect(await card('pro').locator('[data-testid^="badge-"]').count()).toBe(0);
    await card('enterprise').getByText('Price on request').waitFor();
    // Key features: switches and SLA terms, never a numeric limit.
    const proFeatures = await card('pro').getByTestId('features-pro').innerText();
    expect(proFeatures).toContain('SDK access');
    expect(proFeatures).toContain('Availability: 99.5%');
    expect(proFeatures).not.toMatch(/\b25\b|600|100,000|100000/);
  });

  it('explains a key feature with its hint, opened from the keyboard', async () => {
    await openProducts();
    const hint = card('pro').getByTestId('features-pro').getByTestId('hint-sdk_access');
    expect(await hint.getAttribute('aria-label')).toBe('About SDK access');
    await hint.focus();
    const tooltip = page.getByRole('tooltip', { name: /^Create SDK configurations/ });
    await tooltip.waitFor();
    expect(await page.locator(`[id="${await hint.getAttribute('aria-describedby')}"]`).innerText()).toContain(
      'without a secret API key',
    );
    await page.keyboard.press('Escape');
    await expect.poll(() => tooltip.count()).toBe(0);
  });

  it('the period switch changes the SaaS prices and the Choose links', async () => {
    await openProducts();
    const amount = () => card('pro').getByTestId('price-amount').textContent();
    const choose = () => card('pro').locator('[data-action="checkout"]');
    expect(await amount()).toBe('US$19');
    expect(await choose().getAttribute('href')).toBe('/checkout?plan=pro&period=monthly');

    const periodSwitch = page.getByTestId('period-switch');
    await periodSwitch.getByText('Yearly', { exact: true }).click();
    await expect.poll(amount).toBe('US$179');
    expect(await choose().getAttribute('href')).toBe('/checkout?plan=pro&period=annual');
    expect(await card('pro').getByText('Save 21%').count()).toBe(1);
    expect(await card('team').getByTestId('price-amount').textContent()).toBe('US$799');
    expect(new URL(page.url()).searchParams.get('period')).toBe('annual');

    await periodSwitch.getByText('Every 6 months', { exact: true }).click();
    await expect.poll(amount).toBe('US$99');
    expect(await choose().getAttribute('href')).toBe('/checkout?plan=pro&period=semi_annual');
  });

  it('prices on-premise per node, yearly and as a one-time perpetual licence', async () => {
    await openProducts();
    const onPrem = card('on-premise');
    expect(await onPrem.getByTestId('price-on-premise-annual').innerText()).toMatch(
      /US\$1,200\s*per node \/ year/,
    );
    expect(await onPrem.getByTestId('price-on-premise-perpetual').innerText()).toMatch(
      /US\$4,800\s*per node once/,
    );
    expect(await onPrem.getByTestId('action-on-premise-annual').getAttribute('href')).toBe(
      '/checkout?plan=on-premise&period=annual',
    );
    expect(await onPrem.getByTestId('action-on-premise-perpetual').getAttribute('href')).toBe(
      '/checkout?plan=on-premise&period=perpetual',
    );
    // No period switch for on-premise: its card shows both prices whatever the SaaS period.
    expect(await page.getByTestId('group-on_premise').getByTestId('period-switch').count()).toBe(0);
  });

  it('sends Enterprise to Contact us and Free to sign-up, never to checkout', async () => {
    await openProducts();
    const contact = card('enterprise').getByRole('link', { name: /Contact us/ });
    expect(await contact.getAttribute('href')).toBe('/contacts');
    expect(await card('enterprise').locator('a[href^="/checkout"]').count()).toBe(0);
    const start = card('free').getByRole('link', { name: /Start free/ });
    expect(await start.getAttribute('href')).toBe('/login?returnTo=%2Fdashboard&screen_hint=signup');
    expect(await card('free').locator('a[href^="/checkout"]').count()).toBe(0);

    await contact.click();
    await page.waitForURL((u) => u.pathname === '/contacts');
  });

  it('is axe-clean in light and dark, on a desktop and a phone', async () => {
    await page.goto('/products');
    await checkSchemes(page, 'list', () => card('enterprise').waitFor(), photographed);
  });

  it('shows the loading placeholders, then the failure with a retry that recovers', async () => {
    let fail = true;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // A fresh page: the plans are not cached yet.
    const fresh = await context.newPage();
    try {
      // The catalogue is asked in the reader's language (?language=): matched by path.
      await fresh.route(
        (url) => url.pathname === '/api/v1/subscriptions',
        async (route) => {
          await held;
          if (fail)
            await route.fulfill({
              status: 503,
              contentType: 'application/json',
              body: '{"code":503,"message":"Service unavailable"}',
            });
          else await route.continue();
        },
      );
      await fresh.goto('/products');
      await fresh.getByTestId('plans-skeleton').waitFor();
      release();
      const error = fresh.getByTestId('plans-error');
      await error.getByText('Failed to load subscription plans').waitFor();
      expect(await error.getByText('Service unavailable').count()).toBe(1);
      fail = false;
      await error.getByRole('button', { name: 'Try again' }).click();
      await card('pro', fresh).waitFor();
      expect(await fresh.getByTestId('plans-error').count()).toBe(0);
    } finally {
      await fresh.close();
    }
  });
});

describe('/products/feature-matrix', () => {
  it("shows every plan against every feature group, each limit with the plan's figure", async () => {
    await page.goto('/products/feature-matrix');
    await page.getByRole('heading', { name: 'Feature matrix', level: 1 }).waitFor();
    expect(await page.title()).toBe('Feature Matrix - Slugsmith');
    const matrix = page.getByTestId('feature-matrix');
    await matrix.getByTestId('matrix-plan-pro').waitFor();
    const columns = await matrix
      .locator('thead th[data-testid^="matrix-plan-"]')
      .evaluateAll((ths) => ths.map((th) => th.getAttribute('data-testid')?.replace('matrix-plan-', '')));
    expect(columns).toEqual(['free', 'pro', 'team', 'enterprise', 'on-premise']);
    for (const group of ['generation', 'limits', 'access', 'sla'])
      expect(await matrix.getByTestId(`matrix-group-${group}`).count()).toBe(1);

    const row = (key: string) => matrix.getByTestId(`matrix-row-${key}`);
    const cell = (key: string, plan: string) => row(key).locator(`td[data-plan="${plan}"]`);
    // A switch: check or cross with its words for screen readers.
    expect(await cell('sdk_access', 'free').innerText()).toContain('Not included');
    expect(await cell('sdk_access', 'pro').innerText()).toContain('Included');
    expect(await row('sdk_access').getByRole('rowheader').innerText()).toContain('SDK access');
    // SLA terms as published.
    expect(await cell('sla_availability', 'team').innerText()).toBe('99.9%');
    // A limit: the plan's figure in short form, the exact number on hover; not included where the
    // limit does not concern the plan.
    expect(await cell('max_forge_per_stream_request', 'free').innerText()).toContain('Not included');
    const figures = (key: string) =>
      Promise.all(['free', 'pro', 'team', 'enterprise'].map((plan) => shownFigure(cell(key, plan))));
    expect(await figures('max_forge_per_day')).toEqual(['1K', '100K', '1M', 'Unlimited']);
    expect(await figures('max_series')).toEqual(['3', '25', '200', 'Unlimited']);
    expect(
      await cell('max_forge_per_month', 'pro').locator('[data-cell="limit"]').getAttribute('title'),
    ).toBe('2,000,000');
    // No limit row is left without a figure or a cross.
    const limitRows = await matrix.getByTestId('matrix-group-limits').locator('td').allInnerTexts();
    expect(limitRows.filter((text) => text.trim() === '')).toEqual([]);
    expect(await matrix.innerText()).not.toContain('limit set by the plan');
  });

  it('opens a feature hint as a tooltip from the keyboard', async () => {
    await openMatrix();
    const hint = page.getByTestId('hint-mint_enabled');
    expect(await hint.getAttribute('aria-label')).toBe('About Mint');
    await page.getByTestId('hint-forge_stream_enabled').focus();
    await page.keyboard.press('Tab');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('hint-mint_enabled');
    const tooltip = page.getByRole('tooltip', { name: /^Mint hands out/ });
    await tooltip.waitFor();
    expect(await tooltip.innerText()).toBe(
      'Mint hands out the next unused slugs of a series, each exactly once.',
    );
    // The tooltip describes the button it belongs to.
    const describedBy = await hint.getAttribute('aria-describedby');
    expect(describedBy).toBeTruthy();
    expect(await page.locator(`[id="${describedBy}"]`).innerText()).toContain('Mint hands out');
    await page.keyboard.press('Escape');
    await expect.poll(() => tooltip.count()).toBe(0);
  });

  it('scrolls sideways on a phone with the feature names kept in view', async () => {
    await openMatrix();
    await page.setViewportSize({ width: 390, height: 844 });
    const scroller = page.getByTestId('feature-matrix');
    const sizes = await scroller.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(sizes.scroll).toBeGreaterThan(sizes.client);
    const nameCell = page.getByTestId('matrix-row-sdk_access').getByRole('rowheader');
    const before = await nameCell.boundingBox();
    await scroller.evaluate((el) => {
      el.scrollLeft = 300;
    });
    await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    const after = await nameCell.boundingBox();
    expect(after?.x).toBe(before?.x);
    // The page itself does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('is axe-clean in light and dark, with a tooltip open', async () => {
    await page.goto('/products/feature-matrix');
    await checkSchemes(
      page,
      'matrix',
      () => page.getByTestId('matrix-plan-on-premise').waitFor(),
      photographed,
    );
    await page.getByTestId('hint-mint_enabled').focus();
    await page.getByRole('tooltip', { name: /^Mint hands out/ }).waitFor();
    await settled(page);
    expect(await seriousViolations(page), 'matrix with a tooltip').toEqual([]);
  });
});

describe('/products/{planSlug}', () => {
  it('shows the plan with its prices, every feature with its hint, and Choose', async () => {
    await page.goto('/products/pro');
    await page.getByRole('heading', { name: 'Pro', level: 1 }).waitFor();
    expect(await page.title()).toBe('Subscription Plan - Slugsmith');
    const detail = page.getByTestId('plan-detail-pro');
    for (const [period, amount] of [
      ['monthly', 'US$19'],
      ['semi_annual', 'US$99'],
      ['annual', 'US$179'],
    ] as const) {
      expect(await detail.getByTestId(`price-pro-${period}`).getByTestId('price-amount').textContent()).toBe(
        amount,
      );
      expect(await detail.getByTestId(`action-pro-${period}`).getAttribute('href')).toBe(
        `/checkout?plan=pro&period=${period}`,
      );
    }
    expect(await detail.getByTestId('plan-hint-max_series').innerText()).toContain('How many series');
    // The plan page shows each limit's figure beside its hint.
    expect(await shownFigure(detail.getByTestId('plan-feature-max_forge_per_day'))).toBe('100K');
    expect(await shownFigure(detail.getByTestId('plan-feature-max_series'))).toBe('25');
    expect(await detail.getByTestId('plan-feature-sla_response_time').innerText()).toContain('p95 200 ms');
    await checkSchemes(page, 'plan', () => page.getByTestId('plan-detail-pro').waitFor(), photographed);
  });

  it('leads Enterprise to Contact us', async () => {
    await page.goto('/products/enterprise');
    const detail = page.getByTestId('plan-detail-enterprise');
    await detail.waitFor();
    expect(await detail.getByTestId('badge-custom').count()).toBe(1);
    expect(await detail.getByRole('link', { name: /Contact us/ }).getAttribute('href')).toBe('/contacts');
    expect(await detail.locator('a[href^="/checkout"]').count()).toBe(0);
  });

  it("answers an unknown plan with 'Plan Not Found' and a way back", async () => {
    await page.goto('/products/gold-plus');
    const notFound = page.getByTestId('plan-not-found');
    await notFound.getByRole('heading', { name: 'Plan Not Found', level: 1 }).waitFor();
    expect(await notFound.innerText()).toContain('gold-plus');
    await checkSchemes(page, 'not-found', () => notFound.waitFor(), photographed);
    await notFound.getByRole('link', { name: 'All products' }).click();
    await page.waitForURL((u) => u.pathname === '/products');
    await card('pro').waitFor();
  });
});

describe('the header', () => {
  it('Products menu leads to these pages: all products, the feature matrix and each plan', async () => {
    await page.goto('/');
    const products = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Products' });
    const menu = page.getByRole('menu');
    /**
     * Opens the menu with a click and chooses `item`, which leads to `path`; then the pointer
     * leaves the menu, as a reader's does, and the menu is gone. The menu opens on hover too: a
     * pointer left resting on the dropdown while it fades out opens it again once the new page
     * is laid out beneath it, and the next click then met a menu opening or closing (the flake
     * under load).
     */
    const choose = async (item: string | RegExp, path: string) => {
      await products.click();
      await expect.poll(() => products.getAttribute('aria-expanded')).toBe('true');
      await menu.getByRole('menuitem', { name: item }).click();
      await page.waitForURL((u) => u.pathname === path);
      // Right of the header's menus, below the header.
      await page.mouse.move(1200, 450);
      await menu.waitFor({ state: 'detached' });
    };
    await choose('Feature Matrix', '/products/feature-matrix');
    await page.getByRole('heading', { name: 'Feature matrix', level: 1 }).waitFor();
    await choose(/^Team/, '/products/team');
    await page.getByTestId('plan-detail-team').waitFor();
    await choose('All Products', '/products');
    await card('team').waitFor();
  });
});

describe('from Choose to checkout', () => {
  it('a signed-in user choosing Pro yearly lands on the checkout with that plan and period', async () => {
    // A context of its own: the other tests read the pages signed out.
    const signedIn = await newContext(browser, server);
    const page = await signedIn.newPage();
    await signUpWithApi(page, server, newPerson('products'), '/products?period=annual');
    await card('pro', page).locator('[data-action="checkout"]').click();
    await page.waitForURL((u) => u.pathname === '/checkout');
    const url = new URL(page.url());
    expect(url.searchParams.get('plan')).toBe('pro');
    expect(url.searchParams.get('period')).toBe('annual');
    // Signed in, Free starts on the dashboard (once the page knows the account: polled).
    await page.goto('/products');
    await expect
      .poll(() =>
        card('free', page)
          .getByRole('link', { name: /Start free/ })
          .getAttribute('href'),
      )
      .toBe('/dashboard');
    await signedIn.close();
  });
});

describe('in other languages', () => {
  for (const [locale, expected] of [
    [
      'de-DE',
      {
        title: 'Produkte',
        yearly: 'Jährlich',
        choose: 'Auswählen',
        contact: 'Kontakt aufnehmen',
        matrix: 'Funktionsvergleich',
        notFound: 'Tarif nicht gefunden',
        // German abbreviates from a million; below, the figure with its separator.
        figures: ['1000', '100.000', '1 Mio.', 'Unbegrenzt'],
      },
    ],
    [
      'ja-JP',
      {
        title: '製品',
        yearly: '年払い',
        choose: '選択',
        contact: 'お問い合わせ',
        matrix: '機能比較表',
        notFound: 'プランが見つかりません',
        figures: ['1000', '10万', '100万', '無制限'],
      },
    ],
  ] as const) {
    it(`renders the products pages in ${locale}`, async () => {
      const localised = await newContext(browser, server, { locale });
      const p = await localised.newPage();
      try {
        await p.goto('/products');
        await p.getByRole('heading', { name: expected.title, level: 1 }).waitFor();
        await p.getByTestId('period-switch').getByText(expected.yearly, { exact: true }).click();
        const choose = card('pro', p).locator('[data-action="checkout"]');
        await expect.poll(() => choose.getAttribute('href')).toBe('/checkout?plan=pro&period=annual');
        expect(await choose.innerText()).toBe(expected.choose);
        expect(await card('enterprise', p).locator('[data-action="contact"]').innerText()).toBe(
          expected.contact,
        );
        await p.screenshot({ path: screenshotPath(`products-list-${locale}.png`), fullPage: true });

        await p.goto('/products/feature-matrix');
        await p.getByRole('heading', { name: expected.matrix, level: 1 }).waitFor();
        await p.getByTestId('matrix-plan-pro').waitFor();
        // Feature names come from the catalogue of the language, not English.
        expect(await p.getByTestId('matrix-row-api_access').getByRole('rowheader').innerText()).not.toBe(
          'API access',
        );
        // Limits' figures in the language's own short forms.
        const perDay = p.getByTestId('matrix-row-max_forge_per_day');
        expect(
          await Promise.all(
            ['free', 'pro', 'team', 'enterprise'].map((plan) =>
              shownFigure(perDay.locator(`td[data-plan="${plan}"]`)),
            ),
          ),
        ).toEqual(expected.figures);

        await p.goto('/products/nothing-here');
        await p.getByRole('heading', { name: expected.notFound, level: 1 }).waitFor();
      } finally {
        await localised.close();
      }
    });
  }
});
