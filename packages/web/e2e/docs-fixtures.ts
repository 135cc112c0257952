/**
 * A stand-in for the server's document service (product spec §7.5) in the end-to-end harness:
 * the real documents of content/ (docs, articles, legal, landing), published, with the server's
 * language fallback (regional → base → English). Wired into the harness through its `routes`
 * option; answers nothing outside GET /api/v1/docs….
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type ContentDocument, listDocuments } from '@slugsmith/content';
import {
  type DocumentPage,
  type DocumentSummary,
  documentLanguageCandidates,
  type Document as StoredDocument,
} from '@slugsmith/contract';

interface Entry {
  id: string;
  slug: string;
  collection: string;
  tags: string[];
  order: number;
  translations: Map<string, ContentDocument>;
}

const PUBLISHED_AT = '2026-11-01T00:00:00.000Z';

function loadEntries(extra: ContentDocument[]): Entry[] {
  const bySlug = new Map<string, Entry>();
  for (const doc of [...listDocuments(), ...extra]) {
    let entry = bySlug.get(doc.slug);
    if (!entry) {
      entry = {
        id: randomUUID(),
        slug: doc.slug,
        collection: doc.collection,
        tags: [...new Set([doc.collection, ...doc.tags])],
        order: doc.order,
        translations: new Map(),
      };
      bySlug.set(doc.slug, entry);
    }
    entry.translations.set(doc.lang, doc);
  }
  return [...bySlug.values()].sort(
    (a, b) => a.collection.localeCompare(b.collection) || a.order - b.order || a.slug.localeCompare(b.slug),
  );
}

function translationFor(entry: Entry, lang: string | null): ContentDocument {
  for (const candidate of documentLanguageCandidates(lang ?? undefined)) {
    const found = entry.translations.get(candidate);
    if (found) return found;
  }
  throw new Error(`${entry.slug} has no English text`);
}

function summary(entry: Entry, text: ContentDocument): DocumentSummary {
  return {
    id: entry.id,
    slug: entry.slug,
    collection: entry.collection,
    format: 'markdown',
    tags: entry.tags,
    order: entry.order,
    title: text.title,
    language: text.lang,
    published_at: PUBLISHED_AT,
    updated_at: PUBLISHED_AT,
  };
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

/**
 * Every content/ document exists in every language, so a test of the English fallback brings its
 * own English-only document.
 */
export const ENGLISH_ONLY: ContentDocument = {
  collection: 'docs',
  slug: 'english-only',
  lang: 'en',
  path: 'docs/english-only/en.md',
  title: 'Written in English only',
  tags: ['docs'],
  order: 99,
  body: '# Written in English only\n\nNo translation of this page exists.\n',
  text: '',
};

/** Harness routes answering GET /api/v1/docs, /docs/tags and /docs/{id or slug} from content/ and `extra`. */
export function documentStore(extra: ContentDocument[] = []) {
  const entries = loadEntries(extra);
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = new URL(req.url ?? '/', 'http://harness');
    if (req.method !== 'GET' || !url.pathname.startsWith('/api/v1/docs')) return false;
    const lang = url.searchParams.get('lang');
    const rest = url.pathname.slice('/api/v1/docs'.length);
    if (rest === '' || rest === '/') {
      const tags = url.searchParams.getAll('tags').flatMap((t) => t.split(','));
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 50);
      const matching = entries.filter((e) => tags.every((t) => e.tags.includes(t)));
      const page: DocumentPage = {
        items: matching.slice(offset, offset + limit).map((e) => summary(e, translationFor(e, lang))),
        total: matching.length,
        offset,
        limit,
      };
      send(res, 200, page);
      return true;
    }
    if (rest === '/tags') {
      const counts = new Map<string, number>();
      for (const e of entries) for (const t of e.tags) counts.set(t, (counts.get(t) ?? 0) + 1);
      send(
        res,
        200,
        [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([name, documents]) => ({ name, documents })),
      );
      return true;
    }
    const key = decodeURIComponent(rest.slice(1));
    const entry = entries.find((e) => e.slug === key || e.id === key);
    if (!entry) {
      send(res, 404, { code: 404, message: 'Document not found' });
      return true;
    }
    const text = translationFor(entry, lang);
    const doc: StoredDocument = {
      ...summary(entry, text),
      content: text.body,
      languages: [...entry.translations.keys()].sort(),
    };
    send(res, 200, doc);
    return true;
  };
}
