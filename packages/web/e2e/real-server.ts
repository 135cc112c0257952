/**
 * The real product for end-to-end tests: the @slugsmith/server app in-process (PGlite on a copy
 * of a migrated, seeded data directory — the server tests' support/database-template.ts — the
 * built-in OpenID provider under /oidc, the built web console at `/`) on a random loopback port,
 * plus helpers that sign in through the provider's own form in Chromium (api-sign-in.ts signs in
 * without it).
 *
 * The console must be built first (`npm run build -w @slugsmith/web`; the root `npm test` builds
 * every package before testing). The server serves a private copy of dist/, so another test file
 * rebuilding dist/ at the same time cannot pull files from under a running page.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { cp, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type App, buildApp, loadConfig } from '@slugsmith/server';
import { freePort } from '@slugsmith/test-support';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { mailOutbox } from '../../server/src/db/schema.js';
import { databaseCopy } from '../../server/test/support/database-template.js';
import { outboxVerificationLink } from '../../server/test/support/oidc-flow.js';

export const webDist = fileURLToPath(new URL('../dist', import.meta.url));
const webSources = [
  fileURLToPath(new URL('../src', import.meta.url)),
  fileURLToPath(new URL('../public', import.meta.url)),
];

/** The seeded staff account's password in these tests (the e-mail is the server's default). */
export const ADMIN_PASSWORD = 'e2e-admin-password';

export interface RealServer {
  url: string;
  app: App;
  close(): Promise<void>;
}

/** The running servers by origin: sign-up finds the outbox of the server a page is on. */
const running = new Map<string, RealServer>();

/** Files index.html refers to (scripts, styles, icons): all must exist for a usable copy. */
function referencedFiles(dir: string): string[] {
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  return [...html.matchAll(/(?:src|href)="\/([^"?#]+)"/g)].map((m) => m[1] as string);
}

async function newestSourceChange(dir: string): Promise<number> {
  let newest = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    newest = Math.max(newest, (await stat(join(entry.parentPath, entry.name))).mtimeMs);
  }
  return newest;
}

/**
 * Copies dist/ into a temporary directory once it is complete (another file's build may be
 * writing it right now: retried until index.html and everything it names are present). The
 * caller removes the copy when done.
 */
export async function snapshotDist(): Promise<string> {
  if (!existsSync(join(webDist, 'index.html')))
    throw new Error(`The web console is not built (${webDist}): run npm run build -w @slugsmith/web first`);
  const built = statSync(join(webDist, 'index.html')).mtimeMs;
  const changed = Math.max(...(await Promise.all(webSources.map(newestSourceChange))));
  if (changed > built)
    console.warn('real-server: packages/web/dist is older than its sources; npm run build -w @slugsmith/web');
  for (let attempt = 0; attempt < 60; attempt++) {
    const copy = await mkdtemp(join(tmpdir(), 'slugsmith-web-'));
    try {
      await cp(webDist, copy, { recursive: true });
      if (referencedFiles(copy).every((file) => existsSync(join(copy, file)))) return copy;
    } catch {
      // dist/ changed while being copied: try again.
    }
    await rm(copy, { recursive: true, force: true });
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`packages/web/dist stayed incomplete: rebuild it with npm run build -w @slugsmith/web`);
}

/**
 * Starts the whole product on 127.0.0.1 with a fresh database (a private copy of the template).
 * `logStream` receives its log lines (at env.LOG_LEVEL; silent unless set), for a test that waits
 * on one.
 */
export async function startRealServer(
  env: Record<string, string> = {},
  options: { logStream?: NodeJS.WritableStream } = {},
): Promise<RealServer> {
  const [dist, dataDir] = await Promise.all([snapshotDist(), env.DATA_DIR ? undefined : databaseCopy()]);
  const removeCopies = () =>
    Promise.all([dist, dataDir].map((dir) => dir && rm(dir, { recursive: true, force: true })));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir ?? 'memory://',
    PORT: String(port),
    PUBLIC_URL: url,
    ADMIN_PASSWORD,
    WEB_DIST_DIR: dist,
    ...env,
  });
  let app: App;
  try {
    app = await buildApp(config, { logStream: options.logStream });
  } catch (error) {
    await removeCopies();
    throw error;
  }
  try {
    await app.server.listen({ port, host: '127.0.0.1' });
  } catch (error) {
    await app.server.close();
    await removeCopies();
    throw error;
  }
  const server: RealServer = {
    url,
    app,
    close: async () => {
      running.delete(url);
      await app.server.close();
      await removeCopies();
    },
  };
  running.set(url, server);
  return server;
}

