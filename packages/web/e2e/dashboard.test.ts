/**
 * The organisation dashboards against the real server in Chromium: a new
 * user creates an organisation, a series and an API key whose secret is shown once and works; a
 * member without the admin role sees read-only screens and the API refuses them; SDK configs
 * validate and rotate with confirmation, and a plan without SDK access says so before creating; a
 * series is renamed, its pattern changed until the first mint, and minted from its page; the
 * playground marks the server's pattern errors inline and preselects the only series; an
 * organisation is renamed; deleting an organisation needs its slug typed; axe is
 * clean in light and dark; screenshots of every page (light, dark, mobile) under screenshots/.
 * People sign up over the API (the sign-in pages are sign-in.test.ts's); each test makes the
 * organisation, series, keys and plan it starts from over the API, so any one runs alone.
 * Needs the built console (npm run build -w @slugsmith/web).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiSession, apiSignIn, handToPage, signUpWithApi, staffToken } from './api-sign-in.js';
import { launchChromium } from './chromium.js';
import {
  apiAs,
  axeViolations,
  type ContextOptions,
  invitationPath,
  markEmailVerified,
  newContext,
  newPerson,
  type RealServer,
  startRealServer,
} from './real-server.js';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const shots = fileURLToPath(new URL('./screenshots/', import.meta.url));

let server: RealServer;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  [server, browser] = await Promise.all([startRealServer(), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const ORG_NAME = 'Acme Widgets';
const ORG = 'acme-widgets';

interface Session {
  context: BrowserContext;
  page: Page;
  token: string;
  person: { email: string; password: string };
}

/** A new account signed up over the API, agreements accepted; its page opens nothing yet. */
async function signedUp(name: string, options: ContextOptions = {}): Promise<Session> {
  const context = await newContext(browser, server, options);
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const person = newPerson(name);
  const token = await signUpWithApi(page, server, person);
  return { context, page, token, person };
}

/** An API call that must answer `status`: its body. */
async function call<T>(
  token: string,
  method: string,
  path: string,
  body: unknown,
  status: number,
): Promise<T> {
  const answer = await apiAs<T>(server, token, method, path, body);
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(status);
  return answer.body;
}

const newOrg = async (token: string, name: string) =>
  (await call<{ slug: string }>(token, 'POST', '/orgs', { name }, 201)).slug;

const newSeries = async (token: string, org: string, name: string, pattern: string) =>
  (await call<{ slug: string }>(token, 'POST', `/orgs/${org}/series`, { name, pattern }, 201)).slug;

let staff: Promise<string> | undefined;
/** Staff subscribe `org` to Pro (SDK access). */
async function subscribeToPro(org: string): Promise<void> {
  staff ??= staffToken(server);
  await call(await staff, 'POST', `/admin/orgs/${org}/subscriptions`, { plan: 'pro' }, 201);
}

/** An organisation on Pro with a series "Orders", an API key and an SDK config. */
async function furnishedOrg(token: string, name: string): Promise<string> {
  const org = await newOrg(token, name);
  await newSeries(token, org, 'Orders', 'ORD-{number:6d}');
  await call(
    token,
    'POST',
    `/orgs/${org}/api-keys`,
    { name: 'Backend', scopes: ['mint'], series: 'orders' },
    201,
  );
  await subscribeToPro(org);
  await call(token, 'POST', `/orgs/${org}/sdk-configs`, { name: 'Web app', scopes: ['forge'] }, 201);
  return org;
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });

