/**
 * Page checks shared by the e2e files: waiting for animations to end, axe-core on the page, and
 * the walk through both colour schemes (optionally photographed at desktop and phone width).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { axeViolations } from './real-server.js';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const shots = fileURLToPath(new URL('./screenshots/', import.meta.url));

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Where a screenshot goes: e2e/screenshots/<file> (the directory is made on first use). */
export function screenshotPath(file: string): string {
  mkdirSync(shots, { recursive: true });
  return `${shots}${file}`;
}

/**
 * Waits for the page's finite animations and transitions (a dialog fading in, colours changing
 * with the scheme) to end, so axe measures the colours a reader sees. The ticker runs forever.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** Serious or critical axe-core violations of what the page shows now. */
export function seriousViolations(page: Page): Promise<string[]> {
  return axeViolations(page, axeSource);
}

export interface SchemeCheckOptions {
  /** Screenshots at desktop and phone width into e2e/screenshots/, file names starting so. */
  photograph?: { prefix: string };
  /** axe-core at phone width too (only with `photograph`, which switches the width). */
  axeOnPhone?: boolean;
}

async function showsScheme(page: Page, scheme: 'light' | 'dark') {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme')))
    .toBe(scheme);
}

/**
 * axe-core in light and dark on what the page shows once `ready` resolves; with `photograph`,
 * also screenshots at desktop and phone width. Leaves the page light and at desktop width.
 */
export async function checkSchemes(
  page: Page,
  name: string,
  ready: () => Promise<unknown>,
  options: SchemeCheckOptions = {},
): Promise<void> {
  const photo = options.photograph;
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    if (photo) await page.setViewportSize(DESKTOP);
    await ready();
    await showsScheme(page, scheme);
    await settled(page);
    expect(await seriousViolations(page), `${name} in ${scheme}`).toEqual([]);
    if (!photo) continue;
    await page.screenshot({
      path: screenshotPath(`${photo.prefix}${name}-${scheme}-desktop.png`),
      fullPage: true,
    });
    await page.setViewportSize(PHONE);
    await ready();
    if (options.axeOnPhone) {
      await settled(page);
      expect(await seriousViolations(page), `${name} in ${scheme} on a phone`).toEqual([]);
    }
    await page.screenshot({
      path: screenshotPath(`${photo.prefix}${name}-${scheme}-mobile.png`),
      fullPage: true,
    });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  if (photo) await page.setViewportSize(DESKTOP);
}
