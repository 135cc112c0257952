/**
 * Signing in without the sign-in pages, for tests that are not about them (sign-in.test.ts,
 * first-sign-in.test.ts, accounts.test.ts and the journeys drive the pages). The built-in
 * provider's code flow runs over plain HTTP (OidcFlow of the server tests); the browser is then
 * handed what the console holds after its own sign-in: the provider's session cookies (sign-out
 * and the sessions list go through them) and the signed-in user in the tab's session storage,
 * where oidc-client-ts keeps it (the key and fields `accessToken()` of real-server.ts reads).
 */
import type { BrowserContext, Page } from 'playwright-core';
import { OidcFlow, outboxVerificationLink } from '../../server/test/support/oidc-flow.js';
import { ADMIN_PASSWORD, type RealServer, type VerificationLinkOf } from './real-server.js';

/** The console's client at the built-in provider (sign-in.tsx's defaults: scope, client id). */
const CONSOLE_CLIENT_ID = 'slugsmith-console';
const CONSOLE_SCOPE = 'openid email';

export const STAFF = { email: 'admin@slugsmith.local', password: ADMIN_PASSWORD };

interface TokenSet {
  access_token: string;
  id_token: string;
  token_type: string;
  expires_in: number;
  scope?: string;
}

/** One sign-in's result: its tokens and the provider's session cookies (full Set-Cookie lines). */
export interface ApiSession {
  email: string;
  accessToken: string;
  tokens: TokenSet;
  cookies: string[];
}

/** OidcFlow as the browser runs it: the browser's user agent (the sessions list names its system). */
class BrowserLikeFlow extends OidcFlow {
  /** The latest Set-Cookie line per cookie name, attributes kept for the browser's jar. */
  readonly setCookies = new Map<string, string>();

  constructor(
    base: string,
    private readonly userAgent: string | undefined,
  ) {
    super(base);
  }

  override async fetch(
    path: string,
    init: RequestInit & { form?: Record<string, string> } = {},
  ): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.userAgent) headers.set('user-agent', this.userAgent);
    const response = await super.fetch(path, { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      this.setCookies.set(line.slice(0, line.indexOf('=')), line);
    }
    return response;
  }
}

async function api(server: RealServer, token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.url}/api/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** The account behind the token (created on first call, as the console does after sign-in). */
async function ensureAccount(server: RealServer, token: string): Promise<void> {
  const account = await api(server, token, 'POST', '/accounts');
  if (account.status !== 200 && account.status !== 201)
    throw new Error(`account: ${account.status} ${JSON.stringify(account.body)}`);
}

/** Accepts every latest agreement, as ticking all boxes of the agreement dialog does. */
export async function acceptAgreementsByApi(server: RealServer, token: string): Promise<void> {
  const latest = await api(server, token, 'GET', '/agreements/latest');
  const accepted = await api(server, token, 'POST', '/accounts/agreements', {
    agreement_versions: (latest.body as { type: string; version: string }[]).map((a) => ({
      agreement_type: a.type,
      agreement_version: a.version,
    })),
  });
  if (accepted.status !== 200)
    throw new Error(`agreements: ${accepted.status} ${JSON.stringify(accepted.body)}`);
}

export interface ApiSignInOptions {
  /** Create the account first: sign-up, the e-mailed verification link (the outbox), then sign-in. */
  signUp?: boolean;
  /** Accept the latest agreements (default true), so no agreement dialog comes. */
  acceptAgreements?: boolean;
  /** The user agent the provider records for the session (default Node's). */
  userAgent?: string;
  /** How the verification link is read on a server that sends over SMTP (default: its outbox). */
  verificationLink?: VerificationLinkOf;
}

/**
 * Signs in over HTTP: the built-in provider's code flow, the account created and (by default)
 * the agreements accepted. For a browser, `signInWithApi` hands the result to a page.
 */
export async function apiSignIn(
  server: RealServer,
  person: { email: string; password: string },
  options: ApiSignInOptions = {},
): Promise<ApiSession> {
  const flow = new BrowserLikeFlow(server.url, options.userAgent);
  await flow.start({ scope: CONSOLE_SCOPE, prompt: 'login' });
  const db = server.app.database.db;
  const linkOf = options.verificationLink ?? ((email: string) => outboxVerificationLink(db, email));
  const answer = options.signUp
    ? await flow.signUpVerified(person.email, person.password, linkOf)
    : await flow.signIn(person.email, person.password);
  const tokens = (await flow.tokens(answer)) as unknown as TokenSet;
  await ensureAccount(server, tokens.access_token);
  if (options.acceptAgreements !== false) await acceptAgreementsByApi(server, tokens.access_token);
  return {
    email: person.email,
    accessToken: tokens.access_token,
    tokens,
    cookies: [...flow.setCookies.values()],
  };
}

