import type { InitOptions, Services } from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LazyFallbackBackend } from '../src/i18n/lazy-fallback.js';

/** A backend whose reader reads `reader`, over a fetch that answers `{ key: "<lng>/<ns>" }`. */
function setUp(reader: () => string, fail = () => false) {
  const fetched: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = new URL(url, 'http://console.test').pathname;
      fetched.push(path);
      if (fail()) return new Response('gone', { status: 404 });
      const [, , lng, file] = path.split('/');
      return Response.json({ key: `${lng}/${file.replace('.json', '')}` });
    }),
  );
  const added: string[] = [];
  const backend = new LazyFallbackBackend();
  backend.init(
    {} as Services,
    {
      loadPath: 'http://console.test/locales/{{lng}}/{{ns}}.json',
      readerLanguage: reader,
      addBundle: (lng, ns, data) => added.push(`${lng}/${ns}=${(data as { key: string }).key}`),
    },
    {} as InitOptions,
  );
  const read = (lng: string, ns: string) =>
    new Promise<unknown>((resolve, reject) =>
      backend.read(lng, ns, (error, data) => (error ? reject(error) : resolve(data))),
    );
  return { backend, read, fetched, added };
}

afterEach(() => vi.unstubAllGlobals());

describe('translation loader with lazy fallbacks (issue 33 item 3)', () => {
  it("fetches the reader's language and answers a fallback empty without fetching it", async () => {
    const { backend, read, fetched } = setUp(() => 'de-DE');
    expect(await read('de-DE', 'common')).toEqual({ key: 'de-DE/common' });
    expect(await read('en-GB', 'common')).toEqual({});
    expect(fetched).toEqual(['/locales/de-DE/common.json']);
    expect(backend.deferredNamespaces('en-GB')).toEqual(['common']);
  });

  it('fetches each deferred fallback bundle once, also when keys go missing at the same time', async () => {
    const { backend, read, fetched, added } = setUp(() => 'sr-Latn');
    await read('sr-Cyrl', 'common');
    await read('en-GB', 'common');
    await read('en-GB', 'landing');
    await Promise.all([
      backend.loadFallbacks(['sr-Cyrl', 'en-GB']),
      backend.loadFallbacks(['sr-Cyrl', 'en-GB']),
    ]);
    expect(fetched.sort()).toEqual([
      '/locales/en-GB/common.json',
      '/locales/en-GB/landing.json',
      '/locales/sr-Cyrl/common.json',
    ]);
    expect(added.sort()).toEqual([
      'en-GB/common=en-GB/common',
      'en-GB/landing=en-GB/landing',
      'sr-Cyrl/common=sr-Cyrl/common',
    ]);
    await backend.loadFallbacks(['en-GB']);
    expect(fetched).toHaveLength(3);
    expect(backend.deferredNamespaces('en-GB')).toEqual([]);
  });

  it('keeps a fallback deferred when fetching it fails, and tries again on the next missing key', async () => {
    let failing = true;
    const { backend, read, fetched, added } = setUp(
      () => 'de-DE',
      () => failing,
    );
    await read('en-GB', 'common');
    await backend.loadFallbacks(['en-GB']);
    expect(added).toEqual([]);
    expect(backend.deferredNamespaces('en-GB')).toEqual(['common']);
    failing = false;
    await backend.loadFallbacks(['en-GB']);
    expect(added).toEqual(['en-GB/common=en-GB/common']);
    expect(fetched).toHaveLength(2);
  });

  it('a language read while the reader switches to it is fetched and no longer deferred', async () => {
    let reader = 'de-DE';
    const { backend, read, fetched } = setUp(() => reader);
    await read('en-GB', 'landing');
    reader = 'en-GB';
    expect(await read('en-GB', 'landing')).toEqual({ key: 'en-GB/landing' });
    expect(fetched).toEqual(['/locales/en-GB/landing.json']);
    expect(backend.deferredNamespaces('en-GB')).toEqual([]);
  });
});
