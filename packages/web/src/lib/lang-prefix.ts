import { DEFAULT_LANGUAGE, matchLanguage } from '../i18n/languages.js';

/** 2-3 letters, optionally a 3-4 letter part, optionally a 2-3 letter part (product spec §2.4). */
const LANGUAGE_SEGMENT = /^[a-z]{2,3}(?:-[a-z]{3,4})?(?:-[a-z]{2,3})?$/i;

export type PrefixOutcome =
  /** Set this language and go to `to` (rest of the path with query and hash). */
  { kind: 'redirect'; language: string; supported: boolean; to: string } | { kind: 'not-found' };

/**
 * The language prefix rule for a path whose first segment is not one of the app's routes:
 * a well-formed language code is set (the default one when it is not supported) and the user goes
 * to the rest of the path, keeping the query string and hash; anything else is not found.
 */
export function applyLanguagePrefix(pathname: string, search = '', hash = ''): PrefixOutcome {
  const [, first = '', ...rest] = pathname.split('/');
  if (!LANGUAGE_SEGMENT.test(first)) return { kind: 'not-found' };
  const matched = matchLanguage(first);
  const exactOrBase = matched !== null;
  const path = `/${rest.join('/')}`;
  return {
    kind: 'redirect',
    language: matched ?? DEFAULT_LANGUAGE,
    supported: exactOrBase,
    to: `${path}${search}${hash}`,
  };
}
