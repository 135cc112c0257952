import { isLanguagePrefix } from '@slugsmith/contract';
import { DEFAULT_LANGUAGE, matchLanguage } from '../i18n/languages.js';

export type PrefixOutcome =
  /** Set this console language and go to `to` (rest of the path with query and hash). */
  { kind: 'redirect'; language: string; to: string } | { kind: 'not-found' };

/**
 * The decision for a path that matches none of the app's routes. A first segment in the §2.4
 * form that names one of the console languages (exact code or its base language, any case) sets
 * that language; one that names another real language (`pt-BR`) sets the default language (§2.4);
 * either way the user goes to the rest of the path, keeping query string and hash. Anything
 * else — `/faq`, `/foo/bar/baz`, a malformed code — is not found rather than the home page.
 */
export function applyLanguagePrefix(pathname: string, search = '', hash = ''): PrefixOutcome {
  const [, first = '', ...rest] = pathname.split('/');
  if (!isLanguagePrefix(first)) return { kind: 'not-found' };
  const language = matchLanguage(first) ?? DEFAULT_LANGUAGE;
  return { kind: 'redirect', language, to: `/${rest.join('/')}${search}${hash}` };
}
