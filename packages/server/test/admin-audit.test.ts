import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { type AccessRule, accessKind } from '../src/auth/access.js';
import { describeEachDatabase, type TestContext } from './support/app.js';

/**
 * Staff writes of the payment areas (`/admin/{provider}/…`): they record their own entries with
 * `recordAudit` from areas/audit/service.ts.
 */
const auditedByTheirArea = (url: string) =>
  url.startsWith('/api/v1/admin/:provider/') ||
  url.startsWith('/api/v1/admin/local/') ||
  // On-premise installs only (the service answers 404): its entry is tested in install-revocations-app.test.ts.
  url === '/api/v1/admin/install/revocations';

interface Write {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  body?: unknown;
  action: string;
  objectType: string;
  /** Absent: the id is known only after the write (the test checks it is there). */
  objectId?: string;
  /** Whether the object existed before and exists after the write. */
  before: boolean;
  after: boolean;
}

type Recipe = (ctx: TestContext, token: string) => Promise<Write>;

const unique = (prefix: string) => `${prefix}-${randomBytes(3).toString('hex')}`;

async function newOrg(ctx: TestContext): Promise<string> {
  const p = await ctx.person(unique('audited'));
  const r = await ctx.request('POST', '/api/v1/orgs', { token: p.token, body: { name: unique('Audited') } });
  return r.body.slug;
}

async function newPlan(ctx: TestContext, token: string): Promise<string> {
  const features = (await ctx.request('GET', '/api/v1/admin/subscriptions/pro', { token })).body.features;
  const slug = unique('plan');
  const r = await ctx.request('POST', '/api/v1/admin/subscriptions', {
    token,
    body: { slug, name: 'Audited', plan_type: 'saas', features, state: 'active' },
  });
  expect(r.status).toBe(201);
  return slug;
}

async function newSubscription(ctx: TestContext, token: string) {
  const org = await newOrg(ctx);
  const r = await ctx.request('POST', `/api/v1/admin/orgs/${org}/subscriptions`, {
    token,
    body: { plan: 'pro' },
  });
  return { org, id: r.body.id as string };
}

async function newDocument(ctx: TestContext, token: string) {
  const slug = unique('audited-doc');
  const r = await ctx.request('POST', '/api/v1/admin/docs', {
    token,
    body: { slug, title: 'Audited', content: '# Audited' },
  });
  expect(r.status).toBe(201);
  return r.body as { id: string; slug: string };
}

/** The current end-user licence agreement's version (its titles are seeded in every language). */
async function eulaVersion(ctx: TestContext): Promise<string> {
  const latest = (await ctx.request('GET', '/api/v1/agreements/latest')).body as {
    type: string;
    version: string;
  }[];
  const eula = latest.find((a) => a.type === 'eula');
  if (!eula) throw new Error('no end-user licence agreement');
  return eula.version;
}

async function newTag(ctx: TestContext, token: string) {
  const name = unique('tag');
  await ctx.request('POST', '/api/v1/admin/docs/tags', { token, body: { name } });
  return name;
}

