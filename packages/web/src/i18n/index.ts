import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, resolveLanguage } from './languages.js';
import { FALLBACK_LOADED, LazyFallbackBackend, type LazyFallbackOptions } from './lazy-fallback.js';
import { numberFormatter } from './number-formatter.js';

/** Local storage: the language choice and when it was made (product spec §3). */
export const LANGUAGE_KEY = 'language';
export const LANGUAGE_SET_AT_KEY = 'language-set-at';

/** Regional variants fall back to the main one, then to the default (product spec §9). */
const FALLBACKS: Record<string, string[]> = {
  'en-US': ['en-GB'],
  'sr-Latn': ['sr-Cyrl', DEFAULT_LANGUAGE],
  default: [DEFAULT_LANGUAGE],
};

function applyDocumentLanguage(lng: string) {
  document.documentElement.lang = lng;
  document.documentElement.dir = 'ltr';
}

/** The language a `changeLanguage` call is switching to, while its bundles load. */
let switchingTo: string | undefined;
const backend = new LazyFallbackBackend();
const backendOptions: LazyFallbackOptions = {
  loadPath: '/locales/{{lng}}/{{ns}}.json',
  // At start i18next sets the detected language before it loads anything.
  readerLanguage: () => switchingTo ?? i18n.language,
  addBundle: (lng, ns, data) => {
    i18n.addResourceBundle(lng, ns, data, true, false);
    i18n.emit(FALLBACK_LOADED, lng, ns);
  },
};

export const i18nReady = i18n
  .use(backend)
  .use(LanguageDetector)
  .use(initReactI18next)
  .use(numberFormatter())
  .init({
    supportedLngs: LANGUAGE_CODES,
    fallbackLng: FALLBACKS,
    load: 'currentOnly',
    // The shell's: every page's header, statistics ticker, footer, dialogs and messages. A page's
    // own namespaces load with its code (route `handle.namespaces`, lib/lazy-routes.ts).
    ns: ['common', 'navigation', 'errors', 'components', 'stats', 'auth'],
    defaultNS: 'common',
    fallbackNS: 'common',
    // Numbers a text interpolates get the reader's separators (64.999, not 64999).
    interpolation: { escapeValue: false, alwaysFormat: true },
    // Translation loader: up to 5 retries, 350 ms base delay, doubling (product spec §9).
    maxRetries: 5,
    retryTimeout: 350,
    backend: backendOptions,
    // A key missing in the reader's language fetches the fallback languages' bundles (only then).
    // A namespace still loading misses every key: that is not a missing key (a component may
    // translate without waiting, like the theme's close labels).
    saveMissing: true,
    missingKeyHandler: (lngs, ns) => {
      if (i18n.hasLoadedNamespace(ns)) void backend.loadFallbacks(lngs);
    },
    detection: {
      order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
      lookupQuerystring: 'lng',
      lookupLocalStorage: LANGUAGE_KEY,
      lookupSessionStorage: LANGUAGE_KEY,
      caches: ['localStorage'],
      // Exact match, then the base language (sr -> Cyrillic), then the default.
      convertDetectedLanguage: (lng: string) => resolveLanguage(lng),
    },
    react: { useSuspense: true, bindI18n: `languageChanged ${FALLBACK_LOADED}` },
    // The language is detected and the shell's bundles requested within init, so the first page's
    // own bundles, requested as the router starts right after, go out in the same moment.
    initAsync: false,
  })
  .then(() => applyDocumentLanguage(i18n.resolvedLanguage ?? DEFAULT_LANGUAGE));

i18n.on('languageChanged', (lng) => applyDocumentLanguage(resolveLanguage(lng)));

/** Changes the language: loads its bundles, sets the page language, stores the choice and a timestamp. */
export async function changeLanguage(code: string): Promise<void> {
  const lng = resolveLanguage(code);
  switchingTo = lng;
  try {
    // Bundles of this language answered empty while it was only a fallback are fetched now.
    const deferred = backend.deferredNamespaces(lng);
    if (deferred.length > 0) await i18n.reloadResources([lng], deferred);
    await i18n.changeLanguage(lng);
  } finally {
    switchingTo = undefined;
  }
  try {
    localStorage.setItem(LANGUAGE_KEY, lng);
    localStorage.setItem(LANGUAGE_SET_AT_KEY, new Date().toISOString());
  } catch {
    // Storage may be unavailable (private mode); the choice still applies to this page.
  }
}

export default i18n;
