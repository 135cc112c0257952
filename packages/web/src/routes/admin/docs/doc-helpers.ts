import { DOCUMENT_LANGUAGES, documentLanguageOf, type TranslationInfo } from '@slugsmith/contract';

/** The title a list shows: the translation of the reader's language, else English, else the first. */
export function documentTitle(
  doc: { slug: string; translations: readonly Pick<TranslationInfo, 'language' | 'title'>[] },
  interfaceLanguage: string,
): string {
  const wanted = documentLanguageOf(interfaceLanguage);
  const pick =
    doc.translations.find((tr) => tr.language === wanted) ??
    doc.translations.find((tr) => tr.language === 'en') ??
    doc.translations[0];
  return pick?.title || doc.slug;
}

/** Stored languages, those the document has first (in the house order), then the missing ones. */
export function languagesFor(doc: {
  translations: readonly Pick<TranslationInfo, 'language'>[];
}): { code: string; present: boolean }[] {
  const present = new Set(doc.translations.map((tr) => tr.language));
  return [
    ...DOCUMENT_LANGUAGES.filter((l) => present.has(l)).map((code) => ({ code, present: true })),
    ...DOCUMENT_LANGUAGES.filter((l) => !present.has(l)).map((code) => ({ code, present: false })),
  ];
}

/** Tags as typed into a tags input: trimmed, lower case, without blanks or repeats. */
export function normaliseTags(tags: readonly string[]): string[] {
  return [...new Set(tags.map((t) => t.trim().toLowerCase()).filter((t) => t !== ''))];
}

/** Where the public site shows a document of a collection, if it has a page of its own. */
export function publicPath(collection: string, slug: string): string | null {
  const base = { docs: '/docs', articles: '/articles', legal: '/legal' }[collection];
  return base ? `${base}/${encodeURIComponent(slug)}` : null;
}

/** Page count of a paginated list (at least one page). */
export const pageCount = (total: number, limit: number): number => Math.max(1, Math.ceil(total / limit));