/** One successful call of every audited staff write, and the entry it must leave. */
const RECIPES: Record<string, Recipe> = {
  'PUT /api/v1/admin/orgs/:org': async (ctx) => {
    const org = await newOrg(ctx);
    return {
      method: 'PUT',
      url: `/api/v1/admin/orgs/${org}`,
      body: { suspended: true },
      action: 'organisation.update',
      objectType: 'organisation',
      objectId: org,
      before: true,
      after: true,
    };
  },
  'DELETE /api/v1/admin/orgs/:org': async (ctx) => {
    const org = await newOrg(ctx);
    return {
      method: 'DELETE',
      url: `/api/v1/admin/orgs/${org}?confirm=${org}`,
      action: 'organisation.delete',
      objectType: 'organisation',
      objectId: org,
      before: true,
      after: false,
    };
  },
  'PUT /api/v1/admin/users/:id': async (ctx, token) => {
    const p = await ctx.person(unique('audited-user'));
    const found = await ctx.request('GET', `/api/v1/admin/users?q=${p.email}`, { token });
    const id = found.body.items[0].id;
    return {
      method: 'PUT',
      url: `/api/v1/admin/users/${id}`,
      body: { staff: 'support', sign_in_disabled: true },
      action: 'user.update',
      objectType: 'user',
      objectId: id,
      before: true,
      after: true,
    };
  },
  'PUT /api/v1/admin/settings': async () => ({
    method: 'PUT',
    url: '/api/v1/admin/settings',
    body: { dev_warning: true },
    action: 'settings.update',
    objectType: 'settings',
    objectId: 'instance',
    before: true,
    after: true,
  }),
  'POST /api/v1/admin/subscriptions': async (ctx, token) => {
    const features = (await ctx.request('GET', '/api/v1/admin/subscriptions/pro', { token })).body.features;
    const slug = unique('plan');
    return {
      method: 'POST',
      url: '/api/v1/admin/subscriptions',
      body: { slug, name: 'New', plan_type: 'saas', features },
      action: 'plan.create',
      objectType: 'plan',
      objectId: slug,
      before: false,
      after: true,
    };
  },
  'PUT /api/v1/admin/subscriptions/:plan': async (ctx, token) => {
    const slug = await newPlan(ctx, token);
    return {
      method: 'PUT',
      url: `/api/v1/admin/subscriptions/${slug}`,
      body: { name: 'Renamed' },
      action: 'plan.update',
      objectType: 'plan',
      objectId: slug,
      before: true,
      after: true,
    };
  },
  'PUT /api/v1/admin/subscriptions/:plan/translations/:language': async (ctx, token) => {
    const slug = await newPlan(ctx, token);
    return {
      method: 'PUT',
      url: `/api/v1/admin/subscriptions/${slug}/translations/de`,
      body: { name: 'Geprüft' },
      action: 'plan.translate',
      objectType: 'plan',
      objectId: slug,
      before: false,
      after: true,
    };
  },
  'DELETE /api/v1/admin/subscriptions/:plan/translations/:language': async (ctx, token) => {
    const slug = await newPlan(ctx, token);
    const url = `/api/v1/admin/subscriptions/${slug}/translations/de`;
    await ctx.request('PUT', url, { token, body: { name: 'Geprüft' } });
    return {
      method: 'DELETE',
      url,
      action: 'plan.untranslate',
      objectType: 'plan',
      objectId: slug,
      before: true,
      after: false,
    };
  },
  'PUT /api/v1/admin/agreements/:type/:version/translations/:language': async (ctx) => {
    const version = await eulaVersion(ctx);
    return {
      method: 'PUT',
      url: `/api/v1/admin/agreements/eula/${version}/translations/ko`,
      body: { title: '최종 사용자 라이선스 계약 (검토됨)' },
      action: 'agreement.translate',
      objectType: 'settings',
      objectId: `agreement/eula/${version}`,
      before: true,
      after: true,
    };
  },
  'DELETE /api/v1/admin/agreements/:type/:version/translations/:language': async (ctx) => {
    const version = await eulaVersion(ctx);
    return {
      method: 'DELETE',
      url: `/api/v1/admin/agreements/eula/${version}/translations/ja`,
      action: 'agreement.untranslate',
      objectType: 'settings',
      objectId: `agreement/eula/${version}`,
      before: true,
      after: false,
    };
  },
  'DELETE /api/v1/admin/subscriptions/:plan': async (ctx, token) => {
    const slug = await newPlan(ctx, token);
    return {
      method: 'DELETE',
      url: `/api/v1/admin/subscriptions/${slug}`,
      action: 'plan.delete',
      objectType: 'plan',
      objectId: slug,
      before: true,
      after: false,
    };
  },
  'PUT /api/v1/admin/subscriptions/:plan/prices/:period': async (ctx, token) => {
    const slug = await newPlan(ctx, token);
    return {
      method: 'PUT',
      url: `/api/v1/admin/subscriptions/${slug}/prices/monthly`,
      body: { amount: 1234, currency: 'EUR' },
      action: 'price.set',
      objectType: 'price',
      objectId: `${slug}/monthly/EUR`,
      before: false,
      after: true,
    };
  },
  'DELETE /api/v1/admin/subscriptions/:plan/prices/:period': async (ctx, token) => {
    const slug = await newPlan(ctx, token);
    await ctx.request('PUT', `/api/v1/admin/subscriptions/${slug}/prices/annual`, {
      token,
      body: { amount: 9900 },
    });
    return {
      method: 'DELETE',
      url: `/api/v1/admin/subscriptions/${slug}/prices/annual`,
      action: 'price.delete',
      objectType: 'price',
      objectId: `${slug}/annual/USD`,
      before: true,
      after: false,
    };
  },
  'POST /api/v1/admin/orgs/:org/licences': async (ctx) => ({
    method: 'POST',
    url: `/api/v1/admin/orgs/${await newOrg(ctx)}/licences`,
    body: { plan: 'on-premise', max_nodes: 2, perpetual: true },
    action: 'licence.issue',
    objectType: 'licence',
    before: false,
    after: true,
  }),
  'POST /api/v1/admin/licences/:licence/revoke': async (ctx, token) => {
    const issued = await ctx.request('POST', `/api/v1/admin/orgs/${await newOrg(ctx)}/licences`, {
      token,
      body: { plan: 'on-premise', max_nodes: 2, perpetual: true },
    });
    return {
      method: 'POST',
      url: `/api/v1/admin/licences/${issued.body.id}/revoke`,
      action: 'licence.revoke',
      objectType: 'licence',
      objectId: issued.body.id,
      before: true,
      after: true,
    };
  },
  'POST /api/v1/admin/licences/keys/rotate': async () => ({
    method: 'POST',
    url: '/api/v1/admin/licences/keys/rotate',
    action: 'licence_key.rotate',
    objectType: 'licence_key',
    before: true,
    after: true,
  }),
  'POST /api/v1/admin/orgs/:org/subscriptions': async (ctx) => {
    const org = await newOrg(ctx);
    return {
      method: 'POST',
      url: `/api/v1/admin/orgs/${org}/subscriptions`,
      body: { plan: 'team', quantity: 3 },
      action: 'subscription.create',
      objectType: 'subscription',
      before: false,
      after: true,
    };
  },
  'PUT /api/v1/admin/orgs/:org/subscriptions/:subscription': async (ctx, token) => {
    const s = await newSubscription(ctx, token);
    return {
      method: 'PUT',
      url: `/api/v1/admin/orgs/${s.org}/subscriptions/${s.id}`,
      body: { quantity: 2 },
      action: 'subscription.update',
      objectType: 'subscription',
      objectId: s.id,
      before: true,
      after: true,
    };
  },
  'DELETE /api/v1/admin/orgs/:org/subscriptions/:subscription': async (ctx, token) => {
    const s = await newSubscription(ctx, token);
    return {
      method: 'DELETE',
      url: `/api/v1/admin/orgs/${s.org}/subscriptions/${s.id}`,
      action: 'subscription.delete',
      objectType: 'subscription',
      objectId: s.id,
      before: true,
      after: false,
    };
  },
  'POST /api/v1/admin/docs': async () => ({
    method: 'POST',
    url: '/api/v1/admin/docs',
    body: { slug: unique('created-doc'), title: 'Created' },
    action: 'document.create',
    objectType: 'document',
    before: false,
    after: true,
  }),
  'PUT /api/v1/admin/docs/:id': async (ctx, token) => {
    const doc = await newDocument(ctx, token);
    return {
      method: 'PUT',
      url: `/api/v1/admin/docs/${doc.slug}`,
      body: { order: 7 },
      action: 'document.update',
      objectType: 'document',
      objectId: doc.id,
      before: true,
      after: true,
    };
  },
  'PATCH /api/v1/admin/docs/:id': async (ctx, token) => {
    const doc = await newDocument(ctx, token);
    return {
      method: 'PATCH',
      url: `/api/v1/admin/docs/${doc.id}`,
      body: { action: 'publish' },
      action: 'document.publish',
      objectType: 'document',
      objectId: doc.id,
      before: true,
      after: true,
    };
  },
  'DELETE /api/v1/admin/docs/:id': async (ctx, token) => {
    const doc = await newDocument(ctx, token);
    return {
      method: 'DELETE',
      url: `/api/v1/admin/docs/${doc.slug}`,
      action: 'document.delete',
      objectType: 'document',
      objectId: doc.id,
      before: true,
      after: false,
    };
  },
  'PUT /api/v1/admin/docs/:id/tr/:lang': async (ctx, token) => {
    const doc = await newDocument(ctx, token);
    return {
      method: 'PUT',
      url: `/api/v1/admin/docs/${doc.slug}/tr/de`,
      body: { title: 'Geprüft', content: '# Geprüft' },
      action: 'document.translation.put',
      objectType: 'document',
      objectId: doc.id,
      before: false,
      after: true,
    };
  },
  'POST /api/v1/admin/docs/tags': async () => {
    const name = unique('tag');
    return {
      method: 'POST',
      url: '/api/v1/admin/docs/tags',
      body: { name },
      action: 'document_tag.create',
      objectType: 'document_tag',
      objectId: name,
      before: false,
      after: true,
    };
  },
  'PUT /api/v1/admin/docs/tags/:tag': async (ctx, token) => {
    const name = await newTag(ctx, token);
    return {
      method: 'PUT',
      url: `/api/v1/admin/docs/tags/${name}`,
      body: { name: `${name}-x` },
      action: 'document_tag.rename',
      objectType: 'document_tag',
      objectId: name,
      before: true,
      after: true,
    };
  },
  'DELETE /api/v1/admin/docs/tags/:tag': async (ctx, token) => {
    const name = await newTag(ctx, token);
    return {
      method: 'DELETE',
      url: `/api/v1/admin/docs/tags/${name}`,
      action: 'document_tag.delete',
      objectType: 'document_tag',
      objectId: name,
      before: true,
      after: false,
    };
  },
  'POST /api/v1/admin/docs/:id/tags': async (ctx, token) => {
    const doc = await newDocument(ctx, token);
    return {
      method: 'POST',
      url: `/api/v1/admin/docs/${doc.slug}/tags`,
      body: { tags: [unique('tag')] },
      action: 'document.tags.add',
      objectType: 'document',
      objectId: doc.id,
      before: true,
      after: true,
    };
  },
  'DELETE /api/v1/admin/docs/:id/tags': async (ctx, token) => {
    const doc = await newDocument(ctx, token);
    const tag = unique('tag');
    await ctx.request('POST', `/api/v1/admin/docs/${doc.slug}/tags`, { token, body: { tags: [tag] } });
    return {
      method: 'DELETE',
      url: `/api/v1/admin/docs/${doc.slug}/tags?tags=${tag}`,
      action: 'document.tags.remove',
      objectType: 'document',
      objectId: doc.id,
      before: true,
      after: true,
    };
  },
};

