import { desc, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { mailOutbox, orgInvitations } from '../src/db/schema.js';
import { describeEachDatabase, type TestContext } from './support/app.js';

type Person = Awaited<ReturnType<TestContext['person']>>;

describeEachDatabase('invitations to organisations', (ctx) => {
  const req = (...args: Parameters<TestContext['request']>) => ctx().request(...args);

  async function orgOf(owner: Person) {
    const created = await req('POST', '/api/v1/orgs', { token: owner.token, body: { name: 'Acme Labs' } });
    expect(created.status).toBe(201);
    return created.body.slug as string;
  }

  /** The link of the last invitation e-mailed to `email` (the embedded outbox keeps it). */
  async function invitationLink(email: string) {
    const [mail] = await ctx()
      .app.database.db.select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.recipient} = ${email} AND ${mailOutbox.kind} = 'invitation'`)
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    if (!mail) throw new Error(`no invitation to ${email}`);
    const link = mail.textBody.match(/https?:\/\/\S+\/invitations\/(\S+)/);
    if (!link) throw new Error('no link in the invitation');
    return { mail, url: link[0], token: link[1] as string };
  }

  it('an admin invites an address; the mail, in the inviter language, carries a link the invitee accepts once', async () => {
    const owner = await ctx().person('owner');
    const slug = await orgOf(owner);
    const invitee = `guest-${Date.now()}@example.com`;
    const sent = await req('POST', `/api/v1/orgs/${slug}/invitations`, {
      token: owner.token,
      body: { email: invitee.toUpperCase(), role: 'admin', language: 'de' },
    });
    expect(sent).toMatchObject({ status: 201, body: { email: invitee, role: 'admin', state: 'pending' } });
    const days = (Date.parse(sent.body.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const { mail, url, token } = await invitationLink(invitee);
    expect(mail.subject).toBe('Einladung zu „Acme Labs“ bei Slugsmith');
    expect(mail.textBody).toContain('als Administrator');
    expect(url).toBe(`http://127.0.0.1:8080/invitations/${token}`);
    expect(mail.htmlBody).toContain('Einladung annehmen');
    // Only a hash of the link is stored.
    const stored = await ctx().app.database.db.select().from(orgInvitations);
    expect(JSON.stringify(stored)).not.toContain(token);

    const list = await req('GET', `/api/v1/orgs/${slug}/invitations`, { token: owner.token });
    expect(list.body).toEqual([expect.objectContaining({ email: invitee, invited_by: owner.email })]);

    const guestToken = await ctx().token({ email: invitee });
    await req('POST', '/api/v1/accounts', { token: guestToken });
    await ctx().acceptAllAgreements(guestToken);
    const preview = await req('GET', `/api/v1/invitations/${token}`, { token: guestToken });
    expect(preview.body).toMatchObject({
      org_name: 'Acme Labs',
      org_slug: slug,
      role: 'admin',
      acceptable: true,
    });
    const accepted = await req('POST', `/api/v1/invitations/${token}/accept`, { token: guestToken });
    expect(accepted).toMatchObject({ status: 200, body: { slug, role: 'admin', personal: false } });
    const org = await req('GET', `/api/v1/orgs/${slug}`, { token: guestToken });
    expect(org.body.role).toBe('admin');

    // Single use; no longer listed as open.
    expect((await req('POST', `/api/v1/invitations/${token}/accept`, { token: guestToken })).status).toBe(
      404,
    );
    expect((await req('GET', `/api/v1/orgs/${slug}/invitations`, { token: owner.token })).body).toEqual([]);
    // A member is not invited again.
    const again = await req('POST', `/api/v1/orgs/${slug}/invitations`, {
      token: owner.token,
      body: { email: invitee, role: 'member' },
    });
    expect(again).toMatchObject({ status: 409, body: { details: { reason: 'already_member' } } });
  });

  it('a squatter with an unverified address, or another address, gains nothing', async () => {
    const owner = await ctx().person('owner');
    const slug = await orgOf(owner);
    const ceo = `ceo-${Date.now()}@acme-corp.test`;
    await req('POST', `/api/v1/orgs/${slug}/invitations`, {
      token: owner.token,
      body: { email: ceo, role: 'owner' },
    });
    const { token } = await invitationLink(ceo);

    const squatter = await ctx().token({ email: ceo, emailVerified: false });
    await req('POST', '/api/v1/accounts', { token: squatter });
    await ctx().acceptAllAgreements(squatter);
    const preview = await req('GET', `/api/v1/invitations/${token}`, { token: squatter });
    expect(preview.body).toMatchObject({ acceptable: false, refusal: 'email_not_verified' });
    const refused = await req('POST', `/api/v1/invitations/${token}/accept`, { token: squatter });
    expect(refused).toMatchObject({ status: 403, body: { details: { reason: 'email_not_verified' } } });

    // Nor is the squatter added by "add member": that is an invitation too, which it cannot accept.
    const direct = await req('POST', `/api/v1/orgs/${slug}/members`, {
      token: owner.token,
      body: { email: ceo, role: 'member' },
    });
    expect(direct).toMatchObject({ status: 202, body: { email: ceo, state: 'pending' } });
    const { token: renewed } = await invitationLink(ceo);
    expect((await req('POST', `/api/v1/invitations/${renewed}/accept`, { token: squatter })).status).toBe(
      403,
    );

    const other = await ctx().person('forwarded');
    const wrong = await req('POST', `/api/v1/invitations/${renewed}/accept`, { token: other.token });
    expect(wrong).toMatchObject({
      status: 403,
      body: { message: 'This invitation was sent to another email address' },
    });
    expect((await req('GET', `/api/v1/orgs/${slug}`, { token: squatter })).status).toBe(404);
    expect((await req('GET', `/api/v1/orgs/${slug}`, { token: other.token })).status).toBe(404);
  });

  it('revoked, replaced and expired links stop working; only owners invite owners', async () => {
    const owner = await ctx().person('owner');
    const admin = await ctx().person('admin');
    const slug = await orgOf(owner);
    await ctx().join(slug, owner, admin, 'admin');
    const forOwner = await req('POST', `/api/v1/orgs/${slug}/invitations`, {
      token: admin.token,
      body: { email: 'boss@example.com', role: 'owner' },
    });
    expect(forOwner).toMatchObject({ status: 403, body: { details: { required_role: 'owner' } } });

    const guest = await ctx().person('guest');
    const first = await req('POST', `/api/v1/orgs/${slug}/invitations`, {
      token: admin.token,
      body: { email: guest.email, role: 'member' },
    });
    const { token: firstToken } = await invitationLink(guest.email);
    // Inviting again renews the same invitation with a new link; the old one stops working.
    const second = await req('POST', `/api/v1/orgs/${slug}/invitations`, {
      token: admin.token,
      body: { email: guest.email, role: 'admin' },
    });
    expect(second.body.id).toBe(first.body.id);
    const { token: secondToken } = await invitationLink(guest.email);
    expect(secondToken).not.toBe(firstToken);
    expect((await req('GET', `/api/v1/invitations/${firstToken}`, { token: guest.token })).status).toBe(404);

    // Expired: listed as such, refused with its own message.
    await ctx()
      .app.database.db.update(orgInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(sql`${orgInvitations.id} = ${second.body.id}`);
    const listed = await req('GET', `/api/v1/orgs/${slug}/invitations`, { token: admin.token });
    expect(listed.body).toEqual([expect.objectContaining({ id: second.body.id, state: 'expired' })]);
    const late = await req('POST', `/api/v1/invitations/${secondToken}/accept`, { token: guest.token });
    expect(late).toMatchObject({ status: 409, body: { details: { reason: 'invitation_expired' } } });

    // Revoked: gone from the list, the link finds nothing; members cannot see or revoke.
    const member = await ctx().person('member');
    await ctx().join(slug, owner, member, 'member');
    const path = `/api/v1/orgs/${slug}/invitations/${second.body.id}`;
    expect((await req('DELETE', path, { token: member.token })).status).toBe(403);
    expect((await req('GET', `/api/v1/orgs/${slug}/invitations`, { token: member.token })).status).toBe(403);
    expect((await req('DELETE', path, { token: admin.token })).status).toBe(204);
    expect((await req('DELETE', path, { token: admin.token })).status).toBe(404);
    expect((await req('GET', `/api/v1/orgs/${slug}/invitations`, { token: admin.token })).body).toEqual([]);
    expect((await req('GET', `/api/v1/invitations/${secondToken}`, { token: guest.token })).status).toBe(404);
  });

  it('only a verified sender invites, by either route', async () => {
    const unverified = await ctx().token({ email: `fresh-${Date.now()}@example.com`, emailVerified: false });
    await req('POST', '/api/v1/accounts', { token: unverified });
    await ctx().acceptAllAgreements(unverified);
    const created = await req('POST', '/api/v1/orgs', { token: unverified, body: { name: 'Throwaway' } });
    expect(created.status).toBe(201);
    for (const path of ['invitations', 'members']) {
      const sent = await req('POST', `/api/v1/orgs/${created.body.slug}/${path}`, {
        token: unverified,
        body: { email: `target-${path}@example.com`, role: 'member' },
      });
      expect(sent).toMatchObject({
        status: 403,
        body: { code: 403, details: { reason: 'email_not_verified' } },
      });
    }
    const mails = await ctx()
      .app.database.db.select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.recipient} LIKE 'target-%' AND ${mailOutbox.kind} = 'invitation'`);
    expect(mails).toEqual([]);
  });

  it('shows an organisation name as data: quoted, and no link to what it names', async () => {
    const owner = await ctx().person('phisher');
    const name = 'Your account is locked — restore it at https://evil.example/restore';
    const created = await req('POST', '/api/v1/orgs', { token: owner.token, body: { name } });
    expect(created.status).toBe(201);
    const mails = new Map<string, { subject: string; textBody: string; htmlBody: string }>();
    for (const language of ['en-GB', 'de-DE', 'ja-JP']) {
      const victim = `victim-${language.toLowerCase()}-${Date.now()}@example.com`;
      const sent = await req('POST', `/api/v1/orgs/${created.body.slug}/invitations`, {
        token: owner.token,
        body: { email: victim, role: 'member', language },
      });
      expect(sent.status).toBe(201);
      const { mail } = await invitationLink(victim);
      mails.set(language, mail);
      // The only links are ours: the button and the link written out.
      const hrefs = [...mail.htmlBody.matchAll(/<a\s[^>]*href="([^"]*)"/g)].map((m) => m[1]);
      expect(hrefs).toHaveLength(2);
      for (const href of hrefs) expect(href).toMatch(/^http:\/\/127\.0\.0\.1:8080\/invitations\//);
      // What a mail client would make a link of (a scheme, a www., a dotted name): nothing of the name's.
      const linkable = /(?:[a-z][a-z0-9+.-]*:\/\/|www\.)[^\s<>"]+|[\w-]+(?:\.[\w-]+)+/gi;
      for (const part of [mail.subject, mail.textBody, mail.htmlBody]) {
        expect(part).not.toContain('evil.example');
        const found = (part.match(linkable) ?? []).filter((l: string) => /evil|restore/i.test(l));
        expect(found).toEqual([]);
      }
    }
    // Quoted in the language's marks, and it still reads the same (the breaks are zero-width).
    const mail = mails.get('en-GB') as { subject: string; textBody: string };
    const visible = (text: string) => text.replaceAll('\u200B', '');
    expect(visible(mail.textBody)).toContain(`‘${name}’`);
    expect(visible(mail.subject)).toBe(`You are invited to ‘${name}’ on Slugsmith`);
  });

  it('refuses malformed input with 400, never 500', async () => {
    const owner = await ctx().person('owner');
    const slug = await orgOf(owner);
    const bad = await req('POST', `/api/v1/orgs/${slug}/invitations`, {
      token: owner.token,
      body: { email: 'not-an-address', role: 'member' },
    });
    expect(bad.status).toBe(400);
    expect(
      (await req('DELETE', `/api/v1/orgs/${slug}/invitations/not-a-uuid`, { token: owner.token })).status,
    ).toBe(400);
    expect((await req('GET', '/api/v1/invitations/short', { token: owner.token })).status).toBe(400);
    expect((await req('GET', `/api/v1/invitations/${'x'.repeat(43)}`)).status).toBe(401);
  });
});
