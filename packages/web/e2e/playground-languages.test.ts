/**
 * The playground in other languages (issue 35 item 6), in Chromium against the stand-in API with
 * the real engine and the shipped language bundles: a language choice for the dictionary browser
 * (its tags read through ?language=) and `@xx` completions after a word placeholder.
 */
import { rm } from 'node:fs/promises';
import { loadLanguageBundle } from '@slugsmith/dictionaries';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCount } from '../src/lib/numbers.js';
import { launchChromium } from './chromium.js';
import { type Harness, startHarness } from './harness.js';
import { snapshotDist } from './real-server.js';

let dist: string;
let browser: Browser;
let live: Harness;

beforeAll(async () => {
  dist = await snapshotDist();
  live = await startHarness({ dist, api: 'generator' });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await live?.close();
  await rm(dist, { recursive: true, force: true });
});

async function open(path: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: live.url,
    locale: 'en-GB',
    viewport: { width: 1280, height: 900 },
    reducedMotion: 'reduce',
  });
  await context.addInitScript(() => localStorage.setItem('dev-warning-dismissed', 'true'));
  const page = await context.newPage();
  await page.goto(path);
  return { context, page };
}

/** The German bundle's noun count, as the console writes counts (en-GB: `2.8K`). */
const germanNouns = () =>
  formatCount(
    loadLanguageBundle('de').dictionaries.find((d) => d.kind === 'noun')?.words.length ?? 0,
    'en-GB',
  );

describe('playground languages', () => {
  it('browses the dictionaries of a chosen language and tries its two-word pattern', async () => {
    const { context, page } = await open('/playground');
    const browserPanel = page.getByTestId('dictionary-browser');
    await browserPanel.getByTestId('dictionary-noun').waitFor();
    expect(await browserPanel.getByTestId('dictionary-noun').locator('td').first().textContent()).toBe(
      '{noun}',
    );

    await page.getByTestId('dictionary-language').click();
    await page.getByRole('option', { name: 'German (de)' }).click();
    const noun = browserPanel.getByTestId('dictionary-noun');
    await expect.poll(() => noun.locator('td').first().textContent()).toBe('{noun@de}');
    expect(await noun.locator('td').nth(1).textContent()).toBe(germanNouns());
    // German tags, fetched with ?language=de: the genders the agreement reads.
    await noun.getByText(/^feminine · /).waitFor();

    await page.getByTestId('dictionary-try').click();
    await expect.poll(() => page.getByTestId('pattern-input').inputValue()).toBe('{adjective@de}-{noun@de}');
    await page.getByTestId('forge-button').click();
    const results = page.getByTestId('forge-results');
    await results.waitFor();
    expect(await results.textContent()).toMatch(/\p{Ll}+-\p{Ll}+/u);
    await context.close();
  });

  it('offers @xx for the installed languages after a word placeholder, then that language’s tags', async () => {
    const { context, page } = await open('/playground?pattern=');
    const input = page.getByTestId('pattern-input');
    await input.click();
    await page.keyboard.type('{noun@');
    const list = page.getByTestId('suggestions');
    for (const language of ['de', 'fr', 'it', 'pt', 'zh']) {
      await list.getByRole('option', { name: new RegExp(`^${language}\\b`) }).waitFor();
    }
    await page.keyboard.type('d');
    await list.getByRole('option', { name: /^de\b/ }).waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => input.inputValue()).toBe('{noun@de');
    await page.keyboard.type(':+fem');
    await list.getByRole('option', { name: /feminine/ }).waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => input.inputValue()).toBe('{noun@de:+feminine');
    await context.close();
  });
});
