import type { BackendModule, InitOptions, ReadCallback, Services } from 'i18next';
import HttpBackend, { type HttpBackendOptions } from 'i18next-http-backend';

/** Emitted on the i18n instance once a fallback bundle arrived: the console re-renders its texts. */
export const FALLBACK_LOADED = 'fallbackLoaded';

export interface LazyFallbackOptions extends HttpBackendOptions {
  /** The language the reader reads (or is switching to); every other language is a fallback. */
  readerLanguage: () => string | undefined;
  /** Adds a fetched fallback bundle to the store (and tells the console). */
  addBundle: (lng: string, ns: string, data: Record<string, unknown>) => void;
}

const pairKey = (lng: string, ns: string) => `${lng}|${ns}`;

/**
 * Translation loader that fetches only the reader's language. i18next asks for every language of
 * the fallback chain (de-DE → en-GB), but every catalogue is complete (test/catalogues.test.ts),
 * so a fallback namespace is answered empty at first and fetched only once a key is found missing
 * (`loadFallbacks`, wired to i18next's missing-key handler).
 */
export class LazyFallbackBackend implements BackendModule<LazyFallbackOptions> {
  static type = 'backend' as const;
  type = 'backend' as const;
  private readonly http = new HttpBackend();
  private options?: LazyFallbackOptions;
  /** Fallback pairs answered empty, not fetched yet. */
  private readonly deferred = new Set<string>();
  private readonly fetching = new Map<string, Promise<void>>();

  init(services: Services, options: LazyFallbackOptions, _i18nextOptions: InitOptions): void {
    this.options = options;
    this.http.init(services, options);
  }

  read(lng: string, ns: string, callback: ReadCallback): void {
    if (lng !== this.options?.readerLanguage()) {
      this.deferred.add(pairKey(lng, ns));
      callback(null, {});
      return;
    }
    this.deferred.delete(pairKey(lng, ns));
    this.http.read(lng, ns, callback);
  }

  /** The namespaces of `lng` answered empty so far (to be fetched before switching to it). */
  deferredNamespaces(lng: string): string[] {
    const prefix = `${lng}|`;
    return [...this.deferred].filter((key) => key.startsWith(prefix)).map((key) => key.slice(prefix.length));
  }

  /**
   * Fetches the deferred namespaces of these fallback languages. All of them, not only the one
   * i18next names: a key missing in a namespace is reported under the last namespace looked in.
   */
  loadFallbacks(lngs: readonly string[]): Promise<void> {
    const pending = lngs.flatMap((lng) => this.deferredNamespaces(lng).map((ns) => this.fetch(lng, ns)));
    return Promise.all(pending).then(() => undefined);
  }

  private fetch(lng: string, ns: string): Promise<void> {
    const key = pairKey(lng, ns);
    const running = this.fetching.get(key);
    if (running) return running;
    const done = new Promise<void>((resolve) => {
      this.http.read(lng, ns, (error, data) => {
        this.fetching.delete(key);
        // On failure it stays deferred: the next missing key tries again.
        if (!error && data && typeof data === 'object') {
          this.deferred.delete(key);
          this.options?.addBundle(lng, ns, data as Record<string, unknown>);
        }
        resolve();
      });
    });
    this.fetching.set(key, done);
    return done;
  }
}
