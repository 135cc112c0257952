import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.js';
import {
  documentDrafts,
  documents,
  documentsRemoved,
  documentTaggings,
  documentTags,
  documentTranslations,
} from '../../db/schema.js';

export type DocumentRow = typeof documents.$inferSelect;
export type TranslationRow = typeof documentTranslations.$inferSelect;
export type DraftRow = typeof documentDrafts.$inferSelect;
/** Drizzle's transaction handle, usable wherever a `Db` is. */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `{id}` in paths: a uuid is an id, anything else a slug. */
export function idOrSlugFilter(idOrSlug: string): SQL {
  return UUID.test(idOrSlug) ? eq(documents.id, idOrSlug.toLowerCase()) : eq(documents.slug, idOrSlug);
}

export async function findDocument(db: DbOrTx, idOrSlug: string): Promise<DocumentRow | undefined> {
  const [row] = await db.select().from(documents).where(idOrSlugFilter(idOrSlug)).limit(1);
  return row;
}

/** Documents carrying every one of `tags`. */
function withAllTags(tags: readonly string[]): SQL | undefined {
  const unique = [...new Set(tags)];
  if (unique.length === 0) return undefined;
  return sql`${documents.id} IN (
    SELECT ${documentTaggings.documentId} FROM ${documentTaggings}
    JOIN ${documentTags} ON ${documentTags.id} = ${documentTaggings.tagId}
    WHERE ${inArray(documentTags.name, unique)}
    GROUP BY ${documentTaggings.documentId}
    HAVING count(*) = ${unique.length})`;
}

export async function listDocuments(
  db: DbOrTx,
  filter: { tags?: readonly string[]; state?: 'draft' | 'published'; offset: number; limit: number },
): Promise<{ rows: DocumentRow[]; total: number }> {
  const where = and(
    filter.state ? eq(documents.state, filter.state) : undefined,
    withAllTags(filter.tags ?? []),
  );
  const rows = await db
    .select()
    .from(documents)
    .where(where)
    .orderBy(asc(documents.collection), asc(documents.position), asc(documents.slug))
    .offset(filter.offset)
    .limit(filter.limit);
  const [{ total }] = await db.select({ total: count() }).from(documents).where(where);
  return { rows, total: Number(total) };
}

/** Tag names per document, sorted. */
export async function tagsOf(db: DbOrTx, documentIds: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(documentIds.map((id) => [id, []]));
  if (documentIds.length === 0) return out;
  const rows = await db
    .select({ documentId: documentTaggings.documentId, name: documentTags.name })
    .from(documentTaggings)
    .innerJoin(documentTags, eq(documentTags.id, documentTaggings.tagId))
    .where(inArray(documentTaggings.documentId, [...documentIds]))
    .orderBy(asc(documentTags.name));
  for (const r of rows) out.get(r.documentId)?.push(r.name);
  return out;
}

/** The slugs of these documents (ids that name no document are left out). */
export async function slugsOf(db: DbOrTx, documentIds: readonly string[]): Promise<Map<string, string>> {
  if (documentIds.length === 0) return new Map();
  const rows = await db
    .select({ id: documents.id, slug: documents.slug })
    .from(documents)
    .where(inArray(documents.id, [...documentIds]));
  return new Map(rows.map((r) => [r.id, r.slug]));
}

/** Every published translation of the documents, without its content. */
export async function translationInfos(db: DbOrTx, documentIds: readonly string[]) {
  if (documentIds.length === 0) return [];
  return db
    .select({
      documentId: documentTranslations.documentId,
      language: documentTranslations.language,
      title: documentTranslations.title,
      seededHash: documentTranslations.seededHash,
      updatedAt: documentTranslations.updatedAt,
    })
    .from(documentTranslations)
    .where(inArray(documentTranslations.documentId, [...documentIds]))
    .orderBy(asc(documentTranslations.language));
}

/** Every draft of the documents, without its content. */
export async function draftInfos(db: DbOrTx, documentIds: readonly string[]) {
  if (documentIds.length === 0) return [];
  return db
    .select({
      documentId: documentDrafts.documentId,
      language: documentDrafts.language,
      title: documentDrafts.title,
      updatedAt: documentDrafts.updatedAt,
    })
    .from(documentDrafts)
    .where(inArray(documentDrafts.documentId, [...documentIds]))
    .orderBy(asc(documentDrafts.language));
}

export async function findDraft(
  db: DbOrTx,
  documentId: string,
  language: string,
): Promise<DraftRow | undefined> {
  const [row] = await db
    .select()
    .from(documentDrafts)
    .where(and(eq(documentDrafts.documentId, documentId), eq(documentDrafts.language, language)))
    .limit(1);
  return row;
}

