import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { AdminLicence, AuditEntry, Licence, LicenceKeySet } from '@slugsmith/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { rotateLicenceKeys } from '../src/areas/licences/keys.js';
import { issueLicenceForSubscription } from '../src/areas/licences/service.js';
import { LicenceError, verifyLicence } from '../src/areas/licences/token.js';
import { orgSubscriptions } from '../src/db/schema.js';
import { describeEachDatabase, type TestContext } from './support/app.js';
import { buyWithTestCard, priceId } from './support/billing-core.js';
import { orgWithOwner } from './support/keys.js';

/**
 * Issuing on-premise licences (issue 22) in the whole app, with the local payment sandbox
 * (a local stand-in for Paddle) delivering over HTTP to our own webhook route: a purchase, a
 * change and a perpetual licence issue signed tokens that verify against the published keys.
 */

const YEAR_S = 365 * 86_400;

describeEachDatabase('on-premise licences', (ctx) => {
  let admin: string;
  beforeAll(async () => {
    await ctx().app.server.listen({ port: 0, host: '127.0.0.1' });
    admin = (await ctx().admin()).token;
  });

  const published = async () => {
    const r = await ctx().request('GET', '/api/v1/licences/keys');
    expect(r.status).toBe(200);
    expect(r.headers['cache-control']).toMatch(/public/);
    return (r.body as LicenceKeySet).keys;
  };

  const buy = (c: TestContext, org: string, token: string, period: string, quantity: number) =>
    buyWithTestCard(c, { org, token, plan: 'on-premise', period, quantity });

  /** Runs the sandbox's deliveries until the organisation's licences satisfy `check`. */
  async function licencesUntil(c: TestContext, org: string, token: string, check: (l: Licence[]) => boolean) {
    let last: unknown;
    for (let i = 0; i < 100; i++) {
      expect((await c.request('POST', '/api/v1/admin/local/run', { token: admin })).status).toBe(200);
      const r = await c.request('GET', `/api/v1/orgs/${org}/licences`, { token });
      expect(r.status).toBe(200);
      last = r.body;
      if (check(r.body)) return r.body as Licence[];
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`licences never matched: ${JSON.stringify(last)}`);
  }

  it('issues a licence for 3 nodes on a sandbox purchase, verified by the published keys, and re-issues on a change and on a renewal’s new period end', async () => {
    const c = ctx();
    const { org, owner } = await orgWithOwner(c, 'onprem-buyer');
    await buy(c, org, owner.token, 'annual', 3);
    const [licence] = await licencesUntil(c, org, owner.token, (l) => l.some((x) => x.status === 'active'));
    expect(licence).toMatchObject({
      plan_slug: 'on-premise',
      max_nodes: 3,
      perpetual: false,
      status: 'active',
    });
    const claims = await verifyLicence(licence.token, await published());
    expect(claims).toMatchObject({
      jti: licence.id,
      max_nodes: 3,
      perpetual: false,
      plan: { slug: 'on-premise' },
    });
    expect(claims.org.slug).toBe(org);
    expect(claims.iss).toBe(c.config.publicUrl);
    // The plan's features, with the bought node count as the install's limit.
    expect(claims.features).toMatchObject({ sdk_access: true, max_nodes: 3 });
    // Valid until the paid year ends: about a year from now.
    expect(claims.exp).toBe(Math.floor(new Date(licence.valid_until as string).getTime() / 1000));
    expect((claims.exp ?? 0) - claims.iat).toBeGreaterThan(YEAR_S - 3 * 86_400);
    expect(claims.updates_until).toBeUndefined();

    // The file for LICENSE: the token, named after the organisation and the licence.
    const file = await c.app.server.inject({
      method: 'GET',
      url: `/api/v1/orgs/${org}/licences/${licence.id}/file`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/plain/);
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="slugsmith-licence-${org}-${licence.id.slice(0, 8)}.jwt"`,
    );
    expect(file.body.trim()).toBe(licence.token);
    const stranger = await c.person('onprem-stranger');
    const elsewhere = await c.request('GET', `/api/v1/orgs/${stranger.slug}/licences/${licence.id}/file`, {
      token: stranger.token,
    });
    expect(elsewhere.status).toBe(404);

    // Five nodes instead of three: a new licence, the old one superseded.
    const subs = await c.request('GET', `/api/v1/orgs/${org}/subscriptions`, { token: owner.token });
    const sub = (subs.body as { id: string; billing?: { provider: string } }[]).find(
      (s) => s.billing?.provider === 'local',
    );
    const changed = await c.request('POST', `/api/v1/orgs/${org}/subscriptions/${sub?.id}/change`, {
      token: owner.token,
      body: { price: await priceId(c, 'on-premise', 'annual'), quantity: 5 },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const after = await licencesUntil(c, org, owner.token, (l) => l.some((x) => x.max_nodes === 5));
    expect(after.map((l) => [l.max_nodes, l.status])).toEqual([
      [5, 'active'],
      [3, 'superseded'],
    ]);
    expect((await verifyLicence(after[0].token, await published())).max_nodes).toBe(5);
    // Deliveries again change nothing: still two licences.
    await c.request('POST', '/api/v1/admin/local/run', { token: admin });
    const again = await c.request('GET', `/api/v1/orgs/${org}/licences`, { token: owner.token });
    expect(again.body).toHaveLength(2);

    // A renewal: the pipeline applied the subscription's next period (as a renewal event does);
    // the licence follows with the new period end.
    const db = c.app.database.db;
    const [row] = await db
      .update(orgSubscriptions)
      .set({ currentPeriodEnd: sql`current_period_end + interval '1 year'` })
      .where(eq(orgSubscriptions.id, sub?.id ?? ''))
      .returning({ end: orgSubscriptions.currentPeriodEnd });
    const renewal = await issueLicenceForSubscription(db, sub?.id ?? '');
    expect(renewal?.valid_until).toBe(row.end?.toISOString());
    const renewed = (await c.request('GET', `/api/v1/orgs/${org}/licences`, { token: owner.token }))
      .body as Licence[];
    expect(renewed.map((l) => [l.max_nodes, l.status])).toEqual([
      [5, 'active'],
      [5, 'superseded'],
      [3, 'superseded'],
    ]);
    expect((await verifyLicence(renewed[0].token, await published())).exp).toBe(
      Math.floor((row.end?.getTime() ?? 0) / 1000),
    );
  });

  it('issues a perpetual licence with no expiry and a year of updates', async () => {
    const c = ctx();
    const { org, owner } = await orgWithOwner(c, 'onprem-perpetual');
    await buy(c, org, owner.token, 'perpetual', 2);
    const [licence] = await licencesUntil(c, org, owner.token, (l) => l.length > 0);
    expect(licence).toMatchObject({ perpetual: true, valid_until: null, max_nodes: 2, status: 'active' });
    const claims = await verifyLicence(licence.token, await published());
    expect(claims.exp).toBeUndefined();
    expect(claims.perpetual).toBe(true);
    expect((claims.updates_until ?? 0) - claims.iat).toBe(YEAR_S);
  });

  it('lets staff issue and revoke by hand, audited, and publishes the revocation', async () => {
    const c = ctx();
    const { org, owner } = await orgWithOwner(c, 'onprem-manual');
    const url = `/api/v1/admin/orgs/${org}/licences`;
    const until = new Date(Date.now() + 90 * 86_400_000).toISOString();
    const refusals: [unknown, string, string][] = [
      [{ plan: 'pro', max_nodes: 2, valid_until: until }, 'Not an on-premise plan', 'not_on_premise_plan'],
      [{ plan: 'nope', max_nodes: 2, valid_until: until }, 'Plan Not Found', 'plan_not_found'],
      [
        { plan: 'on-premise', max_nodes: 2 },
        'An expiry date is required unless the licence is perpetual',
        'expiry_required',
      ],
      [
        { plan: 'on-premise', max_nodes: 2, valid_until: '2020-01-01T00:00:00Z' },
        'The expiry date must be in the future',
        'expiry_not_in_future',
      ],
      [
        { plan: 'on-premise', max_nodes: 2, perpetual: true, valid_until: until },
        'A perpetual licence has no expiry date',
        'perpetual_no_expiry',
      ],
      [{ plan: 'on-premise', max_nodes: 0, valid_until: until }, 'Invalid format', 'bad_request'],
    ];
    // The console's issue dialog shows each at its field by the code (org-licences-panel.tsx).
    for (const [body, message, reason] of refusals) {
      const r = await c.request('POST', url, { token: admin, body });
      expect(r, JSON.stringify(body)).toMatchObject({ status: 400, body: { message, details: { reason } } });
    }
    const issued = await c.request('POST', url, {
      token: admin,
      body: { plan: 'on-premise', max_nodes: 7, valid_until: until },
    });
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    const licence = issued.body as AdminLicence;
    expect(licence).toMatchObject({
      max_nodes: 7,
      status: 'active',
      org_slug: org,
      issued_by: c.config.auth.kind === 'builtin' ? expect.any(String) : null,
    });
    expect((await verifyLicence(licence.token, await published())).max_nodes).toBe(7);
    // The members see it.
    const theirs = await c.request('GET', `/api/v1/orgs/${org}/licences`, { token: owner.token });
    expect((theirs.body as Licence[]).map((l) => l.id)).toEqual([licence.id]);

    const revoked = await c.request('POST', `/api/v1/admin/licences/${licence.id}/revoke`, { token: admin });
    expect(revoked).toMatchObject({ status: 200, body: { status: 'revoked' } });
    const list = await c.request('GET', '/api/v1/licences/revoked');
    expect(list.body.ids).toContain(licence.id);
    // Revoking again changes nothing and leaves no second entry.
    await c.request('POST', `/api/v1/admin/licences/${licence.id}/revoke`, { token: admin });
    const audit = await c.request('GET', `/api/v1/admin/audit?object_type=licence&object_id=${licence.id}`, {
      token: admin,
    });
    const entries = audit.body.items as AuditEntry[];
    expect(entries.map((e) => e.action)).toEqual(['licence.revoke', 'licence.issue']);
    expect(entries[0]).toMatchObject({ before: { status: 'active' }, after: { status: 'revoked' } });
    expect(JSON.stringify(entries)).not.toContain(licence.token);

    const all = await c.request('GET', '/api/v1/admin/licences', { token: admin });
    expect((all.body as AdminLicence[]).find((l) => l.id === licence.id)).toMatchObject({
      status: 'revoked',
    });
    const missing = await c.request(
      'POST',
      '/api/v1/admin/licences/00000000-0000-4000-8000-000000000000/revoke',
      {
        token: admin,
      },
    );
    expect(missing.status).toBe(404);
  });

  it('keeps old licences verifying after a key rotation and signs new ones with the new key', async () => {
    const c = ctx();
    const { org } = await orgWithOwner(c, 'onprem-rotation');
    const body = { plan: 'on-premise', max_nodes: 1, perpetual: true };
    const before = await c.request('POST', `/api/v1/admin/orgs/${org}/licences`, { token: admin, body });
    const oldKeys = await published();
    const { keys: rotated } = await rotateLicenceKeys(c.app.database.db);
    const after = await c.request('POST', `/api/v1/admin/orgs/${org}/licences`, { token: admin, body });
    const keys = await published();
    expect(keys.map((k) => k.kid)).toEqual(rotated.map((k) => k.kid));
    expect(keys).toHaveLength(oldKeys.length + 1);
    await verifyLicence(before.body.token, keys);
    await verifyLicence(after.body.token, keys);
    // The new licence is signed by the new key: the old key set does not know it.
    await expect(verifyLicence(after.body.token, oldKeys)).rejects.toThrow(LicenceError);
    // Published keys hold no private part.
    expect(keys.every((k) => !('d' in k))).toBe(true);
  });

  it('writes the published keys to licence-keys.json with the release script', async () => {
    const c = ctx();
    const { port } = c.app.server.server.address() as AddressInfo;
    const dir = await mkdtemp(join(tmpdir(), 'licence-keys-'));
    try {
      const out = join(dir, 'licence-keys.json');
      await promisify(execFile)(
        process.execPath,
        ['--conditions=source', '--import', 'tsx', 'scripts/licence-keys.ts', `http://127.0.0.1:${port}`],
        { cwd: new URL('..', import.meta.url), env: { ...process.env, LICENCE_KEYS_OUT: out } },
      );
      expect(JSON.parse(await readFile(out, 'utf8'))).toEqual({ keys: await published() });
      // Keys every install will trust are not read over plain http from another machine.
      const overHttp = promisify(execFile)(
        process.execPath,
        ['--conditions=source', '--import', 'tsx', 'scripts/licence-keys.ts', 'http://issuer.example'],
        { cwd: new URL('..', import.meta.url), env: { ...process.env, LICENCE_KEYS_OUT: out } },
      );
      await expect(overHttp).rejects.toMatchObject({
        stderr: expect.stringContaining('read over https only'),
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
