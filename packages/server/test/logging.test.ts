import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { seedAdmin } from '../src/auth/builtin/users.js';
import { adminBanner } from '../src/platform/start-banner.js';
import { closeApp, TestContext, testConfig } from './support/app.js';

describe('structured logs', () => {
  const lines: Record<string, unknown>[] = [];
  let ctx: TestContext;

  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    });
    const config = testConfig('pglite', { LOG_LEVEL: 'info', ADMIN_PASSWORD: 'logged-admin-pw' });
    ctx = new TestContext(await buildApp(config, { logStream: stream }), config);
  });

  afterAll(async () => {
    if (ctx) await closeApp(ctx.app, ctx.config);
  });

  it('logs each request with its id and never the credentials', async () => {
    const token = await ctx.token({ email: 'log@example.com' });
    await ctx.request('POST', '/api/v1/accounts', {
      token,
      headers: { 'x-request-id': 'trace-42', cookie: 'session=secret-cookie', 'x-api-key': 'sk_secret' },
    });
    const text = JSON.stringify(lines);
    expect(text).not.toContain(token);
    expect(text).not.toContain('secret-cookie');
    expect(text).not.toContain('sk_secret');
    expect(text).not.toContain('logged-admin-pw');
    const completed = lines.find((l) => l.reqId === 'trace-42' && l.msg === 'request completed');
    expect(completed).toMatchObject({ res: { statusCode: 201 } });
  });

  it('says at start-up which admin account exists and how to change its password', () => {
    expect(lines.some((l) => String(l.msg).startsWith('Admin account: admin@slugsmith.local'))).toBe(true);
  });

  it("shows a generated admin password once, in the start's banner and never in the logs", async () => {
    const said: string[] = [];
    const log = { info: (m: string) => said.push(m), warn: (m: string) => said.push(m) } as never;
    const email = 'first-admin@example.com';
    const created = await seedAdmin(ctx.app.database.db, email, undefined, log, async () => {});
    expect(created?.email).toBe(email);
    expect(created?.password).toMatch(/^[\w-]{16}$/);
    expect(said.join('\n')).not.toContain(created?.password);

    const banner = adminBanner(created as { email: string; password: string }, 'http://192.0.2.2:8080');
    for (const shown of [email, created?.password, 'http://192.0.2.2:8080', 'ADMIN_PASSWORD']) {
      expect(banner).toContain(shown);
    }
    // The next start finds the account: nothing to show, one line on how to change the password.
    expect(await seedAdmin(ctx.app.database.db, email, undefined, log, async () => {})).toBeUndefined();
    expect(said).toEqual([
      `Admin account: ${email}. Set ADMIN_PASSWORD (and restart) to change its password.`,
    ]);
  });
});