/** The drafts of a document (one language's when given). */
export function draftsOf(db: DbOrTx, documentId: string, language?: string): Promise<DraftRow[]> {
  return db
    .select()
    .from(documentDrafts)
    .where(
      and(
        eq(documentDrafts.documentId, documentId),
        language === undefined ? undefined : eq(documentDrafts.language, language),
      ),
    );
}

export async function deleteDrafts(db: DbOrTx, documentId: string, language?: string): Promise<void> {
  await db
    .delete(documentDrafts)
    .where(
      and(
        eq(documentDrafts.documentId, documentId),
        language === undefined ? undefined : eq(documentDrafts.language, language),
      ),
    );
}

export async function findTranslation(
  db: DbOrTx,
  documentId: string,
  language: string,
): Promise<TranslationRow | undefined> {
  const [row] = await db
    .select()
    .from(documentTranslations)
    .where(and(eq(documentTranslations.documentId, documentId), eq(documentTranslations.language, language)))
    .limit(1);
  return row;
}

/** Tags with the number of documents carrying them (published ones only when asked). */
export async function listTags(db: DbOrTx, publishedOnly: boolean) {
  const counted = db
    .select({ tagId: documentTaggings.tagId, n: count().as('n') })
    .from(documentTaggings)
    .innerJoin(documents, eq(documents.id, documentTaggings.documentId))
    .where(publishedOnly ? eq(documents.state, 'published') : undefined)
    .groupBy(documentTaggings.tagId)
    .as('counted');
  const rows = await db
    .select({ name: documentTags.name, documents: sql<number>`coalesce(${counted.n}, 0)` })
    .from(documentTags)
    .leftJoin(counted, eq(counted.tagId, documentTags.id))
    .orderBy(asc(documentTags.name));
  return rows
    .map((r) => ({ name: r.name, documents: Number(r.documents) }))
    .filter((r) => !publishedOnly || r.documents > 0);
}

/** Ids of the named tags, creating the missing ones. */
export async function ensureTags(db: DbOrTx, names: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(names)];
  const out = new Map<string, string>();
  if (unique.length === 0) return out;
  await db
    .insert(documentTags)
    .values(unique.map((name) => ({ name })))
    .onConflictDoNothing();
  const rows = await db
    .select({ id: documentTags.id, name: documentTags.name })
    .from(documentTags)
    .where(inArray(documentTags.name, unique));
  for (const r of rows) out.set(r.name, r.id);
  return out;
}

/** Replaces the tags of a document. */
export async function setTags(db: DbOrTx, documentId: string, names: readonly string[]): Promise<void> {
  await db.delete(documentTaggings).where(eq(documentTaggings.documentId, documentId));
  await addTags(db, documentId, names);
}

export async function addTags(db: DbOrTx, documentId: string, names: readonly string[]): Promise<void> {
  const ids = await ensureTags(db, names);
  if (ids.size === 0) return;
  await db
    .insert(documentTaggings)
    .values([...ids.values()].map((tagId) => ({ documentId, tagId })))
    .onConflictDoNothing();
}

export async function removeTags(db: DbOrTx, documentId: string, names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  await db.delete(documentTaggings).where(
    and(
      eq(documentTaggings.documentId, documentId),
      inArray(
        documentTaggings.tagId,
        db
          .select({ id: documentTags.id })
          .from(documentTags)
          .where(inArray(documentTags.name, [...names])),
      ),
    ),
  );
}

export async function findTag(db: DbOrTx, name: string) {
  const [row] = await db.select().from(documentTags).where(eq(documentTags.name, name)).limit(1);
  return row;
}

export async function markRemoved(db: DbOrTx, slug: string): Promise<void> {
  await db.insert(documentsRemoved).values({ slug }).onConflictDoNothing();
}

/** A transaction-scoped advisory lock named per schema (nodes sharing one database take turns). */
export const advisoryLock = (name: string) =>
  sql`SELECT pg_advisory_xact_lock(hashtext(current_schema() || ${`:${name}`}))`;

/** Published documents of the collections, slug and last change only (the sitemap's entries). */
export async function listPublishedPages(db: DbOrTx, collections: readonly string[]) {
  if (collections.length === 0) return [];
  return db
    .select({ slug: documents.slug, collection: documents.collection, updatedAt: documents.updatedAt })
    .from(documents)
    .where(and(eq(documents.state, 'published'), inArray(documents.collection, [...collections])))
    .orderBy(asc(documents.collection), asc(documents.position), asc(documents.slug));
}
