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
      const added = await ctx().request('POST', `/api/v1/orgs/${a.org}/members`, {
        token: a.owner.token,
        body: { email: roles[role].email, role },
      });
      expect(added.status).toBe(201);
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
});