describeEachDatabase('audit log', (ctx) => {
  it('has a recipe for every staff write: a new write route comes with its audit entry', () => {
    const writes = ctx()
      .app.routes.filter((r) => r.access !== undefined && accessKind(r.access as AccessRule) === 'admin')
      .filter((r) => !auditedByTheirArea(r.url) && r.method !== 'GET' && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`);
    expect(writes.sort()).toEqual(Object.keys(RECIPES).sort());
  });

  it('records who, when, what, and the object before and after, for every staff write', async () => {
    const admin = await ctx().admin();
    const adminId = (
      await ctx().request('GET', `/api/v1/admin/users?q=${encodeURIComponent(admin.email)}`, {
        token: admin.token,
      })
    ).body.items[0].id;
    for (const [route, recipe] of Object.entries(RECIPES)) {
      const write = await recipe(ctx(), admin.token);
      const started = Date.now();
      const r = await ctx().request(write.method, write.url, { token: admin.token, body: write.body });
      expect(r.status, `${route}: ${JSON.stringify(r.body)}`).toBeLessThan(300);
      const latest = await ctx().request('GET', '/api/v1/admin/audit?limit=1', { token: admin.token });
      const [entry] = latest.body.items;
      expect(entry, route).toMatchObject({
        actor: { id: adminId, email: admin.email },
        action: write.action,
        object_type: write.objectType,
        object_id: write.objectId ?? expect.any(String),
      });
      expect(Math.abs(new Date(entry.at).getTime() - started), route).toBeLessThan(60_000);
      expect(entry.before === null, `${route} before`).toBe(!write.before);
      expect(entry.after === null, `${route} after`).toBe(!write.after);
      if (write.before && write.after) expect(entry.before, `${route} changed`).not.toEqual(entry.after);
    }
  });

  it('records nothing for a refused or failed write, or one that changes nothing', async () => {
    const admin = await ctx().admin();
    const support = await ctx().person('audit-support');
    const before = (await ctx().request('GET', '/api/v1/admin/audit?limit=1', { token: admin.token })).body;
    const org = await newOrg(ctx());
    await ctx().request('DELETE', `/api/v1/admin/orgs/${org}?confirm=wrong`, { token: admin.token });
    await ctx().request('PUT', '/api/v1/admin/orgs/no-such-org', { token: admin.token, body: { name: 'X' } });
    await ctx().request('PUT', '/api/v1/admin/settings', {
      token: support.token,
      body: { dev_warning: true },
    });
    // Writes that change nothing.
    await ctx().request('PUT', `/api/v1/admin/orgs/${org}`, { token: admin.token, body: {} });
    await ctx().request('PUT', `/api/v1/admin/orgs/${org}`, {
      token: admin.token,
      body: { suspended: false },
    });
    const after = (await ctx().request('GET', '/api/v1/admin/audit?limit=1', { token: admin.token })).body;
    expect(after.total).toBe(before.total);
  });

  it("lists one object's entries, newest first, page by page", async () => {
    const admin = await ctx().admin();
    const org = await newOrg(ctx());
    for (const name of ['First', 'Second', 'Third']) {
      await ctx().request('PUT', `/api/v1/admin/orgs/${org}`, { token: admin.token, body: { name } });
    }
    const list = await ctx().request('GET', `/api/v1/admin/audit?object_type=organisation&object_id=${org}`, {
      token: admin.token,
    });
    expect(list.body.total).toBe(3);
    expect(list.body.items.map((e: { after: { name: string } }) => e.after.name)).toEqual([
      'Third',
      'Second',
      'First',
    ]);
    expect(list.body.items[0].before).toMatchObject({ name: 'Second', slug: org, state: 'active' });
    const page = await ctx().request(
      'GET',
      `/api/v1/admin/audit?object_type=organisation&object_id=${org}&offset=1&limit=1`,
      { token: admin.token },
    );
    expect(page.body).toMatchObject({ total: 3, offset: 1, limit: 1 });
    expect(page.body.items).toEqual([list.body.items[1]]);
    expect(
      await ctx().request('GET', '/api/v1/admin/audit?object_type=planet', { token: admin.token }),
    ).toMatchObject({ status: 400, body: { details: { issues: [{ path: 'querystring.object_type' }] } } });
  });

  it("names documents by their title in the reader's language (else the nearest one); deleted ones keep the id, marked", async () => {
    const admin = await ctx().admin();
    const named = await newDocument(ctx(), admin.token);
    const translated = (path: string) =>
      ctx().request('PUT', `/api/v1/admin/docs/${named.slug}/tr/${path}`, {
        token: admin.token,
        body: { title: 'Geprüftes Dokument', content: '# Geprüft' },
      });
    expect((await translated('de-DE')).status).toBeLessThan(300);
    const gone = await newDocument(ctx(), admin.token);
    expect(
      (await ctx().request('DELETE', `/api/v1/admin/docs/${gone.slug}`, { token: admin.token })).status,
    ).toBe(204);
    const entries = async (id: string, language?: string) =>
      (
        await ctx().request(
          'GET',
          `/api/v1/admin/audit?object_type=document&object_id=${id}${language ? `&language=${language}` : ''}`,
          { token: admin.token },
        )
      ).body.items as { object_name: string | null; object_deleted: boolean; object_id: string }[];

    // German reader: the German title; English (no English title but the created one): 'Audited'.
    for (const e of await entries(named.id, 'de-DE'))
      expect(e).toMatchObject({
        object_id: named.id,
        object_name: 'Geprüftes Dokument',
        object_deleted: false,
      });
    for (const e of await entries(named.id, 'en-GB')) expect(e.object_name).toBe('Audited');
    // Deleted: created and deleted entries both keep the id, no name, marked as deleted.
    const goneEntries = await entries(gone.id, 'de-DE');
    expect(goneEntries).toHaveLength(2);
    for (const e of goneEntries)
      expect(e).toMatchObject({ object_id: gone.id, object_name: null, object_deleted: true });
    // Other objects are not named here and never deleted-marked.
    const org = await newOrg(ctx());
    await ctx().request('PUT', `/api/v1/admin/orgs/${org}`, {
      token: admin.token,
      body: { name: 'Renamed' },
    });
    const [orgEntry] = (
      await ctx().request('GET', `/api/v1/admin/audit?object_type=organisation&object_id=${org}`, {
        token: admin.token,
      })
    ).body.items;
    expect(orgEntry).toMatchObject({ object_name: null, object_deleted: false });
  });
});
