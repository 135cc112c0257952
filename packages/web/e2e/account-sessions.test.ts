import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInWithApi, signUpWithApi } from './api-sign-in.js';
import { launchChromium } from './chromium.js';
import { newContext, newPerson, type RealServer, startRealServer } from './real-server.js';

let browser: Browser;
let server: RealServer;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [browser, server] = await Promise.all([launchChromium(), startRealServer()]);
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.close();
});

async function context() {
  const created = await newContext(browser, server);
  contexts.push(created);
  return created;
}

/** Issue 31 item 15: /account lists the sessions of two browsers and signs the other one out. */
describe('the account page lists the sessions and signs one out', () => {
  it('shows this device and the other browser; signing the other out leaves this one', async () => {
    const person = newPerson('sessions');
    const page = await (await context()).newPage();
    await signUpWithApi(page, server, person);
    const other = await (await context()).newPage();
    await signInWithApi(other, server, person, { returnTo: '/dashboard' });

    await page.goto('/account');
    const rows = page.getByTestId('session-row');
    // Wait on the page, not a poll with a short default timeout (a loaded machine is slow).
    await rows.nth(1).waitFor();
    expect(await rows.count()).toBe(2);
    // The system in plain words (headless Chromium names no browser we list); the console's own
    // session carries the badge.
    await rows.filter({ hasText: 'This device' }).getByText(/Linux/).waitFor();
    const otherRow = rows.filter({ hasNotText: 'This device' });
    expect(await otherRow.innerText()).toContain('Address 127.0.0.1');
    await otherRow.getByRole('button', { name: /^Sign out/ }).click();
    await page.getByText('Signed-in sessions: 1').waitFor();
    expect(await rows.count()).toBe(1);
    await rows.getByText('This device').waitFor();
  });
});
