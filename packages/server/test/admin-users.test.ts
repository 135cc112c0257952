import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { signUp } from '../src/auth/builtin/users.js';
import { sql as migration0011 } from '../src/db/migrations/0011_admin.js';
import { describeEachDatabase, type TestContext } from './support/app.js';

async function userId(ctx: TestContext, token: string, email: string): Promise<string> {
  const r = await ctx.request('GET', `/api/v1/admin/users?q=${encodeURIComponent(email)}`, { token });
  const found = r.body.items.find((u: { email: string }) => u.email === email);
  if (!found) throw new Error(`no user ${email}`);
  return found.id;
}

/**
 * The built-in provider's sign-in form posted as a browser would: authorize, the interaction
 * page, then the form with the interaction cookies. Answers the form's status and page.
 */
async function builtinSignIn(ctx: TestContext, email: string, password: string) {
  const signIn = (await ctx.request('GET', '/api/v1/auth/config')).body;
  const issuer = new URL(signIn.issuer);
  const authorize = await ctx.app.server.inject({
    method: 'GET',
    url: `${issuer.pathname}/auth`,
    query: {
      client_id: signIn.client_id,
      response_type: 'code',
      redirect_uri: `${ctx.config.publicUrl}${signIn.redirect_path}`,
      scope: signIn.scope,
      resource: signIn.audience,
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGjSstw-cM',
      code_challenge_method: 'S256',
      state: 'state-1',
    },
  });
  expect(authorize.statusCode, authorize.body).toBe(303);
  const location = new URL(authorize.headers.location as string, ctx.config.publicUrl);
  const cookie = authorize.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const form = await ctx.app.server.inject({
    method: 'POST',
    url: `${location.pathname}/sign-in`,
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ email, password }).toString(),
  });
  return { status: form.statusCode, body: form.body, location: form.headers.location };
}

