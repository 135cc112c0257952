import { describe, expect, it } from 'vitest';
import { COLLECTIONS, DATA_DOCUMENTS, DEFAULT_LANGUAGE, LANGUAGES, listDocuments } from '../src/index.js';
import { codeBlocks } from './helpers.js';

const documents = listDocuments();
const slugsOf = (collection: string) =>
  [...new Set(documents.filter((d) => d.collection === collection).map((d) => d.slug))].sort();
const get = (collection: string, slug: string, lang: string) =>
  documents.find((d) => d.collection === collection && d.slug === slug && d.lang === lang);

const LANDING = [
  'core-value-proposition',
  'developer-onboarding-journey',
  'integration-examples',
  'pattern-teaser',
  'technical-highlights',
];
const LEGAL = ['contacts', 'end-user-licence', 'privacy-policy', 'terms-of-service'];
const DOCS = [
  'api-keys-and-signing',
  'api-overview',
  'cli',
  'errors',
  'getting-started',
  'mcp',
  'on-premise',
  'pattern-language',
  'plans-and-billing',
  'rate-limits',
  'sdk',
  'self-hosting',
  'series',
  'slugs-in-other-languages',
  'uniqueness-and-capacity',
];

describe('documents', () => {
  it('every collection directory holds documents', () => {
    for (const c of COLLECTIONS) expect(slugsOf(c).length, c).toBeGreaterThan(0);
  });

  it('a slug names one document across all collections (the store has one namespace)', () => {
    const owner = new Map<string, string>();
    for (const d of documents) {
      const seen = owner.get(d.slug);
      expect(seen === undefined || seen === d.collection, `${d.slug} in ${seen} and ${d.collection}`).toBe(
        true,
      );
      owner.set(d.slug, d.collection);
    }
    for (const name of DATA_DOCUMENTS) expect(owner.has(name), name).toBe(false);
  });

  it('slugs are lower-case kebab case and languages are known', () => {
    for (const d of documents) {
      expect(d.slug, d.path).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(LANGUAGES, d.path).toContain(d.lang);
    }
  });

  it.each(documents.map((d) => ({ where: `${d.collection}/${d.slug}/${d.lang}.md`, d })))(
    'front matter of $where',
    ({ d }) => {
      expect(typeof d.title).toBe('string');
      expect(d.title.trim()).not.toBe('');
      expect(Array.isArray(d.tags)).toBe(true);
      expect(d.tags.length).toBeGreaterThan(0);
      for (const tag of d.tags) expect(tag).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(d.tags, 'the collection is the first tag').toContain(d.collection);
      expect(Number.isInteger(d.order)).toBe(true);
      expect(d.body.trim().length).toBeGreaterThan(100);
      // Closed fences: an odd number of fence lines would swallow the rest of the page.
      expect(d.body.split('\n').filter((l) => /^\s*```/.test(l)).length % 2, d.path).toBe(0);
    },
  );

  it('every document has an English version; translations keep its tags and order', () => {
    for (const d of documents) {
      const en = get(d.collection, d.slug, DEFAULT_LANGUAGE);
      expect(en, d.path).toBeDefined();
      expect(d.tags, d.path).toEqual(en?.tags);
      expect(d.order, d.path).toBe(en?.order);
    }
  });

  it('translations are not English copies', () => {
    for (const d of documents.filter((x) => x.lang !== DEFAULT_LANGUAGE)) {
      const en = get(d.collection, d.slug, DEFAULT_LANGUAGE);
      expect(d.body, d.path).not.toBe(en?.body);
      expect(d.title, d.path).not.toBe(en?.title);
    }
  });

  it('the docs cover the product', () => {
    expect(slugsOf('docs')).toEqual(expect.arrayContaining(DOCS));
    expect(slugsOf('articles').length).toBeGreaterThanOrEqual(3);
  });

  it('each landing block and legal document exists in every language', () => {
    expect(slugsOf('landing')).toEqual(LANDING);
    expect(slugsOf('legal')).toEqual(LEGAL);
    for (const slug of LANDING)
      for (const lang of LANGUAGES) expect(get('landing', slug, lang), `${slug} ${lang}`).toBeDefined();
    for (const slug of LEGAL)
      for (const lang of LANGUAGES) expect(get('legal', slug, lang), `${slug} ${lang}`).toBeDefined();
  });

  it('every doc and article exists in every language', () => {
    for (const collection of ['docs', 'articles'])
      for (const slug of slugsOf(collection))
        for (const lang of LANGUAGES)
          expect(get(collection, slug, lang), `${collection}/${slug} ${lang}`).toBeDefined();
  });

  it('a translated legal summary links to the English full text, asking for English', () => {
    // In the reader's language /legal/<slug> serves this very summary: the link must ask for ?lang=en.
    for (const d of documents.filter(
      (x) => x.collection === 'legal' && x.lang !== DEFAULT_LANGUAGE && x.slug !== 'contacts',
    )) {
      const selfLinks = [...d.body.matchAll(/\]\((\/legal\/([a-z0-9-]+)[^)\s]*)\)/g)]
        .filter((m) => m[2] === d.slug)
        .map((m) => m[1]);
      expect(selfLinks.length, d.path).toBeGreaterThan(0);
      for (const target of selfLinks)
        expect(target, d.path).toBe(`/legal/${d.slug}?lang=${DEFAULT_LANGUAGE}`);
    }
  });

  it('internal links point at documents that exist', () => {
    const known = new Set(documents.map((d) => `/${d.collection}/${d.slug}`));
    const pages = [
      '/docs',
      '/articles',
      '/legal',
      '/contacts',
      '/playground',
      '/products',
      '/products/feature-matrix',
      '/stats',
      '/dashboard',
      '/login',
      '/test-functionality',
      '/demo-elements',
      '/',
    ];
    for (const d of documents) {
      for (const m of d.body.matchAll(/\]\((\/[^)\s#?]*)[^)]*\)/g)) {
        const target = m[1] ?? '';
        const ok = known.has(target) || pages.includes(target) || target.startsWith('/api/');
        expect(ok, `${d.path} links to ${target}`).toBe(true);
      }
    }
  });

  it('links to a heading of another document name a heading that exists', () => {
    // Anchors as the documentation view makes them (rehype-slug): lower case, punctuation
    // dropped, spaces to hyphens.
    const anchor = (heading: string) =>
      heading
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, '')
        .trim()
        .replace(/\s/g, '-');
    let checked = 0;
    for (const d of documents) {
      for (const m of d.body.matchAll(/\]\((\/[a-z]+\/[a-z0-9-]+)#([^)\s]+)\)/g)) {
        const [, path, hash] = m;
        const target =
          documents.find((x) => `/${x.collection}/${x.slug}` === path && x.lang === d.lang) ??
          documents.find((x) => `/${x.collection}/${x.slug}` === path && x.lang === DEFAULT_LANGUAGE);
        const anchors = (target?.body.match(/^#{1,6} .*$/gm) ?? []).map((h) => anchor(h.replace(/^#+ /, '')));
        expect(anchors, `${d.path} links to ${path}#${hash}`).toContain(hash);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('code blocks carry an info string', () => {
    for (const d of documents) {
      for (const b of codeBlocks(d.body)) expect(b.info, `${d.path}:${b.line}`).not.toBe('');
    }
  });
});
