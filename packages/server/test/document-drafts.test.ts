import { expect, it } from 'vitest';
import { contentSeed, seedDocuments } from '../src/areas/documents/seed.js';
import { describeEachDatabase, type TestContext } from './support/app.js';

// The publish action (product spec §3, §4; issue 31 item 14): staff's edits are drafts until
// published; the public list and page read the published text only, and agree with each other.

const docs = '/api/v1/admin/docs';

async function publicView(ctx: TestContext, slug: string, lang = 'en') {
  const page = await ctx.request('GET', `/api/v1/docs/${slug}?lang=${lang}`);
  const list = await ctx.request('GET', `/api/v1/docs?limit=200&lang=${lang}`);
  const listed = list.body.items.find((d: { slug: string }) => d.slug === slug);
  return { status: page.status, page: page.body, listed, total: list.body.total as number };
}

async function newDocument(ctx: TestContext, token: string, slug: string) {
  const created = await ctx.request('POST', docs, {
    token,
    body: { slug, title: `${slug} v1`, content: '# First text', tags: ['drafts-test'] },
  });
  expect(created.status).toBe(201);
  return created.body as { id: string };
}

const act = (ctx: TestContext, token: string, id: string, body: object) =>
  ctx.request('PATCH', `${docs}/${id}`, { token, body });

