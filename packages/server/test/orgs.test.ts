import { expect, it } from 'vitest';
import { describeEachDatabase, type TestContext } from './support/app.js';

type Person = Awaited<ReturnType<TestContext['person']>>;

describeEachDatabase('organisations and members', (ctx) => {
  const req = (...args: Parameters<TestContext['request']>) => ctx().request(...args);

  async function orgWith(
    owner: Person,
    members: { person: Person; role: 'member' | 'admin' | 'owner' }[] = [],
  ) {
    const created = await req('POST', '/api/v1/orgs', { token: owner.token, body: { name: 'Acme Labs' } });
    expect(created.status).toBe(201);
    for (const m of members) await ctx().join(created.body.slug, owner, m.person, m.role);
    return created.body.slug as string;
  }

  it('lists the personal organisation of a new account', async () => {
    const p = await ctx().person('ann');
    const r = await req('GET', '/api/v1/orgs', { token: p.token });
    expect(r.body).toEqual([
      {
        slug: p.slug,
        name: expect.stringMatching(/^Ann [0-9a-f]{6}$/i),
        role: 'owner',
        personal: true,
        created_at: expect.any(String),
      },
    ]);
    const del = await req('DELETE', `/api/v1/orgs/${p.slug}`, { token: p.token });
    expect(del).toMatchObject({ status: 409, body: { details: { reason: 'personal_organisation' } } });
  });

  it("derives an organisation's slug by the rules of the caller's language", async () => {
    const owner = await ctx().person('greta');
    const create = (name: string, language?: string) =>
      req('POST', '/api/v1/orgs', {
        token: owner.token,
        body: { name },
        ...(language ? { headers: { 'accept-language': language } } : {}),
      });
    const german = await create('Müller & Söhne GmbH', 'de-DE,de;q=0.9,en;q=0.5');
    expect(german.status).toBe(201);
    expect(german.body.slug).toMatch(/^mueller-soehne-gmbh(-\d{4})?$/);
    // No language: the common rules, which read ü and ß the German way too.
    expect((await create('Straße Süd')).body.slug).toMatch(/^strasse-sued(-\d{4})?$/);
    // Swedish reads ä, ö, å as plain vowels; German would make them ae, oe.
    expect((await create('Räksmörgås AB', 'sv-SE')).body.slug).toMatch(/^raksmorgas-ab(-\d{4})?$/);
    expect((await create('Räksmörgås AB', 'de')).body.slug).toMatch(/^raeksmoergas-ab(-\d{4})?$/);
    expect((await create('Ђорђе Петровић', 'sr-Cyrl-RS')).body.slug).toMatch(/^djordje-petrovic(-\d{4})?$/);
    // A header that names no language is ignored rather than refused.
    expect((await create('Groß', '*;q=0.1')).body.slug).toMatch(/^gross(-\d{4})?$/);
  });

  it('creates, reads, renames and deletes an organisation', async () => {
    const owner = await ctx().person('olga');
    const slug = await orgWith(owner);
    expect(slug).toMatch(/^acme-labs(-\d{4})?$/);
    const got = await req('GET', `/api/v1/orgs/${slug}`, { token: owner.token });
    expect(got.body).toMatchObject({ slug, name: 'Acme Labs', role: 'owner', personal: false });

    const unchanged = await req('PUT', `/api/v1/orgs/${slug}`, { token: owner.token, body: {} });
    expect(unchanged.body).toMatchObject({ slug, name: 'Acme Labs' });
    const renamed = await req('PUT', `/api/v1/orgs/${slug}`, {
      token: owner.token,
      body: { name: 'Acme Research' },
    });
    expect(renamed.body).toMatchObject({ slug, name: 'Acme Research' });

    expect((await req('DELETE', `/api/v1/orgs/${slug}`, { token: owner.token })).status).toBe(204);
    expect((await req('GET', `/api/v1/orgs/${slug}`, { token: owner.token })).status).toBe(404);
  });

  it('honours a chosen slug and refuses a taken one', async () => {
    const owner = await ctx().person('sol');
    const slug = `chosen-${Date.now()}`;
    expect(
      (await req('POST', '/api/v1/orgs', { token: owner.token, body: { name: 'A', slug } })).status,
    ).toBe(201);
    const clash = await req('POST', '/api/v1/orgs', { token: owner.token, body: { name: 'B', slug } });
    expect(clash).toMatchObject({ status: 409, body: { details: { field: 'slug' } } });
  });

  it('lets members see, admins manage and only owners delete or touch owners', async () => {
    const [owner, admin, member, outsider] = await Promise.all(
      ['own', 'adm', 'mem', 'out'].map((n) => ctx().person(n)),
    );
    const slug = await orgWith(owner, [
      { person: admin, role: 'admin' },
      { person: member, role: 'member' },
    ]);

    const list = await req('GET', `/api/v1/orgs/${slug}/members`, { token: member.token });
    expect(list.body.map((m: { slug: string; role: string }) => [m.slug, m.role])).toEqual([
      [owner.slug, 'owner'],
      [admin.slug, 'admin'],
      [member.slug, 'member'],
    ]);
    expect(
      (await req('GET', `/api/v1/orgs/${slug}/members/${admin.slug}`, { token: member.token })).body.role,
    ).toBe('admin');

    // A member cannot manage.
    expect(
      (await req('PUT', `/api/v1/orgs/${slug}`, { token: member.token, body: { name: 'x' } })).status,
    ).toBe(403);
    expect(
      (
        await req('POST', `/api/v1/orgs/${slug}/members`, {
          token: member.token,
          body: { email: outsider.email, role: 'member' },
        })
      ).status,
    ).toBe(403);

    // An admin manages members but cannot create owners, demote owners or delete the org.
    const promote = await req('POST', `/api/v1/orgs/${slug}/members`, {
      token: admin.token,
      body: { email: outsider.email, role: 'owner' },
    });
    expect(promote).toMatchObject({ status: 403, body: { message: 'Insufficient permissions' } });
    expect(
      (
        await req('PUT', `/api/v1/orgs/${slug}/members/${owner.slug}`, {
          token: admin.token,
          body: { role: 'member' },
        })
      ).status,
    ).toBe(403);
    expect(
      (await req('DELETE', `/api/v1/orgs/${slug}/members/${owner.slug}`, { token: admin.token })).status,
    ).toBe(403);
    expect((await req('DELETE', `/api/v1/orgs/${slug}`, { token: admin.token })).status).toBe(403);

    // Adding by e-mail invites: the outsider is a member once they accept, not before.
    const added = await req('POST', `/api/v1/orgs/${slug}/members`, {
      token: admin.token,
      body: { email: outsider.email, role: 'member' },
    });
    expect(added).toMatchObject({
      status: 202,
      body: { email: outsider.email, role: 'member', state: 'pending' },
    });
    expect((await req('GET', `/api/v1/orgs/${slug}`, { token: outsider.token })).status).toBe(404);
    const link = await ctx().invitationToken(outsider.email);
    expect((await req('POST', `/api/v1/invitations/${link}/accept`, { token: outsider.token })).status).toBe(
      200,
    );
    const again = await req('POST', `/api/v1/orgs/${slug}/members`, {
      token: admin.token,
      body: { email: outsider.email, role: 'member' },
    });
    expect(again).toMatchObject({ status: 409, body: { details: { reason: 'already_member' } } });
    const raised = await req('PUT', `/api/v1/orgs/${slug}/members/${outsider.slug}`, {
      token: admin.token,
      body: { role: 'admin' },
    });
    expect(raised.body.role).toBe('admin');
    expect(
      (await req('DELETE', `/api/v1/orgs/${slug}/members/${outsider.slug}`, { token: admin.token })).status,
    ).toBe(204);
    expect((await req('GET', `/api/v1/orgs/${slug}`, { token: outsider.token })).status).toBe(404);

    // A member may leave on their own, but not remove someone else.
    expect(
      (await req('DELETE', `/api/v1/orgs/${slug}/members/${admin.slug}`, { token: member.token })).status,
    ).toBe(403);
    expect(
      (await req('DELETE', `/api/v1/orgs/${slug}/members/${member.slug}`, { token: member.token })).status,
    ).toBe(204);
  });

  it('keeps at least one owner', async () => {
    const [owner, second] = await Promise.all([ctx().person('first'), ctx().person('second')]);
    const slug = await orgWith(owner);
    const leave = await req('DELETE', `/api/v1/orgs/${slug}/members/${owner.slug}`, { token: owner.token });
    expect(leave).toMatchObject({ status: 409, body: { details: { reason: 'last_owner' } } });
    const demote = await req('PUT', `/api/v1/orgs/${slug}/members/${owner.slug}`, {
      token: owner.token,
      body: { role: 'admin' },
    });
    expect(demote.status).toBe(409);

    await ctx().join(slug, owner, second, 'owner');
    // Two owners demoting each other at once: exactly one succeeds; the other is refused, either
    // as no longer an owner (403) or as the last owner (409), depending on timing.
    const both = await Promise.all([
      req('PUT', `/api/v1/orgs/${slug}/members/${second.slug}`, {
        token: owner.token,
        body: { role: 'member' },
      }),
      req('PUT', `/api/v1/orgs/${slug}/members/${owner.slug}`, {
        token: second.token,
        body: { role: 'member' },
      }),
    ]);
    const statuses = both.map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const owners = (await req('GET', `/api/v1/orgs/${slug}/members`, { token: owner.token })).body.filter(
      (m: { role: string }) => m.role === 'owner',
    );
    expect(owners).toHaveLength(1);
  });

  it('adding a member by e-mail invites: the same answer for any address, and nobody joins without consent', async () => {
    const owner = await ctx().person('pat');
    const known = await ctx().person('known');
    const unverified = `unverified-${Date.now()}@example.com`;
    const unverifiedToken = await ctx().token({ email: unverified, emailVerified: false });
    await req('POST', '/api/v1/accounts', { token: unverifiedToken });
    const slug = await orgWith(owner);
    const add = (email: string) =>
      req('POST', `/api/v1/orgs/${slug}/members`, { token: owner.token, body: { email, role: 'admin' } });
    /** The answer with what differs by nature (id, address, times) set aside. */
    const shape = (r: Awaited<ReturnType<typeof add>>) => ({
      status: r.status,
      type: r.headers['content-type'],
      keys: Object.keys(r.body).sort(),
      body: { ...r.body, id: 'id', email: 'email', created_at: 't', expires_at: 't' },
    });
    const answers = [
      await add(known.email),
      await add(`nobody-${Date.now()}@example.com`),
      await add(unverified),
    ];
    expect(answers[0]).toMatchObject({
      status: 202,
      body: { email: known.email, role: 'admin', state: 'pending' },
    });
    expect(shape(answers[1] as (typeof answers)[0])).toEqual(shape(answers[0] as (typeof answers)[0]));
    expect(shape(answers[2] as (typeof answers)[0])).toEqual(shape(answers[0] as (typeof answers)[0]));
    // The existing account was only invited: not a member until it accepts the e-mailed link.
    const members = await req('GET', `/api/v1/orgs/${slug}/members`, { token: owner.token });
    expect(members.body.map((m: { email: string }) => m.email)).toEqual([owner.email]);
    expect((await req('GET', `/api/v1/orgs/${slug}`, { token: known.token })).status).toBe(404);
    const pending = await req('GET', `/api/v1/orgs/${slug}/invitations`, { token: owner.token });
    expect(pending.body).toHaveLength(3);

    const bad = await req('POST', `/api/v1/orgs/${slug}/members`, {
      token: owner.token,
      body: { email: 'not-an-email', role: 'boss' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details.issues.map((i: { path: string }) => i.path).sort()).toEqual([
      'body.email',
      'body.role',
    ]);
  });
});
