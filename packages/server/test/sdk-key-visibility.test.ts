import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from './support/app.js';
import { orgWithOwner } from './support/keys.js';

/**
 * A private SDK key signs generation calls with its config's scopes, so whoever reads one can
 * mint: members (read-only) see the public parts of each key, admins and owners the whole key.
 */
describeEachDatabase('SDK private keys by role', (ctx) => {
  it('are shown to admins and owners, never to members', async () => {
    const a = await orgWithOwner(ctx(), 'sdk-roles');
    const series = await a.series('Roles');
    const config = await a.sdkConfig({});
    await ctx().request('POST', `/api/v1/orgs/${a.org}/series/${series.slug}/sdk-keys`, {
      token: a.owner.token,
      body: { name: 'legacy' },
    });
    const roles = {
      owner: a.owner,
      admin: await ctx().person('sdk-admin'),
      member: await ctx().person('sdk-member'),
    };
    for (const role of ['admin', 'member'] as const) {
      await ctx().join(a.org, a.owner, roles[role], role);
    }
    const reads = [
      `/api/v1/orgs/${a.org}/sdk-configs/${config.slug}`,
      `/api/v1/orgs/${a.org}/sdk-keys`,
      `/api/v1/orgs/${a.org}/series/${series.slug}/sdk-keys`,
    ];
    const keysOf = (body: { keys?: unknown[] } | unknown[]) =>
      (Array.isArray(body) ? body : (body.keys ?? [])) as { jwk: Record<string, string> }[];

    for (const [role, person] of Object.entries(roles)) {
      for (const url of reads) {
        const answer = await ctx().request('GET', url, { token: person.token });
        expect(answer.status, `${role} ${url}`).toBe(200);
        const keys = keysOf(answer.body);
        expect(keys.length, `${role} ${url}`).toBeGreaterThan(0);
        for (const { jwk } of keys) {
          expect(jwk, `${role} ${url}`).toMatchObject({ kty: 'EC', crv: 'P-256', x: expect.any(String) });
          if (role === 'member') expect(jwk, `${role} ${url}`).not.toHaveProperty('d');
          else expect(jwk.d, `${role} ${url}`).toMatch(/^[A-Za-z0-9_-]{43}$/);
        }
      }
    }
    // Nor can a member have keys made or replaced for them.
    const member = roles.member.token;
    const base = `/api/v1/orgs/${a.org}/sdk-configs/${config.slug}`;
    expect((await ctx().request('POST', `${base}/keys`, { token: member })).status).toBe(403);
    expect((await ctx().request('PATCH', base, { token: member })).status).toBe(403);
    const secret = config.keys[0].jwk.d;
    const seen = await ctx().request('GET', base, { token: member });
    expect(JSON.stringify(seen.body)).not.toContain(secret);
  });
  it('are not handed to a member by POST /jwks either, whatever Origin the request claims', async () => {
    const a = await orgWithOwner(ctx(), 'sdk-jwks-roles');
    const shop = 'https://shop.example';
    const config = await a.sdkConfig({ allowed_origins: [shop] });
    const member = await ctx().person('jwks-member');
    const admin = await ctx().person('jwks-admin');
    // Members joined (by invitation or otherwise: how is not what this test is about).
    for (const [person, role] of [
      [member, 'member'],
      [admin, 'admin'],
    ] as const) {
      await ctx().app.database.db.execute(
        sql`INSERT INTO memberships (org_id, account_id, role)
            SELECT o.id, a.id, ${role} FROM organisations o, accounts a
            WHERE o.slug = ${a.org} AND a.email = ${person.email}`,
      );
    }
    const jwks = (headers: Record<string, string>, token?: string) =>
      ctx().request('POST', '/api/v1/jwks', { body: { config: config.slug }, headers, token });
    const secret = config.keys[0].jwk.d;

    // The member, claiming the shop's origin (as any non-browser client can), gets public parts only.
    const asMember = await jwks({ origin: shop }, member.token);
    expect(asMember.status).toBe(200);
    expect(asMember.body.length).toBeGreaterThan(0);
    for (const { jwk } of asMember.body) {
      expect(jwk).toMatchObject({ kty: 'EC', crv: 'P-256', x: expect.any(String) });
      expect(jwk).not.toHaveProperty('d');
    }
    expect(JSON.stringify(asMember.body)).not.toContain(secret);
    // Another origin is still refused to everyone.
    expect((await jwks({ origin: 'https://elsewhere.example' }, member.token)).status).toBe(403);
    // Admins (as in the console) and browsers on the shop's pages, which sign with them, get the whole key.
    expect((await jwks({ origin: shop }, admin.token)).body[0].jwk.d).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await jwks({ origin: shop })).body[0].jwk.d).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Someone signed in who is not a member is a visitor like any other.
    const stranger = await ctx().person('jwks-stranger');
    expect((await jwks({ origin: shop }, stranger.token)).body[0].jwk.d).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // A token that is not valid is refused rather than ignored.
    expect((await jwks({ origin: shop }, 'not-a-token')).status).toBe(401);
  });
});
