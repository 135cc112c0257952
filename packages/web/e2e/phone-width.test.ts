/**
 * A phone's width on the real server: the members and API-key tables keep each row's actions on
 * screen and uncovered (the theme toggle moves to the header), and a German legal heading wraps
 * instead of widening the page.
 * Needs the built console (npm run build -w @slugsmith/web).
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpWithApi } from './api-sign-in.js';
import { launchChromium } from './chromium.js';
import { apiAs, newContext, newPerson, type RealServer, startRealServer } from './real-server.js';

let server: RealServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startRealServer(), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Whether the control is inside the viewport and the topmost thing at its centre (nothing covers it). */
async function reachable(control: Locator): Promise<string> {
  return control.evaluate((el) => {
    // Scrolled into view vertically only: the table's own sideways scroll stays where it starts.
    window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - window.innerHeight / 2);
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.left < 0 || r.right > window.innerWidth) return `off-screen ${r.left}–${r.right}`;
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return top && (el === top || el.contains(top)) ? 'ok' : `covered by ${top?.outerHTML.slice(0, 80)}`;
  });
}

const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** The elements that reach past the screen's right edge (what makes a page scroll sideways). */
const overflowing = (page: Page) =>
  page.evaluate(() =>
    [...document.body.querySelectorAll('*')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${el.className} ${Math.round(el.getBoundingClientRect().right)}px`,
      )
      .slice(-5),
  );

describe('at a phone’s width', () => {
  it('the members and API-key tables keep their actions on screen and uncovered', async () => {
    const context = await newContext(browser, server, { width: 360 });
    const page = await context.newPage();
    const token = await signUpWithApi(page, server, newPerson('phone'));
    const org = await apiAs<{ slug: string }>(server, token, 'POST', '/orgs', { name: 'Phone Width Labs' });
    expect(org.status).toBe(201);
    const key = await apiAs(server, token, 'POST', `/orgs/${org.body.slug}/api-keys`, {
      name: 'a key with a rather long name for a phone',
      scopes: ['forge'],
    });
    expect(key.status).toBe(201);

    await page.goto(`/dashboard/org/${org.body.slug}`);
    await page.getByTestId('tab-keys').click();
    const keyRow = page.getByTestId('key-row').first();
    await keyRow.waitFor();
    expect(await reachable(keyRow.getByTestId('key-delete'))).toBe('ok');
    expect(await reachable(keyRow.getByRole('button', { name: 'Usage' }))).toBe('ok');

    await page.getByTestId('tab-members').click();
    const memberRow = page.getByTestId('member-row').first();
    await memberRow.waitFor();
    // The sole owner's row says why it cannot leave, in its last column: on screen.
    expect(await reachable(memberRow.locator('td').last())).toBe('ok');
    expect(await fits(page)).toBe(true);
    // No floating toggle over the cells on a phone: the menu carries it.
    expect(await page.getByTestId('theme-toggle').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const inMenu = page.getByTestId('theme-toggle-inline');
    await inMenu.waitFor();
    const scheme = () =>
      page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
    const before = await scheme();
    await inMenu.click();
    await expect.poll(scheme).not.toBe(before);
    await context.close();
  });

  it('a German legal heading wraps instead of widening the page', async () => {
    const context = await newContext(browser, server, { locale: 'de-DE', width: 320 });
    const page = await context.newPage();
    for (const path of ['/legal/end-user-licence', '/legal/privacy-policy', '/legal']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await overflowing(page), `${path} scrolls sideways`).toEqual([]);
      expect(await fits(page)).toBe(true);
    }
    await context.close();
  });
});