describe('dashboard as a new user', () => {
  const sessions: Session[] = [];
  /** A new user of this test, signed up. */
  const newUser = async (name: string) => {
    const session = await signedUp(name);
    sessions.push(session);
    return session;
  };
  afterAll(async () => {
    for (const session of sessions) await session.context.close();
  });

  it('lists the personal organisation and leads to a first series and key', async () => {
    const { page } = await newUser('owner');
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId('org-card').count()).toBe(1);
    await expect.poll(() => page.getByTestId('org-card').first().textContent()).toContain('Personal');
    const start = page.getByTestId('getting-started');
    await start.getByText('Get started in under a minute').waitFor();
    // The organisation step is done; the next action is creating a series.
    await start.getByTestId('start-series').waitFor();
    expect(await start.getByTestId('start-key').count()).toBe(0);
  });

  it('creates an organisation: the slug follows the name, stays editable and is validated', async () => {
    const { page } = await newUser('founder');
    await page.goto('/dashboard');
    // The dashboard as a person finds it: loaded, the personal organisation listed.
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.getByTestId('org-card').first().waitFor();
    await page.getByTestId('org-create').click();
    const create = dialog(page, 'New organisation');
    await create.getByTestId('org-name').waitFor();
    // A name suggested by our generator fills both fields (the first asks load the generator:
    // Playwright's default wait, not the file's 15 s, on a loaded machine).
    await create.getByRole('button', { name: 'Suggest a name' }).click({ timeout: 30_000 });
    await expect.poll(() => create.getByTestId('org-slug').inputValue()).toMatch(/^[a-z]+-[a-z]+$/);
    expect(await create.getByTestId('org-name').inputValue()).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
    await create.getByTestId('org-name').fill(ORG_NAME);
    expect(await create.getByTestId('org-slug').inputValue()).toBe(ORG);
    await create.getByTestId('org-slug').fill('9 bad slug');
    await create.getByTestId('org-create-submit').click();
    await create.getByText('Invalid format').waitFor();
    await create.getByTestId('org-slug').fill(ORG);
    await create.getByTestId('org-create-submit').click();
    await page.waitForURL((u) => u.pathname === `/dashboard/org/${ORG}`);
    await page.getByRole('heading', { name: ORG_NAME, level: 1 }).waitFor();
    await page.getByText(`Organisation ${ORG_NAME} created`).waitFor();
    expect(await page.getByTestId('org-role').textContent()).toBe('Owner');
  });

  it('creates a series with the pattern editor and live validation', async () => {
    const { page, token } = await newUser('series-maker');
    const org = await newOrg(token, 'Series Works');
    await page.goto(`/dashboard/org/${org}`);
    await tab(page, 'Series').click();
    await page.getByText('No series yet').waitFor();
    await page.getByTestId('series-usage').getByText('0 of 3 series').waitFor();
    await page.getByTestId('series-create').click();
    const create = dialog(page, 'New series');
    await create.getByTestId('series-name').fill('Orders');
    expect(await create.getByTestId('series-slug').inputValue()).toBe('orders');
    // Escape closes the suggestion list only, not the dialog; each kind is listed once.
    await create.getByTestId('pattern-input').fill('{');
    const list = create.getByTestId('suggestions');
    await list.getByRole('option', { name: /^adjective/ }).waitFor();
    expect(await list.getByRole('option', { name: /^(ADJECTIVE|Adjective|aDjEcTiVe)/ }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => list.count()).toBe(0);
    expect(await create.getByTestId('pattern-input').inputValue()).toBe('{');
    await create.getByTestId('pattern-input').fill('{adjective}-{noun');
    await create.getByTestId('pattern-error').waitFor();
    // An unknown dictionary is the server's to say: marked inline with its span while typing.
    await create.getByTestId('pattern-input').fill('{adjectiv}-{noun}');
    await create
      .getByTestId('pattern-error')
      .getByText("Unknown dictionary 'adjectiv'. Did you mean 'adjective'? (at character 1)")
      .waitFor();
    expect(await create.getByTestId('pattern-error-mark').getAttribute('data-end')).toBe('10');
    await create.getByTestId('pattern-input').fill('ORD-{number:6d}');
    await expect.poll(() => create.getByTestId('pattern-error').count()).toBe(0);
    await create.getByTestId('series-create-submit').click();
    await page.waitForURL((u) => u.pathname === `/dashboard/org/${org}/series/orders`);
    await page.goto(`/dashboard/org/${org}?tab=series`);
    const row = page.getByTestId('series-row');
    await row.getByText('ORD-{number:6d}').waitFor();
    await row.getByText('0 of 1M').waitFor();
    await page.getByText('1 of 3 series').waitFor();
    // The first series is the organisation's default: calls of org-wide keys that name none use it.
    await row.getByTestId('default-series').getByText('Default series').waitFor();
    expect(await row.getByTestId('make-default-series').count()).toBe(0);
    await page.getByTestId('default-series-hint').waitFor();
  });

  it('renames the series and changes its pattern until the first mint, then mints from its page', async () => {
    const { page, token } = await newUser('renamer');
    const org = await newOrg(token, 'Rename Works');
    await newSeries(token, org, 'Orders', 'ORD-{number:6d}');
    await page.goto(`/dashboard/org/${org}/series/orders`);
    await page.getByTestId('series-edit').click();
    const edit = dialog(page, 'Edit Orders');
    await edit.getByTestId('series-edit-name').fill('Customer orders');
    await edit.getByTestId('pattern-input').fill('ORD-{number:5d}');
    await edit.getByTestId('series-edit-capacity').getByText('100K').waitFor();
    await edit.getByTestId('series-edit-submit').click();
    await edit.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Customer orders', level: 1 }).waitFor();
    await page.getByTestId('series-pattern').getByText('ORD-{number:5d}').waitFor();

    await page.getByTestId('series-tab-mint').click();
    await page.getByTestId('playground-mint-count').fill('2');
    await page.getByTestId('mint-button').click();
    await page.getByTestId('mint-results').waitFor();
    const minted = await page.getByTestId('mint-results').locator('li').allTextContents();
    expect(minted).toHaveLength(2);
    for (const slug of minted) expect(slug).toMatch(/^ORD-\d{5}$/);

    // Minted: the pattern is fixed, and the API says why if asked anyway.
    await page.getByTestId('series-edit').click();
    await dialog(page, 'Edit Customer orders').getByTestId('series-edit-pattern-locked').waitFor();
    await page.keyboard.press('Escape');
    const refused = await apiAs<{ message: string }>(server, token, 'PUT', `/orgs/${org}/series/orders`, {
      pattern: '{noun}',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('The pattern cannot be changed once ids have been generated');
  });

  it('creates an API key whose secret is shown once, copies it and the key works', async () => {
    const { page, context, token } = await newUser('key-maker');
    const org = await newOrg(token, 'Key Works');
    await newSeries(token, org, 'Orders', 'ORD-{number:6d}');
    await call(
      token,
      'PUT',
      `/orgs/${org}/series/orders`,
      { name: 'Customer orders', pattern: 'ORD-{number:5d}' },
      200,
    );
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await page.goto(`/dashboard/org/${org}`);
    await tab(page, 'API keys').click();
    await page.getByText('No API keys yet').waitFor();
    await page.getByTestId('key-create').click();
    const create = dialog(page, 'New API key');
    await create.getByTestId('key-name').fill('Backend');
    await create.getByRole('combobox', { name: 'Series' }).click();
    await page.getByRole('option', { name: 'Customer orders (orders)' }).click();
    await create.getByTestId('key-expiry').fill('2001-01-01');
    await create.getByTestId('key-create-submit').click();
    await create.getByText('The expiry date must be in the future').waitFor();
    await create.getByTestId('key-expiry').fill('');
    await create.getByTestId('key-create-submit').click();

    const shown = dialog(page, 'Your new API key');
    await shown.getByText('This is the only time the secret is shown').waitFor();
    const secret = (await shown.getByTestId('secret-value').textContent()) ?? '';
    expect(secret.length).toBeGreaterThan(20);
    await shown.getByTestId('secret-copy').click();
    await shown.getByRole('button', { name: 'Copied', exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await shown.getByTestId('secret-done').click();
    await shown.waitFor({ state: 'detached' });

    const row = page.getByTestId('key-row');
    await row.getByText('Backend').waitFor();
    await row.getByText('orders', { exact: true }).waitFor();
    await row.getByText('Never expires').waitFor();
    // The secret is nowhere on the page any more, only its visible prefix.
    expect(await page.content()).not.toContain(secret);

    const mint = await fetch(`${server.url}/api/v1/gen/mint`, {
      method: 'POST',
      headers: { 'x-api-key': secret, 'content-type': 'application/json' },
      body: JSON.stringify({ count: 2 }),
    });
    expect(mint.status).toBe(200);
    const slugs = (await mint.json()) as string[];
    expect(slugs).toHaveLength(2);
    for (const slug of slugs) expect(slug).toMatch(/^ORD-\d{5}$/);
  });

  it('disables the key (refused by the API) and deletes it after confirmation', async () => {
    const { page, token } = await newUser('key-keeper');
    const org = await newOrg(token, 'Key Keepers');
    await newSeries(token, org, 'Orders', 'ORD-{number:5d}');
    const { key: secret } = await call<{ key: string }>(
      token,
      'POST',
      `/orgs/${org}/api-keys`,
      { name: 'Backend', scopes: ['mint'], series: 'orders' },
      201,
    );
    const mint = (count: number) =>
      fetch(`${server.url}/api/v1/gen/mint`, {
        method: 'POST',
        headers: { 'x-api-key': secret, 'content-type': 'application/json' },
        body: JSON.stringify({ count }),
      });
    // The key works before it is disabled.
    expect((await mint(1)).status).toBe(200);
    await page.goto(`/dashboard/org/${org}?tab=keys`);
    const row = page.getByTestId('key-row');
    await row.getByText('Backend').waitFor();
    await row.getByTestId('key-enabled').click({ force: true });
    await page.getByText('Backend disabled').waitFor();
    expect((await mint(1)).status).toBe(401);
    await row.getByTestId('key-delete').click();
    const confirm = dialog(page, 'Delete API key');
    await confirm.getByText('cannot be undone').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await page.getByTestId('key-row').count()).toBe(1);
    await row.getByTestId('key-delete').click();
    await dialog(page, 'Delete API key').getByTestId('confirm-button').click();
    await page.getByText('No API keys yet').waitFor();
  });

  it('shows subscriptions and the limits in force, with the way to upgrade', async () => {
    const { page, token } = await newUser('subscriber');
    const org = await newOrg(token, 'Limit Works');
    await page.goto(`/dashboard/org/${org}`);
    await tab(page, 'Subscription & limits').click();
    const card = page.getByTestId('subscription-card');
    await card.getByText('Free', { exact: true }).first().waitFor();
    await card.getByText('Active').waitFor();
    await page
      .getByTestId('limits')
      .first()
      // The feature's info button is part of the row's name.
      .getByRole('row', { name: /^Series\b.*\b3$/ })
      .waitFor();
    expect(await page.getByTestId('upgrade').getAttribute('href')).toBe('/products');
  });

  it('creates an SDK config with validated rotation period and origins, and rotates with confirmation', async () => {
    const { page, token } = await newUser('sdk-maker');
    const org = await newOrg(token, 'Sdk Works');
    await page.goto(`/dashboard/org/${org}`);
    await tab(page, 'SDK configs').click();
    await page.getByText('No SDK configs yet').waitFor();
    // The Free plan has no SDK access: said before creating, with the way to upgrade.
    const notInPlan = page.getByTestId('sdk-not-in-plan');
    await notInPlan.getByText('The Free plan does not include SDK access', { exact: false }).waitFor();
    expect(await notInPlan.getByRole('link').getAttribute('href')).toBe('/products');
    expect(await page.getByTestId('sdk-create').isDisabled()).toBe(true);
    await subscribeToPro(org);
    await page.reload();
    await page.getByText('No SDK configs yet').waitFor();
    expect(await page.getByTestId('sdk-not-in-plan').count()).toBe(0);
    await page.getByTestId('sdk-create').click();
    const create = dialog(page, 'New SDK config');
    await create.getByTestId('sdk-name').fill('Web app');
    await create.getByText('Automatic', { exact: true }).click();
    await create.getByTestId('sdk-period').fill('30x');
    await create.getByTestId('sdk-origins').fill('https://app.example.com\nnot a url');
    await create.getByTestId('sdk-save').click();
    await create.getByText('Invalid format: use a number followed by d, h, m or s (e.g. 30d)').waitFor();
    await create.getByText('Must be a valid URL: not a url').waitFor();
    // The scopes offered are the SDK ones: no reset scopes (§6).
    expect(await create.getByRole('checkbox', { name: 'reset' }).count()).toBe(0);
    await create.getByTestId('sdk-period').fill('7d');
    await create.getByTestId('sdk-origins').fill('https://app.example.com\n\nhttp://localhost:3000/');
    await create.getByTestId('sdk-save').click();
    await create.waitFor({ state: 'detached' });

    const card = page.getByTestId('sdk-config');
    await card.getByText('automatic, every 7 days').waitFor();
    await card.getByText('http://localhost:3000', { exact: true }).waitFor();
    // A rotating config's keys are listed with it, with their expiry, and are no legacy keys.
    await expect.poll(() => card.getByTestId('sdk-keys').getByText('Active').count()).toBe(2);
    await page.getByText('No legacy SDK keys.').waitFor();
    const before = await card.getByTestId('sdk-keys').locator('tbody tr td:first-child').allTextContents();

    await card.getByTestId('sdk-rotate').click();
    const confirm = dialog(page, 'Rotate keys now?');
    await confirm.getByTestId('confirm-button').click();
    await page.getByText('Keys of Web app rotated').waitFor();
    await expect
      .poll(async () => {
        const after = await card.getByTestId('sdk-keys').locator('tbody tr td:first-child').allTextContents();
        return after.length > 0 && after.every((k) => !before.includes(k));
      })
      .toBe(true);

    // Changing the rotation policy asks first: it replaces the keys.
    await card.getByTestId('sdk-edit').click();
    const edit = dialog(page, 'Edit SDK config');
    await edit.getByText('Manual', { exact: true }).click();
    await edit.getByTestId('sdk-save').click();
    const replace = dialog(page, 'Change the rotation policy?');
    await replace.getByText('deletes the existing keys and generates new ones').waitFor();
    await replace.getByTestId('confirm-button').click();
    await card.getByText('Manual', { exact: true }).waitFor();
  });
});

describe('a member without the admin role', () => {
  let owner$: Session;
  let member$: Session;
  /** An organisation the member is not in yet (the invitation test's). */
  let inviting = '';
  /** An organisation on Pro with a series, a key and an SDK config, the member already in it. */
  let joined = '';
  const JOINED_NAME = 'Member Works';

  beforeAll(async () => {
    [member$, owner$] = await Promise.all([signedUp('member'), signedUp('owner')]);
    // Only a verified sender invites; the member accepts with a verified address (their links opened).
    await markEmailVerified(server, owner$.person.email);
    await markEmailVerified(server, member$.person.email);
    inviting = await newOrg(owner$.token, 'Inviting Works');
    joined = await furnishedOrg(owner$.token, JOINED_NAME);
    await call(
      owner$.token,
      'POST',
      `/orgs/${joined}/members`,
      { email: member$.person.email, role: 'member' },
      202,
    );
    const invitation = (await invitationPath(server, member$.person.email)).split('/').pop();
    await call(member$.token, 'POST', `/invitations/${invitation}/accept`, undefined, 200);
  });
  afterAll(async () => {
    await member$?.context.close();
    await owner$?.context.close();
  });

  it('is added by email with a role by the owner: invited, and a member once they accept', async () => {
    const { page } = owner$;
    const owner = owner$.person;
    const member = member$.person;
    await page.goto(`/dashboard/org/${inviting}`);
    // The same answer for an address without an account as for one with: an invitation.
    await page.getByTestId('member-email').fill('nobody-here@example.com');
    await page.getByTestId('member-add').click();
    await page
      .getByText('Invitation sent to nobody-here@example.com. They join once they accept it.')
      .waitFor();
    await page.getByTestId('member-email').fill(member.email);
    await page.getByTestId('member-add').click();
    await page.getByText(`Invitation sent to ${member.email}. They join once they accept it.`).waitFor();
    await page.getByTestId('invitation-row').filter({ hasText: member.email }).waitFor();
    expect(await page.getByTestId('invitation-row').count()).toBe(2);
    // Nobody joins without consent: still one member until the invitation is accepted.
    expect(await page.getByTestId('member-row').count()).toBe(1);
    await member$.page.goto(await invitationPath(server, member.email));
    await member$.page.getByRole('button', { name: 'Accept invitation' }).click();
    await member$.page.waitForURL((u) => u.pathname === `/dashboard/org/${inviting}`);
    await page.reload();
    // The reloaded page lists its members once its signed-in calls are answered.
    await page.getByTestId('member-row').filter({ hasText: member.email }).waitFor();
    expect(await page.getByTestId('member-row').count()).toBe(2);
    await page.getByTestId('invitation-row').first().waitFor();
    expect(await page.getByTestId('invitation-row').count()).toBe(1);
    // The sole owner is told how to leave instead of being offered a Leave the server refuses.
    const ownRow = page.getByTestId('member-row').filter({ hasText: owner.email });
    await ownRow.getByTestId('leave-blocked').waitFor();
    expect(await ownRow.getByRole('button', { name: 'Leave' }).count()).toBe(0);
    // Nor a role menu whose every other choice the server refuses (409): the reason instead.
    await ownRow.getByTestId('role-locked').waitFor();
    expect(await page.getByLabel(`Role of ${owner.email}`).count()).toBe(0);
    await page.getByLabel(`Role of ${member.email}`).first().waitFor();
  });

  it('sees read-only screens and no admin actions', async () => {
    const { page } = member$;
    await page.goto('/dashboard');
    await page.getByTestId('org-card').filter({ hasText: JOINED_NAME }).click();
    await page.waitForURL((u) => u.pathname === `/dashboard/org/${joined}`);
    expect(await page.getByTestId('org-role').textContent()).toBe('Member');
    await page.getByTestId('read-only').waitFor();
    expect(await page.getByTestId('member-add').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Remove / }).count()).toBe(0);

    await tab(page, 'Series').click();
    // A member may read the series: the read-only notice, not the permission refusal.
    const seriesPanel = page.getByRole('tabpanel', { name: 'Series' });
    await seriesPanel
      .getByTestId('read-only')
      .filter({ hasText: 'You can view this organisation. Changes need the admin or owner role.' })
      .waitFor();
    await seriesPanel.getByTestId('series-row').waitFor();
    expect(
      await page
        .getByText("You don't have permission to view or create series in this organisation.")
        .count(),
    ).toBe(0);
    expect(await page.getByTestId('permission-denied').count()).toBe(0);
    expect(await page.getByTestId('series-create').count()).toBe(0);

    await tab(page, 'API keys').click();
    await page.getByTestId('permission-denied').waitFor();
    expect(await page.getByTestId('key-create').count()).toBe(0);

    await tab(page, 'SDK configs').click();
    await page.getByTestId('sdk-config').waitFor();
    expect(await page.getByTestId('sdk-create').count()).toBe(0);
    expect(await page.getByTestId('sdk-rotate').count()).toBe(0);
    expect(await page.getByTestId('sdk-enabled').isDisabled()).toBe(true);

    await tab(page, 'Danger zone').click();
    await page.getByText('Only owners can delete the organisation.').waitFor();
    expect(await page.getByTestId('org-delete').isDisabled()).toBe(true);
  });

  it('is refused by the API for every admin action', async () => {
    const { token } = member$;
    const calls: [string, string, unknown?][] = [
      ['POST', `/orgs/${joined}/series`, { name: 'Sneaky', pattern: '{noun}' }],
      ['POST', `/orgs/${joined}/api-keys`, { name: 'Sneaky', scopes: ['forge'] }],
      ['GET', `/orgs/${joined}/api-keys`],
      ['POST', `/orgs/${joined}/members`, { email: owner$.person.email, role: 'admin' }],
      ['DELETE', `/orgs/${joined}`],
    ];
    for (const [method, path, body] of calls) {
      const answer = await apiAs(server, token, method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(403);
    }
  });
});

describe('deleting an organisation', () => {
  it('needs the slug typed before the owner can confirm', async () => {
    const { context, page, token } = await signedUp('deleter');
    expect(
      (await apiAs(server, token, 'POST', '/orgs', { name: 'Short lived', slug: 'short-lived' })).status,
    ).toBe(201);
    // Renamed first: the slug, and so the address, stays.
    await page.goto('/dashboard/org/short-lived');
    await page.getByTestId('org-rename').click();
    const rename = dialog(page, 'Rename organisation');
    await rename.getByTestId('org-rename-name').fill('Brief life');
    await rename.getByTestId('org-rename-submit').click();
    await page.getByRole('heading', { name: 'Brief life', level: 1 }).waitFor();
    expect((await apiAs<{ name: string }>(server, token, 'GET', '/orgs/short-lived')).body.name).toBe(
      'Brief life',
    );
    await tab(page, 'Danger zone').click();
    await page.getByTestId('org-delete').click();
    const confirm = dialog(page, 'Delete Brief life?');
    const button = confirm.getByTestId('confirm-button');
    expect(await button.isDisabled()).toBe(true);
    await confirm.getByTestId('confirm-typed').fill('short-live');
    expect(await button.isDisabled()).toBe(true);
    await confirm.getByTestId('confirm-typed').fill('short-lived');
    await button.click();
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await page.getByText('Organisation Brief life deleted').waitFor();
    expect((await apiAs(server, token, 'GET', '/orgs/short-lived')).status).toBe(404);
    // The personal organisation cannot be deleted: the button says why.
    const personal = (
      await apiAs<{ slug: string; personal: boolean }[]>(server, token, 'GET', '/orgs')
    ).body.find((o) => o.personal);
    await page.goto(`/dashboard/org/${personal?.slug}?tab=danger`);
    await page.getByText('Your personal organisation cannot be deleted.').waitFor();
    expect(await page.getByTestId('org-delete').isDisabled()).toBe(true);

    // The playground: the only organisation's only series is preselected for Mint and Slice.
    const only = await apiAs<{ slug: string }>(server, token, 'POST', `/orgs/${personal?.slug}/series`, {
      name: 'Tickets',
      pattern: 'T-{number:4d}',
    });
    expect(only.status).toBe(201);
    await page.goto('/playground');
    await tab(page, 'Mint').click();
    await expect
      .poll(() => page.getByTestId('playground-series').inputValue())
      .toBe('Tickets (T-{number:4d})');
    await page.getByRole('heading', { name: 'Mint from Tickets' }).waitFor();

    // Forge: every server refusal is shown inline with its span, stale results go, and Forge's
    // box says the same.
    await tab(page, 'Forge').click();
    const input = page.getByTestId('pattern-input');
    await input.fill('{adjective}-{noun}');
    await page.getByTestId('forge-button').click();
    await page.getByTestId('forge-results').waitFor();
    const refusals: [string, string, string][] = [
      [
        '{adjectiv}-{noun}',
        "Unknown dictionary 'adjectiv'. Did you mean 'adjective'? (at character 1)",
        '0-10',
      ],
      [
        'x-{noun:+animall}',
        "Unknown tag 'animall' for 'noun'. Did you mean 'animal'? (at character 3)",
        '2-17',
      ],
      ['{adjective}{noun}', 'can run together into the same slug', '0-17'],
    ];
    for (const [pattern, message, span] of refusals) {
      await input.fill(pattern);
      await page.getByTestId('pattern-error').getByText(message, { exact: false }).waitFor();
      const mark = page.getByTestId('pattern-error-mark');
      expect(`${await mark.getAttribute('data-start')}-${await mark.getAttribute('data-end')}`, pattern).toBe(
        span,
      );
      expect(await page.getByTestId('forge-results').count(), pattern).toBe(0);
      expect(await page.getByTestId('pattern-info').count(), pattern).toBe(0);
    }
    await page.getByTestId('forge-button').click();
    await page.getByTestId('forge-error').waitFor();
    expect(await page.getByTestId('forge-error').textContent()).toContain(
      await page.getByTestId('pattern-error').textContent(),
    );
    await context.close();
  });
});

describe('plan maximum and missing organisations', () => {
  it('blocks series creation at the plan maximum with its message, and the API agrees', async () => {
    const { context, page, token } = await signedUp('full');
    const personal = (
      await apiAs<{ slug: string; personal: boolean }[]>(server, token, 'GET', '/orgs')
    ).body.find((o) => o.personal);
    const org = personal?.slug ?? '';
    for (const name of ['One', 'Two', 'Three'])
      expect(
        (await apiAs(server, token, 'POST', `/orgs/${org}/series`, { name, pattern: '{noun}-{number:4d}' }))
          .status,
      ).toBe(201);
    await page.goto(`/dashboard/org/${org}?tab=series`);
    await page.getByText('3 of 3 series').waitFor();
    await page
      .getByTestId('series-at-max')
      .getByText('The Free plan allows at most 3 series in this organisation.')
      .waitFor();
    expect(await page.getByTestId('series-create').isDisabled()).toBe(true);
    const refused = await apiAs<{ message: string }>(server, token, 'POST', `/orgs/${org}/series`, {
      name: 'Four',
      pattern: '{noun}',
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('The Free plan allows at most 3 series in this organisation');
    // The first-steps panel moves on to the API key once a series exists.
    await page.goto('/dashboard');
    await page.getByTestId('getting-started').getByTestId('start-key').waitFor();

    // An organisation the user does not belong to looks like one that does not exist.
    const stranger = await signedUp('stranger');
    const theirs = await newOrg(stranger.token, 'Not Yours Works');
    await stranger.context.close();
    await page.goto(`/dashboard/org/${theirs}`);
    await page.getByText('Organisation not found').waitFor();
    await context.close();
  });
});

describe('accessibility and screenshots', () => {
  /** An owner with an organisation on Pro holding a series, a key and an SDK config. */
  let owner: ApiSession;
  let pages: [string, string][] = [];

  beforeAll(async () => {
    owner = await apiSignIn(server, newPerson('shown'), { signUp: true });
    const org = await furnishedOrg(owner.accessToken, 'Screenshot Works');
    pages = [
      ['dashboard', '/dashboard'],
      ['org-members', `/dashboard/org/${org}?tab=members`],
      ['org-subscription', `/dashboard/org/${org}?tab=subscription`],
      ['org-series', `/dashboard/org/${org}?tab=series`],
      ['org-keys', `/dashboard/org/${org}?tab=keys`],
      ['org-sdk', `/dashboard/org/${org}?tab=sdk`],
      ['org-danger', `/dashboard/org/${org}?tab=danger`],
    ];
  });

  /** A page of the owner's in a new context. */
  async function ownerPage(options: ContextOptions): Promise<{ context: BrowserContext; page: Page }> {
    const context = await newContext(browser, server, options);
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    await handToPage(page, server, owner);
    return { context, page };
  }

  /** The page shown once its heading is there and no skeleton is left. */
  async function shown(page: Page, name: string): Promise<void> {
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId('skeleton').count(), { message: name }).toBe(0);
  }

  // Each page is opened once per scheme and checked at desktop width, then at a phone's: the
  // resize needs no second load. (The dialogs are a11y-sweep.test.ts's, at both widths.)
  for (const colorScheme of ['light', 'dark'] as const)
    it(`has no serious or critical axe violations in ${colorScheme}, fits a phone screen and is screenshotted`, async () => {
      const { context, page } = await ownerPage({ colorScheme });
      for (const [name, path] of pages) {
        await page.setViewportSize({ width: 1280, height: 900 });
        await page.goto(path);
        await shown(page, name);
        expect(await axeViolations(page, axeSource), `${name} ${colorScheme}`).toEqual([]);
        await page.screenshot({ path: `${shots}${name}-${colorScheme}.png`, fullPage: true });

        await page.setViewportSize({ width: 390, height: 900 });
        await shown(page, name);
        // Nothing but scroll containers may be wider than the screen (charts follow their
        // container a frame after the resize: polled).
        await expect
          .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
            message: `${name} ${colorScheme} mobile overflow`,
          })
          .toBeLessThanOrEqual(0);
        expect(await axeViolations(page, axeSource), `${name} ${colorScheme} mobile`).toEqual([]);
        await page.screenshot({ path: `${shots}${name}-${colorScheme}-mobile.png`, fullPage: true });
      }
      await context.close();
    });
});
