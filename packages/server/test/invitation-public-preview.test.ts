import { desc, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { mailOutbox } from '../src/db/schema.js';
import { describeEachDatabase } from './support/app.js';

describeEachDatabase('the public preview of an invitation link', (ctx) => {
  const req = (...args: Parameters<ReturnType<typeof ctx>['request']>) => ctx().request(...args);

  async function invite(email: string) {
    const owner = await ctx().person('inviter');
    const org = await req('POST', '/api/v1/orgs', {
      token: owner.token,
      body: { name: 'Müller & Söhne GmbH' },
    });
    expect(org.status).toBe(201);
    const sent = await req('POST', `/api/v1/orgs/${org.body.slug}/invitations`, {
      token: owner.token,
      body: { email, role: 'admin' },
    });
    expect(sent.status).toBe(201);
    const [mail] = await ctx()
      .app.database.db.select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.recipient} = ${email} AND ${mailOutbox.kind} = 'invitation'`)
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    const token = mail?.textBody.match(/\/invitations\/([\w-]+)/)?.[1];
    if (!token) throw new Error('no invitation link');
    return { owner, slug: org.body.slug as string, id: sent.body.id as string, token };
  }

  it('names the organisation and the inviter to anyone holding the link, and nothing else', async () => {
    const invitee = `visitor-${Date.now()}@example.com`;
    const { owner, token } = await invite(invitee);
    const preview = await req('GET', `/api/v1/invitations/${token}/public`);
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({ org_name: 'Müller & Söhne GmbH', invited_by: owner.email });
    // Neither the invited address nor the role reaches a visitor.
    expect(JSON.stringify(preview.body)).not.toContain(invitee);
    expect(JSON.stringify(preview.body)).not.toContain('admin');
  });

  it('answers a revoked, used or unknown link alike, and refuses a malformed one with 400', async () => {
    const { owner, slug, id, token } = await invite(`revoked-${Date.now()}@example.com`);
    const revoked = await req('DELETE', `/api/v1/orgs/${slug}/invitations/${id}`, { token: owner.token });
    expect(revoked.status).toBe(204);
    const gone = await req('GET', `/api/v1/invitations/${token}/public`);
    expect(gone).toMatchObject({ status: 404, body: { code: 404, message: expect.any(String) } });
    const unknown = await req('GET', `/api/v1/invitations/${'x'.repeat(43)}/public`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(gone.body.message);
    const malformed = await req('GET', '/api/v1/invitations/short/public');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ code: 400, message: expect.any(String) });
  });
});
