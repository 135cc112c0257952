import {
  apiPrefix,
  type DictionaryInfo,
  type DictionaryTagPage,
  type DictionaryTags,
  type ForgeRequest,
  type KeyInfo,
  type MintRequest,
  type PatternInfo,
  type SdkJwk,
  type SdkKey,
  type SeriesInfo,
  type SeriesList,
  type SliceRequest,
  type StatsRow,
} from '@slugsmith/contract';
import { Messages, RateLimitError, SlugsmithError } from './errors.js';
import { KeyRing } from './keys.js';
import { type RateLimitInfo, readRateLimit, readReason, readRetryAfter } from './rate-limit.js';

export const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * The one status a signed request is refused with when new keys can fix it (its signature
 * matches no key in force); every other refusal (401, 429, …) is final.
 */
const NEW_KEYS_MAY_HELP = 403;

interface CommonOptions {
  /** Where the server is, e.g. `https://slugsmith.example` (a trailing `/api/v1` is accepted). */
  baseUrl: string;
  /** Per-request timeout (default 30 s). */
  timeoutMs?: number;
  /** A fetch implementation (default: the global one). */
  fetch?: typeof fetch;
}

export interface ApiKeyOptions extends CommonOptions {
  apiKey: string;
}

export interface SignedOptions extends CommonOptions {
  /** The SDK config slug (shown in the console). */
  sdkConfig: string;
  /** Used when fetching the keys fails (the reference `fallbackJwk`). */
  fallbackJwk?: SdkJwk;
  /** Sign with this key and never fetch (the reference `fromJwk`). */
  jwk?: SdkJwk;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Per-call options. */
export interface CallOptions {
  /** Cancels the call (its promise rejects with the signal's reason, an AbortError). */
  signal?: AbortSignal;
}

/**
 * The Slugsmith client. Trusted servers use an API key (`withApiKey`); browsers and apps use an
 * SDK config whose rotating keys sign each request (`fromBackend`, `signed`).
 */
export class Slugsmith {
  /** The x-slug-* limits of the last response that carried them. */
  rateLimit: RateLimitInfo | undefined;
  /** Resolves when the client can send requests (signed mode: a key is loaded). */
  readonly ready: Promise<void>;
  private readonly base: string;
  private readonly timeoutMs: number;
  private readonly doFetch: typeof fetch;
  private readonly apiKey: string | undefined;
  private readonly keys: KeyRing | undefined;
  /** Signed mode: the first key load has finished (loaded or failed). */
  private initialised = false;
  private dictionaryInfoCache: Promise<DictionaryInfo> | undefined;
  /** Tags by language (`en` when none is asked for). */
  private readonly dictionaryTagsCache = new Map<string, Promise<DictionaryTags>>();

  private constructor(
    options: CommonOptions,
    auth: { apiKey?: string; keys?: KeyRing },
    ready: Promise<void>,
  ) {
    this.base = options.baseUrl.replace(/\/+$/, '').replace(/\/api\/v1$/, '');
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.doFetch = options.fetch ?? ((...args) => globalThis.fetch(...args));
    this.apiKey = auth.apiKey;
    this.keys = auth.keys;
    this.ready = ready;
    ready.then(
      () => this.markInitialised(),
      () => this.markInitialised(),
    );
  }

  private markInitialised(): void {
    this.initialised = true;
  }

  static withApiKey(options: ApiKeyOptions): Slugsmith {
    return new Slugsmith(options, { apiKey: options.apiKey }, Promise.resolve());
  }

  /**
   * A signed-mode client that starts loading its key at once; calls made before `ready` settles
   * fail with "Slugsmith is not initialized yet". After an initialisation error the client is
   * still ready: each call first tries to load a key again (the fallback key when fetching fails),
   * and the scheduled refresh keeps trying too.
   */
  static signed(options: SignedOptions): Slugsmith {
    let client: Slugsmith | undefined;
    const keys = new KeyRing(
      options.sdkConfig,
      () => client!.fetchKeys(options.sdkConfig),
      options.fallbackJwk,
    );
    const ready = Promise.resolve().then(() => (options.jwk ? keys.use(options.jwk) : keys.refresh()));
    ready.catch(() => {});
    client = new Slugsmith(options, { keys }, ready);
    return client;
  }

  /** A signed-mode client with its key loaded (throws when neither the keys nor a fallback load). */
  static async fromBackend(options: SignedOptions): Promise<Slugsmith> {
    const client = Slugsmith.signed(options);
    await client.ready;
    return client;
  }

