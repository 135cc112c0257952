import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../src/db/connect.js';
import { mailOutbox } from '../../src/db/schema.js';

/**
 * The verification link last e-mailed to `email` by a server without SMTP_URL (its outbox keeps
 * the message). Sign-up sends it after answering, so it is waited for (up to 10 s).
 */
export async function outboxVerificationLink(db: Db, email: string): Promise<string> {
  for (let waited = 0; waited < 10_000; waited += 50) {
    const [mail] = await db
      .select({ text: mailOutbox.textBody })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, email.toLowerCase()), eq(mailOutbox.kind, 'verify_email')))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    const link = mail?.text.match(/https?:\/\/\S+\/oidc\/verify-email\S*/)?.[0];
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no verification link to ${email}`);
}

/**
 * The built-in provider's authorization-code flow over real HTTP without a browser: one cookie
 * jar, redirects followed by hand, forms posted as the pages post them. For tests that need many
 * sign-ins quickly (throttling, sessions, reset); the Chromium e2e covers the pages themselves.
 */
export class OidcFlow {
  private cookies = new Map<string, string>();
  private verifier = randomBytes(32).toString('base64url');
  private config?: {
    issuer: string;
    client_id: string;
    redirect_path: string;
    scope: string;
    audience: string;
  };
  /** The sign-in attempt's id once `start()` ran. */
  uid = '';

  constructor(readonly base: string) {}

  async fetch(path: string, init: RequestInit & { form?: Record<string, string> } = {}): Promise<Response> {
    const url = path.startsWith('http') ? path : `${this.base}${path}`;
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0)
      headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    let body = init.body;
    if (init.form) {
      headers.set('content-type', 'application/x-www-form-urlencoded');
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(url, {
      ...init,
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      headers,
      body,
      redirect: 'manual',
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** Opens the authorize URL and follows it to the sign-in (or sign-up) page. */
  async start(extra: Record<string, string> = {}): Promise<{ response: Response; url: string }> {
    this.config = await (await fetch(`${this.base}/api/v1/auth/config`)).json();
    const c = this.config as NonNullable<typeof this.config>;
    const url = new URL(`${c.issuer}/auth`);
    url.search = new URLSearchParams({
      client_id: c.client_id,
      response_type: 'code',
      redirect_uri: `${this.base}${c.redirect_path}`,
      scope: c.scope,
      resource: c.audience,
      code_challenge: createHash('sha256').update(this.verifier).digest('base64url'),
      code_challenge_method: 'S256',
      state: 'st',
      // With consent asked for, the provider issues a refresh token (offline_access).
      prompt: 'consent',
      ...extra,
    }).toString();
    const page = await this.follow(await this.fetch(url.toString()));
    this.uid = /\/oidc\/interaction\/([^/?#]+)/.exec(page.url)?.[1] ?? '';
    return page;
  }

  /** Follows redirects until a page (or the console's callback) answers. */
  async follow(response: Response): Promise<{ response: Response; url: string }> {
    let r = response;
    let url = r.url;
    for (let hops = 0; hops < 10 && r.status >= 300 && r.status < 400; hops++) {
      const location = r.headers.get('location') as string;
      url = new URL(location, url || this.base).toString();
      if (url.startsWith(`${this.base}/authn-callback`)) break;
      r = await this.fetch(url);
    }
    return { response: r, url };
  }

  signIn(email: string, password: string, extra: Record<string, string> = {}) {
    return this.fetch(`/oidc/interaction/${this.uid}/sign-in`, { form: { email, password, ...extra } });
  }

  signUp(email: string, password: string, confirm = password, extra: Record<string, string> = {}) {
    return this.fetch(`/oidc/interaction/${this.uid}/sign-up`, {
      form: { email, password, confirm, ...extra },
    });
  }

  /**
   * Signs up as a person does: the answer asks to check the inbox, the verification link that
   * `linkOf` finds in the address's mail is opened, then the person signs in (an account signs
   * in once its address is verified). Answers the sign-in's response, for `tokens()`.
   */
  async signUpVerified(
    email: string,
    password: string,
    linkOf: (email: string) => Promise<string>,
    extra: Record<string, string> = {},
  ): Promise<Response> {
    const answer = await this.signUp(email, password, password, extra);
    if (answer.status !== 200) throw new Error(`sign-up: ${answer.status} ${await answer.text()}`);
    const opened = await fetch(await linkOf(email));
    if (opened.status !== 200) throw new Error(`verification link: ${opened.status} ${await opened.text()}`);
    return this.signIn(email, password, extra);
  }

  /** After a successful form: follows to the callback and exchanges the code for tokens. */
  async tokens(response: Response): Promise<{ access_token: string; refresh_token?: string }> {
    const last = await this.follow(response);
    const code = new URL(last.url).searchParams.get('code');
    if (!code) throw new Error(`no code: ${last.response.status} ${last.url} ${await last.response.text()}`);
    const c = this.config as NonNullable<typeof this.config>;
    const r = await fetch(`${this.base}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        code_verifier: this.verifier,
        client_id: c.client_id,
        redirect_uri: `${this.base}${c.redirect_path}`,
      }),
    });
    if (r.status !== 200) throw new Error(`token exchange: ${r.status} ${await r.text()}`);
    return r.json();
  }

  /** A refresh-token grant: the status and body. */
  async refresh(refreshToken: string): Promise<{ status: number; body: Record<string, unknown> }> {
    const c = this.config as NonNullable<typeof this.config>;
    const r = await fetch(`${this.base}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: c.client_id,
      }),
    });
    return { status: r.status, body: await r.json() };
  }
}
