import { DEFAULT_LANGUAGE, matchLanguage } from '../i18n/languages.js';

/** 2-3 letters, optionally a 3-4 letter part, optionally a 2-3 letter part (product spec §2.4). */
const LANGUAGE_SEGMENT = /^[a-z]{2,3}(?:-[a-z]{3,4})?(?:-[a-z]{2,3})?$/i;

export type PrefixOutcome =
  /** Set this console language and go to `to` (rest of the path with query and hash). */
  { kind: 'redirect'; language: string; to: string } | { kind: 'not-found' };

/** Whether a tag names a language at all (one the browser's locale data knows by name). */
function isLanguage(tag: string): boolean {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' }).of(tag) !== undefined;
  } catch {
    return false;
  }
}

/**
 * The decision for a path that matches none of the app's routes. A first segment in the §2.4
 * form that names one of the console languages (exact code or its base language, any case) sets
 * that language; one that names another real language (`pt-BR`) sets the default language (§2.4);
 * either way the user goes to the rest of the path, keeping query string and hash. Anything
 * else — `/faq`, `/foo/bar/baz`, a malformed code — is not found rather than the home page.
 */
export function applyLanguagePrefix(pathname: string, search = '', hash = ''): PrefixOutcome {
  const [, first = '', ...rest] = pathname.split('/');
  if (!LANGUAGE_SEGMENT.test(first)) return { kind: 'not-found' };
  const language = matchLanguage(first) ?? (isLanguage(first) ? DEFAULT_LANGUAGE : null);
  if (language === null) return { kind: 'not-found' };
  return { kind: 'redirect', language, to: `/${rest.join('/')}${search}${hash}` };
}
