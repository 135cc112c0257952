/**
 * The document pages against the real server (issue 8): the @slugsmith/server app in-process seeds
 * its document store from content/ at start-up, and the console reads it through the public
 * document routes. Complements docs.test.ts (stand-in store) by proving the two agree.
 * Needs the built console (npm run build -w @slugsmith/web).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeViolations,
  launchChromium,
  newContext,
  type RealServer,
  startRealServer,
} from './real-server.js';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

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
    await page.goto('/legal');
    await expect.poll(() => page.getByTestId('doc-list').getByRole('listitem').count()).toBe(4);
    await page.goto('/contacts');
    await page.getByText('support@slugsmith.example').first().waitFor();
    await context.close();
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
