/**
 * End-to-end tests of the document pages (product spec §2.2, §2.9, §8) in Chromium: a private copy
 * of the built console (dist/, built by `npm run build`) is served by the harness with the document
 * store of docs-fixtures.ts, which serves the real content/ documents.
 */
import { rm } from 'node:fs/promises';
import { listDocuments } from '@slugsmith/content';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './chromium.js';
import { documentStore, ENGLISH_ONLY } from './docs-fixtures.js';
import { type Harness, startHarness } from './harness.js';
import { snapshotDist } from './real-server.js';

/** A private copy of the built console (packages/web/dist). */
let dist: string;
let browser: Browser;
/** The document store answers from content/, plus one document in English only. */
let store: Harness;
/** No API at all: every /api path answers 404. */
let bare: Harness;

beforeAll(async () => {
  dist = await snapshotDist();
  [store, bare] = await Promise.all([
    startHarness({ dist, api: 'none', routes: documentStore([ENGLISH_ONLY]) }),
    startHarness({ dist, api: 'none' }),
  ]);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([store?.close(), bare?.close()]);
  await rm(dist, { recursive: true, force: true });
});

async function open(
  harness: Harness,
  path: string,
  options: { locale?: string; colorScheme?: 'light' | 'dark'; width?: number } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: harness.url,
    locale: options.locale ?? 'en-GB',
    colorScheme: options.colorScheme ?? 'light',
    viewport: { width: options.width ?? 1280, height: 800 },
    reducedMotion: 'reduce',
  });
  await context.addInitScript(() => localStorage.setItem('dev-warning-dismissed', 'true'));
  const page = await context.newPage();
  await page.goto(path);
  return { context, page };
}

/** Distance of an element's top from the top of the viewport, in CSS pixels. */
const topOf = (page: Page, id: string) =>
  page.evaluate((i) => document.getElementById(i)?.getBoundingClientRect().top ?? Number.NaN, id);

