/**
 * The first load of public pages on the real server, in Chromium (issue 33 items 3, 4, 10):
 * translation bundles of the reader's language only (the fallback language fetched once a key is
 * missing, or when the reader switches to it), no layout shift worth counting while the page
 * loads (CLS below 0.1 at desktop and phone width), and hit areas of at least 24×24 CSS px for
 * the hero's category dots and the documents' pattern links.
 * Needs the built console (npm run build -w @slugsmith/web).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './chromium.js';
import { newContext, type RealServer, startRealServer } from './real-server.js';

let server: RealServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startRealServer(), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Opens `path` in a fresh context and records every translation bundle it asks for. */
async function openCounting(path: string, locale: string, width = 1280) {
  const context = await newContext(browser, server, { locale, width });
  const page = await context.newPage();
  const bundles: string[] = [];
  page.on('request', (request) => {
    const match = /\/locales\/([^/]+)\/([^/.]+)\.json/.exec(new URL(request.url()).pathname);
    if (match) bundles.push(`${match[1]}/${match[2]}`);
  });
  await page.goto(path);
  return { context, page, bundles };
}

const heroReady = (page: Page) => page.getByTestId('hero-position').waitFor();
const languagesOf = (bundles: string[]) => [...new Set(bundles.map((b) => b.split('/')[0]))].sort();

describe('translation bundles (issue 33 item 3)', () => {
  it('German reader on /: German bundles only, each once', async () => {
    const { context, page, bundles } = await openCounting('/', 'de-DE');
    await heroReady(page);
    await page.waitForLoadState('networkidle');
    expect(languagesOf(bundles)).toEqual(['de-DE']);
    expect(new Set(bundles).size).toBe(bundles.length);
    expect(bundles).toContain('de-DE/landing');
    await context.close();
  });

  // en-US has a complete catalogue of its own (test/catalogues.test.ts): its en-GB fallback is
  // only a safety net, fetched like any other fallback when a key turns out to be missing.
  it('American reader on /: en-US bundles only', async () => {
    const { context, page, bundles } = await openCounting('/', 'en-US');
    await heroReady(page);
    await page.waitForLoadState('networkidle');
    expect(languagesOf(bundles)).toEqual(['en-US']);
    await context.close();
  });

  it('a key missing in the reader language fetches the fallback and shows its text', async () => {
    const context = await newContext(browser, server, { locale: 'de-DE' });
    const page = await context.newPage();
    const bundles: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/locales/')) bundles.push(new URL(request.url()).pathname);
    });
    // The German landing catalogue, served without the hero's "try it" text.
    await page.route('**/locales/de-DE/landing.json', async (route) => {
      const response = await route.fetch();
      const landing = await response.json();
      delete landing.hero.tryIt;
      await route.fulfill({ response, json: landing });
    });
    await page.goto('/');
    await heroReady(page);
    await expect.poll(() => bundles.includes('/locales/en-GB/landing.json')).toBe(true);
    // English where German is missing, German everywhere else.
    await page.getByRole('link', { name: 'Try it', exact: true }).first().waitFor();
    await page.getByRole('link', { name: 'Loslegen', exact: true }).first().waitFor();
    await context.close();
  });

  it("a bundle of the reader's language that never loads shows the fallback's text instead", async () => {
    const context = await newContext(browser, server, { locale: 'de-DE' });
    const page = await context.newPage();
    // Every try (the loader retries with growing pauses) fails.
    await page.route('**/locales/de-DE/landing.json', (route) => route.abort());
    await page.goto('/');
    await page.getByRole('link', { name: 'Get started', exact: true }).first().waitFor({ timeout: 60_000 });
    await context.close();
  });

  it('switching from German to British English fetches the English bundles and shows them', async () => {
    const { context, page, bundles } = await openCounting('/', 'de-DE');
    await heroReady(page);
    await page.getByRole('link', { name: 'Loslegen', exact: true }).first().waitFor();
    await page.getByRole('button', { name: /^de-DE/ }).click();
    await page.getByRole('listitem').filter({ hasText: 'en-GB' }).click();
    await page.getByRole('link', { name: 'Get started', exact: true }).first().waitFor();
    expect(bundles).toContain('en-GB/landing');
    expect(bundles).toContain('en-GB/common');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-GB');
    await context.close();
  });
});

interface Shift {
  value: number;
  time: number;
  /** What moved, for the failure message. */
  moved: string[];
}
/** A layout-shift performance entry (not in TypeScript's DOM library). */
type LayoutShiftEntry = PerformanceEntry & {
  value: number;
  hadRecentInput: boolean;
  sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
};

/**
 * Cumulative layout shift as Lighthouse counts it: the largest session window of shifts without
 * recent input (shifts less than 1 s apart, a window at most 5 s long).
 */
