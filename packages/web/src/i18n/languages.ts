import { type InterfaceLanguage, SUPPORTED_LANGUAGES } from '@slugsmith/contract';

/** A language of the interface (product spec §3). */
export type Language = InterfaceLanguage;

/** The enabled languages (product spec §9); the first is the default. */
export const LANGUAGES = SUPPORTED_LANGUAGES;

export const DEFAULT_LANGUAGE = 'en-GB';
export const LANGUAGE_CODES = LANGUAGES.map((l) => l.code);

/** The catalogue namespaces (product spec §2.10). */
export const NAMESPACES = [
  'common',
  'navigation',
  'landing',
  'auth',
  'playground',
  'docs',
  'errors',
  'dashboard',
  'series',
  'products',
  'billing',
  'admin',
  'components',
  'features',
  'stats',
  'licences',
  'install',
  'account',
  'extras',
] as const;

/**
 * Maps a language tag to an enabled language: an exact (case-insensitive) match, then the base
 * language's first variant (sr → the Cyrillic variant, de-AT → de-DE), else null.
 */
export function matchLanguage(tag: string | null | undefined): string | null {
  if (!tag) return null;
  const wanted = tag.trim().replace(/_/g, '-').toLowerCase();
  if (!wanted) return null;
  const exact = LANGUAGE_CODES.find((c) => c.toLowerCase() === wanted);
  if (exact) return exact;
  const base = wanted.split('-')[0];
  // Serbian written in Latin script by region or script subtag maps to the Latin variant.
  if (base === 'sr' && /-latn(-|$)/.test(wanted)) return 'sr-Latn';
  return LANGUAGE_CODES.find((c) => c.toLowerCase().split('-')[0] === base) ?? null;
}

/** Like matchLanguage, falling back to the default language. */
export function resolveLanguage(tag: string | null | undefined): string {
  return matchLanguage(tag) ?? DEFAULT_LANGUAGE;
}

/** Case-insensitive search over name, native name and code (product spec §2.7). */
export function searchLanguages(query: string, languages: readonly Language[] = LANGUAGES): Language[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...languages];
  return languages.filter(
    (l) =>
      l.name.toLowerCase().includes(q) ||
      l.nativeName.toLowerCase().includes(q) ||
      l.code.toLowerCase().includes(q),
  );
}

/** The stored translation a language reads: `de-DE` → `de`; Serbian by script (Cyrillic unless Latin). */
export function storedLanguageOf(language: string): string {
  const [base = '', ...rest] = language.toLowerCase().split('-');
  if (base === 'sr') return rest.includes('latn') ? 'sr-Latn' : 'sr-Cyrl';
  return base;
}
