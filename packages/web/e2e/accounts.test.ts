/**
 * Accounts end to end in German (issue 23), on the real server with e-mail sent over SMTP to a
 * real SMTP server in this process: sign up, verify from the e-mail, reset the password, be
 * invited to an organisation and accept, delete the account. Every built-in provider page on the
 * way speaks German (no English text of the pages on it) and passes axe in light and dark; the
 * pages the flow does not reach (throttled, errors, sign-out) are checked rendered as they are.
 * The first describe is a walk: one account's life, a step per test, so its tests run in order.
 * People who are not the subject (the inviter, staff) sign in over the API.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageTexts } from '../../server/src/auth/builtin/page-texts/index.js';
import * as pages from '../../server/src/auth/builtin/pages.js';
import { mailOutbox } from '../../server/src/db/schema.js';
import { MailCatcher } from '../../server/test/support/mail-catcher.js';
import { STAFF, signInWithApi } from './api-sign-in.js';
import { launchChromium } from './chromium.js';
import { seriousViolations, settled } from './page-checks.js';
import {
  accessToken,
  markEmailVerified,
  newContext,
  newPerson,
  type RealServer,
  startRealServer,
} from './real-server.js';

let browser: Browser;
let server: RealServer;
let mail: MailCatcher;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  mail = await new MailCatcher().start();
  [browser, server] = await Promise.all([launchChromium(), startRealServer({ SMTP_URL: mail.url })]);
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.close();
  await mail?.close();
});

async function context(locale: string) {
  const created = await newContext(browser, server, { locale });
  contexts.push(created);
  return created;
}

// Texts shared by German and English (none today) would be false alarms; single short words
// such as "Email" are checked too: none of them is German.
const englishTexts = Object.values(pageTexts['en-GB']).map((text) => text.replace(/\{\w+\}.*$/, '').trim());

/** A built-in provider page: German (html lang, no English text of the pages), axe in both schemes. */
async function checkProviderPage(page: Page, heading: string) {
  await page.getByRole('heading', { name: heading }).waitFor();
  expect(await page.getAttribute('html', 'lang')).toBe('de-DE');
  const text = await page.locator('body').innerText();
  const english = englishTexts.filter((t) => t.length > 2 && text.includes(t));
  expect(english, `English on "${heading}"`).toEqual([]);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await seriousViolations(page), `${heading} (${scheme})`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** The next e-mail to `to` whose link contains `part` (others to the same address are skipped). */
async function linkTo(to: string, part: string): Promise<string> {
  for (let i = 0; i < 5; i++) {
    const link = MailCatcher.link(await mail.next(to));
    if (link.includes(part)) return link;
  }
  throw new Error(`no mail to ${to} with a link to ${part}`);
}

const person = newPerson('anna');
const newPassword = 'Herbstlaub über stillen Seen 42';
let inviterPage: Page;
let orgSlug: string;

describe('an account in German, from sign-up to deletion', () => {
  let page: Page;

  it('signs up on German pages, with the strength hint while typing', async () => {
    page = await (await context('de-DE')).newPage();
    await page.goto('/login?screen_hint=signup');
    await page.waitForURL((u) => u.pathname.startsWith('/oidc/'));
    await checkProviderPage(page, 'Ihr Slugsmith-Konto erstellen');
    await page.getByLabel('E-Mail-Adresse').fill(person.email);
    await page.getByLabel('Passwort', { exact: true }).fill('kurz');
    await expect
      .poll(() => page.locator('#password-strength').innerText())
      .toBe('Zu kurz: noch 6 Zeichen nötig');
    await page.getByLabel('Passwort', { exact: true }).fill(person.password);
    await expect.poll(() => page.locator('#password-strength').innerText()).toMatch(/^Passwortstärke: /);
    await page.getByLabel('Passwort wiederholen').fill(person.password);
    await page.getByRole('button', { name: 'Konto erstellen' }).click();
    // The answer asks to confirm the address (the same whether or not it has an account).
    await checkProviderPage(page, 'Sehen Sie in Ihr Postfach');
  });

  it('verifies the address from the e-mail, then signs in', async () => {
    const mailTab = await page.context().newPage();
    await mailTab.goto(await linkTo(person.email, 'verify'));
    await checkProviderPage(mailTab, 'E-Mail-Adresse bestätigt');
    await mailTab.close();
    await page.getByRole('link', { name: 'Zurück zur Anmeldung' }).click();
    await checkProviderPage(page, 'Bei Slugsmith anmelden');
    await page.getByLabel('E-Mail-Adresse').fill(person.email);
    await page.getByLabel('Passwort', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Anmelden' }).click();

    const dialog = page.getByRole('dialog', { name: 'Bevor Sie beginnen' });
    await dialog.waitFor();
    for (const box of await dialog.getByRole('checkbox').all()) await box.check();
    await dialog.getByRole('button', { name: 'Akzeptieren', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.goto('/account');
    await page.getByRole('heading', { name: 'Ihr Konto' }).waitFor();
    await page.getByText('Bestätigt', { exact: true }).waitFor();
  });

  it('resets the forgotten password by the e-mailed link, which works once', async () => {
    const other = await (await context('de-DE')).newPage();
    await other.goto('/login');
    await other.waitForURL((u) => u.pathname.startsWith('/oidc/'));
    await checkProviderPage(other, 'Bei Slugsmith anmelden');
    await other.getByRole('link', { name: 'Passwort vergessen?' }).click();
    await checkProviderPage(other, 'Passwort vergessen?');
    await other.getByLabel('E-Mail-Adresse').fill(person.email);
    await other.getByRole('button', { name: 'Link senden' }).click();
    await checkProviderPage(other, 'Sehen Sie in Ihr Postfach');

    const link = await linkTo(person.email, 'reset');
    await other.goto(link);
    await checkProviderPage(other, 'Neues Passwort wählen');
    await other.getByLabel('Neues Passwort', { exact: true }).fill(newPassword);
    await other.getByLabel('Passwort wiederholen').fill(newPassword);
    await other.getByRole('button', { name: 'Passwort speichern' }).click();
    await checkProviderPage(other, 'Passwort geändert');

    await other.goto(link);
    await checkProviderPage(other, 'Link bereits verwendet');
    person.password = newPassword;

    // The reset signed out every session: this browser signs in with the new password and goes on.
    await other.goto('/login');
    await other.waitForURL((u) => u.pathname.startsWith('/oidc/'));
    await other.getByLabel('E-Mail-Adresse').fill(person.email);
    await other.getByLabel('Passwort', { exact: true }).fill(newPassword);
    await other.getByRole('button', { name: 'Anmelden' }).click();
    await other.waitForURL((u) => u.pathname === '/dashboard');
    await page.close();
    page = other;
  });

  it('is invited to an organisation by e-mail and accepts', async () => {
    inviterPage = await (await context('en-GB')).newPage();
    const inviter = newPerson('inviter');
    const token = await signInWithApi(inviterPage, server, inviter, {
      signUp: true,
      verificationLink: (to) => linkTo(to, 'verify'),
    });
    // Only a verified sender invites (as if the inviter had opened their verification link).
    await markEmailVerified(server, inviter.email);
    const created = await fetch(`${server.url}/api/v1/orgs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Einladung GmbH' }),
    });
    orgSlug = ((await created.json()) as { slug: string }).slug;
    await inviterPage.goto(`/dashboard/org/${orgSlug}`);
    await inviterPage.getByTestId('tab-members').click();
    await inviterPage.getByTestId('member-email').fill(person.email);
    await inviterPage.getByTestId('member-add').click();
    await inviterPage.getByTestId('invitation-row').filter({ hasText: person.email }).waitFor();

    const link = await linkTo(person.email, '/invitations/');
    expect(link).toMatch(/\/invitations\/[\w-]{40,}$/);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Einladung' }).waitFor();
    await page.getByText('Sie sind eingeladen, Einladung GmbH als Mitglied beizutreten.').waitFor();
    await page.getByRole('button', { name: 'Einladung annehmen' }).click();
    await page.waitForURL((u) => u.pathname === `/dashboard/org/${orgSlug}`);
  });

  it('deletes the account: signed out, gone from the organisation, its password no longer signs in', async () => {
    await page.goto('/account');
    await page.getByRole('button', { name: 'Konto löschen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ihr Konto löschen?' });
    await dialog.getByRole('textbox').fill(person.email);
    const atProvider = page.waitForURL((u) => u.pathname.startsWith('/oidc/'), { waitUntil: 'commit' });
    await dialog.getByRole('button', { name: 'Konto löschen' }).click();
    await atProvider;
    // The sign-out ends on a page that says what happened, in the reader's language.
    await page.waitForURL((u) => u.origin === server.url && u.pathname === '/account-deleted');
    await page.getByRole('heading', { name: 'Ihr Konto wurde gelöscht', level: 1 }).waitFor();
    expect(await page.getByTestId('account-deleted').innerText()).toContain('Sie wurden abgemeldet.');
    // Shown once: the home page is the home page again.
    await page.goto('/');
    await page.getByTestId('hero-card').waitFor();
    expect(page.url()).toBe(`${server.url}/`);

    const members = await fetch(`${server.url}/api/v1/orgs/${orgSlug}/members`, {
      headers: { authorization: `Bearer ${await accessToken(inviterPage)}` },
    });
    expect(JSON.stringify(await members.json())).not.toContain(person.email);

    await page.goto('/login');
    await page.waitForURL((u) => u.pathname.startsWith('/oidc/'));
    await page.getByLabel('E-Mail-Adresse').fill(person.email);
    await page.getByLabel('Passwort', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Ungültige E-Mail-Adresse oder ungültiges Passwort' })
      .waitFor();
    await checkProviderPage(page, 'Bei Slugsmith anmelden');
  });
});

describe('the pages the flow does not reach, as rendered', () => {
  const locale = 'de-DE' as const;
  const withoutScript = (html: string) => html.replace(/<script>[\s\S]*?<\/script>/, '');
  const rendered: [string, string][] = [
    [
      'Bei Slugsmith anmelden',
      pages.signInPage({ uid: 'u', locale, error: { kind: 'throttled', retryAfterSeconds: 300 } }),
    ],
    [
      'Ihr Slugsmith-Konto erstellen',
      pages.signUpPage({ uid: 'u', locale, error: { kind: 'password-too-common' } }),
    ],
    [
      'Abmelden',
      withoutScript(pages.signOutPage('<form id="op.logoutForm" method="post" action="/x"></form>', locale)),
    ],
    ['Abgemeldet', pages.signedOutPage(locale)],
    ['Anmeldung abgelaufen', pages.signInExpiredPage(locale)],
    ['Problem bei der Anmeldung', pages.signInProblemPage(locale, 'invalid_request')],
    ['Link abgelaufen', pages.resetLinkProblemPage({ locale, problem: 'expired', requestHref: '/x' })],
    ['Link ungültig', pages.verificationResultPage({ locale, result: 'invalid', continueHref: '/' })],
  ];

  it('are German and pass axe in light and dark', async () => {
    const page = await (await context('de-DE')).newPage();
    for (const [heading, html] of rendered) {
      await page.setContent(html);
      await checkProviderPage(page, heading);
    }
  });
});

describe('the outbox of the embedded mailer', () => {
  it('shows staff what was kept, with the message text and its link', async () => {
    // This server sends over SMTP; a message as the embedded mailer keeps it (no SMTP_URL).
    await server.app.database.db.insert(mailOutbox).values({
      recipient: 'kept@example.com',
      subject: 'Verify your e-mail address',
      kind: 'verify_email',
      textBody: 'Slugsmith\n\nVerify: http://127.0.0.1/oidc/verify-email?token=kept',
      htmlBody: '<p>Verify</p>',
    });
    const page = await (await context('en-GB')).newPage();
    await signInWithApi(page, server, STAFF, { returnTo: '/admin/mail' });
    await page.getByRole('heading', { name: 'Outgoing e-mail' }).waitFor();
    const row = page.getByTestId('outbox-table').getByRole('row').filter({ hasText: 'kept@example.com' });
    await row.getByRole('button', { name: 'Show' }).click();
    await page.getByTestId('outbox-mail').getByText('token=kept', { exact: false }).waitFor();
    // Measured as a reader sees it: the pointer off the button it pressed, transitions ended.
    await page.mouse.move(0, 0);
    await settled(page);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