async function cumulativeLayoutShift(path: string, width: number, ready: (page: Page) => Promise<unknown>) {
  const context = await newContext(browser, server, { width });
  await context.addInitScript(() => {
    const shifts: Shift[] = [];
    Object.assign(window, { layoutShifts: shifts });
    const describe = (node: Node | null) =>
      node instanceof Element
        ? `${node.tagName.toLowerCase()}.${node.classList[0] ?? ''}`
        : String(node?.nodeName);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LayoutShiftEntry[])
        if (!entry.hadRecentInput)
          shifts.push({
            value: entry.value,
            time: entry.startTime,
            moved: entry.sources.map((s) => `${describe(s.node)} ${s.previousRect.y}→${s.currentRect.y}`),
          });
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const page = await context.newPage();
  await page.goto(path);
  await ready(page);
  await page.waitForLoadState('networkidle');
  // Two frames more, so shifts of the last render are reported.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: Shift[] }).layoutShifts);
  await context.close();
  let largest = 0;
  let window = 0;
  let start = 0;
  let last = 0;
  for (const shift of shifts) {
    if (window > 0 && (shift.time - last > 1000 || shift.time - start > 5000)) window = 0;
    if (window === 0) start = shift.time;
    window += shift.value;
    last = shift.time;
    largest = Math.max(largest, window);
  }
  return { cls: largest, moved: shifts.flatMap((s) => s.moved) };
}

describe('layout shift while pages load (issue 33 item 4)', () => {
  const statsReady = (page: Page) => page.getByRole('heading', { level: 1 }).first().waitFor();
  for (const [name, width] of [
    ['desktop', 1280],
    ['phone', 390],
  ] as const) {
    it(`/ at ${name} width: CLS below 0.1`, async () => {
      const { cls, moved } = await cumulativeLayoutShift('/', width, heroReady);
      console.log(`CLS / ${name}: ${cls.toFixed(3)}`);
      expect(cls, moved.join('; ')).toBeLessThan(0.1);
    });
    it(`/stats at ${name} width: CLS below 0.1`, async () => {
      const { cls, moved } = await cumulativeLayoutShift('/stats', width, statsReady);
      console.log(`CLS /stats ${name}: ${cls.toFixed(3)}`);
      expect(cls, moved.join('; ')).toBeLessThan(0.1);
    });
  }
});

/** The box a pointer can hit on this element (its border box). */
const boxes = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((elements) =>
    elements.map((element) => {
      const rect = element.getBoundingClientRect();
      return { width: rect.width, height: rect.height };
    }),
  );

describe('target sizes of at least 24×24 CSS px (issue 33 item 10)', () => {
  it("the hero's category dots", async () => {
    const context = await newContext(browser, server);
    const page = await context.newPage();
    await page.goto('/');
    await page.locator('.hero-dot').first().waitFor();
    const dots = await boxes(page, '.hero-dot');
    expect(dots.length).toBeGreaterThan(1);
    for (const dot of dots) {
      expect(dot.width).toBeGreaterThanOrEqual(24);
      expect(dot.height).toBeGreaterThanOrEqual(24);
    }
    await context.close();
  });

  it("a document's pattern links", async () => {
    const context = await newContext(browser, server);
    const page = await context.newPage();
    await page.goto('/docs/pattern-language');
    await page.locator('code.language-pattern a').first().waitFor();
    const links = await boxes(page, 'code.language-pattern a');
    expect(links.length).toBeGreaterThan(1);
    for (const link of links) expect(link.height).toBeGreaterThanOrEqual(24);
    await context.close();
  });
});

describe('what a first load waits for (issue 33)', () => {
  it('a visitor never signed in gets no sign-in library until going to sign in', async () => {
    const context = await newContext(browser, server);
    const page = await context.newPage();
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    const signInLibrary = () => asked.filter((path) => /\/assets\/oidc-session-|\/auth\/config$/.test(path));
    await page.goto('/');
    await heroReady(page);
    await page.waitForLoadState('networkidle');
    expect(signInLibrary()).toEqual([]);
    await page.getByRole('link', { name: 'Sign in', exact: true }).first().click();
    await expect.poll(() => signInLibrary().length).toBe(2);
    await context.close();
  });

  it("a document page asks for its document while the page's code is still on its way", async () => {
    const context = await newContext(browser, server);
    const page = await context.newPage();
    let documentAsked = false;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/v1/docs/getting-started') documentAsked = true;
    });
    // The page's code is held until the document was asked for (or, without the prefetch, a
    // generous while: then the check below fails).
    let askedBeforeCode: boolean | undefined;
    await page.route('**/assets/docs-pages-*.js', async (route) => {
      await expect
        .poll(() => documentAsked, { timeout: 30_000 })
        .toBe(true)
        .catch(() => undefined);
      askedBeforeCode = documentAsked;
      await route.continue();
    });
    await page.goto('/docs/getting-started');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(askedBeforeCode).toBe(true);
    await context.close();
  });
});
