/**
 * Buying and keeping a plan, against the real server with the local payment sandbox in Chromium:
 * a new user creates an organisation, chooses Pro monthly on /products, pays on the sandbox's
 * hosted page, waits on /checkout/success until the webhook made the subscription active, sees
 * Pro and its limits, changes to Team with the proration shown first, cancels at period end and
 * is on Free once the sandbox clock passes the period end. Then a declined card, and a card that
 * declines at renewal: past_due, a new card, active again. Checkout, success page and
 * subscription tab are checked with axe-core in light and dark and photographed (desktop, phone).
 * Each describe is a walk: a subscription's life, one step per test, so its tests run together and
 * in order. The describes are independent of each other: the buyer signs up over the API once
 * and each walk starts from an organisation of its own.
 * Needs the built console (npm run build -w @slugsmith/web).
 */
import type { EffectiveLimits, Subscription } from '@slugsmith/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffToken as sharedStaffToken, signUpWithApi } from './api-sign-in.js';
import { launchChromium } from './chromium.js';
import { checkSchemes, seriousViolations, settled } from './page-checks.js';
import { apiAs, newContext, newPerson, type RealServer, startRealServer } from './real-server.js';

const CARDS = {
  pays: '4242 4242 4242 4242',
  declines: '4000 0000 0000 0002',
  declinesLater: '4000 0000 0000 0341',
};
const DAY = 24 * 60 * 60;

/** axe-core in light and dark, photographed at desktop and phone width. */
const photographed = { photograph: { prefix: 'billing-' } };

let server: RealServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let userToken = '';
let staffToken = '';
/** The buyer: their personal organisation's name starts "Buyer". */
const person = newPerson('buyer');

