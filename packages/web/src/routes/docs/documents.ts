import type { Document as StoredDocument } from '@slugsmith/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DEFAULT_LANGUAGE } from '../../i18n/languages.js';
import { ApiError, body, client } from '../../lib/api.js';
import { fetchDocument } from '../../lib/content.js';

export type { StoredDocument };

/** The document collections with pages of their own (product spec §2.2), and where they live. */
export type Collection = 'docs' | 'articles' | 'legal';
export const COLLECTION_PATHS: Record<Collection, string> = {
  docs: '/docs',
  articles: '/articles',
  legal: '/legal',
};
export const isCollection = (value: string): value is Collection => value in COLLECTION_PATHS;

export const LIST_PAGE_SIZE = 24;

/** The interface language, which documents are asked for in (the server falls back to English). */
export function useDocumentLanguage(): string {
  const { i18n } = useTranslation();
  return i18n.resolvedLanguage ?? DEFAULT_LANGUAGE;
}

/** A missing document or a bad request: asking again does not help. */
export const isClientError = (error: unknown) =>
  error instanceof ApiError && error.code >= 400 && error.code < 500;

const retryServerTrouble = (failures: number, error: unknown) => failures < 1 && !isClientError(error);

/** A language tag as the document service takes it (product spec §2.4 form). */
const LANGUAGE_TAG = /^[A-Za-z]{2,3}(-[A-Za-z]{4})?(-([A-Za-z]{2}|[0-9]{3}))?$/;

/**
 * The language to read a document in: `?lang=` of the address when it is a language tag (a link
 * may ask for one, product spec §2.9), else the interface language.
 */
export function useRequestedLanguage(): string {
  const [params] = useSearchParams();
  return requestedLanguage(params, useDocumentLanguage());
}

export function requestedLanguage(params: URLSearchParams, interfaceLanguage: string): string {
  const asked = params.get('lang');
  return asked && LANGUAGE_TAG.test(asked) ? asked : interfaceLanguage;
}

/** GET /docs/{id or slug}?lang= (product spec §7.5). */
export const documentQuery = (idOrSlug: string, lang: string) =>
  queryOptions({
    queryKey: ['document', idOrSlug, lang],
    queryFn: ({ signal }) => fetchDocument(idOrSlug, lang, signal),
    staleTime: 5 * 60_000,
    retry: retryServerTrouble,
  });

export function useDocument(idOrSlug: string) {
  return useQuery({
    ...documentQuery(idOrSlug, useRequestedLanguage()),
    // While a language switch loads, the same document stays on screen.
    placeholderData: (previous) =>
      previous?.slug === idOrSlug || previous?.id === idOrSlug ? previous : undefined,
  });
}

/** GET /docs?tags=…&offset&limit&lang: published documents carrying every tag given. */
export function useDocumentList(tags: string[], page: number) {
  const lang = useDocumentLanguage();
  return useQuery({
    queryKey: ['documents', tags, page, lang],
    queryFn: ({ signal }) =>
      body(
        client.GET('/docs', {
          params: { query: { offset: page * LIST_PAGE_SIZE, limit: LIST_PAGE_SIZE, lang, tags } },
          auth: 'none',
          signal,
        }),
      ),
    staleTime: 5 * 60_000,
    retry: retryServerTrouble,
  });
}

/** The documentation load errors of product spec §8. */
export function documentErrorMessage(error: unknown, t: TFunction<'docs'>): string {
  if (error instanceof ApiError) return t('apiError', { message: error.message });
  if (error instanceof Error && error.message) return t('error', { message: error.message });
  return t('loadError');
}
