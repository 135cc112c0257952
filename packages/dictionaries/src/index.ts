/**
 * The shipped dictionary bundles. Each bundle is an immutable, content-addressed JSON file in
 * `bundles/`; `bundles/index.json` lists them and names the current one. A series pins a bundle id,
 * so every id ever listed keeps loading, byte for byte, in later releases of this package.
 *
 * Zero runtime dependencies: node:fs only.
 */
import { readFileSync } from 'node:fs';
import type { DictionaryBundle } from '@slugsmith/generator';

export type { DictionaryBundle } from '@slugsmith/generator';

/** One entry of a bundle directory's `index.json`. */
export interface BundleInfo {
  id: string;
  version: string;
  /** Hex SHA-256 of the canonical content (see the package README, "Versioning"). */
  hash: string;
  /** File name inside the bundle directory. */
  file: string;
}

interface BundleIndexFile {
  current: string;
  bundles: BundleInfo[];
}

/** A directory of bundles: the package's own, or another one (tests, a deployment's extra bundles). */
export interface BundleStore {
  readonly currentBundleId: string;
  listBundles(): BundleInfo[];
  /** The bundle with this id (the current one when omitted); parsed once, then cached. */
  loadBundle(id?: string): DictionaryBundle;
}

export class UnknownBundleError extends Error {
  readonly bundleId: string;
  constructor(id: string, known: string[]) {
    super(`Unknown dictionary bundle "${id}"; known bundles: ${known.join(', ') || 'none'}`);
    this.name = 'UnknownBundleError';
    this.bundleId = id;
  }
}

/** Opens a bundle directory (a path or a `file:` URL ending in `/`). */
export function openBundleStore(dir: string | URL): BundleStore {
  const base = typeof dir === 'string' ? (dir.endsWith('/') ? dir : `${dir}/`) : dir;
  const resolve = (name: string): string | URL =>
    typeof base === 'string' ? `${base}${name}` : new URL(name, base);
  const index = JSON.parse(readFileSync(resolve('index.json'), 'utf8')) as BundleIndexFile;
  const byId = new Map(index.bundles.map((b) => [b.id, b]));
  if (!byId.has(index.current)) {
    throw new Error(`Bundle index names "${index.current}" as current but does not list it`);
  }
  const cache = new Map<string, DictionaryBundle>();
  return {
    currentBundleId: index.current,
    listBundles: () => index.bundles.map((b) => ({ ...b })),
    loadBundle(id = index.current) {
      const hit = cache.get(id);
      if (hit) return hit;
      const info = byId.get(id);
      if (!info) throw new UnknownBundleError(id, [...byId.keys()]);
      const bundle = JSON.parse(readFileSync(resolve(info.file), 'utf8')) as DictionaryBundle;
      if (bundle.id !== id || bundle.hash !== info.hash) {
        throw new Error(`Bundle file ${info.file} does not hold bundle "${id}"`);
      }
      cache.set(id, bundle);
      return bundle;
    },
  };
}

/** The bundles shipped in this package (`<package>/bundles/`). */
export const bundleStore: BundleStore = openBundleStore(new URL('../bundles/', import.meta.url));

/** Id of the bundle new series use. */
export const currentBundleId: string = bundleStore.currentBundleId;

/** Every shipped bundle, oldest version first. */
export function listBundles(): BundleInfo[] {
  return bundleStore.listBundles();
}

/**
 * A shipped bundle by id, or the current one when `id` is omitted. Throws
 * {@link UnknownBundleError} (naming the id) for an id this package does not ship. Cached.
 */
export function loadBundle(id?: string): DictionaryBundle {
  return bundleStore.loadBundle(id);
}

// ---- language bundles -------------------------------------------------------------------------

/**
 * Languages other than English ship in bundles of their own (`bundles/languages/<lang>/`, with
 * their own versions, index and licence), so data under CC-BY-SA, MPL or GPL stays a separate
 * file under its licence and the English bundle — and every series pinned to it — is untouched.
 */
const LANGUAGE_DIRS: Readonly<Record<string, URL>> = {
  de: new URL('../bundles/languages/de/', import.meta.url),
  es: new URL('../bundles/languages/es/', import.meta.url),
  fr: new URL('../bundles/languages/fr/', import.meta.url),
  it: new URL('../bundles/languages/it/', import.meta.url),
  ja: new URL('../bundles/languages/ja/', import.meta.url),
  ko: new URL('../bundles/languages/ko/', import.meta.url),
  pt: new URL('../bundles/languages/pt/', import.meta.url),
  ru: new URL('../bundles/languages/ru/', import.meta.url),
  zh: new URL('../bundles/languages/zh/', import.meta.url),
};

const languageStores = new Map<string, BundleStore>();

export class UnknownLanguageError extends Error {
  readonly language: string;
  constructor(language: string) {
    super(
      `No dictionary bundle for language "${language}"; languages: ${Object.keys(LANGUAGE_DIRS).join(', ')}`,
    );
    this.name = 'UnknownLanguageError';
    this.language = language;
  }
}

/** Languages with a shipped bundle, sorted. */
export function bundleLanguages(): string[] {
  return Object.keys(LANGUAGE_DIRS).sort();
}

/** The bundle store of one language (its shipped versions and its current one). */
export function languageBundleStore(language: string): BundleStore {
  const lang = language.toLowerCase();
  const dir = LANGUAGE_DIRS[lang];
  if (!dir) throw new UnknownLanguageError(language);
  let store = languageStores.get(lang);
  if (!store) {
    store = openBundleStore(dir);
    languageStores.set(lang, store);
  }
  return store;
}

/** A language's bundle by id (its current one when omitted); cached. */
export function loadLanguageBundle(language: string, id?: string): DictionaryBundle {
  return languageBundleStore(language).loadBundle(id);
}

/** The current bundle of every shipped language, for `new Generator(main, { languages })`. */
export function loadLanguageBundles(): DictionaryBundle[] {
  return bundleLanguages().map((l) => loadLanguageBundle(l));
}