beforeAll(async () => {
  [server, browser] = await Promise.all([startRealServer({ PAYMENT_PROVIDER: 'local' }), launchChromium()]);
  context = await newContext(browser, server);
  page = await context.newPage();
  [staffToken, userToken] = await Promise.all([
    sharedStaffToken(server),
    signUpWithApi(page, server, person),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Moves the sandbox's clock on and runs what is then due (renewals, webhook deliveries). */
async function passTime(seconds: number): Promise<void> {
  const clock = await apiAs(server, staffToken, 'POST', '/admin/local/clock', { advance_seconds: seconds });
  expect(clock.status, JSON.stringify(clock.body)).toBe(200);
  const run = await apiAs(server, staffToken, 'POST', '/admin/local/run');
  expect(run.status, JSON.stringify(run.body)).toBe(200);
}

async function subscriptions(org: string): Promise<Subscription[]> {
  const answer = await apiAs<Subscription[]>(server, userToken, 'GET', `/orgs/${org}/subscriptions`);
  expect(answer.status).toBe(200);
  return answer.body;
}

/** The provider-billed subscription of the organisation (the one the checkout made). */
async function billed(org: string): Promise<Subscription | undefined> {
  return (await subscriptions(org)).find((s) => s.billing !== null);
}

async function saasPlan(org: string): Promise<string | undefined> {
  const answer = await apiAs<EffectiveLimits[]>(server, userToken, 'GET', `/orgs/${org}/limits`);
  expect(answer.status).toBe(200);
  return answer.body.find((l) => l.plan_type === 'saas')?.plan;
}

const poll = { timeout: 30_000, interval: 500 };

/** Picks an option of a Mantine Select by its label. */
async function choose(testId: string, option: string | RegExp) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option }).click();
}

/** Fills the sandbox's hosted card form and pays. */
async function payOnHostedPage(card: string) {
  await page.waitForURL((u) => u.pathname.startsWith('/api/v1/billing/local/checkout/'));
  await fillCard(card);
  await page.getByRole('button', { name: /^Pay / }).click();
}

async function fillCard(card: string) {
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry date (MM/YY)').fill('12/39');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByLabel('Name on card').fill('Ada Buyer');
}

async function createOrganisation(name: string): Promise<string> {
  await page.goto('/dashboard');
  await page.getByTestId('org-create').first().click();
  await page.getByTestId('org-name').fill(name);
  await page.getByTestId('org-create-submit').click();
  await page.waitForURL((u) => /^\/dashboard\/org\/[^/]+$/.test(u.pathname));
  return decodeURIComponent(new URL(page.url()).pathname.split('/')[3] ?? '');
}

const subscriptionTab = (org: string) => `/dashboard/org/${org}?tab=subscription`;
const card = (plan: string) => page.locator(`[data-testid="subscription-card"][data-plan="${plan}"]`);

describe('buying Pro, changing to Team, cancelling: the local sandbox end to end', () => {
  let org = '';

  it('creates an organisation', async () => {
    org = await createOrganisation('Billing Labs');
    expect(await saasPlan(org)).toBe('free');
  });

  it('goes from Upgrade to /products, chooses Pro monthly and sees the order on /checkout', async () => {
    await page.goto(subscriptionTab(org));
    await page.getByTestId('upgrade').click();
    await page.waitForURL((u) => u.pathname === '/products');
    await page.locator('a[href^="/checkout?"][href*="plan=pro&"][href*="period=monthly"]').first().click();
    await page.waitForURL((u) => u.pathname === '/checkout');
    expect(new URL(page.url()).searchParams.get('plan')).toBe('pro');
    // The organisation whose Upgrade was clicked, not the personal one.
    await expect.poll(() => page.getByTestId('checkout-org').inputValue()).toBe(`Billing Labs (${org})`);
    // Another organisation can be picked, and back.
    await choose('checkout-org', /^Buyer /);
    await choose('checkout-org', /Billing Labs/);
    await expect.poll(() => page.getByTestId('checkout-total').textContent()).toBe('US$19.00');
    expect(await page.getByTestId('checkout-period').inputValue()).toBe('Monthly');
    await checkSchemes(page, 'checkout', () => page.getByTestId('checkout-total').waitFor(), photographed);
  });

  it('pays with the test card on the hosted page and waits on /checkout/success until Pro is active', async () => {
    await page.getByTestId('checkout-continue').click();
    await payOnHostedPage(CARDS.pays);
    await page.waitForURL((u) => u.pathname === '/checkout/success' && u.searchParams.get('org') === org);
    const success = page.getByTestId('checkout-success');
    await success.waitFor();
    // Either still activating or already counting down: both are the page's own words.
    await expect
      .poll(() => success.textContent())
      .toMatch(/Activating your subscription… it takes a few moments\.|Pro is active\./);
    expect(await seriousViolations(page), 'success page').toEqual([]);
    await page.getByText('Pro is active.').waitFor({ timeout: 60_000 });
    await page.getByText(/Opening the organisation's subscription in \d s\./).waitFor();
    await page.waitForURL(
      (u) => u.pathname === `/dashboard/org/${org}` && u.searchParams.get('tab') === 'subscription',
      {
        timeout: 15_000,
      },
    );
    await card('pro').getByTestId('subscription-state').getByText('Active').waitFor();
    await card('pro')
      .getByTestId('billing-renews')
      .getByText(/Renews on .+ for US\$19\.00 \(before tax\)/)
      .waitFor();
    expect(await saasPlan(org)).toBe('pro');
    // The limits in force are Pro's, on the page too.
    await page.getByTestId('limits').first().getByText('Pro', { exact: true }).waitFor();
    // Free stays beside Pro, but not as a second "Active".
    await card('free').getByTestId('subscription-state').getByText('Not in force').waitFor();
  });

  it('changes to Team with the proration shown before confirming', async () => {
    await card('pro').getByTestId('billing-change').click();
    const dialog = page.getByRole('dialog', { name: 'Change Pro' });
    await dialog.waitFor();
    await choose('change-plan', 'Team');
    await dialog.getByTestId('change-preview-button').click();
    const preview = dialog.getByTestId('change-preview');
    // Team costs more than Pro: most of the month's difference is charged now.
    await preview.getByText(/^Charged now: US\$\d+\.\d\d$/).waitFor();
    await preview.getByText(/^Then US\$79\.00 per period, next on .+\.$/).waitFor();
    await settled(page);
    expect(await seriousViolations(page), 'change dialog').toEqual([]);
    await dialog.getByTestId('change-confirm').click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await billed(org))?.plan.slug, poll).toBe('team');
    await expect.poll(() => saasPlan(org), poll).toBe('team');
    // No reload: the card follows once the provider's event has landed (pending until then),
    // and the limits in force with it.
    await card('team').getByTestId('subscription-state').getByText('Active').waitFor({ timeout: 30_000 });
    await page.getByTestId('billing-pending').waitFor({ state: 'detached', timeout: 30_000 });
    await page.getByTestId('limits').first().getByText('Team', { exact: true }).waitFor({ timeout: 30_000 });
  });

  it('lists the payments in the billing history and opens a printable invoice', async () => {
    const rows = page.getByTestId('billing-transaction');
    await expect.poll(() => rows.count(), poll).toBeGreaterThanOrEqual(2);
    expect(await page.getByTestId('billing-history').textContent()).toContain('US$19.00');
    await rows.first().getByTestId('billing-invoice').click();
    const frame = page.frameLocator('[data-testid="invoice-frame"]');
    await expect.poll(() => frame.locator('body').textContent(), poll).toMatch(/SBX-\d{4}-\d{6}/);
    await page.keyboard.press('Escape');
    await checkSchemes(page, 'subscription-tab', () => card('team').waitFor(), photographed);
  });

  it("refuses a second checkout of the same plan type with the server's reason (prepare failed)", async () => {
    await page.goto(`/checkout?plan=pro&period=monthly&org=${org}`);
    await page.getByTestId('checkout-continue').click();
    const failed = page.getByTestId('prepare-failed');
    await failed.getByText('Could not prepare the checkout').waitFor();
    await failed.getByText(/^The organisation already has a subscription of this plan type/).waitFor();
    await failed.getByRole('link', { name: 'Open the current subscription' }).click();
    await page.waitForURL(
      (u) => u.pathname === `/dashboard/org/${org}` && u.searchParams.get('tab') === 'subscription',
    );
  });

  it('cancels at period end and resumes before it ends', async () => {
    await card('team').getByTestId('billing-cancel').click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Cancel at period end' }).click();
    await card('team').getByTestId('billing-resume').click();
    await expect.poll(async () => (await billed(org))?.billing?.cancel_at_period_end, poll).toBe(false);
    await page.reload();
    await card('team').getByTestId('billing-renews').waitFor();
    expect(await card('team').getByTestId('billing-cancels').count()).toBe(0);
  });

  it('cancels at period end, and the organisation is on Free once the period has passed', async () => {
    await card('team').getByTestId('billing-cancel').click();
    const confirm = page.getByTestId('confirm-dialog');
    await confirm.getByRole('button', { name: 'Cancel at period end' }).click();
    await expect.poll(async () => (await billed(org))?.billing?.cancel_at_period_end, poll).toBe(true);
    await page.reload();
    await card('team')
      .getByTestId('billing-cancels')
      .getByText(/^Cancels on .+: the organisation then returns/)
      .waitFor();
    await card('team').getByTestId('billing-resume').waitFor();
    // Still Team until the period ends.
    expect(await saasPlan(org)).toBe('team');

    await passTime(32 * DAY);
    await expect.poll(() => saasPlan(org), poll).toBe('free');
    await expect.poll(async () => (await billed(org))?.state, poll).toBe('cancelled');
    await page.reload();
    await card('team').getByTestId('subscription-state').getByText('Cancelled').waitFor();
    await page.getByTestId('limits').first().getByText('Free', { exact: true }).waitFor();
  });
});

