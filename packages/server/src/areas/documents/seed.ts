import { createHash } from 'node:crypto';
import { listDataDocuments, listDocuments } from '@slugsmith/content';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/connect.js';
import { documents, documentsRemoved, documentTaggings, documentTranslations } from '../../db/schema.js';
import * as q from './queries.js';

/** One document as the content directory states it. */
export interface SeedDocument {
  slug: string;
  collection: string;
  format: 'markdown' | 'yaml';
  tags: string[];
  order: number;
  /** language → title and content */
  translations: Record<string, { title: string; content: string }>;
}

/** The collection data documents (pattern-examples, feature-hints) are filed under. */
export const DATA_COLLECTION = 'data';

/** Every document of `content/` (via `@slugsmith/content`), ready to seed. */
export function contentSeed(): SeedDocument[] {
  const bySlug = new Map<string, SeedDocument>();
  for (const d of listDocuments()) {
    let doc = bySlug.get(d.slug);
    if (!doc) {
      doc = {
        slug: d.slug,
        collection: d.collection,
        format: 'markdown',
        tags: [...new Set([d.collection, ...(d.tags ?? [])])],
        order: d.order ?? 0,
        translations: {},
      };
      bySlug.set(d.slug, doc);
    }
    doc.translations[d.lang] = { title: d.title, content: d.body };
  }
  for (const d of listDataDocuments()) {
    let doc = bySlug.get(d.name);
    if (!doc) {
      doc = {
        slug: d.name,
        collection: DATA_COLLECTION,
        format: 'yaml',
        tags: [DATA_COLLECTION],
        order: 0,
        translations: {},
      };
      bySlug.set(d.name, doc);
    }
    doc.translations[d.lang] = { title: d.name, content: d.text };
  }
  return [...bySlug.values()];
}

const sha256 = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

/** Hash of what the seed writes on a document row: everything an administrator may change. */
export const metaHash = (d: { collection: string; format: string; tags: readonly string[]; order: number }) =>
  sha256([d.collection, d.format, [...d.tags].sort(), d.order]);
export const textHash = (t: { title: string; content: string }) => sha256([t.title, t.content]);

export interface SeedReport {
  documentsInserted: number;
  documentsUpdated: number;
  translationsInserted: number;
  translationsUpdated: number;
  /** Documents or translations an administrator changed (or deleted) that the seed left alone. */
  kept: number;
}

/**
 * Seeds the document store: a document or translation is inserted when absent and replaced only
 * while it still holds exactly what an earlier seed wrote (its stored hash matches both the seed
 * record and the current text), so an administrator's edit is never overwritten. Seeded documents
 * are published; staff's drafts (`document_drafts`) are never touched. Documents an administrator deleted stay deleted. Idempotent; nodes starting
 * together take turns under an advisory lock.
 */
export async function seedDocuments(db: Db, seed: readonly SeedDocument[]): Promise<SeedReport> {
  const report: SeedReport = {
    documentsInserted: 0,
    documentsUpdated: 0,
    translationsInserted: 0,
    translationsUpdated: 0,
    kept: 0,
  };
  if (seed.length === 0) return report;
  await db.transaction(async (tx) => {
    await tx.execute(q.advisoryLock('slugsmith-content-seed'));
    const slugs = seed.map((d) => d.slug);
    const removed = new Set(
      (
        await tx
          .select({ slug: documentsRemoved.slug })
          .from(documentsRemoved)
          .where(inArray(documentsRemoved.slug, slugs))
      ).map((r) => r.slug),
    );
    const existing = new Map(
      (await tx.select().from(documents).where(inArray(documents.slug, slugs))).map((r) => [r.slug, r]),
    );
    const ids = [...existing.values()].map((r) => r.id);
    const tags = await q.tagsOf(tx, ids);
    const translations =
      ids.length === 0
        ? []
        : await tx.select().from(documentTranslations).where(inArray(documentTranslations.documentId, ids));
    const tagIds = await q.ensureTags(
      tx,
      seed.flatMap((d) => d.tags),
    );
    const now = new Date();

    const newTranslations: (typeof documentTranslations.$inferInsert)[] = [];
    const newTaggings: (typeof documentTaggings.$inferInsert)[] = [];
    for (const d of seed) {
      if (removed.has(d.slug)) {
        report.kept++;
        continue;
      }
      const hash = metaHash(d);
      let row = existing.get(d.slug);
      if (!row) {
        [row] = await tx
          .insert(documents)
          .values({
            slug: d.slug,
            collection: d.collection,
            format: d.format,
            position: d.order,
            state: 'published',
            publishedAt: now,
            seededHash: hash,
          })
          .returning();
        report.documentsInserted++;
        for (const t of d.tags) newTaggings.push({ documentId: row.id, tagId: tagIds.get(t) as string });
      } else if (row.seededHash !== hash) {
        const current = metaHash({
          collection: row.collection,
          format: row.format,
          tags: tags.get(row.id) ?? [],
          order: row.position,
        });
        if (row.seededHash !== null && row.seededHash === current) {
          await tx
            .update(documents)
            .set({
              collection: d.collection,
              format: d.format,
              position: d.order,
              seededHash: hash,
              updatedAt: now,
            })
            .where(eq(documents.id, row.id));
          await tx.delete(documentTaggings).where(eq(documentTaggings.documentId, row.id));
          for (const t of d.tags) newTaggings.push({ documentId: row.id, tagId: tagIds.get(t) as string });
          report.documentsUpdated++;
        } else {
          report.kept++;
        }
      }
      const documentId = row.id;
      for (const [language, text] of Object.entries(d.translations)) {
        const seededHash = textHash(text);
        const stored = translations.find((t) => t.documentId === documentId && t.language === language);
        if (!stored) {
          newTranslations.push({
            documentId,
            language,
            title: text.title,
            content: text.content,
            seededHash,
          });
          report.translationsInserted++;
        } else if (stored.seededHash !== seededHash) {
          if (stored.seededHash !== null && stored.seededHash === textHash(stored)) {
            await tx
              .update(documentTranslations)
              .set({ title: text.title, content: text.content, seededHash, updatedAt: now })
              .where(
                and(
                  eq(documentTranslations.documentId, documentId),
                  eq(documentTranslations.language, language),
                ),
              );
            report.translationsUpdated++;
          } else {
            report.kept++;
          }
        }
      }
    }
    // Batched: a first start inserts a few hundred rows.
    for (let i = 0; i < newTranslations.length; i += 200) {
      await tx.insert(documentTranslations).values(newTranslations.slice(i, i + 200));
    }
    if (newTaggings.length > 0) await tx.insert(documentTaggings).values(newTaggings).onConflictDoNothing();
  });
  return report;
}
