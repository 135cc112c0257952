/**
 * The interface languages as plain data, without zod, so the web console can import them without
 * pulling the schema library into its first bundle.
 */

/** A language of the interface (product spec §3). */
export interface InterfaceLanguage {
  code: string;
  name: string;
  nativeName: string;
  script: 'latin' | 'cyrillic' | 'cjk';
  flag: string;
}

/** The enabled languages (product spec §9); the first is the default. */
export const SUPPORTED_LANGUAGES: readonly InterfaceLanguage[] = [
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

/** 2-3 letters, optionally a 3-4 letter part, optionally a 2-3 letter part (product spec §2.4). */
const LANGUAGE_SEGMENT = /^[a-z]{2,3}(?:-[a-z]{3,4})?(?:-[a-z]{2,3})?$/i;

/**
 * Whether a path's first segment is a language prefix (product spec §2.4): the §2.4 form, naming
 * a language the runtime's locale data knows (`de`, `pt-BR`, `sr-Latn`), not `faq` or `xx-yyyy`.
 * The console redirects such a path to the rest of it; the server answers that path as a page.
 */
export function isLanguagePrefix(segment: string): boolean {
  if (!LANGUAGE_SEGMENT.test(segment)) return false;
  try {
    return new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' }).of(segment) !== undefined;
  } catch {
    return false;
  }
}
