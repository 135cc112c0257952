import {
  type AdminDocument,
  type CreateDocument,
  type Document,
  type DocumentAction,
  type DocumentLanguage,
  DocumentMessages,
  type DocumentSummary,
  documentLanguageCandidates,
  documentLanguageOf,
  type Translation,
  type UpdateDocument,
} from '@slugsmith/contract';
import { and, eq } from 'drizzle-orm';
import { parse as parseYaml } from 'yaml';
import type { Db } from '../../db/connect.js';
import { isUniqueViolation } from '../../db/errors.js';
import { documentDrafts, documents, documentTags, documentTranslations } from '../../db/schema.js';
import { ApiError } from '../../platform/errors.js';
import type { DocumentRow } from './queries.js';
import * as q from './queries.js';

const notFound = () => ApiError.notFound(DocumentMessages.notFound, { reason: 'document_not_found' });

/** The best translation for `lang` among `available`: regional → base → English → any. */
export function pickLanguage(available: readonly string[], lang: string | undefined): string | undefined {
  for (const candidate of documentLanguageCandidates(lang)) {
    if (available.includes(candidate)) return candidate;
  }
  return available[0];
}

/** The stored language for an admin's `{lang}`; 400 when no supported language matches. */
export function storedLanguage(tag: string): DocumentLanguage {
  const lang = documentLanguageOf(tag);
  if (!lang)
    throw ApiError.badRequest(DocumentMessages.unsupportedLanguage, {
      reason: 'unsupported_language',
      language: tag,
    });
  return lang;
}

