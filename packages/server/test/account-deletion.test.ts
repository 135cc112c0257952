import { expect, it } from 'vitest';
import { describeEachDatabase, type TestContext } from './support/app.js';

describeEachDatabase('deleting one own account', (ctx) => {
  const req = (...args: Parameters<TestContext['request']>) => ctx().request(...args);

  it('is refused while the last owner of an organisation, then deletes the account and its personal organisation', async () => {
    const owner = await ctx().person('owner');
    const colleague = await ctx().person('colleague');
    const org = await req('POST', '/api/v1/orgs', { token: owner.token, body: { name: 'Shared Org' } });
    await ctx().join(org.body.slug, owner, colleague, 'member');

    const refused = await req('DELETE', '/api/v1/account', { token: owner.token });
    expect(refused).toMatchObject({
      status: 409,
      body: {
        message:
          'This account is the last owner of an organisation: make another member owner or delete the organisation first',
        details: { reason: 'last_owner', organisations: [org.body.slug] },
      },
    });

    await req('PUT', `/api/v1/orgs/${org.body.slug}/members/${colleague.slug}`, {
      token: owner.token,
      body: { role: 'owner' },
    });
    expect((await req('DELETE', '/api/v1/account', { token: owner.token })).status).toBe(204);
    const members = await req('GET', `/api/v1/orgs/${org.body.slug}/members`, { token: colleague.token });
    expect(members.body.map((m: { email: string }) => m.email)).toEqual([colleague.email]);
    // The personal organisation went with the account; a member of nothing gets nothing.
    expect((await req('GET', `/api/v1/orgs/${owner.slug}`, { token: colleague.token })).status).toBe(404);
    expect((await req('GET', '/api/v1/orgs', { token: owner.token })).status).not.toBe(200);
  });

  it('a sole owner who is also the only member must still delete the organisation first', async () => {
    const alone = await ctx().person('alone');
    const org = await req('POST', '/api/v1/orgs', { token: alone.token, body: { name: 'Solo Org' } });
    expect((await req('DELETE', '/api/v1/account', { token: alone.token })).status).toBe(409);
    await req('DELETE', `/api/v1/orgs/${org.body.slug}`, { token: alone.token });
    expect((await req('DELETE', '/api/v1/account', { token: alone.token })).status).toBe(204);
  });

  it('stores the e-mail language of a built-in account, refuses one that is not offered', async () => {
    const { signUp, findLocalUser } = await import('../src/auth/builtin/users.js');
    const user = await signUp(
      ctx().app.database.db,
      `lang-${Date.now()}@example.com`,
      'a long enough passphrase',
    );
    if (user === 'taken') throw new Error('taken');
    const token = await ctx().token({ subject: user.id, email: user.email });
    await req('POST', '/api/v1/accounts', { token });
    const put = (language: string) => req('PUT', '/api/v1/account/language', { token, body: { language } });
    expect((await put('ja-JP')).body).toEqual({ stored: true });
    expect((await findLocalUser(ctx().app.database.db, user.id))?.language).toBe('ja-JP');
    expect((await put('xx-XX')).status).toBe(400);
    const external = await ctx().person('external');
    expect(
      (await req('PUT', '/api/v1/account/language', { token: external.token, body: { language: 'de-DE' } }))
        .body,
    ).toEqual({ stored: false });
  });

  it('counts sessions (none for a token of another issuer) and signs out of others', async () => {
    const p = await ctx().person('sessions');
    expect((await req('GET', '/api/v1/account/sessions', { token: p.token })).body).toEqual({
      count: 0,
      items: [],
    });
    expect((await req('DELETE', '/api/v1/account/sessions/others', { token: p.token })).body).toEqual({
      ended: 0,
    });
    expect((await req('GET', '/api/v1/account/sessions')).status).toBe(401);
  });
});
