import { createHash, randomBytes } from 'node:crypto';

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
