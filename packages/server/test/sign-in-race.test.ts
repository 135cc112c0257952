import { randomBytes } from 'node:crypto';
import { freePort } from '@slugsmith/test-support';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.js';
import { signUp } from '../src/auth/builtin/users.js';
import { authThrottle } from '../src/db/schema.js';
import type { Config } from '../src/platform/config.js';
import { closeApp, TestContext, testConfig, testDatabases } from './support/app.js';
import { OidcFlow, outboxVerificationLink } from './support/oidc-flow.js';

/**
 * Parallel guesses against the throttle (issue 30 item 2): each attempt is counted before its
 * password is checked, so 40 guesses sent at once get no more checks than the 5 free ones, and
 * the right password among them only signs in while it is within those.
 */
for (const kind of testDatabases)
  describe(`[${kind}] sign-in throttle under simultaneous guesses`, () => {
    let app: App;
    let config: Config;
    let ctx: TestContext;
    let base: string;
    const password = 'correct horse battery';

    beforeAll(async () => {
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      config = testConfig(kind, { PUBLIC_URL: base, PORT: String(port) });
      app = await buildApp(config);
      await app.server.listen({ port, host: '127.0.0.1' });
      ctx = new TestContext(app, config);
    });
    afterAll(async () => {
      if (app) await closeApp(app, config);
    });

    const failures = async (key: string) => {
      const rows = await app.database.db
        .select({ key: authThrottle.key, failures: authThrottle.failures })
        .from(authThrottle)
        .where(like(authThrottle.key, key));
      return rows.reduce((sum, r) => sum + r.failures, 0);
    };

    /** 40 sign-ins at once (interactions opened first, forms posted together). */
    async function burst(email: string, rightAt: number) {
      const flows = await Promise.all(
        Array.from({ length: 40 }, async () => {
          const flow = new OidcFlow(base);
          await flow.start();
          return flow;
        }),
      );
      return Promise.all(
        flows.map(
          async (flow, i) => (await flow.signIn(email, i === rightAt ? password : `guess ${i}`)).status,
        ),
      );
    }

    it('40 guesses at once: at most 5 are checked, and the right one never passes beyond them', async () => {
      for (const [round, rightAt] of [39, 20, 0].entries()) {
        await app.database.db.delete(authThrottle).where(like(authThrottle.key, 'sign-in:address:%'));
        const email = `race-${round}-${randomBytes(3).toString('hex')}@example.com`;
        await signUp(app.database.db, email, password, { verified: true });
        const statuses = await burst(email, rightAt);
        const signedIn = statuses.filter((s) => s === 303 || s === 302).length;
        const refused = statuses.filter((s) => s === 401).length;
        expect(signedIn + refused + statuses.filter((s) => s === 429).length, String(statuses)).toBe(40);
        // Every checked wrong guess is still counted on the address (a success gives its
        // attempt back): checks = counted failures + successes.
        const checked = (await failures('sign-in:address:%')) + signedIn;
        expect(checked, String(statuses)).toBeLessThanOrEqual(5);
        expect(refused).toBeLessThanOrEqual(4);
        if (signedIn === 0) {
          // The account now waits: the right password is refused without a check.
          expect(await failures(`sign-in:account:${email}`)).toBe(5);
          const flow = new OidcFlow(base);
          await flow.start();
          expect((await flow.signIn(email, password)).status).toBe(429);
        }
      }
    });

    it('40 password changes at once with wrong current passwords: at most 5 are checked', async () => {
      const email = `change-race-${randomBytes(3).toString('hex')}@example.com`;
      const flow = new OidcFlow(base);
      await flow.start({ screen_hint: 'signup' });
      const tokens = await flow.tokens(
        await flow.signUpVerified(email, password, (address) =>
          outboxVerificationLink(app.database.db, address),
        ),
      );
      const token = tokens.access_token as string;
      expect((await ctx.request('POST', '/api/v1/accounts', { token })).status).toBe(201);
      const statuses = await Promise.all(
        Array.from({ length: 40 }, async (_, i) => {
          const r = await fetch(`${base}/api/v1/account/password`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({
              current_password: i === 39 ? password : `guess ${i}`,
              new_password: 'brand new long phrase',
            }),
          });
          return r.status;
        }),
      );
      const checked = statuses.filter((s) => s === 400 || s === 204).length;
      expect(checked + statuses.filter((s) => s === 429).length, String(statuses)).toBe(40);
      expect(checked, String(statuses)).toBeLessThanOrEqual(5);
    });
  });
