/** A language of the interface (product spec §3). */
export interface Language {
  code: string;
  name: string;
  nativeName: string;
  script: 'latin' | 'cyrillic' | 'cjk';
  flag: string;
}

/** The enabled languages (product spec §9); the first is the default. */
export const LANGUAGES: readonly Language[] = [
  { code: 'en-GB', name: 'English (UK)', nativeName: 'English (UK)', script: 'latin', flag: '🇬🇧' },
  { code: 'en-US', name: 'English (US)', nativeName: 'English (US)', script: 'latin', flag: '🇺🇸' },
  { code: 'de-DE', name: 'German', nativeName: 'Deutsch', script: 'latin', flag: '🇩🇪' },
  { code: 'fr-FR', name: 'French', nativeName: 'Français', script: 'latin', flag: '🇫🇷' },
  { code: 'es-ES', name: 'Spanish', nativeName: 'Español', script: 'latin', flag: '🇪🇸' },
  { code: 'ru-RU', name: 'Russian', nativeName: 'Русский', script: 'cyrillic', flag: '🇷🇺' },
  {
    code: 'sr-Cyrl',
    name: 'Serbian (Cyrillic)',
    nativeName: 'Српски (ћирилица)',
    script: 'cyrillic',
    flag: '🇷🇸',
  },
  { code: 'sr-Latn', name: 'Serbian (Latin)', nativeName: 'Srpski (latinica)', script: 'latin', flag: '🇷🇸' },
  { code: 'zh-CN', name: 'Chinese (Simplified)', nativeName: '简体中文', script: 'cjk', flag: '🇨🇳' },
  { code: 'ja-JP', name: 'Japanese', nativeName: '日本語', script: 'cjk', flag: '🇯🇵' },
  { code: 'ko-KR', name: 'Korean', nativeName: '한국어', script: 'cjk', flag: '🇰🇷' },
];

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
