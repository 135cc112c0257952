import { randomBytes } from 'node:crypto';
import { freePort } from '@slugsmith/test-support';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.js';
import { localUsers } from '../src/db/schema.js';
import { type Config, loadConfig } from '../src/platform/config.js';
import { closeApp, testConfig } from './support/app.js';
import { OidcFlow } from './support/oidc-flow.js';

/**
 * Issue 30 item 9: every sign-up creates an account and e-mails an address the visitor chose, so
 * one client address gets SIGN_UPS_PER_ADDRESS of them (here 3; 20 by default) before each further
 * one waits: a 429 page in the page's language with Retry-After, counted before the work so that
 * simultaneous sign-ups cannot slip past.
 */
describe('sign-up throttled per client address', () => {
  let app: App;
  let config: Config;
  let base: string;
  const password = 'correct horse battery';

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    config = testConfig('pglite', { PUBLIC_URL: base, PORT: String(port), SIGN_UPS_PER_ADDRESS: '3' });
    app = await buildApp(config);
    await app.server.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    if (app) await closeApp(app, config);
  });

  it('defaults to 20 sign-ups per address, configurable', () => {
    const builtin = (c: Config) => c.auth as { signUpsPerAddress: number };
    expect(builtin(loadConfig({})).signUpsPerAddress).toBe(20);
    expect(builtin(config).signUpsPerAddress).toBe(3);
    expect(() => loadConfig({ SIGN_UPS_PER_ADDRESS: '0' })).toThrow(/SIGN_UPS_PER_ADDRESS/);
  });

  it('10 simultaneous sign-ups: 3 accounts, the rest 429 in the page language with Retry-After', async () => {
    const run = randomBytes(3).toString('hex');
    const flows = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const flow = new OidcFlow(base);
        await flow.start({ screen_hint: 'signup', ui_locales: 'de-DE' });
        return flow;
      }),
    );
    const answers = await Promise.all(
      flows.map(async (flow, i) => {
        const r = await flow.signUp(`flood-${run}-${i}@example.com`, password);
        return { status: r.status, retryAfter: r.headers.get('retry-after'), text: await r.text() };
      }),
    );
    // Every accepted sign-up answers "check your inbox" (200), new address or not.
    const created = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 429);
    expect(created.length, answers.map((a) => a.status).join()).toBe(3);
    expect(refused.length).toBe(7);
    for (const answer of refused) {
      expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(30);
      expect(answer.text).toContain('Zu viele Versuche. Versuchen Sie es in 1 Min. erneut.');
      expect(answer.text).toContain('lang="de-DE"');
    }
    const accounts = await app.database.db
      .select({ email: localUsers.email })
      .from(localUsers)
      .where(like(localUsers.email, `flood-${run}-%`));
    expect(accounts).toHaveLength(3);
  });
});