describeEachDatabase('document drafts', (ctx) => {
  it('keeps the public page and list unchanged while a draft waits, and shows it once published', async () => {
    const { token } = await ctx().admin();
    const doc = await newDocument(ctx(), token, 'draft-cycle');
    expect((await act(ctx(), token, doc.id, { action: 'publish' })).body).toMatchObject({
      state: 'published',
      draft_pending: false,
    });
    const before = await publicView(ctx(), 'draft-cycle');
    expect(before.page).toMatchObject({ title: 'draft-cycle v1', content: '# First text' });
    expect(before.listed).toMatchObject({ title: 'draft-cycle v1' });

    const saved = await ctx().request('PUT', `${docs}/draft-cycle/tr/en`, {
      token,
      body: { title: 'draft-cycle v2', content: '# Second text' },
    });
    expect(saved.body).toMatchObject({ title: 'draft-cycle v2', draft: true, published: true });
    // Public: not a byte changed (nor the dates the sitemap reads).
    expect(await publicView(ctx(), 'draft-cycle')).toEqual(before);
    const content = await ctx().app.server.inject({ url: '/api/v1/content/draft-cycle' });
    expect(content.body).toBe('# First text');
    // Staff: the draft, and the badge's flag.
    const staffView = await ctx().request('GET', `${docs}/draft-cycle`, { token });
    expect(staffView.body).toMatchObject({
      state: 'published',
      draft_pending: true,
      translations: [{ language: 'en', title: 'draft-cycle v2', draft: true, published: true }],
    });
    expect((await ctx().request('GET', `${docs}/draft-cycle/tr/en`, { token })).body).toMatchObject({
      content: '# Second text',
      draft: true,
    });

    const published = await act(ctx(), token, doc.id, { action: 'publish' });
    expect(published.body).toMatchObject({
      draft_pending: false,
      published_at: before.page.published_at,
    });
    const after = await publicView(ctx(), 'draft-cycle');
    expect(after.page).toMatchObject({ title: 'draft-cycle v2', content: '# Second text' });
    expect(after.listed).toMatchObject({ title: 'draft-cycle v2' });
    expect(after.page.updated_at).not.toBe(before.page.updated_at);
    // Saving the published text again leaves nothing to publish.
    const same = await ctx().request('PUT', `${docs}/draft-cycle/tr/en`, {
      token,
      body: { title: 'draft-cycle v2', content: '# Second text' },
    });
    expect(same.body).toMatchObject({ draft: false, published: true });
  });

  it('discards a draft (one language or all) and the published text stays', async () => {
    const { token } = await ctx().admin();
    const doc = await newDocument(ctx(), token, 'draft-discard');
    await act(ctx(), token, doc.id, { action: 'publish' });
    for (const lang of ['en', 'de']) {
      await ctx().request('PUT', `${docs}/draft-discard/tr/${lang}`, {
        token,
        body: { title: `Draft ${lang}`, content: `draft ${lang}` },
      });
    }
    const discarded = await act(ctx(), token, doc.id, { action: 'discard', language: 'en-GB' });
    expect(discarded.body).toMatchObject({
      draft_pending: true,
      translations: [
        { language: 'de', draft: true, published: false },
        { language: 'en', title: 'draft-discard v1', draft: false, published: true },
      ],
    });
    // A language never published is not served: German readers get the English text.
    expect((await publicView(ctx(), 'draft-discard', 'de')).page).toMatchObject({
      language: 'en',
      languages: ['en'],
    });
    const all = await act(ctx(), token, doc.id, { action: 'discard' });
    expect(all.body).toMatchObject({ draft_pending: false, translations: [{ language: 'en' }] });
    expect(await ctx().request('GET', `${docs}/draft-discard/tr/de`, { token })).toMatchObject({
      status: 404,
      body: { message: 'Translation not found' },
    });
  });

  it('publishes one language while another waits', async () => {
    const { token } = await ctx().admin();
    const doc = await newDocument(ctx(), token, 'draft-languages');
    await act(ctx(), token, doc.id, { action: 'publish' });
    await ctx().request('PUT', `${docs}/draft-languages/tr/en`, {
      token,
      body: { title: 'EN 2', content: 'en 2' },
    });
    await ctx().request('PUT', `${docs}/draft-languages/tr/de`, {
      token,
      body: { title: 'DE 1', content: 'de 1' },
    });
    const published = await act(ctx(), token, doc.id, { action: 'publish', language: 'de-DE' });
    expect(published.body).toMatchObject({
      draft_pending: true,
      translations: [
        { language: 'de', draft: false, published: true },
        { language: 'en', draft: true, published: true },
      ],
    });
    expect((await publicView(ctx(), 'draft-languages', 'de')).page).toMatchObject({ title: 'DE 1' });
    expect((await publicView(ctx(), 'draft-languages', 'en')).page).toMatchObject({
      title: 'draft-languages v1',
    });
    expect(await act(ctx(), token, doc.id, { action: 'unpublish', language: 'de' })).toMatchObject({
      status: 400,
    });
    expect(await act(ctx(), token, doc.id, { action: 'publish', language: 'xx-YY' })).toMatchObject({
      status: 400,
      body: { message: 'Unsupported language' },
    });
  });

  it('lists and serves a document alike: never published, published, unpublished', async () => {
    const { token } = await ctx().admin();
    const doc = await newDocument(ctx(), token, 'draft-agree');
    const tagged = async () =>
      (await ctx().request('GET', '/api/v1/docs?tags=drafts-test&limit=200')).body.items.map(
        (d: { slug: string }) => d.slug,
      );
    const tagCount = async () =>
      (await ctx().request('GET', '/api/v1/docs/tags')).body.find(
        (t: { name: string }) => t.name === 'drafts-test',
      )?.documents ?? 0;
    const serve = async () => (await ctx().request('GET', '/api/v1/docs/draft-agree')).status;
    const shown = async () => ({ listed: (await tagged()).includes('draft-agree'), page: await serve() });

    expect(await shown()).toEqual({ listed: false, page: 404 });
    const countBefore = await tagCount();
    expect((await ctx().request('GET', `${docs}/draft-agree`, { token })).body).toMatchObject({
      state: 'draft',
      draft_pending: true,
      translations: [{ language: 'en', title: 'draft-agree v1', published: false, draft: true }],
    });
    await act(ctx(), token, doc.id, { action: 'publish' });
    expect(await shown()).toEqual({ listed: true, page: 200 });
    expect(await tagCount()).toBe(countBefore + 1);
    await act(ctx(), token, doc.id, { action: 'unpublish' });
    expect(await shown()).toEqual({ listed: false, page: 404 });
    expect(await tagCount()).toBe(countBefore);
    // Publishing again brings back the published text with its first publication date.
    const again = await act(ctx(), token, doc.id, { action: 'publish' });
    expect(again.body).toMatchObject({ state: 'published', translations: [{ title: 'draft-agree v1' }] });
    expect(await shown()).toEqual({ listed: true, page: 200 });

    // A document whose only draft was discarded has nothing to publish.
    const empty = await newDocument(ctx(), token, 'draft-empty');
    await act(ctx(), token, empty.id, { action: 'discard' });
    expect(await act(ctx(), token, empty.id, { action: 'publish' })).toMatchObject({
      status: 409,
      body: { message: 'The document has no text to publish' },
    });
    expect((await ctx().request('GET', '/api/v1/docs/draft-empty')).status).toBe(404);
  });

  it('lets support staff read drafts but not save, publish or discard them', async () => {
    const admin = await ctx().admin();
    const support = await ctx().person('drafts-support');
    const found = await ctx().request('GET', `/api/v1/admin/users?q=${encodeURIComponent(support.email)}`, {
      token: admin.token,
    });
    await ctx().request('PUT', `/api/v1/admin/users/${found.body.items[0].id}`, {
      token: admin.token,
      body: { staff: 'support' },
    });
    const doc = await newDocument(ctx(), admin.token, 'draft-support');
    const token = support.token;
    expect((await ctx().request('GET', `${docs}/draft-support`, { token })).status).toBe(200);
    expect((await ctx().request('GET', `${docs}/draft-support/tr/en`, { token })).body).toMatchObject({
      draft: true,
    });
    const refused = [
      await ctx().request('PUT', `${docs}/draft-support/tr/en`, {
        token,
        body: { title: 'x', content: 'y' },
      }),
      await act(ctx(), token, doc.id, { action: 'publish' }),
      await act(ctx(), token, doc.id, { action: 'discard' }),
    ];
    for (const r of refused) expect(r.status).toBe(403);
    expect((await ctx().request('GET', '/api/v1/docs/draft-support')).status).toBe(404);
    expect((await ctx().request('GET', `${docs}/draft-support/tr/en`, { token })).body).toMatchObject({
      title: 'draft-support v1',
      draft: true,
    });
  });

  it('records publish and discard in the audit log, named by the title', async () => {
    const { token } = await ctx().admin();
    const doc = await newDocument(ctx(), token, 'draft-audit');
    await act(ctx(), token, doc.id, { action: 'publish' });
    await ctx().request('PUT', `${docs}/draft-audit/tr/en`, {
      token,
      body: { title: 'Audited', content: 'x' },
    });
    await act(ctx(), token, doc.id, { action: 'discard' });
    // Discarding again changes nothing and records nothing.
    await act(ctx(), token, doc.id, { action: 'discard' });
    const log = await ctx().request('GET', `/api/v1/admin/audit?object_type=document&object_id=${doc.id}`, {
      token,
    });
    const entries = log.body.items as {
      action: string;
      object_name: string;
      before: unknown;
      after: unknown;
    }[];
    expect(entries.map((e) => e.action)).toEqual([
      'document.discard',
      'document.translation.put',
      'document.publish',
      'document.create',
    ]);
    for (const e of entries) expect(e.object_name).toBe('draft-audit v1');
    expect(entries[0]).toMatchObject({ before: { draft_pending: true }, after: { draft_pending: false } });
    expect(entries[2]).toMatchObject({ before: { state: 'draft' }, after: { state: 'published' } });
  });

  it('re-seeding updates the published seeded text and never a staff draft', async () => {
    const { token } = await ctx().admin();
    const draft = { title: 'Staff draft of the CLI page', content: 'Drafted by staff' };
    await ctx().request('PUT', `${docs}/cli/tr/en`, { token, body: draft });
    const changed = contentSeed().map((d) =>
      d.slug === 'cli'
        ? { ...d, translations: { ...d.translations, en: { title: 'cli v3', content: 'Seed v3' } } }
        : d,
    );
    const report = await seedDocuments(ctx().app.database.db, changed);
    expect(report).toMatchObject({ translationsUpdated: 1 });
    // The public reads the new seeded text; staff's draft is untouched and still publishes.
    expect((await ctx().request('GET', '/api/v1/docs/cli')).body).toMatchObject({ title: 'cli v3' });
    expect((await ctx().request('GET', `${docs}/cli/tr/en`, { token })).body).toMatchObject({
      ...draft,
      draft: true,
    });
    await act(ctx(), token, 'cli', { action: 'publish' });
    expect((await ctx().request('GET', '/api/v1/docs/cli')).body).toMatchObject(draft);
    // Published staff text is kept by the next seed.
    expect(await seedDocuments(ctx().app.database.db, contentSeed())).toMatchObject({
      translationsUpdated: 0,
    });
    expect((await ctx().request('GET', '/api/v1/docs/cli')).body).toMatchObject(draft);
  });
});