describe('a declined card, then a card that fails at renewal: past_due and recovered', () => {
  let org = '';

  it('says when a plan has no price for the period asked for', async () => {
    org = await createOrganisation('Dunning Labs');
    // Nothing bought for this organisation yet: the success page keeps waiting (and is readable).
    await page.goto(`/checkout/success?org=${org}`);
    await checkSchemes(
      page,
      'success-waiting',
      () => page.getByText('Activating your subscription… it takes a few moments.').waitFor(),
      photographed,
    );
    await page.goto(`/checkout?plan=pro&period=perpetual&org=${org}`);
    await page.getByTestId('missing-price').getByText('Missing price information').waitFor();
    expect(await page.getByTestId('checkout-continue').isDisabled()).toBe(true);
    // On-premise prices count concurrent nodes.
    await page.goto(`/checkout?plan=on-premise&period=annual&quantity=3&org=${org}`);
    await expect.poll(() => page.getByTestId('checkout-total').textContent()).toBe('US$3,600.00');
    expect(await page.getByLabel('Nodes').inputValue()).toBe('3');
  });

  it('shows the decline on the hosted page, then pays with a card that declines later', async () => {
    await page.goto(`/checkout?plan=pro&period=monthly&quantity=1&org=${org}`);
    await expect.poll(() => page.getByTestId('checkout-total').textContent()).toBe('US$19.00');
    await page.getByTestId('checkout-continue').click();
    await payOnHostedPage(CARDS.declines);
    await page.getByText('The card was declined. Nothing was charged; try another card.').waitFor();
    expect(await billed(org)).toBeUndefined();

    await fillCard(CARDS.declinesLater);
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL((u) => u.pathname === `/dashboard/org/${org}`, { timeout: 75_000 });
    await card('pro').getByTestId('subscription-state').getByText('Active').waitFor();
  });

  it('shows past_due when the renewal is declined', async () => {
    await passTime(31 * DAY);
    await expect.poll(async () => (await billed(org))?.state, poll).toBe('past_due');
    // The plan's limits stay during the grace period.
    expect(await saasPlan(org)).toBe('pro');
    await page.reload();
    await card('pro').getByTestId('subscription-state').getByText('Past due').waitFor();
    await card('pro')
      .getByTestId('billing-past-due')
      .getByText(/^The last payment failed\./)
      .waitFor();
    await checkSchemes(
      page,
      'past-due',
      () => card('pro').getByTestId('billing-past-due').waitFor(),
      photographed,
    );
  });

  it('takes a new card on the payment-method page and is active again', async () => {
    await card('pro').getByTestId('billing-payment-method').click();
    await page.waitForURL((u) => u.pathname.startsWith('/api/v1/billing/local/payment-method/'));
    await fillCard(CARDS.pays);
    await page.getByRole('button', { name: 'Save card' }).click();
    // The sandbox either returns to the console or says that the overdue payment was collected.
    const recovered = page.getByText('The overdue payment was collected: your subscription is active again.');
    await expect
      .poll(
        async () =>
          !new URL(page.url()).pathname.startsWith('/api/v1/billing/local/') || (await recovered.isVisible()),
        poll,
      )
      .toBe(true);
    await expect.poll(async () => (await billed(org))?.state, poll).toBe('active');
    await page.goto(subscriptionTab(org));
    await card('pro').getByTestId('subscription-state').getByText('Active').waitFor();
    expect(await card('pro').getByTestId('billing-past-due').count()).toBe(0);
  });

  it('deleting the organisation says its paid subscription ends, then the sandbox holds none running', async () => {
    const subscription = (await billed(org))?.billing?.provider_subscription_id;
    expect(subscription).toMatch(/^sub_/);
    await page.goto(`/dashboard/org/${org}?tab=danger`);
    await page.getByTestId('org-delete').click();
    const confirm = page.getByRole('dialog');
    await confirm
      .getByTestId('org-delete-paid')
      .getByText(
        /^Pro is paid through the payment provider: deleting the organi[sz]ation cancels it there now\./,
      )
      .waitFor();
    await confirm.getByTestId('confirm-typed').fill(org);
    await confirm.getByTestId('confirm-button').click();
    await page.waitForURL((u) => u.pathname === '/dashboard');
    const held = await apiAs<{ status: string }>(
      server,
      staffToken,
      'GET',
      `/admin/local/subscriptions/${encodeURIComponent(subscription ?? '')}`,
    );
    expect(held.status).toBe(200);
    expect(held.body.status).toBe('canceled');
  });
});