export interface ContextOptions {
  colorScheme?: 'light' | 'dark';
  width?: number;
  locale?: string;
  /** Store cookie consent up front (default true), so sign-in goes straight to the provider. */
  consent?: boolean;
}

/** A browser context on the server: development warning dismissed, cookie consent stored. */
export async function newContext(
  browser: Browser,
  server: RealServer,
  options: ContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: server.url,
    locale: options.locale ?? 'en-GB',
    colorScheme: options.colorScheme ?? 'light',
    viewport: { width: options.width ?? 1280, height: 900 },
    reducedMotion: 'reduce',
  });
  const consent = options.consent !== false;
  await context.addInitScript((withConsent) => {
    localStorage.setItem('dev-warning-dismissed', 'true');
    if (withConsent) localStorage.setItem('cookieConsent', 'accepted');
  }, consent);
  return context;
}

let counter = 0;
/** A fresh person for a test: unique e-mail, fixed password. */
export function newPerson(name = 'user'): { email: string; password: string } {
  counter += 1;
  return {
    email: `${name}-${Date.now().toString(36)}-${counter}@example.com`,
    password: 'correct horse battery staple',
  };
}

/** How a test reads the verification link e-mailed to an address (a server with SMTP_URL). */
export type VerificationLinkOf = (email: string) => Promise<string>;

/**
 * Signs in through the console: /login (with returnTo), the provider's sign-in form, back through
 * /authn-callback. Resolves once the browser is on the console again. With `signUp` the account
 * is created first as a person does: the sign-up form, the e-mailed verification link opened in
 * another tab (from the server's outbox, or `verificationLink` when it sends over SMTP), then
 * back to sign in.
 */
