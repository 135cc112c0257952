/**
 * The staff area against the real server in Chromium: the seeded staff account edits a plan's
 * description and price and the public catalogue shows them; creates a document in two
 * languages, publishes it and /docs shows it in both; finds a customer's organisation, gives it a
 * subscription by hand and the owner sees it in their own console; grants `support` to a user who
 * then sees the staff pages but is offered no change (and the API refuses one). Every admin page
 * is checked with axe-core in light and dark. Staff and a customer sign in over the API once;
 * each test makes what else it starts from (organisations, subscriptions, audit entries) itself,
 * so any one runs alone.
 * Needs the built console (npm run build -w @slugsmith/web).
 */
import type { PublicPlanCatalogue } from '@slugsmith/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF, signInWithApi, signUpWithApi } from './api-sign-in.js';
import { launchChromium } from './chromium.js';
import { checkSchemes } from './page-checks.js';
import { apiAs, newContext, newPerson, type RealServer, startRealServer } from './real-server.js';

let server: RealServer;
let browser: Browser;
let staffContext: BrowserContext;
let staff: Page;
let userContext: BrowserContext;
let user: Page;
let staffToken = '';
let userToken = '';
const customer = newPerson('customer');

beforeAll(async () => {
  [server, browser] = await Promise.all([startRealServer(), launchChromium()]);
  staffContext = await newContext(browser, server);
  staff = await staffContext.newPage();
  userContext = await newContext(browser, server);
  user = await userContext.newPage();
  [staffToken, userToken] = await Promise.all([
    signInWithApi(staff, server, STAFF),
    signUpWithApi(user, server, customer),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A new organisation of the customer's (made over the API): its slug. */
async function customerOrg(name: string): Promise<string> {
  const created = await apiAs<{ slug: string }>(server, userToken, 'POST', '/orgs', { name });
  expect(created.status).toBe(201);
  return created.body.slug;
}

/** Staff give `org` a Team subscription for 3 seats over the API. */
async function subscribeToTeam(org: string): Promise<void> {
  const subscribed = await apiAs(server, staffToken, 'POST', `/admin/orgs/${org}/subscriptions`, {
    plan: 'team',
    quantity: 3,
  });
  expect(subscribed.status, JSON.stringify(subscribed.body)).toBe(201);
}

async function publicCatalogue(): Promise<PublicPlanCatalogue> {
  const response = await fetch(`${server.url}/api/v1/subscriptions`);
  expect(response.status).toBe(200);
  return (await response.json()) as PublicPlanCatalogue;
}

describe('the staff area', () => {
  it('opens on the dashboard with the side navigation and the admin title', async () => {
    await staff.goto('/admin');
    await staff.getByRole('heading', { name: 'Admin dashboard', level: 1 }).waitFor();
    await expect.poll(() => staff.title()).toBe('Admin Dashboard - Admin - Slugsmith');
    const nav = staff.getByRole('navigation', { name: 'Administration sections' });
    for (const name of [
      'Organisations',
      'Users',
      'Subscription plans',
      'Documents',
      'Payment events',
      'Payment provider',
      'Audit log',
    ])
      await nav.getByRole('link', { name }).waitFor();
    await staff.getByTestId('staff-level').getByText('Admin').waitFor();
    await checkSchemes(staff, 'admin dashboard', () => staff.getByTestId('fig-orgs').waitFor(), {
      outline: true,
    });
    // A billing figure opens the list it counts, filtered.
    await staff.getByTestId('fig-paying').click();
    await staff.waitForURL(
      (u) => u.pathname === '/admin/organizations' && u.searchParams.get('billing') === 'paying',
    );
    await expect
      .poll(() => staff.getByTestId('org-filter-billing').inputValue())
      .toBe('Paying subscriptions');
  });

  it('edits a plan’s description and monthly price, and the public catalogue shows both', async () => {
    await staff.goto('/admin');
    await staff.getByTestId('admin-nav-plans').click();
    await staff.getByTestId('plans-table').waitFor();
    await expect.poll(() => staff.title()).toBe('Subscription Plans - Admin - Slugsmith');
    // Every state is listed, the internal inactive plan included.
    await staff.getByTestId('plan-row-public-console').waitFor();
    await checkSchemes(staff, 'plans list', () => staff.getByTestId('plans-table').waitFor());

    await staff.getByTestId('plan-edit-pro').click();
    await staff.getByRole('heading', { name: 'Edit Pro', level: 1 }).waitFor();
    const description = 'Edited by staff in the admin console.';
    await staff.getByTestId('plan-description').fill(description);
    await staff.getByTestId('plan-save').click();
    await staff.getByText('Pro saved').waitFor();

    await staff.getByTestId('price-amount-monthly').fill('21.50');
    await staff.getByTestId('price-save-monthly').click();
    await staff.getByText('Price saved').waitFor();
    // The plan's history shows the edit (prices have their own entries in the audit log).
    await staff.getByTestId('audit-trail').getByText('plan.update').waitFor();

    const pro = (await publicCatalogue()).groups.flatMap((g) => g.plans).find((p) => p.slug === 'pro');
    expect(pro?.description).toBe(description);
    expect(pro?.prices.find((p) => p.period === 'monthly')?.amount).toBe(2150);

    // A draft preview renders like the public card.
    await staff.getByTestId('plan-preview-toggle').click();
    await staff.getByTestId('plan-preview').getByText(description).waitFor();
    await checkSchemes(staff, 'plan editor', () => staff.getByTestId('plan-preview').waitFor());
  });

  it('refuses a bad amount or trial in the browser, before any call', async () => {
    await staff.goto('/admin/subscription-plans');
    await staff.getByTestId('plan-edit-pro').click();
    await staff.getByRole('heading', { name: 'Edit Pro', level: 1 }).waitFor();
    const refusal = staff.getByText(
      'Enter an amount such as 19 or 19.00, a three-letter currency and 0 to 365 trial days.',
    );
    await staff.getByTestId('price-trial-monthly').fill('400');
    await staff.getByTestId('price-save-monthly').click();
    await refusal.waitFor();
    await staff.getByTestId('price-trial-monthly').fill('0');
    await staff.getByTestId('price-amount-monthly').fill('twelve');
    await staff.getByTestId('price-save-monthly').click();
    await refusal.waitFor();
  });

  it('creates a document, writes it in English and German, publishes it, and /docs shows both', async () => {
    await staff.goto('/admin/docs');
    await staff.getByTestId('docs-table').waitFor();
    await checkSchemes(staff, 'documents list', () => staff.getByTestId('docs-table').waitFor());
    await staff.getByTestId('doc-create').click();
    await staff.getByTestId('doc-new-slug').fill('staff-guide');
    await staff.getByTestId('doc-new-title').fill('Staff guide');
    await staff.getByTestId('doc-new-submit').click();
    await staff.waitForURL((u) => u.pathname === '/admin/docs/staff-guide');
    await expect.poll(() => staff.title()).toBe('Edit Document - Admin - Slugsmith');

    await staff.getByTestId('doc-content').fill('## Welcome aboard\n\nThe English text of the guide.');
    // The live preview uses the public renderer: a heading with its anchor id.
    await staff.getByTestId('doc-preview').locator('h2#welcome-aboard').waitFor();
    await staff.getByTestId('doc-translation-save').click();
    await staff.getByText('Draft saved. The site shows it once you publish it.').waitFor();

    await staff.getByTestId('doc-lang-de').click();
    await staff.getByText('This language has no translation yet. Saving creates it.').waitFor();
    await staff.getByTestId('doc-title').fill('Leitfaden für Mitarbeiter');
    await staff.getByTestId('doc-content').fill('## Willkommen\n\nDer deutsche Text des Leitfadens.');
    await staff.getByTestId('doc-translation-save').click();
    // The English save's note may still show: the language button says the German one exists.
    await expect.poll(() => staff.getByTestId('doc-lang-de').getAttribute('data-present')).toBe('true');

    await staff.getByTestId('doc-publish').click();
    await staff.getByTestId('doc-state').getByText('Published').waitFor();
    await checkSchemes(staff, 'document editor', () => staff.getByTestId('doc-preview').waitFor());

    await user.goto('/docs/staff-guide');
    await user.getByText('The English text of the guide.').waitFor();
    const german = await newContext(browser, server, { locale: 'de-DE' });
    try {
      const page = await german.newPage();
      await page.goto('/docs/staff-guide');
      await page.getByText('Der deutsche Text des Leitfadens.').waitFor();
    } finally {
      await german.close();
    }
  });

  it('finds the customer’s organisation, subscribes it to Team, and the owner sees it', async () => {
    const org = await customerOrg('Acme Admin Test');

    await staff.goto('/admin/organizations');
    await staff.getByTestId('orgs-table').waitFor();
    await checkSchemes(staff, 'organisations list', () => staff.getByTestId('orgs-table').waitFor());
    await staff.getByTestId('org-search').fill('acme admin');
    await staff.waitForURL((u) => u.searchParams.get('q') === 'acme admin');
    await expect.poll(() => staff.getByTestId('orgs-table').locator('tbody tr').count()).toBe(1);
    await staff.getByTestId(`org-row-${org}`).getByRole('link', { name: 'Acme Admin Test' }).click();
    await staff.getByRole('heading', { name: 'Acme Admin Test', level: 1 }).waitFor();
    await staff.getByTestId('org-members').getByText(customer.email).waitFor();

    await staff.getByTestId('sub-create').click();
    await staff.getByTestId('sub-plan').click();
    await staff.getByRole('option', { name: 'Team' }).click();
    await staff.getByTestId('sub-quantity').fill('3');
    await staff.getByTestId('sub-ends_at').fill('2099-12-31');
    await staff.getByTestId('sub-save').click();
    await staff.getByTestId('sub-state-team').getByText('Active').waitFor();
    await checkSchemes(staff, 'organisation page', () => staff.getByTestId('org-subscriptions').waitFor());

    await user.goto(`/dashboard/org/${org}?tab=subscription`);
    const card = user.locator('[data-testid="subscription-card"][data-plan="team"]');
    await card.getByTestId('subscription-state').getByText('Active').waitFor();

    // Staff change the state; the owner's console follows.
    await staff.getByTestId('sub-edit-team').click();
    await staff.getByTestId('sub-state').click();
    await staff.getByRole('option', { name: 'Past due' }).click();
    await staff.getByTestId('sub-save').click();
    await staff.getByTestId('sub-state-team').getByText('Past due').waitFor();
    await user.reload();
    await card.getByTestId('subscription-state').getByText('Past due').waitFor();
  });

  it('users, settings, audit log and payment events pass axe in both schemes', async () => {
    // What the audit log is checked for below: a plan edit, a price set and a subscription.
    const plan = await apiAs<{
      description: string;
      prices: { period: string; amount: number; currency: string }[];
    }>(server, staffToken, 'GET', '/admin/subscriptions/team');
    expect(plan.status).toBe(200);
    const edited = await apiAs(server, staffToken, 'PUT', '/admin/subscriptions/team', {
      description: plan.body.description || 'For teams with several products.',
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const monthly = plan.body.prices.find((p) => p.period === 'monthly');
    expect(monthly).toBeDefined();
    const priced = await apiAs(server, staffToken, 'PUT', '/admin/subscriptions/team/prices/monthly', {
      amount: monthly?.amount,
      currency: monthly?.currency,
    });
    expect(priced.status, JSON.stringify(priced.body)).toBe(200);
    await subscribeToTeam(await customerOrg('Audited Org'));

    await staff.goto('/admin/users');
    await staff.getByTestId('users-table').waitFor();
    await checkSchemes(staff, 'users', () => staff.getByTestId('users-table').waitFor());
    await staff.goto('/admin/settings');
    await staff.getByTestId('settings-contact').waitFor();
    await checkSchemes(staff, 'settings', () => staff.getByTestId('settings-contact').waitFor());
    // A contact must be an e-mail address or a web address; the browser says so before any call.
    await staff.getByTestId('settings-contact').fill('call us');
    await staff.getByTestId('settings-save').click();
    await staff
      .getByText('Enter an e-mail address or a web address starting with http:// or https://.')
      .waitFor();
    await staff.getByTestId('settings-contact').fill('help@example.com');
    await staff.getByTestId('settings-save').click();
    await staff.getByText('Settings saved').waitFor();
    const settings = await (await fetch(`${server.url}/api/v1/settings`)).json();
    expect(settings.support_contact).toBe('help@example.com');
    // Off by default on a self-hosted install; switched on, every visitor's footer says so.
    expect(await staff.getByTestId('sandbox-disclaimer').count()).toBe(0);
    await staff.getByRole('switch', { name: 'Sandbox disclaimer' }).check();
    await staff.getByTestId('settings-save').click();
    await expect
      .poll(async () => (await (await fetch(`${server.url}/api/v1/settings`)).json()).sandbox_disclaimer)
      .toBe(true);
    await user.goto('/docs');
    await user.getByTestId('sandbox-disclaimer').waitFor();
    expect(await user.getByTestId('footer-support').getAttribute('href')).toBe('mailto:help@example.com');
    // A custom plan is agreed through the support contact.
    await user.goto('/products/enterprise');
    await user
      .getByTestId('plan-detail-enterprise')
      .getByTestId('support-contact')
      .getByText('help@example.com')
      .waitFor();
    await staff.goto('/admin/audit');
    await staff.getByTestId('audit-table').waitFor();
    // The plan edited above, its price and the subscription are in the log.
    await staff.locator('[data-testid="audit-row"][data-action="plan.update"]').first().waitFor();
    await staff.locator('[data-testid="audit-row"][data-action="price.set"]').first().waitFor();
    await staff.locator('[data-testid="audit-row"][data-action="subscription.create"]').first().waitFor();
    await checkSchemes(staff, 'audit log', () => staff.getByTestId('audit-table').waitFor());
    await staff.goto('/admin/local/events');
    await staff.getByRole('heading', { name: 'Payment events', level: 1 }).waitFor();
    await staff.locator('[data-testid="events-table"], [data-testid="events-empty"]').first().waitFor();
    await checkSchemes(staff, 'payment events', () =>
      staff.locator('[data-testid="events-table"], [data-testid="events-empty"]').first().waitFor(),
    );
  });

  it('shows the development warning only once staff switch it on (off on a self-hosted install)', async () => {
    /** A first visit (nothing dismissed yet): whether the warning appears past its one second. */
    const visit = async (expected: 'shown' | 'absent') => {
      const context = await browser.newContext({ baseURL: server.url, locale: 'en-GB' });
      const page = await context.newPage();
      await page.clock.install();
      const settings = page.waitForResponse((r) => r.url().endsWith('/api/v1/settings'));
      await page.goto('/docs');
      await settings;
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      // The page's clock, not a wait: well past the warning's one second.
      await page.clock.runFor(3_000);
      const dialog = page.getByRole('dialog', { name: 'Development environment' });
      if (expected === 'shown') await dialog.waitFor();
      else expect(await dialog.count()).toBe(0);
      await context.close();
    };
    await visit('absent');
    const on = await apiAs(server, staffToken, 'PUT', '/admin/settings', { dev_warning: true });
    expect(on.status).toBe(200);
    await visit('shown');
    await apiAs(server, staffToken, 'PUT', '/admin/settings', { dev_warning: false });
  });

  it('walks the payment provider’s objects: customer, its subscription, cancelled at the provider', async () => {
    // A purchase through the local sandbox: the provider's customer, transaction and subscription.
    const created = await apiAs<{ slug: string }>(server, userToken, 'POST', '/orgs', {
      name: 'Sandbox Buyer',
    });
    expect(created.status).toBe(201);
    const pro = (await publicCatalogue()).groups.flatMap((g) => g.plans).find((p) => p.slug === 'pro');
    const price = pro?.prices.find((p) => p.period === 'monthly')?.id;
    const prepared = await apiAs<{ checkout_url: string }>(
      server,
      userToken,
      'POST',
      '/billing/checkout/prepare',
      {
        org_slug: created.body.slug,
        items: [{ price, quantity: 1 }],
      },
    );
    expect(prepared.status, JSON.stringify(prepared.body)).toBe(200);
    const paid = await fetch(prepared.body.checkout_url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        number: '4242 4242 4242 4242',
        expiry: '12/39',
        cvc: '123',
        name: 'Ada Buyer',
      }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);

    await staff.goto('/admin');
    await staff.getByTestId('admin-nav-payments').click();
    await staff.waitForURL((u) => u.pathname === '/admin/local/transactions');
    await expect.poll(() => staff.title()).toBe('Transactions - Admin - Slugsmith');
    await staff.getByTestId('objects-table').waitFor();
    await checkSchemes(staff, 'provider transactions', () => staff.getByTestId('objects-table').waitFor());

    await staff.getByTestId('provider-kind-customers').click();
    await staff.getByTestId('object-filter-search').fill(customer.email);
    await staff.getByTestId('object-filter-search').press('Enter');
    await expect.poll(() => staff.getByTestId('object-row').count()).toBe(1);
    await staff.getByTestId('object-row').getByRole('link').first().click();
    await staff.getByTestId('object-data').getByText(customer.email).waitFor();
    await staff.getByTestId('object-related-subscriptions').click();
    await expect.poll(() => staff.getByTestId('object-row').count()).toBe(1);
    await staff.getByTestId('object-row').getByRole('link').first().click();
    await expect.poll(() => staff.getByTestId('object-status').textContent()).toBe('active');
    await checkSchemes(staff, 'provider subscription', () => staff.getByTestId('object-data').waitFor());

    await staff.getByTestId('object-cancel-now').click();
    const dialog = staff.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Cancel now' }).click();
    await staff.getByText('Subscription cancelled at the provider').waitFor();
    await expect.poll(() => staff.getByTestId('object-status').textContent()).toBe('canceled');
    expect(await staff.getByTestId('object-cancel-now').count()).toBe(0);
    await staff.getByTestId('audit-trail').getByText('provider_subscription.cancel_immediately').waitFor();
  });

  it('retries a failed payment event, corrects its payload, and the event is processed', async () => {
    const org = await customerOrg('Events Org');
    const pro = (await publicCatalogue()).groups.flatMap((g) => g.plans).find((p) => p.slug === 'pro');
    const price = pro?.prices.find((p) => p.period === 'monthly')?.id;
    const [row] = await server.app.database.rawTransaction((exec) =>
      exec('SELECT id FROM organisations WHERE slug = $1', [org]),
    );
    const orgId = String(row?.id);
    // An event that names an organisation that does not exist: it fails however often it is retried.
    const eventId = `evt_admin_${Date.now().toString(36)}`;
    const start = new Date();
    const end = new Date(start.getTime() + 30 * 86_400_000);
    const payload = {
      event_id: eventId,
      event_type: 'subscription.created',
      occurred_at: start.toISOString(),
      notification_id: `ntf_${eventId}`,
      data: {
        id: `sub_${eventId}`,
        status: 'active',
        customer_id: 'ctm_admin_e2e',
        custom_data: { org_id: '00000000-0000-4000-8000-000000000000', price_id: price },
        currency_code: 'USD',
        started_at: start.toISOString(),
        first_billed_at: start.toISOString(),
        next_billed_at: end.toISOString(),
        canceled_at: null,
        current_billing_period: { starts_at: start.toISOString(), ends_at: end.toISOString() },
        scheduled_change: null,
        items: [
          {
            status: 'active',
            quantity: 1,
            price: { id: 'pri_admin_e2e', custom_data: null },
            trial_dates: null,
          },
        ],
      },
    };
    await server.app.database.rawTransaction((exec) =>
      exec(
        `INSERT INTO billing_events (provider, event_id, event_type, entity_id, customer_id, occurred_at, payload, state, attempts, next_attempt_at, last_error)
         VALUES ('local', $1, 'subscription.created', $2, 'ctm_admin_e2e', $3, $4::jsonb, 'failed', 1, $5, 'Organisation not found')`,
        [eventId, `sub_${eventId}`, start.toISOString(), JSON.stringify(payload), end.toISOString()],
      ),
    );

    await staff.goto('/admin/local/events?state=failed');
    const eventRow = staff.getByTestId(`event-row-${eventId}`);
    await eventRow.waitFor();
    await checkSchemes(staff, 'payment events with a failure', () => eventRow.waitFor());
    await eventRow.getByRole('checkbox').check();
    await staff.getByTestId('events-retry').click();
    await staff.getByText('Events queued again').waitFor();
    await staff.goto('/admin/local/events');
    await expect.poll(() => eventRow.getAttribute('data-state')).toBe('failed');

    await staff.getByTestId(`event-edit-${eventId}`).click();
    const editor = staff.getByTestId('event-payload');
    await editor.fill((await editor.inputValue()).replace('00000000-0000-4000-8000-000000000000', orgId));
    await staff.getByTestId('event-edit-save').click();
    await staff.getByText('Event corrected and processed').waitFor();
    await expect.poll(() => eventRow.getAttribute('data-state')).toBe('processed');

    const subscriptions = await apiAs<{ plan: { slug: string }; state: string }[]>(
      server,
      userToken,
      'GET',
      `/orgs/${org}/subscriptions`,
    );
    expect(subscriptions.body.some((s) => s.plan.slug === 'pro' && s.state === 'active')).toBe(true);
  });

  it('deletes an organisation only once its slug is typed', async () => {
    const org = await customerOrg('Closing Org');
    await staff.goto(`/admin/organizations/${org}`);
    await staff.getByRole('heading', { name: 'Closing Org', level: 1 }).waitFor();
    await staff.getByTestId('org-delete').click();
    const dialog = staff.getByRole('dialog', { name: 'Delete Closing Org?' });
    await dialog.waitFor();
    await checkSchemes(staff, 'organisation delete dialog', () => dialog.waitFor());
    expect(await dialog.getByTestId('confirm-button').isDisabled()).toBe(true);
    await dialog.getByTestId('confirm-typed').fill('closing');
    expect(await dialog.getByTestId('confirm-button').isDisabled()).toBe(true);
    await dialog.getByTestId('confirm-typed').fill(org);
    await dialog.getByTestId('confirm-button').click();
    await staff.waitForURL((u) => u.pathname === '/admin/organizations');
    expect((await apiAs(server, userToken, 'GET', `/orgs/${org}`)).status).toBe(404);
  });

  it('the side navigation folds behind a button on a phone', async () => {
    await staff.setViewportSize({ width: 390, height: 844 });
    await staff.goto('/admin/organizations');
    await staff.getByTestId('admin-nav-toggle').waitFor();
    await expect(staff.getByTestId('admin-nav-users').isVisible()).resolves.toBe(false);
    await staff.getByTestId('admin-nav-toggle').click();
    await staff.getByTestId('admin-nav-users').click();
    await staff.waitForURL((u) => u.pathname === '/admin/users');
    await staff.getByTestId('users-table').waitFor();
    await staff.setViewportSize({ width: 1280, height: 900 });
  });

  it('grants support to a customer, who then sees the staff pages but is offered no change', async () => {
    // A customer of their own (the level stays with the account), with a subscribed organisation.
    const supporterContext = await newContext(browser, server);
    const supporter = await supporterContext.newPage();
    const person = newPerson('supporter');
    const supporterToken = await signUpWithApi(supporter, server, person);
    const created = await apiAs<{ slug: string }>(server, supporterToken, 'POST', '/orgs', {
      name: 'Support Desk Org',
    });
    expect(created.status).toBe(201);
    const org = created.body.slug;
    await subscribeToTeam(org);
    const account = await apiAs<{ slug: string }>(server, supporterToken, 'GET', '/accounts');
    const slug = account.body.slug;
    // Staff levels go only to a verified address: the customer opens the link the outbox kept.
    const mails = await apiAs<{ items: { id: string; to: string; kind: string }[] }>(
      server,
      staffToken,
      'GET',
      '/admin/mail?limit=200',
    );
    const mail = mails.body.items.find((m) => m.to === person.email && m.kind === 'verify_email');
    expect(mail, JSON.stringify(mails.body)).toBeDefined();
    const text = (await apiAs<{ text: string }>(server, staffToken, 'GET', `/admin/mail/${mail?.id}`)).body
      .text;
    const link = /https?:\/\/\S+\/oidc\/verify-email\S*/.exec(text)?.[0];
    expect(link, text).toBeDefined();
    await supporter.goto(link as string);
    await staff.goto(`/admin/users?q=${encodeURIComponent(person.email)}`);
    await staff.getByTestId(`user-staff-${slug}`).click();
    await staff.getByRole('option', { name: 'Support' }).click();
    await staff.getByText(`${person.email} updated`).waitFor();

    await supporter.goto('/admin/subscription-plans');
    await supporter.getByTestId('plans-table').waitFor();
    await supporter.getByTestId('staff-level').getByText('Support').waitFor();
    await supporter.getByTestId('read-only-note').waitFor();
    expect(await supporter.getByTestId('plan-create').count()).toBe(0);
    await supporter.getByTestId('plan-edit-pro').click();
    await expect.poll(() => supporter.getByTestId('plan-description').isDisabled()).toBe(true);
    expect(await supporter.getByTestId('plan-save').count()).toBe(0);
    expect(await supporter.getByTestId('price-save-monthly').count()).toBe(0);
    // Nor on an organisation: its subscriptions and state are shown, not offered for change.
    const detail = await apiAs(server, supporterToken, 'GET', `/admin/orgs/${org}`);
    expect(detail.status, JSON.stringify(detail.body)).toBe(200);
    await supporter.goto(`/admin/organizations/${org}`);
    await supporter.getByTestId('org-subscriptions').waitFor();
    for (const id of ['sub-create', 'sub-edit-team', 'org-suspend', 'org-delete'])
      expect(await supporter.getByTestId(id).count(), id).toBe(0);

    // The server agrees: support reads, never writes.
    expect((await apiAs(server, supporterToken, 'GET', '/admin/subscriptions')).status).toBe(200);
    expect(
      (await apiAs(server, supporterToken, 'PUT', '/admin/subscriptions/pro', { description: 'x' })).status,
    ).toBe(403);
    await supporterContext.close();
  });
});