  /** Stops the key refresh timer. */
  close(): void {
    this.keys?.close();
  }

  private async fetchKeys(config: string): Promise<SdkKey[]> {
    return this.send<SdkKey[]>('POST', '/jwks', { config }, { auth: false });
  }

  // ---- transport -------------------------------------------------------------------------------

  private async send<T>(
    method: Method,
    path: string,
    body?: unknown,
    opts: { auth?: boolean; raw?: boolean; signal?: AbortSignal } = {},
  ): Promise<T> {
    const auth = opts.auth !== false;
    if (auth && this.keys && !this.keys.ready) {
      if (!this.initialised) throw new SlugsmithError(Messages.notInitialized, -1);
      await this.keys.refresh();
    }
    const first = await this.fetchOnce(method, path, body, auth, opts.signal);
    if (this.keys && auth && first.status === NEW_KEYS_MAY_HELP) {
      // Signed mode: the signature matched no key in force (the config rotated). Refresh once
      // and retry with a new signature; any other refusal would only fail again.
      await first.body?.cancel();
      await this.keys.refresh().catch(() => {});
      const second = await this.fetchOnce(method, path, body, auth, opts.signal);
      return this.finish<T>(second, path, { retried: true, raw: opts.raw });
    }
    return this.finish<T>(first, path, { retried: false, raw: opts.raw });
  }

