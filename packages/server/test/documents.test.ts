import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { contentSeed, type SeedDocument, seedDocuments } from '../src/areas/documents/seed.js';
import { documents, documentsRemoved, documentTranslations } from '../src/db/schema.js';
import { closeApp, describeEachDatabase, TestContext, testConfig, testDatabases } from './support/app.js';

const seed = contentSeed();
const seededTranslations = seed.reduce((n, d) => n + Object.keys(d.translations).length, 0);

async function counts(ctx: TestContext) {
  const db = ctx.app.database.db;
  const [{ docs }] = await db.select({ docs: count() }).from(documents);
  const [{ translations }] = await db.select({ translations: count() }).from(documentTranslations);
  return { docs: Number(docs), translations: Number(translations) };
}

describe('content seed', () => {
  it('holds every document of content/ with its translations', () => {
    const slugs = seed.map((d) => d.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of [
      'getting-started',
      'pattern-language',
      'end-user-licence',
      'contacts',
      'core-value-proposition',
      'pattern-examples',
      'feature-hints',
    ]) {
      expect(slugs).toContain(slug);
    }
    for (const d of seed) expect(Object.keys(d.translations)).toContain('en');
    const examples = seed.find((d) => d.slug === 'pattern-examples') as SeedDocument;
    expect(examples).toMatchObject({ format: 'yaml', collection: 'data' });
    expect(Object.keys(examples.translations)).toHaveLength(10);
  });
});

