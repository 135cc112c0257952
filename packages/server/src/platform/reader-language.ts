import {
  type DocumentLanguage,
  DocumentMessages,
  documentLanguageCandidates,
  documentLanguageOf,
} from '@slugsmith/contract';
import type { FastifyRequest } from 'fastify';
import { ApiError } from './errors.js';
import { firstLanguage } from './slugs.js';

/**
 * The language a reader asks texts in: `?language=` (the console sends its interface language),
 * else the first of Accept-Language; undefined means English.
 */
export function readerLanguage(request: FastifyRequest): string | undefined {
  const asked = (request.query as { language?: unknown } | undefined)?.language;
  return typeof asked === 'string' && asked !== ''
    ? asked
    : firstLanguage(request.headers['accept-language']);
}

/**
 * The translation nearest `lang` among rows kept beside an English original: regional → base; null
 * when English comes first (asked for, or nothing nearer exists).
 */
export function nearestTranslation<T extends { language: string }>(
  rows: readonly T[],
  lang: string | undefined,
): T | null {
  for (const candidate of documentLanguageCandidates(lang)) {
    if (candidate === 'en') return null;
    const row = rows.find((r) => r.language === candidate);
    if (row) return row;
  }
  return null;
}

/**
 * The stored language staff translate into: a supported language other than English (English is
 * the original's own fields); 400 otherwise.
 */
export function translationLanguage(tag: string): Exclude<DocumentLanguage, 'en'> {
  const lang = documentLanguageOf(tag);
  if (!lang || lang === 'en') {
    throw ApiError.badRequest(
      lang === 'en'
        ? 'English is the original: change it in the fields themselves'
        : DocumentMessages.unsupportedLanguage,
      { reason: lang === 'en' ? 'bad_request' : 'unsupported_language', field: 'language', language: tag },
    );
  }
  return lang;
}
