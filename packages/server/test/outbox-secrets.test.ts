import { PassThrough } from 'node:stream';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { signUp } from '../src/auth/builtin/users.js';
import { mailOutbox } from '../src/db/schema.js';
import { MASK } from '../src/platform/link-secrets.js';
import { closeApp, TestContext, testConfig, testDatabases } from './support/app.js';

/**
 * Issue 30 item 1: the outbox (no SMTP_URL) keeps live reset links. Read-only support staff must
 * not find a usable one, no staff member may read another staff account's, and no log line
 * (the mail line, the request line of the opened link) carries one.
 */
for (const kind of testDatabases)
  describe(`[${kind}] outbox links are secrets`, () => {
    const lines: string[] = [];
    let ctx: TestContext;

    beforeAll(async () => {
      const stream = new PassThrough();
      stream.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
      const config = testConfig(kind, { LOG_LEVEL: 'info', ADMIN_PASSWORD: 'operator chosen secret' });
      ctx = new TestContext(await buildApp(config, { logStream: stream }), config);
    });
    afterAll(async () => {
      if (ctx) await closeApp(ctx.app, ctx.config);
    });

    const db = () => ctx.app.database.db;
    const security = () => {
      const found = ctx.app.builtin?.security;
      if (!found) throw new Error('no built-in provider');
      return found;
    };

    /** The reset e-mail kept for `email` once the (unawaited) sending wrote it; its live token. */
    async function resetMailFor(email: string) {
      expect((await ctx.request('POST', '/api/v1/account/password-reset', { body: { email } })).status).toBe(
        202,
      );
      for (let i = 0; i < 200; i++) {
        const [row] = await db()
          .select()
          .from(mailOutbox)
          .where(eq(mailOutbox.recipient, email))
          .orderBy(desc(mailOutbox.createdAt))
          .limit(1);
        const token = row && /[?&]token=([^&\s]+)/.exec(row.textBody)?.[1];
        if (row && token) return { id: row.id, token };
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(`no reset mail for ${email}`);
    }

    /** A built-in account (it can be reset) with an API account, optionally a staff level. */
    async function builtinPerson(name: string, staff?: 'support' | 'admin') {
      const email = `${name}-${Math.random().toString(36).slice(2, 8)}@example.com`;
      const user = await signUp(db(), email, 'correct horse battery');
      if (user === 'taken') throw new Error('taken');
      const token = await ctx.token({ subject: user.id, email });
      expect((await ctx.request('POST', '/api/v1/accounts', { token })).status).toBe(201);
      await ctx.acceptAllAgreements(token);
      if (staff) {
        const admin = await ctx.admin();
        const found = await ctx.request('GET', `/api/v1/admin/users?q=${encodeURIComponent(email)}`, {
          token: admin.token,
        });
        const granted = await ctx.request('PUT', `/api/v1/admin/users/${found.body.items[0].id}`, {
          token: admin.token,
          body: { staff },
        });
        expect(granted.body).toMatchObject({ staff });
      }
      return { email, token };
    }

    /** Every reset token a reader can find in a message, and whether any of them works. */
    async function usableTokens(mailId: string, readerToken: string) {
      const read = await ctx.request('GET', `/api/v1/admin/mail/${mailId}`, { token: readerToken });
      expect(read.status).toBe(200);
      const found = [...`${read.body.text} ${read.body.html}`.matchAll(/token=([^&\s"<]+)/g)].map(
        (m) => m[1] as string,
      );
      expect(found.length).toBeGreaterThan(0);
      const states = await Promise.all(found.map((t) => security().resetLink(decodeURIComponent(t))));
      const usable = found.filter((_, i) => states[i]?.state === 'valid');
      return { read: read.body, usable: [...new Set(usable)] };
    }

    it('support staff reading the admin reset they asked for find no usable token', async () => {
      const admin = await ctx.admin();
      const support = await builtinPerson('support', 'support');
      const mail = await resetMailFor(admin.email);
      const list = await ctx.request('GET', '/api/v1/admin/mail?limit=50', { token: support.token });
      expect(list.body.items.some((m: { id: string }) => m.id === mail.id)).toBe(true);
      const { read, usable } = await usableTokens(mail.id, support.token);
      expect(usable).toEqual([]);
      expect(JSON.stringify(read)).not.toContain(mail.token);
      expect(read.text).toContain(MASK);
      // The rest of the message is there to read.
      expect(read.subject).toMatch(/password/i);
    });

    it('admin staff see live links, except those sent to another staff account', async () => {
      const admin = await ctx.admin();
      const customer = await builtinPerson('customer');
      const customerMail = await resetMailFor(customer.email);
      expect((await usableTokens(customerMail.id, admin.token)).usable).toEqual([customerMail.token]);

      const otherStaff = await builtinPerson('support-two', 'support');
      const staffMail = await resetMailFor(otherStaff.email);
      expect((await usableTokens(staffMail.id, admin.token)).usable).toEqual([]);
      // Support staff see no live link at all, a customer's included.
      expect((await usableTokens(customerMail.id, otherStaff.token)).usable).toEqual([]);
    });

    it('no log line carries a live token: not the mail line, nor the opened link', async () => {
      const customer = await builtinPerson('logged');
      const mail = await resetMailFor(customer.email);
      const opened = await ctx.app.server.inject({
        method: 'GET',
        url: `/oidc/reset-password?token=${mail.token}&ui_locales=en-GB`,
      });
      expect(opened.statusCode).toBe(200);
      const text = lines.join('');
      expect(text).toContain('Mail kept in the outbox');
      expect(text).toContain(`/oidc/reset-password?token=${MASK}`);
      expect(text).not.toContain(mail.token);
    });
  });