describe('documentation list', () => {
  it('lists the documentation, narrows it by tag and opens a page', async () => {
    const { context, page } = await open(store, '/docs');
    await page.getByRole('heading', { name: 'Documentation', level: 1 }).waitFor();
    expect(await page.title()).toBe('Documentation - Slugsmith');
    const list = page.getByTestId('doc-list');
    await list.getByRole('link', { name: 'Getting started' }).waitFor();
    const docs = new Set(
      [...listDocuments(), ENGLISH_ONLY].filter((d) => d.collection === 'docs').map((d) => d.slug),
    );
    expect(await list.getByRole('listitem').count()).toBe(docs.size);
    // Only documentation: no legal document or landing block.
    expect(await list.getByRole('link', { name: 'Privacy Policy' }).count()).toBe(0);

    // Tags read in the interface language (docs:tags); the address keeps the stored tag.
    await page.getByRole('radiogroup', { name: 'Filter by tag' }).getByText('Tools', { exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get('tag') === 'tools');
    await expect.poll(() => list.getByRole('listitem').count()).toBe(3);
    expect(store.requests.some((r) => r.startsWith('GET /api/v1/docs'))).toBe(true);

    await list.getByRole('link', { name: /command-line/i }).click();
    await page.waitForURL((u) => u.pathname === '/docs/cli');
    await page.getByTestId('doc-article').getByRole('heading', { level: 1 }).waitFor();
    await context.close();
  });

  it('names the tags in the interface language', async () => {
    const { context, page } = await open(store, '/docs?tag=tools', { locale: 'de-DE' });
    const filter = page.getByRole('radiogroup', { name: 'Nach Schlagwort filtern' });
    await filter.getByText('Werkzeuge', { exact: true }).waitFor();
    expect(await filter.getByText('tools', { exact: true }).count()).toBe(0);
    const list = page.getByTestId('doc-list');
    await expect.poll(() => list.getByRole('listitem').count()).toBe(3);
    expect(await list.getByText('Werkzeuge', { exact: true }).count()).toBe(3);
    await context.close();
  });
});

describe('documentation page', () => {
  it('renders a table of contents of levels 1 to 3 whose links scroll to their headings', async () => {
    const { context, page } = await open(store, '/docs/pattern-language');
    const article = page.getByTestId('doc-article');
    await article.getByRole('heading', { name: 'The pattern language', level: 1 }).waitFor();
    // A document page is titled by its document.
    await expect.poll(() => page.title()).toBe('The pattern language - Slugsmith');
    const toc = page.getByRole('navigation', { name: 'On this page' });
    await toc.getByRole('link', { name: 'Numbers' }).waitFor();
    // Every h1–h3 of the article and nothing else (h4 and deeper are left out).
    const headings = await article.locator('h1, h2, h3').evaluateAll((els) => els.map((e) => e.id));
    const links = await toc.getByRole('link').evaluateAll((els) => els.map((e) => e.getAttribute('href')));
    expect(links).toEqual(headings.map((id) => `#${id}`));
    expect(headings).toContain('word-placeholders-dictionary-selectors');

    expect(await topOf(page, 'global-settings')).toBeGreaterThan(800);
    await toc.getByRole('link', { name: 'Global settings' }).click();
    await page.waitForURL((u) => u.hash === '#global-settings');
    await expect.poll(() => topOf(page, 'global-settings')).toBeLessThan(100);
    expect(await topOf(page, 'global-settings')).toBeGreaterThanOrEqual(0);

    // The pager leads through the documentation in list order.
    const pager = page.getByRole('navigation', { name: 'More pages' });
    await pager.getByRole('link', { name: 'Getting started' }).waitFor();
    expect(await pager.getByRole('link', { name: 'Uniqueness and capacity' }).getAttribute('href')).toBe(
      '/docs/uniqueness-and-capacity',
    );

    // Headings link to themselves.
    const heading = article.getByRole('heading', { name: 'Numbers', level: 2 });
    expect(await heading.getByRole('link').getAttribute('href')).toBe('#numbers');
    await context.close();
  });

  it('folds the table of contents above the text on a narrow screen', async () => {
    const { context, page } = await open(store, '/docs/pattern-language', { width: 390 });
    const toc = page.getByRole('navigation', { name: 'On this page' });
    const link = toc.getByRole('link', { name: 'Emoji' });
    await toc.getByText('On this page').waitFor();
    expect(await link.isVisible()).toBe(false);
    await toc.getByText('On this page').click();
    await link.click();
    await page.waitForURL((u) => u.hash === '#emoji');
    await expect.poll(() => topOf(page, 'emoji')).toBeLessThan(100);
    await context.close();
  });

  it('scrolls to the section named in the address once the document has loaded', async () => {
    const { context, page } = await open(store, '/docs/pattern-language#emoji');
    await page.getByTestId('doc-article').waitFor();
    await expect.poll(() => topOf(page, 'emoji')).toBeLessThan(100);
    expect(await topOf(page, 'emoji')).toBeGreaterThanOrEqual(0);
    await context.close();
  });

  it('copies a code block and shows the server address in place of the product host', async () => {
    const { context, page } = await open(store, '/docs/api-keys-and-signing');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: store.url });
    const article = page.getByTestId('doc-article');
    const block = article.locator('.doc-code', { hasText: '/api/v1/ping' });
    await block.waitFor();
    const code = (await block.locator('pre').innerText()).trim();
    expect(code).toContain(`curl ${store.url}/api/v1/ping`);
    expect(await article.innerText()).not.toContain('https://slugsmith.example');

    await block.getByRole('button', { name: 'Copy the code' }).click();
    await block.getByRole('button', { name: 'Code copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    // The confirmation lasts two seconds.
    await block.getByRole('button', { name: 'Copy the code' }).waitFor({ timeout: 4000 });
    await context.close();
  });

  it('opens a documented pattern in the playground', async () => {
    const { context, page } = await open(store, '/docs/getting-started');
    const block = page.getByTestId('doc-article').locator('.doc-code[data-language="pattern"]').first();
    const link = block.getByRole('link', { name: '{adjective}-{noun}-{number:3d}' });
    expect(await link.getAttribute('title')).toBe('Try this pattern in the playground');
    await link.click();
    await page.waitForURL((u) => u.pathname === '/playground');
    expect(new URL(page.url()).searchParams.get('pattern')).toBe('{adjective}-{noun}-{number:3d}');
    await context.close();
  });

  it('shows placeholder content with the §8 message when the document cannot be loaded', async () => {
    const missing = await open(store, '/docs/no-such-page');
    await missing.page.getByTestId('doc-placeholder').waitFor();
    expect(await missing.page.getByTestId('doc-error').textContent()).toBe('API Error: Document not found');
    await missing.page.getByRole('heading', { name: 'This page is not available', level: 1 }).waitFor();
    // A missing document is not retried: the placeholder offers the way back instead.
    expect(await missing.page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    await missing.page.getByRole('link', { name: 'All documentation' }).first().click();
    await missing.page.waitForURL((u) => u.pathname === '/docs');
    await missing.context.close();

    const down = await open(bare, '/docs/getting-started');
    await down.page.getByTestId('doc-placeholder').waitFor();
    expect(await down.page.getByTestId('doc-error').textContent()).toBe('API Error: Resource not found');
    await down.page.goto('/docs');
    await down.page.getByTestId('doc-placeholder').waitFor();
    expect(await down.page.getByTestId('doc-error').textContent()).toBe('API Error: Resource not found');
    await down.context.close();
  });
});

describe('articles, legal documents and contacts', () => {
  it('lists and opens articles and legal documents, and shows the contacts', async () => {
    const { context, page } = await open(store, '/articles');
    await page.getByRole('heading', { name: 'Articles', level: 1 }).waitFor();
    await page.getByTestId('doc-list').getByRole('link', { name: 'How the permutation works' }).click();
    await page.waitForURL((u) => u.pathname === '/articles/how-the-permutation-works');
    await page.getByRole('heading', { name: 'How the permutation works', level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe('How the permutation works - Slugsmith');

    await page.goto('/legal');
    await page.getByRole('heading', { name: 'Legal', level: 1 }).waitFor();
    const legal = page.getByTestId('doc-list');
    await legal.getByRole('link', { name: 'Privacy Policy' }).waitFor();
    expect(await legal.getByRole('listitem').count()).toBe(4);
    await legal.getByRole('link', { name: 'Terms of Service' }).click();
    await page.waitForURL((u) => u.pathname === '/legal/terms-of-service');
    await page.getByTestId('doc-article').getByRole('heading', { level: 1 }).waitFor();
    // Links between documents stay inside the console.
    await page
      .getByTestId('doc-article')
      .getByRole('link', { name: /privacy policy/i })
      .first()
      .click();
    await page.waitForURL((u) => u.pathname === '/legal/privacy-policy');

    // A document opened under another collection's address moves to its own.
    await page.goto('/docs/privacy-policy');
    await page.waitForURL((u) => u.pathname === '/legal/privacy-policy');

    await page.goto('/contacts');
    await page.getByRole('heading', { name: 'Contacts', level: 1 }).waitFor();
    expect(await page.title()).toBe('Contacts - Slugsmith');
    // E-mail addresses keep their domain: only the product's URL is replaced.
    await page.getByText('support@slugsmith.example').waitFor();
    await context.close();
  });
});

describe('languages', () => {
  it('asks for the interface language, follows a language switch and notes an English fallback', async () => {
    const { context, page } = await open(store, '/docs/getting-started', { locale: 'de-DE' });
    const article = page.getByTestId('doc-article');
    await article.getByRole('heading', { name: 'Erste Schritte', level: 1 }).waitFor();
    expect(store.requests).toContain('GET /api/v1/docs/getting-started');
    expect(await page.getByTestId('doc-fallback-language').count()).toBe(0);
    await page.getByRole('navigation', { name: 'Auf dieser Seite' }).waitFor();

    await page.getByRole('button', { name: /Sprache: / }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('listitem').filter({ hasText: 'Français' }).click();
    await article.getByRole('heading', { name: 'Premiers pas', level: 1 }).waitFor();
    expect(await article.getAttribute('lang')).toBe('fr');

    // A link may ask for a language of its own.
    await page.goto('/docs/getting-started?lang=ja');
    await article.getByRole('heading', { name: 'はじめに', level: 1 }).waitFor();
    expect(await page.getByTestId('doc-fallback-language').count()).toBe(0);

    // Only in English: shown in English with a note in the interface language.
    await page.goto(`/docs/${ENGLISH_ONLY.slug}`);
    await page.getByTestId('doc-fallback-language').filter({ hasText: 'anglais' }).waitFor();
    expect(await article.getAttribute('lang')).toBe('en');
    await context.close();
  });
});
