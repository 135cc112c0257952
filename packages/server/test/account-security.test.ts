import { randomBytes } from 'node:crypto';
import { freePort } from '@slugsmith/test-support';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.js';
import { judgePassword } from '../src/auth/builtin/password-policy.js';
import { findLocalUserByEmail, seedAdmin, setUserLanguage, signUp } from '../src/auth/builtin/users.js';
import { accountLinks, accounts, authThrottle, localUsers } from '../src/db/schema.js';
import type { Config } from '../src/platform/config.js';
import { createMailer, firstLink } from '../src/platform/mail.js';
import { linkMail } from '../src/platform/mail-templates.js';
import { closeApp, TestContext, testConfig, testDatabases } from './support/app.js';
import { type CaughtMail, MailCatcher } from './support/mail-catcher.js';
import { OidcFlow } from './support/oidc-flow.js';

describe('password policy', () => {
  it.each([
    ['password', 'Minimum length is 10 characters'],
    ['        ', 'Minimum length is 10 characters'],
    ['          ', 'This password is too common or too easy to guess'],
    ['password123', 'This password is too common or too easy to guess'],
    ['qwertyuiop', 'This password is too common or too easy to guess'],
    ['1234567890', 'This password is too common or too easy to guess'],
    ['anna.berg@example.com', 'The password must not be your email address'],
    ['Anna.Berg1', 'The password must not be your email address'],
  ])('refuses %j', async (password, problem) => {
    const email = password === 'Anna.Berg1' ? 'anna.berg1@example.com' : 'anna.berg@example.com';
    expect((await judgePassword(password, email)).problem).toBe(problem);
  });

  it('accepts long unguessable passwords and scores them', async () => {
    expect(await judgePassword('correct horse battery', 'a@example.com')).toEqual({ score: 4 });
    expect(await judgePassword('Tr0ub4dor&3x')).toEqual({ score: 4 });
  });
});

/**
 * The attacks of issue 23 against one real server (PostgreSQL where the suite has it): squatting
 * an address, ADMIN_EMAIL seeding an unverified account, reset links reused and expired, a
 * password change ending other sessions, brute force (throttled), Host header spoofing, on each
 * test database. E-mail goes to a real SMTP server in this process.
 */
