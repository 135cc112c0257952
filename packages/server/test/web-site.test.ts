import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { closeApp, TestContext, testConfig } from './support/app.js';

/** A console build with its route table, as `vite build` writes it. */
const routePaths = {
  indexed: ['/', '/docs', '/playground'],
  other: ['/docs/:docSlug', '/legal/:slug', '/dashboard/org/:orgSlug'],
};

describe('the console as crawlers and links meet it: real 404s, robots.txt, sitemap', () => {
  let dist: string;
  let ctx: TestContext;

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'slugsmith-site-'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>Console</title><div id="root"></div>');
    await writeFile(join(dist, 'route-paths.json'), JSON.stringify(routePaths));
    const config = testConfig('pglite', { WEB_DIST_DIR: dist, PUBLIC_URL: 'https://ids.example.com' });
    ctx = new TestContext(await buildApp(config), config);
  });

  afterAll(async () => {
    if (ctx) await closeApp(ctx.app, ctx.config);
    if (dist) await rm(dist, { recursive: true, force: true });
  });

  const browse = (url: string) => ctx.app.server.inject({ url, headers: { accept: 'text/html,*/*;q=0.8' } });
  const fetchAs = (url: string, accept = '*/*') => ctx.app.server.inject({ url, headers: { accept } });

  it("answers the console's pages with 200, also behind a language prefix and with a trailing slash", async () => {
    for (const path of [
      '/',
      '/playground',
      '/docs/',
      '/de-DE/playground',
      '/ja/docs',
      '/dashboard/org/acme',
    ]) {
      const r = await browse(path);
      expect(r.statusCode, path).toBe(200);
      expect(r.body, path).toContain('<div id="root"></div>');
    }
  });

  it('answers a document page only for a published document of that collection', async () => {
    expect((await browse('/docs/getting-started')).statusCode).toBe(200);
    expect((await browse('/de/docs/getting-started')).statusCode).toBe(200);
    // A document of another collection, and one that does not exist.
    expect((await browse('/legal/getting-started')).statusCode).toBe(404);
    expect((await browse('/docs/no-such-document')).statusCode).toBe(404);
    // A NUL is refused, never sent to the database (which would refuse it with an error).
    for (const path of ['/docs/%00', '/legal/a%00b', '/de/docs/%00x'])
      expect([400, 404], path).toContain((await browse(path)).statusCode);
  });

  it('answers 404 for paths the console does not know: the app page for a browser, JSON otherwise', async () => {
    for (const path of ['/no-such-page', '/faq', '/docs/a/b', '/404', '/xx-yyyy/docs']) {
      const page = await browse(path);
      expect(page.statusCode, path).toBe(404);
      expect(page.body, path).toContain('<div id="root"></div>');
      const other = await fetchAs(path);
      expect(other.statusCode, path).toBe(404);
      expect(other.json(), path).toEqual({
        code: 404,
        message: 'Resource not found',
        details: { reason: 'not_found' },
      });
    }
    const wellKnown = await fetchAs('/.well-known/security.txt');
    expect(wellKnown.statusCode).toBe(404);
    expect(wellKnown.headers['content-type']).toContain('application/json');
  });

  it('serves robots.txt that keeps crawlers out of signed-in pages and names the sitemap', async () => {
    const r = await fetchAs('/robots.txt');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(r.body).toContain('Disallow: /dashboard');
    expect(r.body).toContain('Disallow: /admin');
    expect(r.body).toContain('Sitemap: https://ids.example.com/sitemap.xml');
  });

  it('serves a sitemap of the indexed pages and published documents, each in the 11 languages', async () => {
    const r = await fetchAs('/sitemap.xml');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = [...r.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain('https://ids.example.com/');
    expect(locs).toContain('https://ids.example.com/playground');
    expect(locs).toContain('https://ids.example.com/docs/getting-started');
    expect(locs.some((loc) => loc?.startsWith('https://ids.example.com/legal/'))).toBe(true);
    // Pages the table does not index (signed-in, document patterns) are not listed as patterns.
    expect(locs.filter((loc) => loc?.includes(':') && !loc.startsWith('https:'))).toEqual([]);
    expect(locs.some((loc) => loc?.includes('/dashboard'))).toBe(false);
    expect(r.body).toContain(
      '<xhtml:link rel="alternate" hreflang="de-DE" href="https://ids.example.com/docs/getting-started?lng=de-DE"/>',
    );
    const playground = r.body
      .split('<url>')
      .find((entry) => entry.includes('<loc>https://ids.example.com/playground<'));
    expect(playground?.match(/hreflang="/g)).toHaveLength(12);
  });
});