function summary(row: DocumentRow, tags: string[], title: string, language: string): DocumentSummary {
  return {
    id: row.id,
    slug: row.slug,
    collection: row.collection,
    format: row.format,
    tags,
    order: row.position,
    title,
    language,
    published_at: row.publishedAt?.toISOString() ?? null,
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * Each language of the documents as staff see it: the draft's title when a draft is pending, else
 * the published one; what is published and what waits.
 */
async function workingInfos(db: Db, ids: readonly string[]) {
  const [published, drafts] = await Promise.all([q.translationInfos(db, ids), q.draftInfos(db, ids)]);
  const key = (t: { documentId: string; language: string }) => `${t.documentId}/${t.language}`;
  const byKey = new Map(drafts.map((d) => [key(d), d]));
  const out = published.map((t) => {
    const draft = byKey.get(key(t));
    byKey.delete(key(t));
    return {
      documentId: t.documentId,
      language: t.language,
      title: draft?.title ?? t.title,
      updatedAt: draft?.updatedAt ?? t.updatedAt,
      seeded: t.seededHash !== null,
      published: true,
      draft: draft !== undefined,
    };
  });
  for (const d of byKey.values()) out.push({ ...d, seeded: false, published: false, draft: true });
  return out.sort((a, b) => a.language.localeCompare(b.language));
}

// ---- public -------------------------------------------------------------------------------------

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What the audit log calls documents: the title in `lang` (else the nearest translation), else the
 * slug. Ids of documents that no longer exist (or are no document id at all) are absent.
 */
export async function documentNames(
  db: Db,
  ids: readonly string[],
  lang: string | undefined,
): Promise<Map<string, string>> {
  const wanted = [...new Set(ids)].filter((id) => uuidPattern.test(id));
  const [slugs, translations] = await Promise.all([q.slugsOf(db, wanted), workingInfos(db, wanted)]);
  const names = new Map<string, string>();
  for (const [id, slug] of slugs) {
    const own = translations.filter((t) => t.documentId === id);
    const language = pickLanguage(
      own.map((t) => t.language),
      lang,
    );
    names.set(id, own.find((t) => t.language === language)?.title || slug);
  }
  return names;
}

export async function listPublished(
  db: Db,
  query: { offset: number; limit: number; tags?: string[]; lang?: string },
) {
  const { rows, total } = await q.listDocuments(db, { ...query, state: 'published' });
  const ids = rows.map((r) => r.id);
  const [tags, translations] = await Promise.all([q.tagsOf(db, ids), q.translationInfos(db, ids)]);
  const items = rows.flatMap((row) => {
    const own = translations.filter((t) => t.documentId === row.id);
    const language = pickLanguage(
      own.map((t) => t.language),
      query.lang,
    );
    const t = own.find((x) => x.language === language);
    return t ? [summary(row, tags.get(row.id) ?? [], t.title, t.language)] : [];
  });
  return { items, total, offset: query.offset, limit: query.limit };
}

async function publishedTranslation(db: Db, idOrSlug: string, lang: string | undefined) {
  const row = await q.findDocument(db, idOrSlug);
  if (row?.state !== 'published') throw notFound();
  const infos = await q.translationInfos(db, [row.id]);
  const languages = infos.map((t) => t.language);
  const language = pickLanguage(languages, lang);
  const translation = language === undefined ? undefined : await q.findTranslation(db, row.id, language);
  if (!translation) throw notFound();
  return { row, translation, languages };
}

/** A YAML document's content as data; null when an edit left it unparseable. */
function parseData(text: string): unknown {
  try {
    return parseYaml(text) ?? null;
  } catch {
    return null;
  }
}

export async function getPublished(db: Db, idOrSlug: string, lang: string | undefined): Promise<Document> {
  const { row, translation, languages } = await publishedTranslation(db, idOrSlug, lang);
  const tags = (await q.tagsOf(db, [row.id])).get(row.id) ?? [];
  return {
    ...summary(row, tags, translation.title, translation.language),
    content: translation.content,
    languages,
    ...(row.format === 'yaml' && { data: parseData(translation.content) }),
  };
}

/** The published documents of the collections the console shows as pages (for the sitemap). */
export const listPublishedPages = (db: Db, collections: readonly string[]) =>
  q.listPublishedPages(db, collections);

/** A data document or landing block by name: its text, its format and the language served. */
export async function getContent(db: Db, name: string, lang: string | undefined) {
  const slug = name.replace(/\.(ya?ml|md)$/i, '');
  const { row, translation } = await publishedTranslation(db, slug, lang);
  return { format: row.format, language: translation.language, text: translation.content };
}

// ---- admin --------------------------------------------------------------------------------------

async function toAdmin(db: Db, rows: DocumentRow[]): Promise<AdminDocument[]> {
  const ids = rows.map((r) => r.id);
  const [tags, translations] = await Promise.all([q.tagsOf(db, ids), workingInfos(db, ids)]);
  return rows.map((row) => {
    const own = translations.filter((t) => t.documentId === row.id);
    return {
      id: row.id,
      slug: row.slug,
      collection: row.collection,
      format: row.format,
      state: row.state,
      tags: tags.get(row.id) ?? [],
      order: row.position,
      published_at: row.publishedAt?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
      translations: own.map((t) => ({
        language: t.language,
        title: t.title,
        updated_at: t.updatedAt.toISOString(),
        seeded: t.seeded,
        published: t.published,
        draft: t.draft,
      })),
      draft_pending: own.some((t) => t.draft),
    };
  });
}

async function requireDocument(db: Db, idOrSlug: string): Promise<DocumentRow> {
  const row = await q.findDocument(db, idOrSlug);
  if (!row) throw notFound();
  return row;
}

export async function adminList(
  db: Db,
  query: { offset: number; limit: number; tags?: string[]; state?: 'draft' | 'published' },
) {
  const { rows, total } = await q.listDocuments(db, query);
  return { items: await toAdmin(db, rows), total, offset: query.offset, limit: query.limit };
}

export async function adminGet(db: Db, idOrSlug: string): Promise<AdminDocument> {
  const [doc] = await toAdmin(db, [await requireDocument(db, idOrSlug)]);
  return doc;
}

export async function createDocument(db: Db, body: CreateDocument): Promise<AdminDocument> {
  const language = storedLanguage(body.language);
  try {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(documents)
        .values({ slug: body.slug, collection: body.collection, format: body.format, position: body.order })
        .returning({ id: documents.id });
      // Nothing is public before the first publish: the first text is a draft.
      await tx
        .insert(documentDrafts)
        .values({ documentId: row.id, language, title: body.title, content: body.content });
      await q.setTags(tx, row.id, [body.collection, ...(body.tags ?? [])]);
      return row.id;
    });
    return adminGet(db, id);
  } catch (error) {
    if (isUniqueViolation(error, 'documents_slug_key'))
      throw ApiError.conflict(DocumentMessages.slugTaken, { reason: 'document_slug_taken' });
    throw error;
  }
}