describeEachDatabase('documents', (ctx) => {
  it('seeds every document once, published, and a second seed changes nothing', async () => {
    expect(await counts(ctx())).toEqual({ docs: seed.length, translations: seededTranslations });
    const again = await seedDocuments(ctx().app.database.db, seed);
    expect(again).toEqual({
      documentsInserted: 0,
      documentsUpdated: 0,
      translationsInserted: 0,
      translationsUpdated: 0,
      kept: 0,
    });
    expect(await counts(ctx())).toEqual({ docs: seed.length, translations: seededTranslations });
    const all = await ctx().request('GET', '/api/v1/docs?limit=200');
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(seed.length);
  });

  it('links the end-user licence agreement to its document, keeping the version', async () => {
    const r = await ctx().request('GET', '/api/v1/agreements/latest');
    const eula = r.body.find((a: { type: string }) => a.type === 'eula');
    expect(eula).toMatchObject({ url: '/legal/end-user-licence', version: '2026-11-01' });
    const doc = await ctx().request('GET', '/api/v1/docs/end-user-licence');
    expect(doc).toMatchObject({ status: 200, body: { slug: 'end-user-licence', collection: 'legal' } });
  });

  it('falls back regional → base → English', async () => {
    const cases: [string | undefined, string][] = [
      ['en-GB', 'en'],
      ['en-US', 'en'],
      ['de-DE', 'de'],
      ['fr-FR', 'fr'],
      ['es-ES', 'es'],
      ['ru-RU', 'ru'],
      ['sr-Cyrl', 'sr-Cyrl'],
      ['sr-Latn', 'sr-Latn'],
      ['sr', 'sr-Cyrl'],
      ['zh-CN', 'zh'],
      ['ja-JP', 'ja'],
      ['ko-KR', 'ko'],
      ['DE-de', 'de'],
      ['pt-BR', 'en'],
      [undefined, 'en'],
    ];
    for (const [lang, expected] of cases) {
      const url = `/api/v1/docs/getting-started${lang ? `?lang=${lang}` : ''}`;
      const r = await ctx().request('GET', url);
      expect(r.status, url).toBe(200);
      expect(r.body.language, url).toBe(expected);
      expect(r.body.languages).toHaveLength(10);
    }
    const de = await ctx().request('GET', '/api/v1/docs/getting-started?lang=de-DE');
    const en = await ctx().request('GET', '/api/v1/docs/getting-started?lang=en-GB');
    expect(de.body.content).not.toBe(en.body.content);
    expect(en.body.content).toContain('#');
    // A document written in English alone (every seeded one is translated) is served in English.
    const { token } = await ctx().admin();
    const draft = await ctx().request('POST', '/api/v1/admin/docs', {
      token,
      body: { slug: 'english-only', title: 'English only', content: '# English only' },
    });
    expect(draft.status).toBe(201);
    const published = await ctx().request('PATCH', `/api/v1/admin/docs/${draft.body.id}`, {
      token,
      body: { action: 'publish' },
    });
    expect(published.status).toBe(200);
    const englishOnly = await ctx().request('GET', '/api/v1/docs/english-only?lang=ja-JP');
    expect(englishOnly.body).toMatchObject({ language: 'en', languages: ['en'] });
    const unpublished = await ctx().request('PATCH', `/api/v1/admin/docs/${draft.body.id}`, {
      token,
      body: { action: 'unpublish' },
    });
    expect(unpublished.status).toBe(200);
    // By id as well as by slug.
    const byId = await ctx().request('GET', `/api/v1/docs/${de.body.id}?lang=de`);
    expect(byId.body).toMatchObject({ slug: 'getting-started', language: 'de' });
    expect((await ctx().request('GET', '/api/v1/docs/getting-started?lang=not%20a%20tag')).status).toBe(400);
  });

  it('answers 404 with its message for a missing or unpublished document', async () => {
    for (const url of [
      '/api/v1/docs/no-such-document',
      '/api/v1/docs/00000000-0000-4000-8000-000000000000',
      '/api/v1/content/no-such-document',
    ]) {
      const r = await ctx().request('GET', url);
      expect(r, url).toMatchObject({ status: 404, body: { code: 404, message: 'Document not found' } });
    }
    const admin = await ctx().admin();
    const draft = await ctx().request('POST', '/api/v1/admin/docs', {
      token: admin.token,
      body: { slug: 'hidden-draft', title: 'Hidden', content: '# Hidden' },
    });
    expect(draft).toMatchObject({ status: 201, body: { state: 'draft', published_at: null } });
    expect((await ctx().request('GET', '/api/v1/docs/hidden-draft')).status).toBe(404);
    expect((await ctx().request('GET', '/api/v1/content/hidden-draft')).status).toBe(404);
  });

  it('answers 400, never 500, to names and texts the database cannot hold', async () => {
    const { token } = await ctx().admin();
    for (const [method, url, body] of [
      ['GET', '/api/v1/docs/%00', undefined],
      ['GET', '/api/v1/content/a%00b', undefined],
      ['GET', '/api/v1/docs?tags=a%00', undefined],
      ['GET', '/api/v1/docs?offset=100000000000000000000', undefined],
      ['DELETE', '/api/v1/admin/docs/tags/%00', undefined],
      ['DELETE', '/api/v1/admin/docs/getting-started/tags?tags=%00', undefined],
      ['GET', '/api/v1/admin/docs/getting-started/tr/%00', undefined],
      ['PUT', '/api/v1/admin/docs/getting-started/tr/en', { title: 'a\u0000', content: 'b' }],
      ['POST', '/api/v1/admin/docs', { slug: 'nul', title: 'a', content: 'b\u0000' }],
    ] as const) {
      const r = await ctx().request(method, url, { token, body });
      expect(r, `${method} ${url}`).toMatchObject({ status: 400, body: { code: 400 } });
    }
  });

  it('lists published documents only, by every tag given, with offset and limit', async () => {
    const docsOnly = seed.filter((d) => d.tags.includes('docs'));
    const page = await ctx().request('GET', '/api/v1/docs?tags=docs&limit=5&offset=0');
    expect(page.body).toMatchObject({ total: docsOnly.length, offset: 0, limit: 5 });
    expect(page.body.items).toHaveLength(5);
    const rest = await ctx().request('GET', `/api/v1/docs?tags=docs&limit=200&offset=5`);
    expect(rest.body.items).toHaveLength(docsOnly.length - 5);
    const slugs = [...page.body.items, ...rest.body.items].map((d: { slug: string }) => d.slug);
    expect(new Set(slugs)).toEqual(new Set(docsOnly.map((d) => d.slug)));
    for (const d of page.body.items) expect(d.tags).toContain('docs');

    // Repeated tags: documents carrying all of them.
    const [a, b] = docsOnly.find((d) => d.tags.length >= 3)?.tags.slice(1, 3) ?? [];
    const both = await ctx().request('GET', `/api/v1/docs?tags=${a}&tags=${b}&limit=200`);
    const expected = seed.filter((d) => d.tags.includes(a) && d.tags.includes(b)).map((d) => d.slug);
    expect(both.body.items.map((d: { slug: string }) => d.slug).sort()).toEqual(expected.sort());
    expect(both.body.total).toBe(expected.length);
    const none = await ctx().request('GET', '/api/v1/docs?tags=docs&tags=no-such-tag');
    expect(none.body).toMatchObject({ total: 0, items: [] });

    // Titles in the language asked for.
    const landing = await ctx().request('GET', '/api/v1/docs?tags=landing&lang=ja-JP');
    expect(landing.body.items).toHaveLength(5);
    for (const d of landing.body.items) expect(d.language).toBe('ja');

    // A draft with the tag stays out until published.
    const admin = await ctx().admin();
    const created = await ctx().request('POST', '/api/v1/admin/docs', {
      token: admin.token,
      body: { slug: 'listing-draft', title: 'Draft', content: 'x', tags: ['docs', 'listing-test'] },
    });
    const listed = async () =>
      (await ctx().request('GET', '/api/v1/docs?tags=listing-test')).body.items.map(
        (d: { slug: string }) => d.slug,
      );
    expect(await listed()).toEqual([]);
    const published = await ctx().request('PATCH', `/api/v1/admin/docs/${created.body.id}`, {
      token: admin.token,
      body: { action: 'publish' },
    });
    expect(published.body).toMatchObject({ state: 'published', published_at: expect.any(String) });
    expect(await listed()).toEqual(['listing-draft']);
    const tags = await ctx().request('GET', '/api/v1/docs/tags');
    expect(tags.body).toContainEqual({ name: 'listing-test', documents: 1 });
    expect(tags.body.find((t: { name: string }) => t.name === 'docs').documents).toBe(docsOnly.length + 1);
    await ctx().request('PATCH', `/api/v1/admin/docs/${created.body.id}`, {
      token: admin.token,
      body: { action: 'unpublish' },
    });
    expect(await listed()).toEqual([]);
    expect((await ctx().request('GET', '/api/v1/docs?limit=500')).status).toBe(400);
  });

  it('serves data documents and landing blocks by name as YAML or markdown', async () => {
    const res = await ctx().app.server.inject({ url: '/api/v1/content/pattern-examples?lang=de-DE' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/yaml; charset=utf-8');
    expect(res.headers['content-language']).toBe('de');
    const examples = seed.find((d) => d.slug === 'pattern-examples') as SeedDocument;
    expect(res.body).toBe(examples.translations.de.content);
    // As JSON too: `data` is the parsed YAML (what the landing gallery reads).
    const json = await ctx().request('GET', '/api/v1/docs/pattern-examples?lang=ja-JP');
    expect(json.body).toMatchObject({ format: 'yaml', language: 'ja' });
    expect(json.body.data.length).toBeGreaterThanOrEqual(6);
    expect(json.body.data[0]).toMatchObject({ id: expect.any(String), patterns: expect.any(Array) });
    const { token } = await ctx().admin();
    await ctx().request('PUT', '/api/v1/admin/docs/feature-hints/tr/es', {
      token,
      body: { title: 'feature-hints', content: 'a: [unclosed' },
    });
    await ctx().request('PATCH', '/api/v1/admin/docs/feature-hints', {
      token,
      body: { action: 'publish', language: 'es' },
    });
    const broken = await ctx().request('GET', '/api/v1/docs/feature-hints?lang=es');
    expect(broken.body).toMatchObject({ language: 'es', content: 'a: [unclosed', data: null });
    const markdown = await ctx().request('GET', '/api/v1/docs/getting-started');
    expect(markdown.body).not.toHaveProperty('data');
    const withExt = await ctx().app.server.inject({
      url: '/api/v1/content/pattern-examples.yaml?lang=sr-Latn',
    });
    expect(withExt.headers['content-language']).toBe('sr-Latn');
    const hints = await ctx().app.server.inject({ url: '/api/v1/content/feature-hints?lang=ko-KR' });
    expect(hints.body).toMatch(/^max_series:/m);
    const block = await ctx().app.server.inject({ url: '/api/v1/content/core-value-proposition?lang=fr-FR' });
    expect(block.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(block.headers['content-language']).toBe('fr');
    expect(block.body.startsWith('---')).toBe(false);
    const languages = await ctx().request('GET', '/api/v1/supported-languages');
    expect(languages.body.map((l: { code: string }) => l.code)).toEqual([
      'en-GB',
      'en-US',
      'de-DE',
      'fr-FR',
      'es-ES',
      'ru-RU',
      'sr-Cyrl',
      'sr-Latn',
      'zh-CN',
      'ja-JP',
      'ko-KR',
    ]);
  });

  it('lets staff create, edit, translate, tag and delete documents', async () => {
    const { token } = await ctx().admin();
    const created = await ctx().request('POST', '/api/v1/admin/docs', {
      token,
      body: {
        slug: 'admin-guide',
        collection: 'articles',
        title: 'Admin guide',
        content: '# Hello',
        tags: ['Guides'],
      },
    });
    expect(created).toMatchObject({
      status: 201,
      body: {
        slug: 'admin-guide',
        collection: 'articles',
        tags: ['articles', 'guides'],
        translations: [{ language: 'en', seeded: false }],
      },
    });
    const id = created.body.id;
    expect(
      await ctx().request('POST', '/api/v1/admin/docs', {
        token,
        body: { slug: 'admin-guide', title: 'Again' },
      }),
    ).toMatchObject({ status: 409, body: { message: 'A document with this slug already exists' } });
    expect(
      (
        await ctx().request('POST', '/api/v1/admin/docs', {
          token,
          body: { slug: 'tags', title: 'Reserved' },
        })
      ).status,
    ).toBe(400);
    const uuidLike = { slug: '00000000-0000-4000-8000-000000000000', title: 'Looks like an id' };
    expect((await ctx().request('POST', '/api/v1/admin/docs', { token, body: uuidLike })).status).toBe(400);

    const tr = await ctx().request('PUT', `/api/v1/admin/docs/${id}/tr/de-DE`, {
      token,
      body: { title: 'Leitfaden', content: '# Hallo' },
    });
    expect(tr.body).toMatchObject({ language: 'de', title: 'Leitfaden', content: '# Hallo', seeded: false });
    expect((await ctx().request('GET', `/api/v1/admin/docs/admin-guide/tr/de`, { token })).body.title).toBe(
      'Leitfaden',
    );
    expect(await ctx().request('GET', `/api/v1/admin/docs/${id}/tr/ja`, { token })).toMatchObject({
      status: 404,
      body: { message: 'Translation not found' },
    });
    expect(
      await ctx().request('PUT', `/api/v1/admin/docs/${id}/tr/xx-YY`, {
        token,
        body: { title: 'x', content: 'y' },
      }),
    ).toMatchObject({ status: 400, body: { message: 'Unsupported language' } });

    const updated = await ctx().request('PUT', `/api/v1/admin/docs/${id}`, {
      token,
      body: { slug: 'staff-guide', order: 7, tags: ['articles', 'staff'] },
    });
    expect(updated.body).toMatchObject({ slug: 'staff-guide', order: 7, tags: ['articles', 'staff'] });
    expect(
      (await ctx().request('PUT', `/api/v1/admin/docs/${id}`, { token, body: { slug: 'getting-started' } }))
        .status,
    ).toBe(409);

    const added = await ctx().request('POST', `/api/v1/admin/docs/${id}/tags`, {
      token,
      body: { tags: ['extra', 'more'] },
    });
    expect(added.body).toEqual(['articles', 'extra', 'more', 'staff']);
    const removed = await ctx().request('DELETE', `/api/v1/admin/docs/${id}/tags?tags=extra&tags=more`, {
      token,
    });
    expect(removed.body).toEqual(['articles', 'staff']);
    expect((await ctx().request('GET', `/api/v1/admin/docs/${id}/tags`, { token })).body).toEqual([
      'articles',
      'staff',
    ]);

    expect(
      (await ctx().request('POST', '/api/v1/admin/docs/tags', { token, body: { name: 'lonely' } })).status,
    ).toBe(201);
    expect(
      (await ctx().request('POST', '/api/v1/admin/docs/tags', { token, body: { name: 'lonely' } })).status,
    ).toBe(409);
    expect(
      (await ctx().request('PUT', '/api/v1/admin/docs/tags/staff', { token, body: { name: 'team' } })).body,
    ).toEqual({ name: 'team', documents: 1 });
    expect((await ctx().request('DELETE', '/api/v1/admin/docs/tags/lonely', { token })).status).toBe(204);
    expect((await ctx().request('DELETE', '/api/v1/admin/docs/tags/lonely', { token })).status).toBe(404);
    const allTags = (await ctx().request('GET', '/api/v1/admin/docs/tags', { token })).body.map(
      (t: { name: string }) => t.name,
    );
    expect(allTags).toContain('team');
    expect(allTags).not.toContain('lonely');

    const list = await ctx().request('GET', '/api/v1/admin/docs?state=draft&tags=team', { token });
    expect(list.body.items.map((d: { slug: string }) => d.slug)).toEqual(['staff-guide']);
    expect(
      (await ctx().request('GET', '/api/v1/admin/docs/staff-guide', { token })).body.translations,
    ).toHaveLength(2);
    expect((await ctx().request('DELETE', `/api/v1/admin/docs/${id}`, { token })).status).toBe(204);
    expect(await ctx().request('GET', `/api/v1/admin/docs/${id}`, { token })).toMatchObject({
      status: 404,
      body: { message: 'Document not found' },
    });
  });

  it('replaces seeded text a later seed changes, keeps what staff edited, and never revives a deleted document', async () => {
    const { token } = await ctx().admin();
    const db = ctx().app.database.db;
    await ctx().request('PUT', '/api/v1/admin/docs/sdk/tr/en', {
      token,
      body: { title: 'Our SDK', content: 'Edited' },
    });
    await ctx().request('PATCH', '/api/v1/admin/docs/sdk', { token, body: { action: 'publish' } });
    await ctx().request('PUT', '/api/v1/admin/docs/cli', { token, body: { order: 99 } });
    await ctx().request('DELETE', '/api/v1/admin/docs/mcp', { token });
    const changed = seed.map((d) =>
      ['sdk', 'cli', 'rate-limits', 'mcp'].includes(d.slug)
        ? {
            ...d,
            order: d.order + 1,
            translations: { ...d.translations, en: { title: `${d.slug} v2`, content: 'New text' } },
          }
        : d,
    );
    const report = await seedDocuments(db, changed);
    // sdk and rate-limits take the new order; cli keeps the order staff gave it.
    expect(report).toMatchObject({ documentsInserted: 0, documentsUpdated: 2, translationsUpdated: 2 });
    const get = async (slug: string) => (await ctx().request('GET', `/api/v1/docs/${slug}`)).body;
    expect(await get('rate-limits')).toMatchObject({ title: 'rate-limits v2', content: 'New text' });
    const sdkOrder = (seed.find((d) => d.slug === 'sdk') as SeedDocument).order;
    expect(await get('sdk')).toMatchObject({ title: 'Our SDK', content: 'Edited', order: sdkOrder + 1 });
    expect(await get('cli')).toMatchObject({ title: 'cli v2', order: 99 });
    expect(await get('mcp')).toMatchObject({ code: 404 });
  });

  it('seeds once when two nodes start together on an empty store', async () => {
    const db = ctx().app.database.db;
    await db.delete(documents);
    await db.delete(documentsRemoved);
    const reports = await Promise.all([seedDocuments(db, seed), seedDocuments(db, seed)]);
    expect(reports.map((r) => r.documentsInserted).sort()).toEqual([0, seed.length]);
    expect(await counts(ctx())).toEqual({ docs: seed.length, translations: seededTranslations });
  });

  // Last: staff calls with random input change and delete documents.
  it('never answers 5xx to random path segments, queries and bodies on document routes', async () => {
    const { token } = await ctx().admin();
    const routes = ctx().app.routes.filter(
      (r) => /\/api\/v1\/(admin\/)?(docs|content|supported-languages)/.test(r.url) && r.method !== 'HEAD',
    );
    const segment = fc.oneof(
      fc.constantFrom('getting-started', 'pattern-examples', 'de-DE', 'sr', 'docs', 'tags'),
      fc.string({ maxLength: 60 }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        segment,
        segment,
        fc.dictionary(
          fc.constantFrom('tags', 'lang', 'offset', 'limit', 'state'),
          fc.string({ maxLength: 20 }),
        ),
        fc.jsonValue({ maxDepth: 3 }),
        async (route, a, b, query, body) => {
          const url = route.url
            .replace(':id', encodeURIComponent(a))
            .replace(':name', encodeURIComponent(a))
            .replace(':tag', encodeURIComponent(a))
            .replace(':lang', encodeURIComponent(b));
          const search = new URLSearchParams(query).toString();
          const withBody = route.method !== 'GET' && route.method !== 'DELETE';
          const response = await ctx().app.server.inject({
            method: route.method as 'GET',
            url: search ? `${url}?${search}` : url,
            headers: {
              authorization: `Bearer ${token}`,
              ...(withBody && { 'content-type': 'application/json' }),
            },
            ...(withBody && { payload: JSON.stringify(body) ?? 'null' }),
          });
          expect(response.statusCode, `${route.method} ${url} ${response.body}`).toBeLessThan(500);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe.each(testDatabases)('[%s] documents across a restart', (kind) => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  it('seeds once and keeps an administrator edit when the server starts again', async () => {
    const env: Record<string, string> = {};
    if (kind === 'pglite') {
      const dir = await mkdtemp(join(tmpdir(), 'slugsmith-docs-'));
      dirs.push(dir);
      env.DATA_DIR = dir;
    }
    const config = testConfig(kind, env);
    const first = new TestContext(await buildApp(config), config);
    const before = await counts(first);
    expect(before).toEqual({ docs: seed.length, translations: seededTranslations });
    const { token } = await first.admin();
    const edit = { title: 'Erste Schritte (geändert)', content: '# Von Hand geändert' };
    expect(
      (await first.request('PUT', '/api/v1/admin/docs/getting-started/tr/de', { token, body: edit })).status,
    ).toBe(200);
    const published = await first.request('PATCH', '/api/v1/admin/docs/getting-started', {
      token,
      body: { action: 'publish', language: 'de' },
    });
    expect(published.status).toBe(200);
    expect(
      (
        await first.request('PUT', '/api/v1/admin/docs/getting-started', {
          token,
          body: { tags: ['docs', 'mine'] },
        })
      ).status,
    ).toBe(200);
    await first.app.server.close();

    const second = new TestContext(await buildApp(config), config);
    try {
      expect(await counts(second)).toEqual(before);
      const de = await second.request('GET', '/api/v1/docs/getting-started?lang=de-DE');
      expect(de.body).toMatchObject({ ...edit, tags: ['docs', 'mine'] });
      const en = await second.request('GET', '/api/v1/docs/getting-started?lang=en');
      expect(en.body.content).toBe(seed.find((d) => d.slug === 'getting-started')?.translations.en.content);
    } finally {
      await closeApp(second.app, config);
    }
  });
});
