/**
 * Every public page of the console on the real server, in Chromium: no serious or critical
 * axe-core violation in light and dark, at desktop and phone width (photographed into
 * e2e/screenshots/public-*), and no page wider than a phone's screen.
 * Needs the built console (npm run build -w @slugsmith/web).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './chromium.js';
import { checkSchemes, seriousViolations, settled } from './page-checks.js';
import { newContext, type RealServer, startRealServer } from './real-server.js';

let server: RealServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startRealServer(), launchChromium()]);
  context = await newContext(browser, server);
  // The Content-Security-Policy's reports, as the page sees them (a blocked probe is one too).
  await context.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { cspViolations: seen });
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  page = await context.newPage();
});

const cspViolations = () =>
  page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const heading = () => page.getByRole('heading', { level: 1 }).first().waitFor();

/** Path, and what shows the page is ready beyond its first heading. */
const pages: [name: string, path: string, ready: () => Promise<unknown>][] = [
  ['landing', '/', () => page.getByTestId('hero-position').waitFor()],
  [
    'playground',
    `/playground?pattern=${encodeURIComponent('{adjective}-{noun:+animal}-{number:3d}')}`,
    heading,
  ],
  ['docs', '/docs', () => page.getByTestId('doc-list').waitFor()],
  ['doc', '/docs/pattern-language', heading],
  ['articles', '/articles', heading],
  ['article', '/articles/why-sequential-ids-leak', heading],
  ['stats', '/stats', heading],
  ['products', '/products', heading],
  ['feature-matrix', '/products/feature-matrix', heading],
  ['legal', '/legal/privacy-policy', heading],
  ['contacts', '/contacts', heading],
  ['not-found', '/404', heading],
  ['sudoku', '/sudoku?p=brave-otter', () => page.getByTestId('sudoku-board').waitFor()],
  [
    'test-functionality',
    '/test-functionality',
    () => expect.poll(() => page.getByTestId('check-summary').innerText()).toMatch(/Failed: 0/),
  ],
  ['demo-elements', '/demo-elements', () => page.getByTestId('demo-theme').waitFor()],
];

/**
 * Whether the page, once laid out at a phone's width, is no wider than the screen. Charts follow
 * their container through a ResizeObserver, a frame or two after the viewport changed: polled.
 */
async function fitsPhone(): Promise<boolean> {
  await page.setViewportSize({ width: 390, height: 844 });
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  let ok = false;
  for (let attempt = 0; attempt < 20 && !ok; attempt++) {
    ok = await fits();
    if (!ok) await page.waitForTimeout(100);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  return ok;
}

describe('public pages', () => {
  for (const [name, path, ready] of pages)
    it(`${name} (${path}) passes axe in both schemes and sizes and fits a phone`, async () => {
      await page.goto(path);
      await heading();
      await checkSchemes(page, name, ready, { photograph: { prefix: 'public-' }, axeOnPhone: true });
      expect(await fitsPhone(), `${path} scrolls sideways on a phone`).toBe(true);
      expect(await cspViolations(), `${path} breaks its Content-Security-Policy`).toEqual([]);
    });

  it("the header's Products menu, the phone menu and the language dialog pass axe while open, in both schemes", async () => {
    await page.goto('/');
    await heading();
    const products = page.getByRole('banner').getByRole('button', { name: 'Products' });
    await checkSchemes(page, 'products-menu', async () => {
      if (!(await page.getByRole('menu').isVisible())) await products.click();
      await page.getByRole('menuitem', { name: 'Feature matrix' }).waitFor();
    });
    await page.keyboard.press('Escape');
    const language = page.getByRole('banner').getByRole('button', { name: /language/i });
    // The dialog's title bar adds no second banner (axe rates that moderate: asked for here).
    await checkSchemes(
      page,
      'language-dialog',
      async () => {
        if (!(await page.getByRole('dialog').isVisible())) await language.click();
        await page.getByRole('dialog').getByRole('textbox').waitFor();
      },
      { outline: true },
    );
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Close menu' }).waitFor();
    await settled(page);
    expect(await seriousViolations(page), 'the phone menu').toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('the floating theme toggle covers no footer link, on a desktop or a phone', async () => {
    await page.goto('/');
    await heading();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const covered = await page.evaluate(() => {
        const toggle = document.querySelector('[data-testid="theme-toggle"]')?.getBoundingClientRect();
        if (!toggle) return ['no toggle'];
        return [...document.querySelectorAll('footer a')]
          .filter((a) => {
            const r = a.getBoundingClientRect();
            return (
              r.left < toggle.right && r.right > toggle.left && r.top < toggle.bottom && r.bottom > toggle.top
            );
          })
          .map((a) => a.textContent ?? '');
      });
      expect(covered, `footer links under the toggle at ${width} px`).toEqual([]);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it("the built-in provider's sign-in page passes axe in both schemes and sizes", async () => {
    await page.goto('/login');
    await page.waitForURL((u) => u.pathname.startsWith('/oidc/'));
    await page.getByLabel('Email').waitFor();
    for (const scheme of ['light', 'dark'] as const)
      for (const width of [1280, 390]) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.setViewportSize({ width, height: 844 });
        await settled(page);
        expect(await seriousViolations(page), `sign-in in ${scheme} at ${width} px`).toEqual([]);
      }
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await fitsPhone(), 'the sign-in page scrolls sideways on a phone').toBe(true);
  });
});