export async function updateDocument(db: Db, idOrSlug: string, body: UpdateDocument): Promise<AdminDocument> {
  const row = await requireDocument(db, idOrSlug);
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(documents)
        .set({
          ...(body.slug !== undefined && { slug: body.slug }),
          ...(body.collection !== undefined && { collection: body.collection }),
          ...(body.format !== undefined && { format: body.format }),
          ...(body.order !== undefined && { position: body.order }),
          // An administrator's change: the content seed leaves this document's tags and order alone.
          seededHash: null,
          updatedAt: new Date(),
        })
        .where(eq(documents.id, row.id));
      if (body.tags !== undefined) await q.setTags(tx, row.id, body.tags);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'documents_slug_key'))
      throw ApiError.conflict(DocumentMessages.slugTaken, { reason: 'document_slug_taken' });
    throw error;
  }
  return adminGet(db, row.id);
}

export async function deleteDocument(db: Db, idOrSlug: string): Promise<void> {
  const row = await requireDocument(db, idOrSlug);
  await db.transaction(async (tx) => {
    // A seeded document stays deleted: the next start-up does not seed it again.
    await q.markRemoved(tx, row.slug);
    await tx.delete(documents).where(eq(documents.id, row.id));
  });
}

/**
 * The publish action (product spec §3, §4): `publish` makes the drafts (one language's, or all)
 * the published text and shows the document; `discard` drops them; `unpublish` hides the document.
 */
export async function act(db: Db, idOrSlug: string, body: DocumentAction): Promise<AdminDocument> {
  const row = await requireDocument(db, idOrSlug);
  const language = body.language === undefined ? undefined : storedLanguage(body.language);
  if (body.action === 'discard') {
    // The public text and the document's dates stay as they are.
    await q.deleteDrafts(db, row.id, language);
  } else if (body.action === 'unpublish') {
    await db.update(documents).set({ state: 'draft', updatedAt: new Date() }).where(eq(documents.id, row.id));
  } else {
    await db.transaction(async (tx) => {
      const now = new Date();
      for (const draft of await q.draftsOf(tx, row.id, language)) {
        // Staff's text: the content seed never replaces it (seeded_hash cleared).
        const text = { title: draft.title, content: draft.content, seededHash: null, updatedAt: now };
        await tx
          .insert(documentTranslations)
          .values({ documentId: row.id, language: draft.language, ...text })
          .onConflictDoUpdate({
            target: [documentTranslations.documentId, documentTranslations.language],
            set: text,
          });
      }
      await q.deleteDrafts(tx, row.id, language);
      if ((await q.translationInfos(tx, [row.id])).length === 0) {
        throw ApiError.conflict(DocumentMessages.nothingToPublish, { reason: 'nothing_to_publish' });
      }
      await tx
        .update(documents)
        // Publishing again keeps the first publication date.
        .set({ state: 'published', publishedAt: row.publishedAt ?? now, updatedAt: now })
        .where(eq(documents.id, row.id));
    });
  }
  return adminGet(db, row.id);
}