describeEachDatabase('admin users', (ctx) => {
  it('lists accounts newest first, searched by e-mail or slug, with organisations and roles', async () => {
    const admin = await ctx().admin();
    const a = await ctx().person('listed');
    const team = await ctx().request('POST', '/api/v1/orgs', {
      token: a.token,
      body: { name: 'Listed Team' },
    });
    const b = await ctx().person('listed');

    const all = await ctx().request('GET', '/api/v1/admin/users?q=LISTED-', { token: admin.token });
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(2);
    expect(all.body.items.map((u: { email: string }) => u.email)).toEqual([b.email, a.email]);
    expect(all.body.items[1]).toEqual({
      id: expect.any(String),
      email: a.email,
      slug: a.slug,
      created_at: expect.any(String),
      staff: null,
      sign_in_disabled: false,
      organisations: [
        { slug: a.slug, name: expect.any(String), personal: true, role: 'owner' },
        { slug: team.body.slug, name: 'Listed Team', personal: false, role: 'owner' },
      ],
    });
    const bySlug = await ctx().request('GET', `/api/v1/admin/users?q=${b.slug}`, { token: admin.token });
    expect(bySlug.body.items.map((u: { email: string }) => u.email)).toEqual([b.email]);
    const page = await ctx().request('GET', '/api/v1/admin/users?q=listed-&limit=1&offset=1', {
      token: admin.token,
    });
    expect(page.body).toMatchObject({ total: 2, offset: 1, limit: 1, items: [{ email: a.email }] });
    const staff = await ctx().request('GET', '/api/v1/admin/users?staff=admin', { token: admin.token });
    expect(staff.body.items.map((u: { email: string }) => u.email)).toEqual([admin.email]);

    const one = await ctx().request('GET', `/api/v1/admin/users/${all.body.items[1].id}`, {
      token: admin.token,
    });
    expect(one.body).toEqual(all.body.items[1]);
    expect(
      await ctx().request('GET', '/api/v1/admin/users/00000000-0000-4000-8000-000000000000', {
        token: admin.token,
      }),
    ).toMatchObject({ status: 404, body: { message: 'User not found' } });
    expect(await ctx().request('GET', '/api/v1/admin/users/nope', { token: admin.token })).toMatchObject({
      status: 400,
      body: { details: { issues: [{ path: 'params.id' }] } },
    });
    expect(
      await ctx().request('GET', '/api/v1/admin/users?staff=owner', { token: admin.token }),
    ).toMatchObject({
      status: 400,
    });
  });

  it('grants support, which reads the staff area and changes nothing; revokes it', async () => {
    const admin = await ctx().admin();
    const p = await ctx().person('helpdesk');
    const id = await userId(ctx(), admin.token, p.email);
    expect((await ctx().request('GET', '/api/v1/admin/orgs', { token: p.token })).status).toBe(403);

    const granted = await ctx().request('PUT', `/api/v1/admin/users/${id}`, {
      token: admin.token,
      body: { staff: 'support' },
    });
    expect(granted).toMatchObject({ status: 200, body: { staff: 'support' } });
    // The console shows the Admin link for any permissions object and hides writes for support.
    expect((await ctx().request('GET', '/api/v1/accounts', { token: p.token })).body.permissions).toEqual({
      support: true,
    });
    expect((await ctx().request('GET', '/api/v1/admin/orgs', { token: p.token })).status).toBe(200);
    expect((await ctx().request('GET', '/api/v1/admin/dashboard', { token: p.token })).status).toBe(200);
    const write = await ctx().request('PUT', `/api/v1/admin/users/${id}`, {
      token: p.token,
      body: { staff: 'admin' },
    });
    expect(write).toMatchObject({
      status: 403,
      body: { message: 'Insufficient permissions', details: { required_level: 'admin' } },
    });

    const promoted = await ctx().request('PUT', `/api/v1/admin/users/${id}`, {
      token: admin.token,
      body: { staff: 'admin' },
    });
    expect(promoted.body.staff).toBe('admin');
    expect((await ctx().request('GET', '/api/v1/accounts', { token: p.token })).body.permissions).toEqual({
      admin: true,
    });
    // Another admin may lower an admin's level.
    const adminId = await userId(ctx(), admin.token, admin.email);
    const revoked = await ctx().request('PUT', `/api/v1/admin/users/${id}`, {
      token: admin.token,
      body: { staff: null },
    });
    expect(revoked.body.staff).toBeNull();
    expect((await ctx().request('GET', '/api/v1/accounts', { token: p.token })).body.permissions).toBeNull();
    expect((await ctx().request('GET', '/api/v1/admin/orgs', { token: p.token })).status).toBe(403);

    // Nobody locks staff out: an admin keeps their own level and sign-in.
    for (const body of [{ staff: 'support' }, { staff: null }]) {
      expect(
        await ctx().request('PUT', `/api/v1/admin/users/${adminId}`, { token: admin.token, body }),
      ).toMatchObject({ status: 409, body: { message: 'You cannot remove your own admin level' } });
    }
    expect(
      await ctx().request('PUT', `/api/v1/admin/users/${adminId}`, {
        token: admin.token,
        body: { sign_in_disabled: true },
      }),
    ).toMatchObject({ status: 409, body: { message: 'You cannot disable your own sign-in' } });
    const same = await ctx().request('PUT', `/api/v1/admin/users/${adminId}`, {
      token: admin.token,
      body: { staff: 'admin' },
    });
    expect(same).toMatchObject({ status: 200, body: { staff: 'admin', sign_in_disabled: false } });
    expect(
      await ctx().request('PUT', `/api/v1/admin/users/${id}`, {
        token: admin.token,
        body: { staff: 'owner' },
      }),
    ).toMatchObject({ status: 400, body: { details: { issues: [{ path: 'body.staff' }] } } });
  });

  it('disabling sign-in refuses the account’s tokens and the built-in sign-in until enabled', async () => {
    const admin = await ctx().admin();
    const email = `blocked-${Date.now()}@example.com`;
    const password = 'a long password';
    const user = await signUp(ctx().app.database.db, email, password, { verified: true });
    if (user === 'taken') throw new Error('taken');
    const token = await ctx().token({ subject: user.id, email });
    expect((await ctx().request('POST', '/api/v1/accounts', { token })).status).toBe(201);
    await ctx().acceptAllAgreements(token);
    const id = await userId(ctx(), admin.token, email);
    expect((await builtinSignIn(ctx(), email, password)).status).toBe(303);

    const disabled = await ctx().request('PUT', `/api/v1/admin/users/${id}`, {
      token: admin.token,
      body: { sign_in_disabled: true },
    });
    expect(disabled.body).toMatchObject({ sign_in_disabled: true });
    const refused = {
      status: 403,
      body: { message: 'Sign-in is disabled for this account', details: { reason: 'sign_in_disabled' } },
    };
    expect(await ctx().request('GET', '/api/v1/accounts', { token })).toMatchObject(refused);
    expect(await ctx().request('GET', '/api/v1/orgs', { token })).toMatchObject(refused);
    const form = await builtinSignIn(ctx(), email, password);
    expect(form.status).toBe(403);
    expect(form.body).toContain('Sign-in is disabled for this account');
    expect(form.location).toBeUndefined();
    // A wrong password still reads as one (nothing learned about the account).
    expect((await builtinSignIn(ctx(), email, 'wrong password')).status).toBe(401);

    const enabled = await ctx().request('PUT', `/api/v1/admin/users/${id}`, {
      token: admin.token,
      body: { sign_in_disabled: false },
    });
    expect(enabled.body).toMatchObject({ sign_in_disabled: false });
    expect((await ctx().request('GET', '/api/v1/accounts', { token })).status).toBe(200);
    expect((await builtinSignIn(ctx(), email, password)).status).toBe(303);
  });

  it('migration 0011 keeps a permissions object that names no level as the admin level', async () => {
    const db = ctx().app.database.db;
    const p = await ctx().person('legacy');
    const q = await ctx().person('legacy-support');
    const r = await ctx().person('legacy-plain');
    await db.execute(sql`UPDATE accounts SET permissions = '{"staff": 1}'::jsonb WHERE slug = ${p.slug}`);
    await db.execute(
      sql`UPDATE accounts SET permissions = '{"support": true}'::jsonb WHERE slug = ${q.slug}`,
    );
    // The migration's first statement: the permissions rewrite (the tables after it exist already).
    await db.execute(sql.raw(migration0011.split(';')[0]));
    const permissions = async (token: string) =>
      (await ctx().request('GET', '/api/v1/accounts', { token })).body.permissions;
    expect(await permissions(p.token)).toEqual({ admin: true });
    expect(await permissions(q.token)).toEqual({ support: true });
    expect(await permissions(r.token)).toBeNull();
  });
});
