import { randomBytes } from 'node:crypto';
import { freePort } from '@slugsmith/test-support';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.js';
import { oidcPayloads } from '../src/db/schema.js';
import type { Config } from '../src/platform/config.js';
import { closeApp, TestContext, testConfig, testDatabases } from './support/app.js';
import { MailCatcher } from './support/mail-catcher.js';
import { OidcFlow } from './support/oidc-flow.js';

const firefoxOnWindows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const safariOnIphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** A sign-in flow whose every provider request carries a browser's User-Agent. */
class BrowserFlow extends OidcFlow {
  constructor(
    base: string,
    private readonly userAgent: string,
  ) {
    super(base);
  }
  override fetch(path: string, init: RequestInit & { form?: Record<string, string> } = {}) {
    const headers = new Headers(init.headers);
    headers.set('user-agent', this.userAgent);
    return super.fetch(path, { ...init, headers });
  }
}

/**
 * The account page's session list (issue 31 item 15) against a listening server: each built-in
 * session with its browser, address and times, "this device", signing one out (its tokens stop
 * at once), and no way to see or end another account's session.
 */
for (const kind of testDatabases)
  describe(`[${kind}] account sessions`, () => {
    let app: App;
    let config: Config;
    let ctx: TestContext;
    let base: string;
    let catcher: MailCatcher;
    const password = 'correct horse battery';

    beforeAll(async () => {
      catcher = await new MailCatcher().start();
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      config = testConfig(kind, { PUBLIC_URL: base, PORT: String(port), SMTP_URL: catcher.url });
      app = await buildApp(config);
      await app.server.listen({ port, host: '127.0.0.1' });
      ctx = new TestContext(app, config);
    });
    afterAll(async () => {
      if (app) await closeApp(app, config);
      await catcher?.close();
    });

    const api = async (method: string, path: string, token: string) => {
      const r = await fetch(`${base}/api/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${token}` },
      });
      const text = await r.text();
      return { status: r.status, body: text ? JSON.parse(text) : undefined };
    };

    /** Signs up in one browser and in again in another; answers both sessions' tokens. */
    async function twoSessions(name: string) {
      const email = `${name}-${randomBytes(3).toString('hex')}@example.com`;
      const first = new BrowserFlow(base, firefoxOnWindows);
      await first.start({ screen_hint: 'signup' });
      const firstTokens = await first.tokens(
        await first.signUpVerified(email, password, async () => MailCatcher.link(await catcher.next(email))),
      );
      expect((await api('POST', '/accounts', firstTokens.access_token)).status).toBe(201);
      await ctx.acceptAllAgreements(firstTokens.access_token);
      const second = new BrowserFlow(base, safariOnIphone);
      await second.start();
      const secondTokens = await second.tokens(await second.signIn(email, password));
      return { first: firstTokens, second: secondTokens };
    }

    it('lists each session with its browser, address and times; this device is marked', async () => {
      const before = Date.now();
      const { first } = await twoSessions('list');
      const listed = await api('GET', '/account/sessions', first.access_token);
      expect(listed.status).toBe(200);
      expect(listed.body.count).toBe(2);
      const [newest, older] = listed.body.items;
      expect(newest).toMatchObject({ browser: 'Safari', os: 'iPhone', address: '127.0.0.1', current: false });
      expect(older).toMatchObject({ browser: 'Firefox', os: 'Windows', address: '127.0.0.1', current: true });
      for (const s of listed.body.items) {
        // Times in whole seconds (the provider's login time): a second of slack either side.
        expect(Date.parse(s.started_at)).toBeGreaterThanOrEqual(before - 1000);
        expect(Date.parse(s.last_used_at)).toBeGreaterThanOrEqual(Date.parse(s.started_at));
        expect(s.id).toMatch(/^[\w-]+$/);
      }
    });

    it('signing one session out ends its tokens and leaves the others', async () => {
      const { first, second } = await twoSessions('end');
      const { items } = (await api('GET', '/account/sessions', first.access_token)).body;
      const other = items.find((s: { current: boolean }) => !s.current);
      expect((await api('DELETE', `/account/sessions/${other.id}`, first.access_token)).status).toBe(204);
      expect((await api('GET', '/accounts', second.access_token)).status).toBe(401);
      const after = await api('GET', '/account/sessions', first.access_token);
      expect(after.body).toMatchObject({ count: 1, items: [{ current: true }] });
      // Gone is gone: a second sign-out of it finds nothing.
      expect((await api('DELETE', `/account/sessions/${other.id}`, first.access_token)).status).toBe(404);
    });

    it('after a password change the list holds only this session', async () => {
      const { first, second } = await twoSessions('password');
      expect((await api('GET', '/account/sessions', first.access_token)).body.count).toBe(2);
      const changed = await fetch(`${base}/api/v1/account/password`, {
        method: 'POST',
        headers: { authorization: `Bearer ${first.access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ current_password: password, new_password: 'brand new long phrase' }),
      });
      expect(changed.status).toBe(204);
      const after = (await api('GET', '/account/sessions', first.access_token)).body;
      expect(after).toMatchObject({ count: 1, items: [{ current: true, browser: 'Firefox' }] });
      expect((await api('GET', '/accounts', second.access_token)).status).toBe(401);
    });

    it('deleting the account forgets the addresses and browsers of its sessions', async () => {
      const { first } = await twoSessions('forget');
      const activity = () =>
        app.database.db
          .select({ id: oidcPayloads.id })
          .from(oidcPayloads)
          .where(and(eq(oidcPayloads.model, 'SessionActivity'), inArray(oidcPayloads.id, ids)));
      const ids = (await api('GET', '/account/sessions', first.access_token)).body.items.map(
        (s: { id: string }) => s.id,
      );
      expect(await activity()).toHaveLength(2);
      expect((await api('DELETE', '/account', first.access_token)).status).toBe(204);
      expect(await activity()).toHaveLength(0);
    });

    it("another account's session can be neither seen nor signed out", async () => {
      const mine = await twoSessions('mine');
      const theirs = await twoSessions('theirs');
      const their = (await api('GET', '/account/sessions', theirs.first.access_token)).body.items;
      const listedForMe = (await api('GET', '/account/sessions', mine.first.access_token)).body.items;
      const theirIds = their.map((s: { id: string }) => s.id);
      expect(listedForMe.some((s: { id: string }) => theirIds.includes(s.id))).toBe(false);
      const refused = await api('DELETE', `/account/sessions/${theirIds[0]}`, mine.first.access_token);
      expect(refused).toMatchObject({ status: 404, body: { code: 404, message: 'No such session' } });
      expect((await api('GET', '/accounts', theirs.first.access_token)).status).toBe(200);
      expect((await api('GET', '/account/sessions', theirs.first.access_token)).body.count).toBe(2);
      // No token at all: refused before anything is looked up.
      const anonymous = await fetch(`${base}/api/v1/account/sessions/${theirIds[0]}`, { method: 'DELETE' });
      expect(anonymous.status).toBe(401);
    });
  });
