import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import { type Document, isLanguagePrefix } from '@slugsmith/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.js';
import { defaultAccess } from '../../auth/access.js';
import type { Db } from '../../db/connect.js';
import { pickLanguage } from '../../platform/interface-language.js';
import { getPublished, listPublishedPages } from '../documents/service.js';
import { type ConsolePath, consolePathMatcher, documentPages, readRoutePaths } from './console-paths.js';
import { BRAND, consoleTexts, describeMarkdown, type PageHead, renderHead } from './page-head.js';
import { robotsTxt, sitemapXml } from './site-files.js';

/** Where the built console is: WEB_DIST_DIR, else the `dist` of the @slugsmith/web workspace. */
function findWebDist(configured?: string): string | undefined {
  if (configured) return resolve(configured);
  try {
    const pkg = createRequire(import.meta.url).resolve('@slugsmith/web/package.json');
    return join(dirname(pkg), 'dist');
  } catch {
    return undefined;
  }
}

/** Paths that belong to the server, never to the single-page app. */
const serverPaths = /^\/(api|oidc)(\/|$)/;

/** Answers a request no route took: true when it sent the console's page. */
export type WebFallback = (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;

/**
 * Serves the built web console at `/`. Hashed assets are cached for a year; `index.html` never,
 * so a deploy is picked up at once. The build writes brotli and gzip copies next to its files
 * (`file.br`, `file.gz`): a browser that accepts one gets that copy as it is, so nothing is
 * compressed per request. GET paths outside /api and /oidc that the console's route table knows
 * (a document page only for a published document) answer index.html and the app's router takes
 * over; any other path answers 404 — with index.html for a browser, so it shows the app's 404
 * page, and the JSON error otherwise. Serves `/robots.txt` and `/sitemap.xml` (the public pages
 * and documents, in every language). Returns the fallback for the not-found handler, or
 * undefined when no console is built.
 */
export async function registerWeb(app: FastifyInstance, deps: AppDeps): Promise<WebFallback | undefined> {
  const dist = findWebDist(deps.config.webDistDir);
  const site = { db: deps.db, publicUrl: deps.config.publicUrl };
  if (!dist || !existsSync(join(dist, 'index.html'))) {
    app.log.info('web console not built: serving the API only');
    return undefined;
  }
  await app.register(async (scope) => {
    defaultAccess(scope, 'public');
    await scope.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      wildcard: true,
      index: false,
      preCompressed: true,
      // A page load fetches a hundred files: their access lines would bury the API's at info.
      logLevel: 'warn',
      setHeaders: (res, path) => {
        res.header(
          'cache-control',
          path.includes(`${join(dist, 'assets')}/`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  });
  const routePaths = readRoutePaths(dist);
  const matchPath = routePaths ? consolePathMatcher(routePaths) : () => ({ kind: 'page' }) as const;
  registerSiteFiles(app, site, routePaths?.indexed ?? []);
  const indexHtml = readFileSync(join(dist, 'index.html'), 'utf8');
  const texts = consoleTexts(dist);
  const pageTitles: Record<string, string> = routePaths?.titles ?? {};

  /** The reader's language: a language prefix, `?lng=`, else the browser's. */
  function languageOf(request: FastifyRequest, path: string) {
    const first = path.split('/')[1] ?? '';
    const prefixed = isLanguagePrefix(first);
    const named = [...(prefixed ? [first] : []), ...queryLanguages(request.query)];
    const language = pickLanguage(named, request.headers['accept-language']);
    return {
      language,
      named: named.length > 0,
      pagePath: prefixed ? `/${path.split('/').slice(2).join('/')}` : path,
    };
  }

  /**
   * The published document a document page shows, read once for both the 404 decision and the
   * page's head; undefined when none of that collection bears the slug.
   */
  async function documentOf(consolePath: ConsolePath & { kind: 'document' }, language: string) {
    const doc = await getPublished(site.db, consolePath.slug, language).catch(() => undefined);
    return doc?.slug === consolePath.slug && doc.collection === consolePath.collection ? doc : undefined;
  }

  /** The head of a page: a document's own title and first paragraph, else the page's texts. */
  function headOf(
    reader: ReturnType<typeof languageOf>,
    page: string | undefined,
    doc: Document | undefined,
  ): PageHead {
    const { language, pagePath } = reader;
    const head = { language, href: new URL(pagePath, site.publicUrl).href, languageNamed: reader.named };
    const description = texts.description(language, page) ?? '';
    if (doc) {
      const own = doc.format === 'markdown' ? describeMarkdown(doc.content) : '';
      return { ...head, title: `${doc.title} - ${BRAND}`, description: own || description };
    }
    return { ...head, title: texts.title(language, page), description };
  }

  /** Sends index.html with the page's head; 404 (and its head) when the console has no such page. */
  const servePage: WebFallback = async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if ((request.method !== 'GET' && request.method !== 'HEAD') || serverPaths.test(path)) return false;
    const consolePath = matchPath(path);
    const reader = languageOf(request, path);
    const doc = consolePath?.kind === 'document' ? await documentOf(consolePath, reader.language) : undefined;
    const found = consolePath?.kind === 'page' || doc !== undefined;
    if (!found && !request.headers.accept?.includes('text/html')) return false;
    const head = found
      ? headOf(reader, pageTitles[reader.pagePath] ?? (doc ? doc.collection : undefined), doc)
      : headOf(languageOf(request, '/404'), pageTitles['/404'], undefined);
    reply
      .code(found ? 200 : 404)
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Language')
      .type('text/html; charset=utf-8')
      .send(renderHead(indexHtml, head));
    return true;
  };
  // `/` is a page like the others (the static files' index would send index.html as built).
  app.get('/', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    await servePage(request, reply);
    return reply;
  });
  return servePage;
}

/** `?lng=` as the console's language detector reads it (one value, or the first of several). */
function queryLanguages(query: unknown): string[] {
  const lng = (query as Record<string, unknown> | undefined)?.lng;
  const first = Array.isArray(lng) ? lng[0] : lng;
  return typeof first === 'string' ? [first] : [];
}

/** robots.txt and a sitemap of the indexed pages and every published document page. */
function registerSiteFiles(app: FastifyInstance, site: { db: Db; publicUrl: string }, indexed: string[]) {
  app.register(async (scope) => {
    defaultAccess(scope, 'public');
    scope.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(robotsTxt(site.publicUrl)),
    );
    scope.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
      const collections = Object.entries(documentPages);
      const documents = await listPublishedPages(
        site.db,
        collections.map(([, collection]) => collection),
      );
      const prefixOf = new Map(
        collections.map(([pattern, collection]) => [collection, pattern.replace(/:\w+$/, '')]),
      );
      const pages = [
        ...indexed.map((path) => ({ path })),
        ...documents.map((d) => ({
          path: `${prefixOf.get(d.collection)}${encodeURIComponent(d.slug)}`,
          updatedAt: d.updatedAt,
        })),
      ];
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(sitemapXml(site.publicUrl, pages));
    });
  });
}
