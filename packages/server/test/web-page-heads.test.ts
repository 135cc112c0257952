import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SUPPORTED_LANGUAGES } from '@slugsmith/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { describeMarkdown } from '../src/areas/web/page-head.js';
import { closeApp, TestContext, testConfig } from './support/app.js';

/** A console build as `vite build` writes it: index.html, its route table, two catalogues. */
const indexHtml = `<!doctype html>
<html lang="en-GB" data-mantine-color-scheme="light">
  <head>
    <meta name="description" content="Built description" />
    <title>Slugsmith</title>
  </head>
  <body><div id="root"></div></body>
</html>`;
const routePaths = {
  indexed: ['/', '/docs', '/playground'],
  other: ['/docs/:docSlug', '/legal/:slug'],
  titles: { '/': 'landing', '/docs': 'docs', '/playground': 'playground', '/404': 'notFound' },
};
const catalogues: Record<string, object> = {
  'en-GB': {
    titles: {
      landing: 'Human-readable IDs',
      docs: 'Documentation',
      playground: 'Playground',
      notFound: 'Not found',
    },
    descriptions: { default: 'Unique IDs.', docs: 'All about it.', playground: 'Try <patterns> & "more".' },
  },
  'de-DE': {
    titles: { landing: 'Menschenlesbare IDs', docs: 'Dokumentation' },
    descriptions: { default: 'Eindeutige IDs.', docs: 'Alles darüber.' },
  },
};

describe('page heads rendered by the server: title, description, language and links without JavaScript', () => {
  let dist: string;
  let ctx: TestContext;

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'slugsmith-heads-'));
    await writeFile(join(dist, 'index.html'), indexHtml);
    await writeFile(join(dist, 'route-paths.json'), JSON.stringify(routePaths));
    for (const [language, catalogue] of Object.entries(catalogues)) {
      await mkdir(join(dist, 'locales', language), { recursive: true });
      await writeFile(join(dist, 'locales', language, 'navigation.json'), JSON.stringify(catalogue));
    }
    const config = testConfig('pglite', { WEB_DIST_DIR: dist, PUBLIC_URL: 'https://ids.example.com' });
    ctx = new TestContext(await buildApp(config), config);
  });

  afterAll(async () => {
    if (ctx) await closeApp(ctx.app, ctx.config);
    if (dist) await rm(dist, { recursive: true, force: true });
  });

  const browse = (url: string, acceptLanguage?: string) =>
    ctx.app.server.inject({
      url,
      headers: { accept: 'text/html', ...(acceptLanguage && { 'accept-language': acceptLanguage }) },
    });
  const head = (html: string) => ({
    lang: /<html lang="([^"]*)"/.exec(html)?.[1],
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    description: /<meta name="description" content="([^"]*)"/.exec(html)?.[1],
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1],
    alternates: [...html.matchAll(/<link rel="alternate" hreflang="([^"]*)" href="([^"]*)"/g)].map((m) => [
      m[1],
      m[2],
    ]),
  });

  it("renders a page's title and description in the browser's language, the default language otherwise", async () => {
    const german = await browse('/docs', 'de-AT,de;q=0.9,en;q=0.5');
    expect(german.statusCode).toBe(200);
    expect(german.headers.vary).toContain('Accept-Language');
    expect(head(german.body)).toMatchObject({
      lang: 'de-DE',
      title: 'Dokumentation - Slugsmith',
      description: 'Alles darüber.',
      // The browser chose the language, not the address: the canonical address is the plain one.
      canonical: 'https://ids.example.com/docs',
    });
    expect(head((await browse('/')).body)).toMatchObject({
      lang: 'en-GB',
      title: 'Human-readable IDs - Slugsmith',
      description: 'Unique IDs.',
    });
  });

  it('takes the language from ?lng= or a language prefix, keeps it in the canonical address, and falls back per key', async () => {
    const byQuery = head((await browse('/playground?lng=de', 'ja')).body);
    // No German playground texts: the default language's, under the German page's language.
    expect(byQuery).toMatchObject({
      lang: 'de-DE',
      title: 'Playground - Slugsmith',
      description: 'Try &lt;patterns&gt; &amp; &quot;more&quot;.',
      canonical: 'https://ids.example.com/playground?lng=de-DE',
    });
    const byPrefix = head((await browse('/de/docs')).body);
    expect(byPrefix).toMatchObject({ lang: 'de-DE', canonical: 'https://ids.example.com/docs?lng=de-DE' });
  });

  it('links every interface language and the default as alternates', async () => {
    const { alternates } = head((await browse('/docs')).body);
    expect(alternates).toEqual([
      ...SUPPORTED_LANGUAGES.map(({ code }) => [code, `https://ids.example.com/docs?lng=${code}`]),
      ['x-default', 'https://ids.example.com/docs'],
    ]);
  });

  it("titles a document page with the document's own title and describes it by its first paragraph, in the reader's language", async () => {
    for (const language of ['en-GB', 'de-DE']) {
      const doc = await ctx.request('GET', `/api/v1/docs/getting-started?lang=${language}`);
      expect(doc.status).toBe(200);
      const rendered = head((await browse(`/docs/getting-started?lng=${language}`)).body);
      expect(rendered.title).toBe(`${doc.body.title} - Slugsmith`.replaceAll('&', '&amp;'));
      expect(rendered.description).toBe(describeMarkdown(doc.body.content).replaceAll('&', '&amp;'));
      expect(rendered.description?.length).toBeGreaterThan(20);
    }
  });

  it('gives the 404 page its title and the 404 status', async () => {
    const r = await browse('/no-such-page');
    expect(r.statusCode).toBe(404);
    expect(head(r.body).title).toBe('Not found - Slugsmith');
  });
});

describe('a document described by its first paragraph', () => {
  it('skips headings, code, lists and quotes; drops markdown; cuts a long one at a word', () => {
    const text = [
      '# Title',
      '```\ncode\n```',
      '- a list',
      '> a quote',
      'The **first** [real](/x) `paragraph`.',
    ];
    expect(describeMarkdown(text.join('\n\n'))).toBe('The first real paragraph.');
    const long = describeMarkdown(`${'word '.repeat(60)}end`);
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long.endsWith('word…')).toBe(true);
    expect(describeMarkdown('# Only a heading')).toBe('');
  });
});