  private async fetchOnce(
    method: Method,
    path: string,
    body: unknown,
    auth: boolean,
    signal?: AbortSignal,
  ): Promise<Response> {
    const fullPath = apiPrefix + path;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (auth && this.apiKey !== undefined) headers['x-api-key'] = this.apiKey;
    if (auth && this.keys) Object.assign(headers, await this.keys.sign(method, fullPath.split('?')[0]));
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.timeoutMs);
    const cancel = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', cancel, { once: true });
    try {
      signal?.throwIfAborted();
      return await this.doFetch(this.base + fullPath, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: controller.signal,
      });
    } catch (error) {
      // The caller cancelled: not a failure of the server, so no message of §8.
      if (signal?.aborted) throw signal.reason;
      if ((error as Error).name === 'AbortError') throw new SlugsmithError(Messages.timeout, 408);
      if (error instanceof TypeError) throw new SlugsmithError(Messages.network, 0);
      throw new SlugsmithError(Messages.noResponse, 0);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', cancel);
    }
  }

  private async finish<T>(
    response: Response,
    path: string,
    opts: { retried: boolean; raw?: boolean },
  ): Promise<T> {
    this.rateLimit = readRateLimit(response.headers) ?? this.rateLimit;
    if (response.ok && opts.raw) return response as T;
    const text = await response.text();
    const type = response.headers.get('content-type') ?? '';
    const looksHtml = type.includes('text/html') || /^\s*</.test(text);
    if (response.ok) {
      if (text === '') return undefined as T;
      if (looksHtml) throw new SlugsmithError(Messages.html, response.status);
      try {
        return JSON.parse(text) as T;
      } catch {
        throw new SlugsmithError(Messages.invalidJson, response.status);
      }
    }
    let parsed: { message?: unknown; details?: unknown } | undefined;
    try {
      parsed = looksHtml ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const serverMessage = typeof parsed?.message === 'string' ? parsed.message : undefined;
    const message = serverMessage ?? (response.statusText || Messages.apiError);
    const details = parsed?.details;
    const status = response.status;
    if (status === 401 || status === 403) {
      const text = opts.retried ? Messages.afterRefresh(message) : Messages.authenticationFailed(message);
      throw new SlugsmithError(text, status, details, serverMessage);
    }
    if (status === 404) throw new SlugsmithError(Messages.notFound(message), status, details, serverMessage);
    if (status === 429) {
      throw new RateLimitError(
        Messages.rateLimited(message),
        details,
        message,
        readReason(response.headers, details),
        readRetryAfter(response.headers),
        readRateLimit(response.headers),
      );
    }
    throw new SlugsmithError(
      serverMessage ?? Messages.failedWithStatus(path, status),
      status,
      details,
      serverMessage,
    );
  }

  /** Newline-delimited slugs from a stream endpoint, read as they arrive. */
  private async *lines(path: string, body: unknown): AsyncGenerator<string> {
    const response = await this.send<Response>('POST', path, body, { raw: true });
    if (!response.body) return;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let rest = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        rest += value;
        const parts = rest.split('\n');
        rest = parts.pop() ?? '';
        for (const p of parts) if (p !== '') yield p;
      }
      if (rest !== '') yield rest;
    } finally {
      reader.releaseLock();
    }
  }

  // ---- generation ------------------------------------------------------------------------------

  /** Slugs from a pattern, optionally seeded and positioned. */
  forge(request: ForgeRequest, options: CallOptions = {}): Promise<string[]> {
    return this.send('POST', '/gen/forge', request, { signal: options.signal });
  }

  /** The next `count` slugs of a series (consumes them). */
  mint(request: MintRequest): Promise<string[]> {
    return this.send('POST', '/gen/mint', request);
  }

  /** A window of a series by sequence, without consuming it. */
  slice(request: SliceRequest): Promise<string[]> {
    return this.send('POST', '/gen/slice', request);
  }

  /** Restarts a series from zero: ids handed out before may be handed out again. */
  reset(series?: string): Promise<void> {
    return this.send('POST', '/gen/reset', { series });
  }

  forgeStream(request: ForgeRequest): AsyncGenerator<string> {
    return this.lines('/gen/forge/stream', request);
  }

  mintStream(request: MintRequest): AsyncGenerator<string> {
    return this.lines('/gen/mint/stream', request);
  }

  sliceStream(request: SliceRequest): AsyncGenerator<string> {
    return this.lines('/gen/slice/stream', request);
  }

  patternInfo(pattern: string, options: CallOptions = {}): Promise<PatternInfo> {
    return this.send('POST', '/gen/pattern-info', { pattern }, { signal: options.signal });
  }

  /** Dictionaries and their sizes; cached after the first success. */
  dictionaryInfo(): Promise<DictionaryInfo> {
    this.dictionaryInfoCache ??= this.send<DictionaryInfo>('GET', '/gen/dictionary-info').catch((e) => {
      this.dictionaryInfoCache = undefined;
      throw e;
    });
    return this.dictionaryInfoCache;
  }

  /**
   * Tags of every dictionary of a language (`en` by default, `de`, `fr` …, or `all`), each with
   * its `language`, the language-agnostic ones (emoji, suffix) included; cached per language
   * after the first success.
   */
  dictionaryTags(language = 'en'): Promise<DictionaryTags> {
    let tags = this.dictionaryTagsCache.get(language);
    if (!tags) {
      const query = new URLSearchParams({ language });
      tags = this.send<DictionaryTags>('GET', `/gen/dictionary-tags?${query}`).catch((e) => {
        this.dictionaryTagsCache.delete(language);
        throw e;
      });
      this.dictionaryTagsCache.set(language, tags);
    }
    return tags;
  }

  /** One page of the tags of a dictionary kind in a language (default `en`; `{data, pagination}`; not cached). */
  dictionaryTagPage(
    kind: string,
    page: { limit?: number; offset?: number; language?: string } = {},
  ): Promise<DictionaryTagPage> {
    const query = new URLSearchParams({
      limit: String(page.limit ?? 100),
      offset: String(page.offset ?? 0),
      language: page.language ?? 'en',
    });
    return this.send('GET', `/gen/dictionary-tags/${encodeURIComponent(kind)}?${query}`);
  }

  // ---- series, keys, limits, stats -------------------------------------------------------------

  /** The series the key reaches, as `{slug: name}` (details: `seriesInfo`). */
  listSeries(): Promise<SeriesList> {
    return this.send('GET', '/gen/series');
  }

  createSeries(name: string, pattern: string): Promise<SeriesInfo> {
    return this.send('POST', '/gen/series', { name, pattern });
  }

  updateSeries(series: string, changes: { name?: string; pattern?: string }): Promise<SeriesInfo> {
    return this.send('PUT', '/gen/series', { series, ...changes });
  }

  deleteSeries(series: string): Promise<void> {
    return this.send('DELETE', '/gen/series', { series });
  }

  seriesInfo(series?: string): Promise<SeriesInfo> {
    return this.send('POST', '/gen/series-info', { series });
  }

  keyInfo(): Promise<KeyInfo> {
    return this.send('POST', '/key-info');
  }

  limits(): Promise<Record<string, unknown>> {
    return this.send('GET', '/limits');
  }

  statsTotals(): Promise<StatsRow[]> {
    return this.send('GET', '/gen/stats/totals');
  }

  statsLatest(series?: string): Promise<StatsRow[]> {
    return this.send('POST', '/gen/stats/latest', { series });
  }

  /** True when the server answers. */
  async ping(): Promise<boolean> {
    try {
      await this.send('GET', '/ping', undefined, { auth: false });
      return true;
    } catch {
      return false;
    }
  }
}
