/**
 * A first sign-in on the real server: nothing signed-in is fetched while the agreements dialog is
 * open (the server would refuse it: 403 agreements_required), and the page behind the dialog loads
 * once they are accepted — on the dashboard, on an invitation link and on /admin.
 * Needs the built console (npm run build -w @slugsmith/web).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn } from './api-sign-in.js';
import { launchChromium } from './chromium.js';
import {
  ADMIN_PASSWORD,
  acceptAgreements,
  agreementDialog,
  apiAs,
  confirmSignUp,
  invitationPath,
  markEmailVerified,
  newContext,
  newPerson,
  type RealServer,
  signIn,
  startRealServer,
} from './real-server.js';

let server: RealServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startRealServer(), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Every refused API call of the page (403, 404), as "status method path". */
function refusals(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/v1/') && (response.status() === 403 || response.status() === 404))
      seen.push(`${response.status()} ${response.request().method()} ${url.pathname}`);
  });
  return seen;
}

const PERMISSION = "You don't have permission to access this resource";

describe('first sign-in behind the agreements dialog', () => {
  it('the dashboard asks for nothing until the agreements are accepted, then loads', async () => {
    const context = await newContext(browser, server);
    const page = await context.newPage();
    const refused = refusals(page);
    await signIn(page, newPerson('first'), { returnTo: '/dashboard', signUp: true });
    await agreementDialog(page).waitFor();
    await acceptAgreements(page);
    await page.getByTestId('org-card').first().waitFor();
    expect(await page.getByText(PERMISSION).count()).toBe(0);
    expect(refused).toEqual([]);
    await context.close();
  });

  it('an invitation link names the organisation and inviter, opens sign-up, and shows the invitation after the agreements', async () => {
    // The inviter needs no browser: signed up over the API.
    const owner = newPerson('owner');
    const token = (await apiSignIn(server, owner, { signUp: true })).accessToken;
    await markEmailVerified(server, owner.email);
    const org = await apiAs<{ slug: string }>(server, token, 'POST', '/orgs', {
      name: 'Müller & Söhne GmbH',
    });
    expect(org.status).toBe(201);
    const invitee = newPerson('invitee');
    const sent = await apiAs(server, token, 'POST', `/orgs/${org.body.slug}/invitations`, {
      email: invitee.email,
      role: 'member',
    });
    expect(sent.status).toBe(201);
    const path = await invitationPath(server, invitee.email);

    const context = await newContext(browser, server);
    const page = await context.newPage();
    // A visitor without an account: the link names the organisation and who invited, and leads
    // to sign-up (not sign-in).
    await page.goto(path);
    expect(await page.getByTestId('invitation-public-offer').innerText()).toBe(
      `${owner.email} invited you to join Müller & Söhne GmbH on Slugsmith.`,
    );
    await page.getByTestId('invitation-sign-up').click();
    await page.waitForURL((u) => u.pathname.startsWith('/oidc/'));
    await page.getByLabel('Repeat password').waitFor();
    const refused = refusals(page);
    await page.getByLabel('Email').fill(invitee.email);
    await page.getByLabel('Password', { exact: true }).fill(invitee.password);
    await page.getByLabel('Repeat password').fill(invitee.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await confirmSignUp(page, invitee);
    await page.waitForURL((u) => u.pathname === path);
    await agreementDialog(page).waitFor();
    await acceptAgreements(page);
    await page
      .getByText(/Müller & Söhne GmbH/)
      .first()
      .waitFor();
    expect(await page.getByText('This invitation does not exist').count()).toBe(0);
    expect(await page.getByText(PERMISSION).count()).toBe(0);
    expect(refused).toEqual([]);
    await context.close();
  });

  it('/admin and /admin/install right after the staff account’s first sign-in', async () => {
    const context = await newContext(browser, server);
    const page = await context.newPage();
    const refused = refusals(page);
    await signIn(page, { email: 'admin@slugsmith.local', password: ADMIN_PASSWORD }, { returnTo: '/admin' });
    await agreementDialog(page).waitFor();
    await acceptAgreements(page);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.goto('/admin/install');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.getByText(PERMISSION).count()).toBe(0);
    expect(refused).toEqual([]);
    await context.close();
  });
});