/** What staff edit in one language: the draft when one is pending, else the published text. */
async function workingTranslation(
  db: Db,
  documentId: string,
  language: string,
): Promise<Translation | undefined> {
  const [published, draft] = await Promise.all([
    q.findTranslation(db, documentId, language),
    q.findDraft(db, documentId, language),
  ]);
  const text = draft ?? published;
  if (!text) return undefined;
  return {
    language,
    title: text.title,
    content: text.content,
    updated_at: text.updatedAt.toISOString(),
    seeded: published?.seededHash != null,
    published: published !== undefined,
    draft: draft !== undefined,
  };
}

export async function getTranslation(db: Db, idOrSlug: string, lang: string): Promise<Translation> {
  const row = await requireDocument(db, idOrSlug);
  const t = await workingTranslation(db, row.id, storedLanguage(lang));
  if (!t) throw ApiError.notFound(DocumentMessages.translationNotFound, { reason: 'translation_not_found' });
  return t;
}

/**
 * Saves staff's text of one language as a draft; the public keeps reading the published text
 * until the document is published. Saving the published text again leaves no draft.
 */
export async function putTranslation(
  db: Db,
  idOrSlug: string,
  lang: string,
  body: { title: string; content: string },
): Promise<Translation> {
  const row = await requireDocument(db, idOrSlug);
  const language = storedLanguage(lang);
  const published = await q.findTranslation(db, row.id, language);
  if (published && published.title === body.title && published.content === body.content) {
    await q.deleteDrafts(db, row.id, language);
  } else {
    const text = { title: body.title, content: body.content, updatedAt: new Date() };
    await db
      .insert(documentDrafts)
      .values({ documentId: row.id, language, ...text })
      .onConflictDoUpdate({ target: [documentDrafts.documentId, documentDrafts.language], set: text });
  }
  const saved = await workingTranslation(db, row.id, language);
  // Only a document deleted meanwhile leaves nothing to answer with.
  if (!saved) throw notFound();
  return saved;
}

// ---- tags ---------------------------------------------------------------------------------------

export const listTags = (db: Db, publishedOnly: boolean) => q.listTags(db, publishedOnly);

export async function createTag(db: Db, name: string) {
  try {
    await db.insert(documentTags).values({ name });
  } catch (error) {
    if (isUniqueViolation(error)) throw ApiError.conflict(DocumentMessages.tagTaken, { reason: 'tag_taken' });
    throw error;
  }
  return { name, documents: 0 };
}

async function requireTag(db: Db, name: string) {
  const tag = await q.findTag(db, name);
  if (!tag) throw ApiError.notFound(DocumentMessages.tagNotFound, { reason: 'tag_not_found' });
  return tag;
}

export async function renameTag(db: Db, name: string, to: string) {
  const tag = await requireTag(db, name);
  try {
    await db.update(documentTags).set({ name: to }).where(eq(documentTags.id, tag.id));
  } catch (error) {
    if (isUniqueViolation(error)) throw ApiError.conflict(DocumentMessages.tagTaken, { reason: 'tag_taken' });
    throw error;
  }
  const all = await q.listTags(db, false);
  return all.find((t) => t.name === to) ?? { name: to, documents: 0 };
}

export async function deleteTag(db: Db, name: string): Promise<void> {
  const tag = await requireTag(db, name);
  await db.delete(documentTags).where(and(eq(documentTags.id, tag.id)));
}

export async function documentTagNames(db: Db, idOrSlug: string): Promise<string[]> {
  const row = await requireDocument(db, idOrSlug);
  return (await q.tagsOf(db, [row.id])).get(row.id) ?? [];
}

export async function changeDocumentTags(
  db: Db,
  idOrSlug: string,
  change: { add?: string[]; remove?: string[] },
): Promise<string[]> {
  const row = await requireDocument(db, idOrSlug);
  await db.transaction(async (tx) => {
    if (change.add) await q.addTags(tx, row.id, change.add);
    if (change.remove) await q.removeTags(tx, row.id, change.remove);
    await tx
      .update(documents)
      .set({ seededHash: null, updatedAt: new Date() })
      .where(eq(documents.id, row.id));
  });
  return (await q.tagsOf(db, [row.id])).get(row.id) ?? [];
}
