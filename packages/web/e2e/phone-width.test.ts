/**
 * A phone's width on the real server: the members and API-key tables keep each row's actions on
 * screen and uncovered (the theme toggle moves to the header), and a German legal heading wraps
 * instead of widening the page. Every tab of an organisation at 360, 390 and 414 px, a small
 * desktop (992) and a desktop (1280): no sideways scroll, every row control (switches, buttons,
 * links) inside the viewport and on top (the actions column is pinned), and the floating theme
 * toggle, shown from 1280 px, overlapping no link, button or field (issue 33 item 11).
 * Needs the built console (npm run build -w @slugsmith/web).
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
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

/** The org page's tabs and what shows each is loaded. */
const TABS: [tab: string, ready: string][] = [
  ['members', 'invitation-row'],
  ['keys', 'key-row'],
  ['series', 'series-row'],
  ['subscription', 'limits'],
  ['danger', 'org-delete'],
];

/** Rows of the dashboard's tables whose controls must all be reachable. */
const ROWS = '[data-testid$="-row"]';

/**
 * The row controls (buttons, links, switches) that are not inside the viewport or lie under
 * something else at their centre. Each is scrolled into view vertically only: a table's own
 * sideways scroll stays where it starts, as a reader finds it.
 */
const unreachableRowControls = (p: Page) =>
  p.evaluate((rows) => {
    const out: string[] = [];
    const controls = [...document.querySelectorAll(rows)].flatMap((row) => [
      ...row.querySelectorAll('button, a, input[type="checkbox"]'),
    ]);
    for (const el of controls) {
      if (!(el as HTMLElement).checkVisibility()) continue;
      const target = el.matches('input') ? (el.closest('label') ?? el.parentElement ?? el) : el;
      window.scrollTo(0, target.getBoundingClientRect().top + window.scrollY - window.innerHeight / 2);
      const r = target.getBoundingClientRect();
      const label = `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 30)}"`;
      if (r.width === 0 || r.left < 0 || r.right > window.innerWidth + 0.5) {
        out.push(`${label} off-screen ${Math.round(r.left)}–${Math.round(r.right)}`);
        continue;
      }
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (!top || !(target === top || target.contains(top) || top.contains(target)))
        out.push(`${label} covered by ${top?.outerHTML.slice(0, 60)}`);
    }
    return out;
  }, ROWS);

/**
 * The links, buttons and fields the floating theme toggle overlaps, at the top of the page and
 * scrolled to its end (none when the toggle is not shown at this width).
 */
const coveredByToggle = (p: Page) =>
  p.evaluate(() => {
    const toggle = document.querySelector('[data-testid="theme-toggle"]');
    const out: string[] = [];
    for (const y of [0, document.documentElement.scrollHeight]) {
      window.scrollTo(0, y);
      const t = toggle?.getBoundingClientRect();
      if (!toggle || !t || t.width === 0 || !(toggle as HTMLElement).checkVisibility()) return out;
      for (const el of document.querySelectorAll('a, button, input, textarea, select, [role="tab"]')) {
        if (el === toggle || toggle.contains(el) || !(el as HTMLElement).checkVisibility()) continue;
        const r = el.getBoundingClientRect();
        const overlaps = r.left < t.right && r.right > t.left && r.top < t.bottom && r.bottom > t.top;
        if (overlaps && r.width > 0)
          out.push(`${el.tagName.toLowerCase()} "${el.textContent?.trim().slice(0, 30)}"`);
      }
    }
    return out;
  });

describe('the organisation dashboard on a phone and a desktop', () => {
  let context: BrowserContext;
  let page: Page;
  let org = '';

  beforeAll(async () => {
    context = await newContext(browser, server, { width: 360 });
    page = await context.newPage();
    const token = await signUpWithApi(page, server, newPerson('narrow'));
    const created = await apiAs<{ slug: string }>(server, token, 'POST', '/orgs', {
      name: 'Narrow Screens Incorporated',
    });
    expect(created.status).toBe(201);
    org = created.body.slug;
    const calls: [string, unknown][] = [
      ['api-keys', { name: 'a key with a rather long name for a phone', scopes: ['forge', 'mint', 'slice'] }],
      ['series', { name: 'Orders of the northern warehouse', pattern: '{adjective}-{noun}-{number:3d}' }],
      ['series', { name: 'Invoices', pattern: '{adjective}-{adjective}-{noun}-{number:4d}' }],
      ['members', { email: 'someone.with.a.long.address@example.com', role: 'member' }],
    ];
    for (const [path, body] of calls) {
      const answer = await apiAs(server, token, 'POST', `/orgs/${org}/${path}`, body);
      expect(answer.status, path).toBeLessThan(300);
    }
  });

  afterAll(() => context?.close());

  for (const width of [360, 390, 414, 992, 1280])
    it(`at ${width} px: no sideways scroll, every row action reachable, nothing under the theme toggle`, async () => {
      await page.setViewportSize({ width, height: 800 });
      for (const [tab, ready] of TABS) {
        await page.goto(`/dashboard/org/${org}?tab=${tab}`);
        await page.getByTestId(ready).first().waitFor();
        const where = `${tab} at ${width} px`;
        // Floating from 1280 px; in the header's bar from 992 px (the menu's breakpoint); in the menu below.
        expect(await page.getByTestId('theme-toggle').isVisible(), where).toBe(width >= 1280);
        expect(await page.getByTestId('theme-toggle-bar').isVisible(), where).toBe(
          width >= 992 && width < 1280,
        );
        expect(await fits(page), `${where} scrolls sideways`).toBe(true);
        expect(await unreachableRowControls(page), where).toEqual([]);
        expect(await coveredByToggle(page), `${where}: under the theme toggle`).toEqual([]);
      }
    });
});
