import { matchLanguage } from '../i18n/languages.js';

/** 2-3 letters, optionally a 3-4 letter part, optionally a 2-3 letter part (product spec §2.4). */
const LANGUAGE_SEGMENT = /^[a-z]{2,3}(?:-[a-z]{3,4})?(?:-[a-z]{2,3})?$/i;

export type PrefixOutcome =
  /** Set this console language and go to `to` (rest of the path with query and hash). */
  { kind: 'redirect'; language: string; to: string } | { kind: 'not-found' };

/**
 * The decision for a path that matches none of the app's routes. Only a first segment in the
 * §2.4 form that names one of the console languages (exact code or its base language, any case)
 * is a language prefix: that language is set and the user goes to the rest of the path, keeping
 * query string and hash. Anything else — `/faq`, `/foo/bar/baz`, `/pt-BR/x` — is not found, since
 * a well-formed but unknown code cannot be told apart from an unknown page name.
 */
export function applyLanguagePrefix(pathname: string, search = '', hash = ''): PrefixOutcome {
  const [, first = '', ...rest] = pathname.split('/');
  const language = LANGUAGE_SEGMENT.test(first) ? matchLanguage(first) : null;
  if (language === null) return { kind: 'not-found' };
  return { kind: 'redirect', language, to: `/${rest.join('/')}${search}${hash}` };
}