export async function signIn(
  page: Page,
  person: { email: string; password: string },
  options: { returnTo?: string; signUp?: boolean; verificationLink?: VerificationLinkOf } = {},
): Promise<void> {
  const query = new URLSearchParams();
  if (options.returnTo) query.set('returnTo', options.returnTo);
  if (options.signUp) query.set('screen_hint', 'signup');
  await page.goto(`/login${query.size ? `?${query}` : ''}`);
  await page.waitForURL((u) => u.pathname.startsWith('/oidc/'));
  if (options.signUp) {
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByLabel('Repeat password').fill(person.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await confirmSignUp(page, person, options.verificationLink);
  } else {
    await signInOnPage(page, person);
  }
  await page.waitForURL((u) => !u.pathname.startsWith('/oidc/') && u.pathname !== '/authn-callback');
}

/** The provider's sign-in form (English pages), filled and sent. */
async function signInOnPage(page: Page, person: { email: string; password: string }) {
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The verification link e-mailed to `email` by the server `page` is on (its outbox), or by `verificationLink`. */
async function verificationLinkFor(
  page: Page,
  email: string,
  verificationLink?: VerificationLinkOf,
): Promise<string> {
  if (verificationLink) return verificationLink(email);
  const server = running.get(new URL(page.url()).origin);
  if (!server) throw new Error(`no server at ${page.url()} to read the verification link from`);
  return outboxVerificationLink(server.app.database.db, email);
}

/**
 * After the sign-up form was sent (English pages): the answer asks to check the inbox, the
 * e-mailed link is opened in another tab, and the person goes back to sign in with the password.
 * The sign-in attempt goes on where it was headed (returnTo, an invitation).
 */
export async function confirmSignUp(
  page: Page,
  person: { email: string; password: string },
  verificationLink?: VerificationLinkOf,
): Promise<void> {
  await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
  const link = await verificationLinkFor(page, person.email, verificationLink);
  const mailTab = await page.context().newPage();
  const opened = await mailTab.goto(link);
  if (opened?.status() !== 200) throw new Error(`verification link answered ${opened?.status()}`);
  await mailTab.close();
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await signInOnPage(page, person);
}

/** The agreement dialog shown after a first sign-in (product spec §4). */
export const agreementDialog = (page: Page) =>
  page.getByRole('dialog', { name: /^(Before you start|Our terms have been updated)$/ });

/** Ticks every box of the agreement dialog and accepts; resolves when the dialog is gone. */
export async function acceptAgreements(page: Page): Promise<void> {
  const dialog = agreementDialog(page);
  await dialog.waitFor();
  for (const box of await dialog.getByRole('checkbox').all()) await box.check();
  await dialog.getByRole('button', { name: 'Accept', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** A new account signed up through the form, agreements accepted, on `returnTo`. */
export async function signUpAndAccept(
  page: Page,
  person: { email: string; password: string },
  returnTo = '/dashboard',
  verificationLink?: VerificationLinkOf,
) {
  await signIn(page, person, { returnTo, signUp: true, verificationLink });
  await acceptAgreements(page);
}

/** Signs out through the user menu and the provider; resolves on the origin. */
export async function signOut(page: Page, origin: string): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await confirmProviderSignOut(page, origin, () => page.getByRole('menuitem', { name: 'Sign out' }).click());
}

/**
 * Sign-out is one step: the provider's page submits its own form. Runs `start` (what leads there),
 * sees the provider's page come and waits for the origin again.
 */
export async function confirmProviderSignOut(
  page: Page,
  origin: string,
  start: () => Promise<void>,
): Promise<void> {
  const atProvider = page.waitForURL((u) => u.pathname.startsWith('/oidc/'), { waitUntil: 'commit' });
  await start();
  await atProvider;
  await page.waitForURL((u) => u.origin === origin && !u.pathname.startsWith('/oidc/'));
}

/** Marks a built-in account's address verified, as opening its e-mailed link does. */
export async function markEmailVerified(server: RealServer, email: string): Promise<void> {
  await server.app.database.db.execute(
    sql`UPDATE local_users SET email_verified_at = now() WHERE lower(email) = lower(${email})`,
  );
}

/**
 * The link of the last invitation e-mailed to `email` by a server without SMTP_URL (its outbox
 * keeps the message), as a path on the console.
 */
export async function invitationPath(server: RealServer, email: string): Promise<string> {
  const [mail] = await server.app.database.db
    .select({ text: mailOutbox.textBody })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, 'invitation'), eq(mailOutbox.recipient, email.toLowerCase())))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const path = mail?.text.match(/\/invitations\/[\w-]+/)?.[0];
  if (!path) throw new Error(`no invitation to ${email}`);
  return path;
}

/** The page's access token (the console keeps the signed-in user in session storage). */
export async function accessToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    for (let i = 0; i < sessionStorage.length; i++) {
      const key = sessionStorage.key(i) ?? '';
      if (key.startsWith('oidc.user:')) return JSON.parse(sessionStorage.getItem(key) ?? '{}').access_token;
    }
    return null;
  });
  if (typeof token !== 'string') throw new Error('not signed in: no access token in session storage');
  return token;
}

/** Calls the API as the signed-in user of `page` from the test process. */
export async function apiAs<T = unknown>(
  server: RealServer,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${server.url}/api/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** Serious or critical axe-core violations of the page (injected from the axe-core package). */
export async function axeViolations(page: Page, axeSource: string): Promise<string[]> {
  // Evaluated rather than added as a script tag: the server's CSP refuses inline scripts.
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global
    const result = await (window as any).axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v: { impact: string }) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v: { id: string; nodes: { target: string[] }[] }) =>
          `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      );
  });
}
