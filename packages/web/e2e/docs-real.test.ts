/**
 * The document pages against the real server: the @slugsmith/server app in-process seeds
 * its document store from content/ at start-up, and the console reads it through the public
 * document routes. Complements docs.test.ts (stand-in store) by proving the two agree.
 * Needs the built console (npm run build -w @slugsmith/web).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { listDataDocuments, listDocuments } from '@slugsmith/content';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './chromium.js';
import { axeViolations, newContext, type RealServer, startRealServer } from './real-server.js';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const shots = fileURLToPath(new URL('./screenshots/', import.meta.url));
mkdirSync(shots, { recursive: true });

/** The seeded use-case categories of one stored language (content/pattern-examples/<lang>.yaml). */
function seededCategories(lang: string): string[] {
  const doc = listDataDocuments().find((d) => d.name === 'pattern-examples' && d.lang === lang);
  if (!doc || !Array.isArray(doc.data)) throw new Error(`no pattern examples in ${lang}`);
  return (doc.data as { category: string }[]).map((c) => c.category);
}

/** A seeded landing block's stored title in one language. */
function blockTitle(slug: string, lang: string): string {
  const doc = listDocuments().find((d) => d.collection === 'landing' && d.slug === slug && d.lang === lang);
  if (!doc) throw new Error(`no landing block ${slug} in ${lang}`);
  return doc.title;
}

const cardTitles = (page: Page) =>
  page.getByTestId('use-case-card').getByRole('heading', { level: 3 }).allInnerTexts();

let server: RealServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startRealServer(), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('document pages on the real document service', () => {
  it('lists the seeded documentation and opens a page with its table of contents', async () => {
    const context = await newContext(browser, server);
    const page = await context.newPage();
    await page.goto('/docs');
    const list = page.getByTestId('doc-list');
    await list.getByRole('link', { name: 'The pattern language' }).click();
    await page.waitForURL((u) => u.pathname === '/docs/pattern-language');
    const toc = page.getByRole('navigation', { name: 'On this page' });
    await toc.getByRole('link', { name: 'Global settings' }).click();
    await page.waitForURL((u) => u.hash === '#global-settings');
    const top = () =>
      page.evaluate(() => document.getElementById('global-settings')?.getBoundingClientRect().top ?? -1);
    await expect.poll(top).toBeLessThan(100);
    expect(await top()).toBeGreaterThanOrEqual(0);
    // The product host in the text is this server's address.
    expect(await page.getByTestId('doc-article').innerText()).not.toContain('slugsmith.example/api');
    // Under the server's own headers (CSP included) the page stays accessible.
    expect(await axeViolations(page, axeSource)).toEqual([]);
    await context.close();
  });

  it('serves the agreements’ legal pages in the interface language and the contacts', async () => {
    const context = await newContext(browser, server, { locale: 'fr-FR' });
    const page = await context.newPage();
    // The agreements link to /legal/end-user-licence (migration 0004).
    await page.goto('/legal/end-user-licence');
    const article = page.getByTestId('doc-article');
    await article.getByRole('heading', { level: 1 }).waitFor();
    expect(await article.getAttribute('lang')).toBe('fr');
    // The summary's link to the full English text opens it in English, whatever the interface says.
    await article.locator('a[href="/legal/end-user-licence?lang=en"]').click();
    await page.waitForURL((u) => u.search === '?lang=en');
    await expect.poll(() => article.getAttribute('lang')).toBe('en');
    await article.getByRole('heading', { level: 1 }).waitFor();
    await page.goto('/legal');
    await expect.poll(() => page.getByTestId('doc-list').getByRole('listitem').count()).toBe(4);
    await page.goto('/contacts');
    await page.getByText('support@slugsmith.example').first().waitFor();
    await context.close();
  });

  it('links the operator’s pages (Test Functionality, Demo Elements) from the self-hosting document, in its language', async () => {
    for (const [locale, names] of [
      ['en-GB', ['Test functionality', 'Demo elements']],
      ['de-DE', ['Funktionstest', 'Demo-Elemente']],
    ] as const) {
      const context = await newContext(browser, server, { locale });
      const page = await context.newPage();
      await page.goto('/docs/self-hosting');
      const article = page.getByTestId('doc-article');
      await article.getByRole('heading', { level: 1 }).waitFor();
      const [check, demo] = names;
      expect(await article.getByRole('link', { name: demo, exact: true }).getAttribute('href')).toMatch(
        /\/demo-elements$/,
      );
      await article.getByRole('link', { name: check, exact: true }).click();
      await page.waitForURL((u) => u.pathname.endsWith('/test-functionality'));
      await context.close();
    }
  });

  it('shows the placeholder with the server’s message for a document that does not exist', async () => {
    const context = await newContext(browser, server);
    const page = await context.newPage();
    await page.goto('/docs/no-such-document');
    await page.getByTestId('doc-placeholder').waitFor();
    expect(await page.getByTestId('doc-error').textContent()).toBe('API Error: Document not found');
    await context.close();
  });
});

