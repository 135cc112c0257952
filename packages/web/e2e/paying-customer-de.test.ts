/**
 * A German company's whole way as a paying customer (issue 31, "Done when"), against the real
 * server with the local payment sandbox in Chromium, the browser and console in German: sign-up,
 * the verification link from the outbox, the organisation "Müller & Söhne GmbH" (slug by German
 * rules), a colleague invited and joining, Pro bought with country and VAT number — from two
 * checkouts paid at once, of which one subscription stays live — the change to Team, the German
 * invoice with both parties, VAT numbers and the tax line, the cancellation and the organisation's
 * deletion, after which the sandbox holds no active subscription of it. On every page: no refused
 * call behind a first sign-in or an invitation, and no English text (english-text.ts).
 * Needs the built console (npm run build -w @slugsmith/web).
 */
import type { Subscription } from '@slugsmith/contract';
import { eq, sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageTexts } from '../../server/src/auth/builtin/page-texts/index.js';
import { localPaySubscriptions, organisations } from '../../server/src/db/schema.js';
import { catalogues } from '../../server/src/platform/i18n/index.js';
import { outboxVerificationLink } from '../../server/test/support/oidc-flow.js';
import { staffToken as sharedStaffToken } from './api-sign-in.js';
import { launchChromium } from './chromium.js';
import {
  catalogue,
  type EnglishText,
  englishIn,
  englishTexts,
  germanCount,
  germanTexts,
  visibleSegments,
} from './english-text.js';
import {
  accessToken,
  apiAs,
  invitationPath,
  newContext,
  newPerson,
  type RealServer,
  startRealServer,
} from './real-server.js';

const ORG_NAME = 'Müller & Söhne GmbH';
const ORG_SLUG = 'mueller-soehne-gmbh';
const BUYER_VAT = 'DE987654321';
const SELLER_VAT = 'DE123456789';
const auth = pageTexts['de-DE'];
const consoleDe = catalogue('de-DE');
/** A German console text by its key ("namespace:dotted.key"); a missing key fails the test. */
function de(key: string): string {
  const text = consoleDe[key];
  if (text === undefined) throw new Error(`no German text ${key}`);
  return text;
}

const english: EnglishText[] = englishTexts();
const german = germanTexts();
const poll = { timeout: 30_000, interval: 500 };

let server: RealServer;
let browser: Browser;
let staffToken = '';