for (const kind of testDatabases)
  describe(`[${kind}] account security on a listening server`, () => {
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
      // Many sign-ups from loopback: the per-address limit is raised here, not by default.
      config = testConfig(kind, {
        PUBLIC_URL: base,
        PORT: String(port),
        SMTP_URL: catcher.url,
        SIGN_UPS_PER_ADDRESS: '1000',
      });
      app = await buildApp(config);
      await app.server.listen({ port, host: '127.0.0.1' });
      ctx = new TestContext(app, config);
    });
    afterAll(async () => {
      if (app) await closeApp(app, config);
      await catcher?.close();
    });

    const newEmail = (name: string) => `${name}-${randomBytes(3).toString('hex')}@example.com`;
    const api = async (method: string, path: string, token?: string, body?: unknown) => {
      const r = await fetch(`${base}/api/v1${path}`, {
        method,
        headers: {
          ...(token && { authorization: `Bearer ${token}` }),
          ...(body !== undefined && { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await r.text();
      return { status: r.status, headers: r.headers, body: text ? JSON.parse(text) : undefined };
    };

    /** Signs up through the pages, opens the verification link and signs in: the tokens and that mail. */
    async function signUpFlow(email: string, extra: Record<string, string> = {}) {
      const flow = new OidcFlow(base);
      await flow.start({ screen_hint: 'signup', ...extra });
      let mail: CaughtMail | undefined;
      const signedIn = await flow.signUpVerified(
        email,
        password,
        async () => {
          mail = await catcher.next(email);
          return MailCatcher.link(mail);
        },
        extra,
      );
      const tokens = await flow.tokens(signedIn);
      const created = await api('POST', '/accounts', tokens.access_token);
      expect(created.status).toBe(201);
      await ctx.acceptAllAgreements(tokens.access_token);
      return { flow, tokens, mail: mail as CaughtMail };
    }

    /**
     * A signed-in account whose address is not verified: one that signed in before sign-in
     * waited for verification (signing in now needs it, so the state is set in the database).
     */
    async function signedInUnverified(email: string) {
      const signedUp = await signUpFlow(email);
      for (const table of [localUsers, accounts])
        await app.database.db.update(table).set({ emailVerifiedAt: null }).where(eq(table.email, email));
      return signedUp;
    }

    /** A sign-up's answer with the address and the sign-in attempt's id taken out. */
    async function signUpAnswer(email: string, pw = password) {
      const flow = new OidcFlow(base);
      await flow.start({ screen_hint: 'signup' });
      const r = await flow.signUp(email, pw);
      const text = (await r.text()).replaceAll(email.toLowerCase(), 'ADDRESS').replaceAll(flow.uid, 'UID');
      return { status: r.status, type: r.headers.get('content-type'), text };
    }

    async function signInFlow(email: string, pw = password) {
      const flow = new OidcFlow(base);
      await flow.start();
      const response = await flow.signIn(email, pw);
      return { flow, response };
    }

    it('sign-up refuses weak passwords on the page and takes a good one', async () => {
      const flow = new OidcFlow(base);
      await flow.start({ screen_hint: 'signup' });
      const email = newEmail('weak');
      for (const [weak, text] of [
        ['password', 'Minimum length is 10 characters'],
        ['passwordpassword', 'This password is too common and easy to guess. Choose another one.'],
        [email, 'The password must not be your e-mail address or part of it.'],
      ]) {
        const r = await flow.signUp(email, weak);
        expect(r.status).toBe(400);
        expect(await r.text()).toContain(text);
      }
      expect(await findLocalUserByEmail(app.database.db, email)).toBeUndefined();
    });

    it('a new account gets a single-use verification link in its language and signs in only once it is used', async () => {
      const email = newEmail('verify');
      const flow = new OidcFlow(base);
      await flow.start({ screen_hint: 'signup', ui_locales: 'de-DE' });
      const answer = await flow.signUp(email, password, password, { ui_locales: 'de-DE' });
      expect(answer.status).toBe(200);
      const page = await answer.text();
      expect(page).toContain('Sehen Sie in Ihr Postfach');
      expect(page).toContain(`href="/oidc/interaction/${flow.uid}?screen=sign-in"`);
      const mail = await catcher.next(email);
      expect(mail.subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse für Slugsmith');
      const link = MailCatcher.link(mail);
      expect(link.startsWith(`${base}/oidc/verify-email?token=`)).toBe(true);

      // Before the link is used, the right password answers as a wrong one does (else signing
      // in with a sign-up's password would tell that the address was new); the link comes again.
      const signInAnswer = async (f: OidcFlow, address: string) => {
        const r = await f.signIn(address, password, { ui_locales: 'de-DE' });
        return {
          status: r.status,
          text: (await r.text()).replaceAll(address, 'ADDRESS').replaceAll(f.uid, 'UID'),
        };
      };
      const early = await signInAnswer(flow, email);
      const other = new OidcFlow(base);
      await other.start({ ui_locales: 'de-DE' });
      expect(early.status).toBe(401);
      expect(early.text).toContain('Ein neues Konto kann sich anmelden, sobald');
      expect(await signInAnswer(other, newEmail('nobody'))).toEqual(early);
      expect(await catcher.next(email)).toMatchObject({ subject: mail.subject });

      const opened = await fetch(link);
      expect(opened.status).toBe(200);
      expect(await opened.text()).toContain('lang="de-DE"');
      const tokens = await flow.tokens(await flow.signIn(email, password, { ui_locales: 'de-DE' }));
      expect((await api('POST', '/accounts', tokens.access_token)).body.email_verified).toBe(true);
      // Used once: the second time says so, and changes nothing.
      const again = await fetch(link);
      expect(again.status).toBe(200);
      expect(await again.text()).toContain('Dieser Bestätigungslink wurde bereits verwendet');
      const forged = await fetch(`${base}/oidc/verify-email?token=${'x'.repeat(43)}`);
      expect(forged.status).toBe(400);

      // Resending: nothing to send once verified.
      expect(await api('POST', '/account/verification', tokens.access_token)).toMatchObject({
        status: 202,
        body: { sent: false },
      });
    });

    it('resending the verification link is throttled with 429 and Retry-After', async () => {
      const email = newEmail('resend');
      const { tokens } = await signedInUnverified(email);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const r = await api('POST', '/account/verification', tokens.access_token);
        statuses.push(r.status);
        if (r.status === 429) {
          expect(r.body).toMatchObject({ code: 429, message: 'Too many attempts. Try again later' });
          expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
        }
      }
      expect(statuses).toEqual([202, 202, 202, 429]);
      expect(catcher.messages.filter((m) => m.to.includes(email))).toHaveLength(3);
    });

    it('a squatted address gains nothing: no staff level, no ADMIN_EMAIL seeding', async () => {
      const ceo = newEmail('ceo');
      const { tokens } = await signedInUnverified(ceo);
      const admin = await ctx.admin();
      const found = await api('GET', `/admin/users?q=${encodeURIComponent(ceo)}`, admin.token);
      const id = found.body.items[0].id;
      const grant = await api('PUT', `/admin/users/${id}`, admin.token, { staff: 'admin' });
      expect(grant).toMatchObject({
        status: 409,
        body: {
          message: 'The email address of this account is not verified',
          details: { reason: 'email_not_verified' },
        },
      });
      expect((await api('GET', '/accounts', tokens.access_token)).body.permissions).toBeNull();

      // The next start names the squatted address as ADMIN_EMAIL: no permissions, password kept.
      const before = await findLocalUserByEmail(app.database.db, ceo);
      const warnings: string[] = [];
      let granted = 0;
      await seedAdmin(
        app.database.db,
        ceo,
        'operator chosen secret',
        { warn: (m: string) => warnings.push(m), info() {} } as never,
        async () => {
          granted++;
        },
      );
      expect(granted).toBe(0);
      expect(warnings.join()).toContain('not verified');
      expect((await findLocalUserByEmail(app.database.db, ceo))?.passwordHash).toBe(before?.passwordHash);
      expect((await api('GET', '/accounts', tokens.access_token)).body.permissions).toBeNull();

      // An unverified account whose password already is ADMIN_PASSWORD is the operator's own.
      const upgraded = newEmail('upgraded');
      await signUp(app.database.db, upgraded, 'operator chosen secret');
      await seedAdmin(
        app.database.db,
        upgraded,
        'operator chosen secret',
        { warn() {}, info() {} } as never,
        async () => {
          granted++;
        },
      );
      expect(granted).toBe(1);
      granted = 0;

      // A fresh address is created verified and granted; a weak ADMIN_PASSWORD stops the start.
      const fresh = newEmail('operator');
      await seedAdmin(
        app.database.db,
        fresh,
        'operator chosen secret',
        { warn() {}, info() {} } as never,
        async () => {
          granted++;
        },
      );
      expect(granted).toBe(1);
      expect((await findLocalUserByEmail(app.database.db, fresh))?.emailVerifiedAt).toBeInstanceOf(Date);
      await expect(
        seedAdmin(
          app.database.db,
          newEmail('op'),
          'password12',
          { warn() {}, info() {} } as never,
          async () => {},
        ),
      ).rejects.toThrow('ADMIN_PASSWORD: This password is too common or too easy to guess');
    });

    it('reset: same answer for any address, single-use and expiring link, ends every session', async () => {
      const email = newEmail('reset');
      const { flow, tokens } = await signUpFlow(email);
      expect(tokens.refresh_token).toBeTruthy();

      const ask = async (address: string) => {
        const f = new OidcFlow(base);
        await f.start();
        const r = await f.fetch(`/oidc/interaction/${f.uid}/forgot-password`, { form: { email: address } });
        return {
          status: r.status,
          text: (await r.text()).replaceAll(address, 'ADDRESS').replaceAll(f.uid, 'UID'),
        };
      };
      const known = await ask(email);
      const unknown = await ask(newEmail('nobody'));
      expect(known.status).toBe(200);
      expect(unknown).toEqual(known);
      const mail = await catcher.next(email);
      expect(mail.subject).toBe('Reset your Slugsmith password');
      const link = MailCatcher.link(mail);
      const token = new URL(link).searchParams.get('token') as string;

      const form = await fetch(link);
      expect(form.status).toBe(200);
      const post = (pw: string, confirm = pw) =>
        fetch(`${base}/oidc/reset-password`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ token, password: pw, confirm }),
        });
      const weak = await post('1234567890');
      expect(weak.status).toBe(400);
      expect(await weak.text()).toContain('This password is too common');
      const newPassword = 'a different long phrase';
      expect((await post(newPassword)).status).toBe(200);
      // The owner is told, with the way back in (not a reset link: whoever reset it holds none).
      const notice = await catcher.next(email);
      expect(notice.subject).toBe('Your Slugsmith password was changed');
      expect(MailCatcher.link(notice)).toBe(`${base}/oidc/forgot-password?ui_locales=en-GB`);
      // Reused: refused, and the password stays the new one.
      const reused = await post('yet another long phrase');
      expect(reused.status).toBe(400);
      expect(await reused.text()).toContain('This link has already been used');

      // Every session ended: the refresh token is dead; the old password fails, the new one works.
      expect((await flow.refresh(tokens.refresh_token as string)).body).toMatchObject({
        error: 'invalid_grant',
      });
      expect((await api('GET', '/accounts', tokens.access_token)).status).toBe(401);
      expect((await signInFlow(email)).response.status).toBe(401);
      expect((await signInFlow(email, newPassword)).response.status).toBe(303);
      // The link reached the address: it counts as verified.
      expect((await findLocalUserByEmail(app.database.db, email))?.emailVerifiedAt).toBeInstanceOf(Date);

      // An expired link is refused as expired.
      await ask(email);
      const second = new URL(MailCatcher.link(await catcher.next(email))).searchParams.get('token') as string;
      await app.database.db
        .update(accountLinks)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(accountLinks.purpose, 'reset_password'));
      const expired = await fetch(`${base}/oidc/reset-password?token=${second}`);
      expect(expired.status).toBe(400);
      expect(await expired.text()).toContain('This link has expired');
    });

    it('change with the current password ends the other sessions and keeps this one', async () => {
      const email = newEmail('change');
      const first = await signUpFlow(email);
      const other = await signInFlow(email);
      const otherTokens = await other.flow.tokens(other.response);
      const token = first.tokens.access_token;

      const wrong = await api('POST', '/account/password', token, {
        current_password: 'not the password',
        new_password: 'brand new long phrase',
      });
      expect(wrong).toMatchObject({ status: 400, body: { message: 'The current password is wrong' } });
      const weak = await api('POST', '/account/password', token, {
        current_password: password,
        new_password: 'password1234',
      });
      expect(weak).toMatchObject({
        status: 400,
        body: { message: 'This password is too common or too easy to guess' },
      });
      const changed = await api('POST', '/account/password', token, {
        current_password: password,
        new_password: 'brand new long phrase',
      });
      expect(changed.status).toBe(204);
      expect((await catcher.next(email)).subject).toBe('Your Slugsmith password was changed');
      expect((await other.flow.refresh(otherTokens.refresh_token as string)).status).toBe(400);
      expect((await first.flow.refresh(first.tokens.refresh_token as string)).status).toBe(200);
      // The other session's access token stops at once; this one's keeps working.
      expect(await api('GET', '/accounts', otherTokens.access_token)).toMatchObject({
        status: 401,
        body: { message: 'Your session has expired' },
      });
      expect((await api('GET', '/accounts', token)).status).toBe(200);

      // An account without a password here (no built-in user behind it) has none to change.
      const noPassword = await ctx.person('no-password');
      const refused = await api('POST', '/account/password', noPassword.token, {
        current_password: 'a',
        new_password: 'b',
      });
      expect(refused.status).toBe(404);
    });

    it('sign-up answers a taken address as a new one; the owner is told, in their language, at most 3 times a day', async () => {
      const email = newEmail('taken');
      await signUpFlow(email);
      await setUserLanguage(
        app.database.db,
        (await findLocalUserByEmail(app.database.db, email))?.id as string,
        'de-DE',
      );
      const before = await findLocalUserByEmail(app.database.db, email);
      const attempt = () => signUpAnswer(email.toUpperCase(), 'another long phrase here');

      // The same status, type and words as for an address without an account.
      const fresh = newEmail('fresh');
      const forNew = await signUpAnswer(fresh, 'another long phrase here');
      const forTaken = await attempt();
      expect(forNew.status).toBe(200);
      expect(forNew.text).toContain('Check your inbox');
      expect(forTaken).toEqual(forNew);
      // The new address gets its verification link; the taken one a note to its owner.
      expect((await catcher.next(fresh)).subject).toBe('Verify your e-mail address for Slugsmith');
      const notice = await catcher.next(email);
      expect(notice.subject).toBe('Jemand wollte sich mit Ihrer Adresse bei Slugsmith registrieren');
      expect(MailCatcher.link(notice)).toBe(`${base}/oidc/forgot-password?ui_locales=de-DE`);
      // Nothing else changed: the password stays and the account still signs in with it.
      expect((await findLocalUserByEmail(app.database.db, email))?.passwordHash).toBe(before?.passwordHash);
      expect((await signInFlow(email)).response.status).toBe(303);
      for (let i = 0; i < 3; i++) expect(await attempt()).toEqual(forNew);
      // Two more notices, then the count for this address is spent: a 4th is not sent.
      await catcher.next(email);
      await catcher.next(email);
      const [row] = await app.database.db
        .select({ failures: authThrottle.failures })
        .from(authThrottle)
        .where(eq(authThrottle.key, `sign-up:notice:${email}`));
      expect(row?.failures).toBe(3);
      expect(catcher.messages.filter((m) => m.to.includes(email))).toEqual([]);
    });

    it('brute force: after 5 failures the account waits (429, growing), even with the right password', async () => {
      const email = newEmail('brute');
      await signUp(app.database.db, email, password);
      const statuses: number[] = [];
      let page = '';
      for (let i = 0; i < 6; i++) {
        const { response } = await signInFlow(email, `wrong guess ${i}`);
        statuses.push(response.status);
        if (response.status === 429) {
          // The wait is the lock's 30 s less the time since it began (seconds on a loaded machine).
          const wait = Number(response.headers.get('retry-after'));
          expect(wait).toBeGreaterThan(0);
          expect(wait).toBeLessThanOrEqual(30);
          page = await response.text();
        }
      }
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
      expect(page).toContain('Too many attempts. Try again in 1 min.');
      expect((await signInFlow(email)).response.status).toBe(429);
    });

    it('the API asks for reset links with the same answer for any address, throttled per address', async () => {
      const email = newEmail('api-reset');
      await signUp(app.database.db, email, password);
      const answers = [];
      for (let i = 0; i < 4; i++)
        answers.push(await api('POST', '/account/password-reset', undefined, { email }));
      expect(answers.map((a) => a.status)).toEqual([202, 202, 202, 429]);
      expect(
        (await api('POST', '/account/password-reset', undefined, { email: newEmail('none') })).body,
      ).toEqual(answers[0]?.body);
      expect(
        (await api('POST', '/account/password-reset', undefined, { email: 'not an address' })).status,
      ).toBe(400);
      const strength = await api('POST', '/account/password-strength', undefined, { password: 'password' });
      expect(strength.body).toEqual({
        score: 0,
        acceptable: false,
        problem: 'Minimum length is 10 characters',
      });
    });

    it('discovery and redirects use PUBLIC_URL whatever Host and X-Forwarded-* say', async () => {
      const r = await fetch(`${base}/oidc/.well-known/openid-configuration`, {
        headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
      });
      const discovery = await r.json();
      expect(discovery.issuer).toBe(`${base}/oidc`);
      for (const key of [
        'authorization_endpoint',
        'token_endpoint',
        'jwks_uri',
        'end_session_endpoint',
        'revocation_endpoint',
      ]) {
        expect(discovery[key], key).toMatch(new RegExp(`^${base}/oidc/`));
      }
      expect(JSON.stringify(discovery)).not.toContain('evil.example');
    });

    it('refresh tokens can be revoked at the revocation endpoint', async () => {
      const { flow, tokens } = await signUpFlow(newEmail('revoke'));
      const revoked = await fetch(`${base}/oidc/token/revocation`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          token: tokens.refresh_token as string,
          token_type_hint: 'refresh_token',
          client_id: (config.auth as { clientId: string }).clientId,
        }),
      });
      expect(revoked.status).toBe(200);
      expect((await flow.refresh(tokens.refresh_token as string)).body).toMatchObject({
        error: 'invalid_grant',
      });
      // Its grant went with it: the access token issued alongside is refused too.
      expect((await api('GET', '/accounts', tokens.access_token)).status).toBe(401);
    });

    it('without SMTP_URL the outbox keeps every message for staff and logs one line with the masked link', async () => {
      const lines: string[] = [];
      const log = { info: (_o: unknown, line: string) => lines.push(line) } as never;
      const mailer = createMailer({ from: 'x@example.test' }, app.database.db, log);
      await mailer.send(
        linkMail('reset_password', 'bo@example.test', 'ja-JP', 'http://127.0.0.1:8080/r?token=zz'),
      );
      expect(lines).toEqual([
        'Mail kept in the outbox (no SMTP_URL; admin console, Mail) to bo@example.test: "Slugsmith のパスワードを再設定" http://127.0.0.1:8080/r?token=••••••',
      ]);

      const { token } = await ctx.admin();
      const list = await ctx.request('GET', '/api/v1/admin/mail?limit=5', { token });
      expect(list.status).toBe(200);
      expect(list.body.total).toBeGreaterThanOrEqual(1);
      const item = list.body.items.find((m: { to: string }) => m.to === 'bo@example.test');
      expect(item).toMatchObject({ subject: 'Slugsmith のパスワードを再設定', kind: 'reset_password' });
      const one = await ctx.request('GET', `/api/v1/admin/mail/${item.id}`, { token });
      expect(one.status).toBe(200);
      expect(firstLink(one.body.text)).toBe('http://127.0.0.1:8080/r?token=zz');
      expect(one.body.html).toContain('lang="ja-JP"');

      expect((await ctx.request('GET', '/api/v1/admin/mail/not-an-id', { token })).status).toBe(404);
      const someone = await ctx.person('someone');
      expect((await ctx.request('GET', '/api/v1/admin/mail', { token: someone.token })).status).toBe(403);
      expect((await ctx.request('GET', '/api/v1/admin/mail')).status).toBe(401);
    });

    it("honours the issuer's email_verified claim: false leaves the account unverified until a token says true", async () => {
      const email = newEmail('claim');
      const subject = randomBytes(8).toString('hex');
      const unverified = await ctx.token({ email, subject, emailVerified: false });
      expect((await api('POST', '/accounts', unverified)).body.email_verified).toBe(false);
      await ctx.acceptAllAgreements(unverified);
      expect((await api('GET', '/accounts', unverified)).body.email_verified).toBe(false);
      const verified = await ctx.token({ email, subject, emailVerified: true });
      expect((await api('POST', '/accounts', verified)).body.email_verified).toBe(true);
    });

    it('e-mail follows the language the account last signed in with', async () => {
      const email = newEmail('lang');
      const { mail } = await signUpFlow(email, { ui_locales: 'fr-FR' });
      expect(mail.subject).toBe('Confirmez votre adresse e-mail pour Slugsmith');
      const flow = new OidcFlow(base);
      await flow.start({ ui_locales: 'ko-KR' });
      expect((await flow.signIn(email, password, { ui_locales: 'ko-KR' })).status).toBe(303);
      expect((await api('POST', '/account/password-reset', undefined, { email })).status).toBe(202);
      const reset = await catcher.next(email);
      expect(reset.subject).toBe('Slugsmith 비밀번호 재설정');
      expect(MailCatcher.link(reset)).toContain('ui_locales=ko-KR');
    });
  });