/** The staff account's access token, agreements accepted (staff subscribe organisations to plans). */
export async function staffToken(server: RealServer): Promise<string> {
  return (await apiSignIn(server, STAFF)).accessToken;
}

/** A Set-Cookie line as a Playwright cookie of the server's origin (path, expiry and flags kept). */
function browserCookie(
  line: string,
  origin: string,
): Parameters<BrowserContext['addCookies']>[0][number] | null {
  const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
  const at = pair.indexOf('=');
  const name = pair.slice(0, at);
  const value = pair.slice(at + 1);
  const attribute = (key: string) =>
    attributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
  const expires = attribute('expires');
  const expiresAt = expires ? Date.parse(expires) / 1000 : -1;
  // Cleared or expired cookies are not handed on.
  if (value === '' || (expiresAt !== -1 && expiresAt * 1000 < Date.now())) return null;
  const sameSite = attribute('samesite')?.toLowerCase();
  return {
    name,
    value,
    domain: new URL(origin).hostname,
    path: attribute('path') ?? '/',
    expires: expiresAt,
    httpOnly: attributes.some((a) => a.toLowerCase() === 'httponly'),
    secure: attributes.some((a) => a.toLowerCase() === 'secure'),
    sameSite: sameSite === 'strict' ? 'Strict' : sameSite === 'none' ? 'None' : 'Lax',
  };
}

/** The user object oidc-client-ts stores after a code exchange (User.toStorageString's fields). */
function storedUser(tokens: TokenSet): string {
  const claims = JSON.parse(Buffer.from(tokens.id_token.split('.')[1] ?? '', 'base64url').toString('utf8'));
  // oidc-client-ts leaves the protocol claims out of the profile.
  for (const claim of ['nbf', 'jti', 'auth_time', 'nonce', 'acr', 'amr', 'azp', 'at_hash'])
    delete claims[claim];
  return JSON.stringify({
    id_token: tokens.id_token,
    session_state: null,
    access_token: tokens.access_token,
    token_type: tokens.token_type,
    scope: tokens.scope ?? CONSOLE_SCOPE,
    profile: claims,
    expires_at: Math.floor(Date.now() / 1000) + tokens.expires_in,
  });
}

/**
 * Hands a sign-in to a page: the provider's cookies go into its context, and the signed-in user
 * into the page's session storage before the console's first script runs — once, so signing out
 * (which clears it) stays signed out. Another tab of the context signs in as a person's would:
 * through the provider's session, without a form.
 */
export async function handToPage(page: Page, server: RealServer, session: ApiSession): Promise<void> {
  const cookies = session.cookies.flatMap((line) => browserCookie(line, server.url) ?? []);
  await page.context().addCookies(cookies);
  const key = `oidc.user:${server.url}/oidc:${CONSOLE_CLIENT_ID}`;
  await page.addInitScript(
    ({ key, user, origin }) => {
      if (window.location.origin !== origin) return;
      const seeded = 'e2e-api-sign-in';
      try {
        if (sessionStorage.getItem(seeded)) return;
        sessionStorage.setItem(seeded, 'yes');
        sessionStorage.setItem(key, user);
      } catch {
        // A frame without storage (about:blank): nothing to seed.
      }
    },
    { key, user: storedUser(session.tokens), origin: server.url },
  );
}

/**
 * Signs `person` in (with `signUp`: creates the account first) without the sign-in pages: the
 * page is signed in from its next navigation (no agreement dialog), which is to `returnTo` when
 * given. Answers the access token.
 */
export async function signInWithApi(
  page: Page,
  server: RealServer,
  person: { email: string; password: string },
  options: Omit<ApiSignInOptions, 'userAgent'> & { returnTo?: string } = {},
): Promise<string> {
  const userAgent = await page.evaluate(() => navigator.userAgent);
  const session = await apiSignIn(server, person, { ...options, userAgent });
  await handToPage(page, server, session);
  if (options.returnTo !== undefined) await page.goto(options.returnTo);
  return session.accessToken;
}

/**
 * A new account signed up over HTTP, agreements accepted (signUpAndAccept's twin); the page is
 * signed in from its next navigation, to `returnTo` when given. Answers the access token.
 */
export function signUpWithApi(
  page: Page,
  server: RealServer,
  person: { email: string; password: string },
  returnTo?: string,
): Promise<string> {
  return signInWithApi(page, server, person, { signUp: true, returnTo });
}
