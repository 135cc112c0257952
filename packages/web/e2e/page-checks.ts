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

/**
 * Rules about the page's outline that axe rates moderate, so `seriousViolations` lets them pass:
 * one banner at the top level (a dialog adds none), headings that skip no level.
 */
const OUTLINE_RULES = [
  'heading-order',
  'landmark-banner-is-top-level',
  'landmark-contentinfo-is-top-level',
  'landmark-main-is-top-level',
  'landmark-no-duplicate-banner',
  'landmark-no-duplicate-contentinfo',
  'landmark-no-duplicate-main',
  'landmark-unique',
];

/** Violations of the outline rules (any impact) on what the page shows now. */
export async function outlineViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async (rules) => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global
    const result = await (window as any).axe.run(document, {
      runOnly: { type: 'rule', values: rules },
      resultTypes: ['violations'],
    });
    return result.violations.map(
      (v: { id: string; nodes: { target: string[] }[] }) =>
        `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
  }, OUTLINE_RULES);
}

export interface SchemeCheckOptions {
  /** Screenshots at desktop and phone width into e2e/screenshots/, file names starting so. */
  photograph?: { prefix: string };
  /** axe-core at phone width too (with `photograph`, or `phone`). */
  axeOnPhone?: boolean;
  /** axe-core at desktop and phone width, without screenshots. */
  phone?: boolean;
  /** The outline rules too (headings, landmarks), whatever their impact. */
  outline?: boolean;
}

async function showsScheme(page: Page, scheme: 'light' | 'dark') {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme')))
    .toBe(scheme);
}

/**
 * axe-core in light and dark on what the page shows once `ready` resolves; with `photograph`,
 * also screenshots at desktop and phone width; with `phone`, axe at both widths. Leaves the page
 * light and at desktop width.
 */
export async function checkSchemes(
  page: Page,
  name: string,
  ready: () => Promise<unknown>,
  options: SchemeCheckOptions = {},
): Promise<void> {
  const photo = options.photograph;
  const sized = photo !== undefined || options.phone === true;
  const check = async (what: string) => {
    await settled(page);
    expect(await seriousViolations(page), what).toEqual([]);
    if (options.outline) expect(await outlineViolations(page), `${what}: outline`).toEqual([]);
  };
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    if (sized) await page.setViewportSize(DESKTOP);
    await ready();
    await showsScheme(page, scheme);
    await check(`${name} in ${scheme}`);
    if (!sized) continue;
    if (photo)
      await page.screenshot({
        path: screenshotPath(`${photo.prefix}${name}-${scheme}-desktop.png`),
        fullPage: true,
      });
    await page.setViewportSize(PHONE);
    await ready();
    if (options.axeOnPhone || options.phone) await check(`${name} in ${scheme} on a phone`);
    if (photo)
      await page.screenshot({
        path: screenshotPath(`${photo.prefix}${name}-${scheme}-mobile.png`),
        fullPage: true,
      });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  if (sized) await page.setViewportSize(DESKTOP);
}
