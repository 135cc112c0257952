import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.js';
import { mailOutbox } from '../src/db/schema.js';
import type { Config } from '../src/platform/config.js';
import { closeApp, TestContext, testConfig, testDatabases } from './support/app.js';

/**
 * Invitation e-mails are bounded per sender and per organisation, in an hour. Sends go out all at
 * once (real concurrency): of N+1 at a bound of N, exactly N are sent and mailed. On PostgreSQL
 * with Redis, two nodes share the count.
 */

type Answer = Awaited<ReturnType<TestContext['request']>>;

const statuses = (answers: Answer[]) => answers.map((a) => a.status).sort();
const count = (answers: Answer[], status: number) => answers.filter((a) => a.status === status).length;

/** The invitation e-mails kept for addresses starting with `prefix`. */
async function mailsTo(ctx: TestContext, prefix: string) {
  return ctx.app.database.db
    .select({ to: mailOutbox.recipient })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, 'invitation'), sql`${mailOutbox.recipient} LIKE ${`${prefix}%`}`));
}

for (const kind of testDatabases) {
  describe(`[${kind}] invitation bounds`, () => {
    let ctx: TestContext;
    let small: TestContext;
    beforeAll(async () => {
      const config = testConfig(kind);
      ctx = new TestContext(await buildApp(config), config);
      const smallConfig = testConfig(kind, {
        INVITATIONS_PER_SENDER_PER_HOUR: '6',
        INVITATIONS_PER_ORG_PER_HOUR: '6',
      });
      small = new TestContext(await buildApp(smallConfig), smallConfig);
    });
    afterAll(async () => {
      if (ctx) await closeApp(ctx.app, ctx.config);
      if (small) await closeApp(small.app, small.config);
    });

    it('by default one sender sends 30 in an hour: of 31 at once, 30 go out and one is refused with 429', async () => {
      expect(ctx.config.invitations).toEqual({ perSender: 30, perOrg: 100 });
      const owner = await ctx.person('burst');
      const org = (await ctx.request('POST', '/api/v1/orgs', { token: owner.token, body: { name: 'Burst' } }))
        .body.slug;
      const prefix = `burst-${Date.now()}-`;
      const answers = await Promise.all(
        Array.from({ length: 31 }, (_, i) =>
          ctx.request('POST', `/api/v1/orgs/${org}/${i % 2 ? 'members' : 'invitations'}`, {
            token: owner.token,
            body: { email: `${prefix}${i}@example.com`, role: 'member' },
          }),
        ),
      );
      expect(count(answers, 201) + count(answers, 202)).toBe(30);
      const refused = answers.filter((a) => a.status === 429);
      expect(refused).toHaveLength(1);
      expect(refused[0]?.body).toMatchObject({
        code: 429,
        message: expect.stringMatching(/^Rate limit exceeded/),
        details: {
          reason: 'rate-limit-exceeded',
          limit: 'invitations_per_sender',
          retry_after: expect.any(Number),
        },
      });
      const retryAfter = Number(refused[0]?.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(3000);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      expect(await mailsTo(ctx, prefix)).toHaveLength(30);
      // Another sender is counted apart.
      const other = await ctx.person('other-sender');
      const own = (await ctx.request('POST', '/api/v1/orgs', { token: other.token, body: { name: 'Other' } }))
        .body.slug;
      const fine = await ctx.request('POST', `/api/v1/orgs/${own}/invitations`, {
        token: other.token,
        body: { email: `${prefix}other@example.com`, role: 'member' },
      });
      expect(fine.status).toBe(201);
    });

    it('an organisation is bounded over all its admins; refused sends are not counted against the sender', async () => {
      const owner = await small.person('org-owner');
      const admin = await small.person('org-admin');
      const org = (
        await small.request('POST', '/api/v1/orgs', { token: owner.token, body: { name: 'Busy' } })
      ).body.slug;
      // Joining takes one of the organisation's sends (the admin's invitation).
      await small.join(org, owner, admin, 'admin');
      const prefix = `org-${Date.now()}-`;
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          small.request('POST', `/api/v1/orgs/${org}/invitations`, {
            token: (i % 2 ? owner : admin).token,
            body: { email: `${prefix}${i}@example.com`, role: 'member' },
          }),
        ),
      );
      // 6 an hour for the organisation, one spent on the admin: 5 go out, whoever sent them.
      expect(count(answers, 201)).toBe(5);
      expect(count(answers, 429)).toBe(5);
      expect(statuses(answers).every((s) => s === 201 || s === 429)).toBe(true);
      const limits = answers.filter((a) => a.status === 429).map((a) => a.body.details.limit);
      expect(new Set(limits)).toEqual(new Set(['invitations_per_org']));
      expect(await mailsTo(small, prefix)).toHaveLength(5);
      // Refusals were given back: the admin's own bound (6) still holds 6 − what it sent.
      const adminSent = answers.filter((a, i) => i % 2 === 0 && a.status === 201).length;
      const elsewhere = (
        await small.request('POST', '/api/v1/orgs', { token: admin.token, body: { name: 'Side' } })
      ).body.slug;
      const side = [];
      for (let i = 0; i <= 6 - adminSent; i++) {
        side.push(
          await small.request('POST', `/api/v1/orgs/${elsewhere}/invitations`, {
            token: admin.token,
            body: { email: `${prefix}side-${i}@example.com`, role: 'member' },
          }),
        );
      }
      expect(side.map((a) => a.status)).toEqual([...Array(6 - adminSent).fill(201), 429]);
      expect(side.at(-1)?.body.details.limit).toBe('invitations_per_sender');
    });
  });
}

describe.runIf(testDatabases.includes('postgres'))(
  '[postgres + redis] invitation bounds across two nodes',
  () => {
    let nodes: TestContext[] = [];
    let config: Config;
    beforeAll(async () => {
      config = testConfig('postgres', {
        REDIS_URL: 'redis://127.0.0.1:6379',
        INVITATIONS_PER_SENDER_PER_HOUR: '5',
      });
      // The second node: the same configuration, so the same schema and Redis.
      const first: App = await buildApp(config);
      const second: App = await buildApp(config);
      nodes = [new TestContext(first, config), new TestContext(second, config)];
    });
    afterAll(async () => {
      await nodes[1]?.app.server.close();
      if (nodes[0]) await closeApp(nodes[0].app, config);
    });

    it('of 12 sends spread over both nodes at once, 5 go out', async () => {
      const [a, b] = nodes as [TestContext, TestContext];
      expect(a.app.server.planLimits.store.kind).toBe('redis');
      const owner = await a.person('two-nodes');
      const org = (await a.request('POST', '/api/v1/orgs', { token: owner.token, body: { name: 'Twin' } }))
        .body.slug;
      const prefix = `twin-${Date.now()}-`;
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          (i % 2 ? b : a).request('POST', `/api/v1/orgs/${org}/invitations`, {
            token: owner.token,
            body: { email: `${prefix}${i}@example.com`, role: 'member' },
          }),
        ),
      );
      expect(count(answers, 201)).toBe(5);
      expect(count(answers, 429)).toBe(7);
      expect(await mailsTo(a, prefix)).toHaveLength(5);
    });
  },
);
