import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { body, client } from './api.js';

/** One use-case category of the pattern examples document (product spec §3). */
export interface PatternExample {
  pattern: string;
  name: string;
  capacity?: string;
  punchline?: string;
  description?: string;
}
export interface PatternCategory {
  id: string;
  category: string;
  description?: string;
  patterns: PatternExample[];
}

/** A document of the document store: markdown blocks carry `content`, data documents `data`. */
export interface StoredDocument {
  slug?: string;
  title?: string;
  content?: string;
  data?: unknown;
}

/** GET /api/v1/docs/{name}?lang= (product spec §7.5). */
export const fetchDocument = (name: string, lang: string, signal?: AbortSignal) =>
  body(client.GET('/docs/{id}', { params: { path: { id: name }, query: { lang } }, auth: 'none', signal }));

function isCategory(value: unknown): value is PatternCategory {
  const v = value as PatternCategory;
  return !!v && typeof v.category === 'string' && Array.isArray(v.patterns);
}

/** The pattern examples in the current language: a data document (`data` is the list of categories). */
export function usePatternExamples() {
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? 'en-GB';
  return useQuery({
    queryKey: ['pattern-examples', lang],
    queryFn: async () => {
      const doc = await fetchDocument('pattern-examples', lang);
      const data = Array.isArray(doc) ? doc : doc.data;
      if (!Array.isArray(data)) return [];
      return data
        .filter(isCategory)
        .map((c, i) => ({
          ...c,
          id: c.id ?? String(i),
          patterns: c.patterns.filter((p) => typeof p?.pattern === 'string'),
        }))
        .filter((c) => c.patterns.length > 0);
    },
    staleTime: 10 * 60_000,
    retry: 1,
  });
}

/** A landing content block by slug in the current language. */
export function useContentBlock(slug: string) {
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? 'en-GB';
  return useQuery({
    queryKey: ['content-block', slug, lang],
    queryFn: () => fetchDocument(slug, lang),
    staleTime: 10 * 60_000,
    retry: 0,
  });
}