describe('a free trial, the way back from the hosted page and a payment link (local sandbox)', () => {
  let org = '';
  let transactionId = '';
  let teamAnnual: { amount: number; currency: string } | undefined;

  afterAll(async () => {
    // The trial is this test's only: the price is as it was for whatever runs next.
    if (teamAnnual) {
      await apiAs(server, staffToken, 'PUT', '/admin/subscriptions/team/prices/annual', {
        ...teamAnnual,
        per_node: false,
        trial_days: 0,
      });
    }
  });

  it('shows the trial of a price on its plan page and at checkout', async () => {
    const team = await apiAs<{ prices: { period: string; amount: number; currency: string }[] }>(
      server,
      staffToken,
      'GET',
      '/subscriptions/team',
    );
    const annual = team.body.prices.find((p) => p.period === 'annual');
    if (!annual) throw new Error('Team has no annual price');
    teamAnnual = { amount: annual.amount, currency: annual.currency };
    const set = await apiAs(server, staffToken, 'PUT', '/admin/subscriptions/team/prices/annual', {
      ...teamAnnual,
      per_node: false,
      trial_days: 14,
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    org = await createOrganisation('Trial Works');
    await page.goto('/products/team');
    await page
      .getByTestId('price-team-annual')
      .getByTestId('price-trial')
      .getByText('14-day free trial')
      .waitFor();
    await page.goto(`/checkout?plan=team&period=annual&org=${org}`);
    await page
      .getByTestId('checkout-trial')
      .getByText(/^Starts with a 14-day free trial/)
      .waitFor();
  });

  it("comes back from the hosted page's Cancel to the checkout with the order kept, nothing bought", async () => {
    await page.getByTestId('checkout-continue').click();
    await page.waitForURL((u) => u.pathname.startsWith('/api/v1/billing/local/checkout/'));
    transactionId = new URL(page.url()).pathname.split('/').pop() ?? '';
    await page.getByText(/^Free trial for 14 days, then /).waitFor();
    await page.getByRole('link', { name: 'Cancel and go back' }).click();
    await page.waitForURL((u) => u.pathname === '/checkout');
    await page.getByTestId('checkout-cancelled').waitFor();
    expect(new URL(page.url()).searchParams.get('plan')).toBe('team');
    expect(await billed(org)).toBeUndefined();
  });

  it('opens that checkout again from a payment link (/checkout?_ptxn=), starts the trial, and says once it is paid', async () => {
    await page.goto(`/checkout?_ptxn=${transactionId}`);
    await page.waitForURL((u) => u.pathname === `/api/v1/billing/local/checkout/${transactionId}`);
    await fillCard(CARDS.pays);
    await page.getByRole('button', { name: 'Save card' }).click();
    await page.waitForURL((u) => u.pathname === `/dashboard/org/${org}`, { timeout: 75_000 });
    await card('team').getByTestId('subscription-state').getByText('Trial').waitFor();
    await card('team')
      .getByTestId('billing-trial')
      .getByText(/^Free trial until /)
      .waitFor();
    expect(await saasPlan(org)).toBe('team');
    await page.goto(`/checkout?_ptxn=${transactionId}`);
    await page
      .getByTestId('payment-link-error')
      .getByText('This payment was already made, or its link is closed. Nothing more is due.')
      .waitFor();
  });
});
