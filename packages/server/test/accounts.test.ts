import { expect, it } from 'vitest';
import { describeEachDatabase } from './support/app.js';

describeEachDatabase('accounts and agreements', (ctx) => {
  it('creates the account with a personal organisation on first POST and fetches it after', async () => {
    const token = await ctx().token({ email: 'Grace.Hopper@Example.com' });
    const first = await ctx().request('POST', '/api/v1/accounts', { token });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      email: 'Grace.Hopper@Example.com',
      slug: 'grace-hopper',
      permissions: null,
    });

    const again = await ctx().request('POST', '/api/v1/accounts', { token });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);

    const fetched = await ctx().request('GET', '/api/v1/accounts', { token });
    expect(fetched).toMatchObject({ status: 200, body: first.body });

    // The personal organisation is named after the person, not the whole address.
    await ctx().acceptAllAgreements(token);
    const orgs = await ctx().request('GET', '/api/v1/orgs', { token });
    expect(orgs.body).toMatchObject([{ name: 'Grace Hopper', personal: true }]);
  });

  it('answers 404 Account not found before the account exists', async () => {
    const token = await ctx().token({ email: 'nobody@example.com' });
    const r = await ctx().request('GET', '/api/v1/accounts', { token });
    expect(r).toMatchObject({ status: 404, body: { code: 404, message: 'Account not found' } });
  });

  it('refuses a second account with the same email from another subject', async () => {
    const email = 'twin@example.com';
    expect(
      (await ctx().request('POST', '/api/v1/accounts', { token: await ctx().token({ email }) })).status,
    ).toBe(201);
    const r = await ctx().request('POST', '/api/v1/accounts', { token: await ctx().token({ email }) });
    expect(r).toMatchObject({ status: 409, body: { code: 409 } });
  });

  it('refuses a token without an email claim', async () => {
    const r = await ctx().request('POST', '/api/v1/accounts', { token: await ctx().token() });
    expect(r).toMatchObject({ status: 400, body: { details: { reason: 'email_claim_missing' } } });
  });

  it('gives distinct slugs to people with the same email local part', async () => {
    const a = await ctx().request('POST', '/api/v1/accounts', {
      token: await ctx().token({ email: 'sam@a.example' }),
    });
    const b = await ctx().request('POST', '/api/v1/accounts', {
      token: await ctx().token({ email: 'sam@b.example' }),
    });
    expect(a.body.slug).toBe('sam');
    expect(b.body.slug).toMatch(/^sam-\d{4}$/);
  });

  it('reads and updates the profile', async () => {
    const p = await ctx().person('lin', { acceptAgreements: false });
    const before = await ctx().request('GET', '/api/v1/profile', { token: p.token });
    expect(before.body).toEqual({ email: p.email, slug: p.slug, display_name: null });

    const after = await ctx().request('PUT', '/api/v1/profile', {
      token: p.token,
      body: { display_name: 'Lin', slug: `lin-${p.slug.slice(-4)}x` },
    });
    expect(after).toMatchObject({ status: 200, body: { display_name: 'Lin' } });

    const other = await ctx().person('kim', { acceptAgreements: false });
    const clash = await ctx().request('PUT', '/api/v1/profile', {
      token: other.token,
      body: { slug: after.body.slug },
    });
    expect(clash).toMatchObject({ status: 409, body: { details: { field: 'slug' } } });

    const bad = await ctx().request('PUT', '/api/v1/profile', {
      token: p.token,
      body: { slug: 'No Spaces' },
    });
    expect(bad).toMatchObject({
      status: 400,
      body: { code: 400, details: { issues: [{ path: 'body.slug' }] } },
    });
  });

  it('lists the seeded agreements publicly', async () => {
    const r = await ctx().request('GET', '/api/v1/agreements/latest');
    expect(r.status).toBe(200);
    expect(r.body.map((a: { type: string }) => a.type).sort()).toEqual([
      'eula',
      'privacy_policy',
      'terms_of_service',
    ]);
    for (const a of r.body)
      expect(a).toMatchObject({ version: expect.any(String), is_mandatory: true, url: expect.any(String) });
  });

  it('holds organisation calls until every mandatory agreement is accepted', async () => {
    const p = await ctx().person('new', { acceptAgreements: false });
    const latest = (await ctx().request('GET', '/api/v1/agreements/latest')).body as {
      type: string;
      version: string;
    }[];
    const versions = latest.map((a) => ({ agreement_type: a.type, agreement_version: a.version }));

    const held = await ctx().request('GET', '/api/v1/orgs', { token: p.token });
    expect(held).toMatchObject({ status: 403, body: { message: 'Agreements must be accepted' } });

    const none = await ctx().request('GET', '/api/v1/accounts/agreements', { token: p.token });
    expect(none.body).toEqual([]);

    // Accepting only some of them keeps the hold.
    await ctx().request('POST', '/api/v1/accounts/agreements', {
      token: p.token,
      body: { agreement_versions: versions.slice(0, 2) },
    });
    expect((await ctx().request('GET', '/api/v1/orgs', { token: p.token })).status).toBe(403);

    const all = await ctx().request('POST', '/api/v1/accounts/agreements', {
      token: p.token,
      body: { agreement_versions: versions },
    });
    expect(all.status).toBe(200);
    expect(all.body).toHaveLength(3);
    expect((await ctx().request('GET', '/api/v1/orgs', { token: p.token })).status).toBe(200);
  });

  it('refuses unknown agreement versions and unauthenticated acceptance', async () => {
    const p = await ctx().person('x', { acceptAgreements: false });
    const unknown = await ctx().request('POST', '/api/v1/accounts/agreements', {
      token: p.token,
      body: { agreement_versions: [{ agreement_type: 'eula', agreement_version: '1999-01-01' }] },
    });
    expect(unknown).toMatchObject({ status: 400, body: { message: 'Unknown agreement version' } });
    const anonymous = await ctx().request('POST', '/api/v1/accounts/agreements', {
      body: { agreement_versions: [{ agreement_type: 'eula', agreement_version: '1' }] },
    });
    expect(anonymous).toMatchObject({ status: 401, body: { message: 'Not authenticated' } });
  });

  it('creates one account when the first calls race', async () => {
    const token = await ctx().token({ email: 'racer@example.com' });
    const results = await Promise.all(
      [1, 2, 3, 4].map(() => ctx().request('POST', '/api/v1/accounts', { token })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 201]);
    const orgs = await ctx().request('GET', '/api/v1/profile', { token });
    expect(orgs.status).toBe(200);
  });
});
