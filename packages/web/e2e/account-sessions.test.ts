import { describe, expect, it } from 'vitest';
import { signInWithApi, signUpWithApi } from './api-sign-in.js';
import { newPerson } from './real-server.js';
import { realSuite } from './real-suite.js';

const suite = realSuite();

/** Issue 31 item 15: /account lists the sessions of two browsers and signs the other one out. */
describe('the account page lists the sessions and signs one out', () => {
  it('shows this device and the other browser; signing the other out leaves this one', async () => {
    const person = newPerson('sessions');
    const page = await suite.newPage();
    await signUpWithApi(page, suite.server, person);
    const other = await suite.newPage();
    await signInWithApi(other, suite.server, person, { returnTo: '/dashboard' });

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