beforeAll(async () => {
  [server, browser] = await Promise.all([startRealServer({ PAYMENT_PROVIDER: 'local' }), launchChromium()]);
  staffToken = await sharedStaffToken(server);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Every page checked for English, as "where: texts". */
const visited: string[] = [];

/** Fails on English in what `frame` shows; it must show German (at least `minGerman` texts). */
async function expectGerman(frame: Frame, where: string, minGerman = 2) {
  // The page has rendered its German (and what it loaded with it) before its text is read.
  await expect
    .poll(async () => germanCount(await visibleSegments(frame), german), {
      message: `German texts on ${where}`,
    })
    .toBeGreaterThanOrEqual(minGerman);
  expect(englishIn(await visibleSegments(frame), english), `English on ${where}`).toEqual([]);
  visited.push(where);
}

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

async function germanContext(): Promise<BrowserContext> {
  return newContext(browser, server, { locale: 'de-DE' });
}

/** Sign-up on the German provider pages, the link from the outbox in another tab, sign-in. */
async function signUpInGerman(page: Page, person: { email: string; password: string }) {
  await page.getByLabel(auth.email).fill(person.email);
  await page.getByLabel(auth.password, { exact: true }).fill(person.password);
  await page.getByLabel(auth.repeatPassword).fill(person.password);
  await expectGerman(page.mainFrame(), 'sign-up');
  await page.getByRole('button', { name: auth.signUpSubmit }).click();
  await page.getByRole('heading', { name: auth.confirmTitle }).waitFor();
  await expectGerman(page.mainFrame(), 'check your inbox', 1);
  const link = await outboxVerificationLink(server.app.database.db, person.email);
  const mailTab = await page.context().newPage();
  expect((await mailTab.goto(link))?.status()).toBe(200);
  await mailTab.getByText(auth.verifiedTitle).first().waitFor();
  await expectGerman(mailTab.mainFrame(), 'address verified', 1);
  await mailTab.close();
  await page.getByRole('link', { name: auth.backToSignIn }).click();
  await page.getByLabel(auth.email).fill(person.email);
  await page.getByLabel(auth.password).fill(person.password);
  await expectGerman(page.mainFrame(), 'sign-in');
  await page.getByRole('button', { name: auth.signInSubmit }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/oidc/') && u.pathname !== '/authn-callback');
}

/** The German agreements dialog: every box ticked, accepted. */
async function acceptAgreementsInGerman(page: Page) {
  const dialog = page.getByRole('dialog', { name: de('auth:agreements.titleNew') });
  await dialog.waitFor();
  await expectGerman(page.mainFrame(), 'agreements dialog');
  for (const box of await dialog.getByRole('checkbox').all()) await box.check();
  await dialog.getByRole('button', { name: de('auth:agreements.acceptButton'), exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** No permission refusal, in either language, and no refused call. */
async function expectNoRefusal(page: Page, refused: string[]) {
  expect(await page.getByText(de('errors:general.forbidden')).count()).toBe(0);
  expect(await page.getByText("You don't have permission").count()).toBe(0);
  expect(refused).toEqual([]);
}

async function subscriptions(token: string, org: string): Promise<Subscription[]> {
  const answer = await apiAs<Subscription[]>(server, token, 'GET', `/orgs/${org}/subscriptions`);
  expect(answer.status).toBe(200);
  return answer.body;
}

/** The sandbox's subscriptions made for an organisation (by the id its checkout carried). */
async function sandboxSubscriptions(orgId: string) {
  return server.app.database.db
    .select({ id: localPaySubscriptions.id, status: localPaySubscriptions.status })
    .from(localPaySubscriptions)
    .where(sql`${localPaySubscriptions.customData}->>'org_id' = ${orgId}`);
}

/** Fills the sandbox's German card form. */
async function fillCard(page: Page) {
  await page.getByLabel('Kartennummer').fill('4242 4242 4242 4242');
  await page.getByLabel(/Ablaufdatum/).fill('12/39');
  await page.getByLabel(/Prüfnummer/).fill('123');
  await page.getByLabel('Name auf der Karte').fill('Anna Müller');
}

describe('a German company, from sign-up to its deleted organisation', () => {
  it('finds English on the English console (the check is not blind)', async () => {
    expect(english.length).toBeGreaterThan(1000);
    const context = await newContext(browser, server, { locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto('/products?lng=en-GB');
    await page.locator('[data-testid^="plan-card-"]').first().waitFor();
    expect(englishIn(await visibleSegments(page.mainFrame()), english).length).toBeGreaterThan(5);
    await context.close();
  });

  let context: BrowserContext;
  let page: Page;
  let token = '';
  let orgId = '';
  const owner = newPerson('mueller');
  const colleague = newPerson('kollegin');
  const card = (plan: string) => page.locator(`[data-testid="subscription-card"][data-plan="${plan}"]`);
  const subscriptionTab = `/dashboard/org/${ORG_SLUG}?tab=subscription`;

  it('signs up in German, verifies from the e-mail and signs in with no permission error', async () => {
    const seller = await apiAs(server, staffToken, 'PUT', '/admin/settings', {
      seller_name: 'Slugsmith GmbH',
      seller_address: 'Hauptstraße 1\n10115 Berlin',
      seller_country: 'DE',
      seller_vat_number: SELLER_VAT,
    });
    expect(seller.status, JSON.stringify(seller.body)).toBe(200);
    context = await germanContext();
    page = await context.newPage();
    await page.goto('/?lng=de-DE');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('de-DE');
    await expectGerman(page.mainFrame(), 'home');
    const refused = refusals(page);
    await page.goto(`/login?${new URLSearchParams({ returnTo: '/dashboard', screen_hint: 'signup' })}`);
    await page.waitForURL((u) => u.pathname.startsWith('/oidc/'));
    await signUpInGerman(page, owner);
    await acceptAgreementsInGerman(page);
    await page.getByTestId('org-card').first().waitFor();
    await expectGerman(page.mainFrame(), 'dashboard');
    await expectNoRefusal(page, refused);
    token = await accessToken(page);
  });

  it('creates "Müller & Söhne GmbH" with the slug of German transliteration', async () => {
    await page.getByTestId('org-create').first().click();
    await page.getByTestId('org-name').fill(ORG_NAME);
    await expectGerman(page.mainFrame(), 'new organisation dialog');
    await page.getByTestId('org-create-submit').click();
    await page.waitForURL((u) => /^\/dashboard\/org\/[^/]+$/.test(u.pathname));
    expect(decodeURIComponent(new URL(page.url()).pathname.split('/')[3] ?? '')).toBe(ORG_SLUG);
    await page.getByRole('heading', { name: ORG_NAME, level: 1 }).waitFor();
    await expectGerman(page.mainFrame(), 'organisation');
    // The sandbox knows the organisation by its id (the API names it by slug).
    const [org] = await server.app.database.db
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.slug, ORG_SLUG));
    orgId = org?.id ?? '';
    expect(orgId).not.toBe('');
  });

  it('invites a colleague, who signs up from the link and joins with no permission error', async () => {
    await page.getByTestId('tab-members').click();
    await page.getByTestId('member-email').fill(colleague.email);
    await page.getByTestId('member-add').click();
    await page.getByTestId('invitation-row').first().waitFor();
    await expectGerman(page.mainFrame(), 'members');
    const path = await invitationPath(server, colleague.email);

    const colleagueContext = await germanContext();
    const invited = await colleagueContext.newPage();
    await invited.goto(path);
    await invited.getByTestId('invitation-public-offer').getByText(ORG_NAME, { exact: false }).waitFor();
    await expectGerman(invited.mainFrame(), 'invitation (signed out)');
    await invited.getByTestId('invitation-sign-up').click();
    await invited.waitForURL((u) => u.pathname.startsWith('/oidc/'));
    const refused = refusals(invited);
    await signUpInGerman(invited, colleague);
    await invited.waitForURL((u) => u.pathname === path);
    await acceptAgreementsInGerman(invited);
    const accept = invited.getByRole('button', { name: de('account:invitation.accept') });
    await accept.waitFor();
    expect(await invited.getByText(de('account:invitation.notFound')).count()).toBe(0);
    await expectGerman(invited.mainFrame(), 'invitation (signed in)');
    await accept.click();
    await invited.waitForURL((u) => u.pathname === `/dashboard/org/${ORG_SLUG}`);
    await invited.getByRole('heading', { name: ORG_NAME, level: 1 }).waitFor();
    await expectNoRefusal(invited, refused);
    await colleagueContext.close();
  });

  it('buys Pro with country and VAT number; two checkouts paid at once leave one live subscription', async () => {
    const checkout = `/checkout?plan=pro&period=monthly&org=${ORG_SLUG}`;
    await page.goto(checkout);
    await page.getByTestId('checkout-country').click();
    await page.getByRole('option', { name: 'Deutschland' }).click();
    await page.getByTestId('checkout-vat').fill('DE 987 654 321');
    await expectGerman(page.mainFrame(), 'checkout');
    // A second checkout of the same plan in another tab, prepared before either is paid.
    const second = await context.newPage();
    await second.goto(checkout);
    await expect.poll(() => second.getByTestId('checkout-country').inputValue(), poll).toBe('Deutschland');
    await second.getByTestId('checkout-vat').fill(BUYER_VAT);
    const onHostedPage = (p: Page) =>
      p.waitForURL((u) => u.pathname.startsWith('/api/v1/billing/local/checkout/'));
    await Promise.all([onHostedPage(page), page.getByTestId('checkout-continue').click()]);
    await Promise.all([onHostedPage(second), second.getByTestId('checkout-continue').click()]);
    await page.getByText(/Steuer \(19\s?%\)/).waitFor();
    await expectGerman(page.mainFrame(), 'payment page');
    await fillCard(page);
    await fillCard(second);
    const pay = (p: Page) => p.getByRole('button', { name: /bezahlen$/ }).click();
    await Promise.all([pay(page), pay(second)]);

    // One of them is paid and leads back; the other is refused (or refunded once its event lands).
    await expect
      .poll(async () => {
        await apiAs(server, staffToken, 'POST', '/admin/local/run');
        const live = (await subscriptions(token, ORG_SLUG)).filter(
          (s) => s.billing !== null && ['active', 'trialing'].includes(s.state),
        );
        return live.map((s) => s.plan.slug);
      }, poll)
      .toEqual(['pro']);
    await expect
      .poll(async () => (await sandboxSubscriptions(orgId)).filter((s) => s.status === 'active').length, poll)
      .toBe(1);
    // Both were paid for: the second was refused on its page (nothing charged), or the sandbox
    // made it and has cancelled it since.
    const refusedPages = [];
    for (const p of [page, second]) {
      if (!new URL(p.url()).pathname.startsWith('/api/v1/billing/local/')) continue;
      await expectGerman(p.mainFrame(), 'payment page after paying', 1);
      if ((await p.getByText(catalogues['de-DE'].checkout.refused_already_subscribed).count()) > 0)
        refusedPages.push(p);
    }
    expect(refusedPages.length + (await sandboxSubscriptions(orgId)).length).toBe(2);
    await second.close();

    await page.goto(subscriptionTab);
    await card('pro')
      .getByTestId('subscription-state')
      .getByText(de('dashboard:plan.states.active'), { exact: true })
      .waitFor(poll);
    await expectGerman(page.mainFrame(), 'subscription tab (Pro)');
  });

  it('changes to Team', async () => {
    await card('pro').getByTestId('billing-change').click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await page.getByTestId('change-plan').click();
    await page.getByRole('option', { name: 'Team' }).click();
    await dialog.getByTestId('change-preview-button').click();
    await dialog.getByTestId('change-preview').getByText(/\d/).first().waitFor();
    await expectGerman(page.mainFrame(), 'change dialog');
    await dialog.getByTestId('change-confirm').click();
    await dialog.waitFor({ state: 'detached' });
    await card('team')
      .getByTestId('subscription-state')
      .getByText(de('dashboard:plan.states.active'), { exact: true })
      .waitFor(poll);
    await page.getByTestId('billing-pending').waitFor({ state: 'detached', timeout: 30_000 });
    await expectGerman(page.mainFrame(), 'subscription tab (Team)');
  });

  it('opens the invoice in German with seller, buyer, both VAT numbers and the 19 % tax line', async () => {
    await page.getByTestId('billing-invoice').last().click();
    const element = await page.locator('[data-testid="invoice-frame"]').elementHandle();
    const invoice = await element?.contentFrame();
    if (!invoice) throw new Error('no invoice frame');
    await expect.poll(() => invoice.locator('html').getAttribute('lang'), poll).toBe('de-DE');
    const seller = (await invoice.locator('[data-party="seller"]').textContent()) ?? '';
    expect(seller).toContain('Slugsmith GmbH');
    expect(seller).toContain(`USt-IdNr.: ${SELLER_VAT}`);
    const buyer = (await invoice.locator('[data-party="buyer"]').textContent()) ?? '';
    expect(buyer).toContain('Rechnungsempfänger');
    expect(buyer).toContain('Deutschland');
    expect(buyer).toContain(`USt-IdNr.: ${BUYER_VAT}`);
    const tax = (await invoice.locator('[data-line="tax"]').textContent()) ?? '';
    expect(tax).toMatch(/Umsatzsteuer \(19\s?%\)/);
    expect(tax).toMatch(/3,61\s?\$/);
    await expectGerman(invoice, 'invoice', 4);
    await page.keyboard.press('Escape');
  });

  it('cancels at period end', async () => {
    await card('team').getByTestId('billing-cancel').click();
    const confirm = page
      .getByTestId('confirm-dialog')
      .getByRole('button', { name: de('billing:cancel.confirm') });
    await confirm.waitFor();
    await expectGerman(page.mainFrame(), 'cancel dialog');
    await confirm.click();
    await expect
      .poll(
        async () =>
          (await subscriptions(token, ORG_SLUG)).find((s) => s.billing !== null && s.plan.slug === 'team')
            ?.billing?.cancel_at_period_end,
        poll,
      )
      .toBe(true);
    await card('team').getByTestId('billing-resume').waitFor(poll);
    await expectGerman(page.mainFrame(), 'subscription tab (cancelled)');
  });

  it('deletes the organisation; the sandbox then holds no active subscription of it', async () => {
    await page.goto(`/dashboard/org/${ORG_SLUG}?tab=danger`);
    await page.getByTestId('org-delete').click();
    const confirm = page.getByRole('dialog');
    await confirm.getByTestId('org-delete-paid').waitFor();
    await expectGerman(page.mainFrame(), 'delete dialog');
    await confirm.getByTestId('confirm-typed').fill(ORG_SLUG);
    await confirm.getByTestId('confirm-button').click();
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await expectGerman(page.mainFrame(), 'dashboard after deletion');
    const held = await sandboxSubscriptions(orgId);
    expect(held.length).toBeGreaterThan(0);
    expect(held.filter((s) => s.status === 'active' || s.status === 'past_due')).toEqual([]);
    expect(visited.length).toBeGreaterThan(20);
    await context.close();
  });
});