describe('the landing page on the seeded documents', () => {
  it('shows the seeded use cases, follows a language switch and renders the blocks as markdown', async () => {
    const context = await newContext(browser, server);
    const page = await context.newPage();
    await page.goto('/');
    const english = seededCategories('en');
    expect(english.length).toBeGreaterThan(0);
    await expect.poll(() => cardTitles(page)).toEqual(english);

    // Each block's title is shown once: as the section heading, not again from the block's text.
    for (const slug of ['core-value-proposition', 'pattern-teaser', 'integration-examples']) {
      const block = page.getByTestId(`block-${slug}`);
      const title = blockTitle(slug, 'en');
      await block.getByRole('heading', { level: 2, name: title, exact: true }).waitFor();
      expect(await block.getByRole('heading', { name: title, exact: true }).count(), slug).toBe(1);
    }
    // Markdown, not its source: the teaser's table, the integration examples' code and bold lead-ins.
    const teaser = page.getByTestId('block-pattern-teaser');
    await teaser.locator('table').first().waitFor();
    const integration = page.getByTestId('block-integration-examples');
    await integration.locator('pre code').first().waitFor();
    expect(await integration.locator('strong').count()).toBeGreaterThan(0);
    for (const slug of [
      'core-value-proposition',
      'pattern-teaser',
      'developer-onboarding-journey',
      'integration-examples',
      'technical-highlights',
    ]) {
      const text = await page.getByTestId(`block-${slug}`).innerText();
      expect(text, slug).not.toMatch(/```|^\s*\||\*\*|^#{1,6}\s/m);
    }
    // The curl example names this server, not the documents' placeholder host.
    const code = await integration.locator('pre code').allInnerTexts();
    expect(code.join('\n')).toContain(`${server.url}/api/v1/gen/mint`);
    expect(await integration.innerText()).not.toContain('slugsmith.example');

    await page.getByRole('button', { name: /Language: / }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose a language' });
    await dialog.getByLabel('Search languages').fill('Deutsch');
    await dialog.getByRole('listitem').filter({ hasText: 'Deutsch' }).click();
    const german = seededCategories('de');
    expect(german).not.toEqual(english);
    await expect.poll(() => cardTitles(page)).toEqual(german);
    await page
      .getByTestId('block-integration-examples')
      .getByRole('heading', { level: 2, name: blockTitle('integration-examples', 'de'), exact: true })
      .waitFor();
    await context.close();
  });

  for (const colorScheme of ['light', 'dark'] as const)
    it(`in ${colorScheme}: no serious or critical axe violations; screenshots`, async () => {
      for (const [width, form] of [
        [1280, 'desktop'],
        [390, 'mobile'],
      ] as const) {
        const context = await newContext(browser, server, { colorScheme, width });
        const page = await context.newPage();
        await page.goto('/');
        await expect.poll(() => cardTitles(page)).toEqual(seededCategories('en'));
        await page.getByTestId('block-technical-highlights').locator('li').first().waitFor();
        await page.getByTestId('block-integration-examples').locator('pre').first().waitFor();
        expect(await axeViolations(page, axeSource), `${colorScheme} ${form}`).toEqual([]);
        await page.screenshot({ path: `${shots}landing-real-${colorScheme}-${form}.png`, fullPage: true });
        await context.close();
      }
    });
});
