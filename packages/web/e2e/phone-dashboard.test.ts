/**
 * The organisation's dashboard at phone widths (360, 390 and 414 px), a small desktop and a
 * desktop, on the real server (issue 33 item 11): on every tab no page scrolls sideways, every
 * action of every table row is inside the viewport and on top (the actions column is pinned),
 * and the floating theme toggle, shown from 1280 px, overlaps no link, button or field.
 * Needs the built console (npm run build -w @slugsmith/web).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './chromium.js';
import {
  accessToken,
  apiAs,
  newContext,
  newPerson,
  type RealServer,
  signUpAndAccept,
  startRealServer,
} from './real-server.js';

let server: RealServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let org = '';

beforeAll(async () => {
  [server, browser] = await Promise.all([startRealServer(), launchChromium()]);
  context = await newContext(browser, server, { width: 360 });
  page = await context.newPage();
  await signUpAndAccept(page, newPerson('narrow'));
  const token = await accessToken(page);
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

afterAll(async () => {
  await browser?.close();
  await server?.close();
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

/** Whether the page is no wider than the screen (nothing makes it scroll sideways). */
const fits = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

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
