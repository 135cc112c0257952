import { type SdkJwk, signingString } from '@slugsmith/contract';
import { signal } from '@slugsmith/test-support';
import { afterEach, describe, expect, it } from 'vitest';
import { chooseKey, RateLimitError, refreshDelay, Slugsmith } from '../src/index.js';
import { caught, fakeServer, json, keyPair } from './fake-server.js';

const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

async function serve(handler: Parameters<typeof fakeServer>[0]) {
  const s = await fakeServer(handler);
  closers.push(s.close);
  return s.url;
}

describe('API-key mode', () => {
  it('sends the key, posts JSON and reads the x-slug-* headers', async () => {
    let seen: { key?: string; path?: string; body?: unknown } = {};
    const url = await serve((req, res) => {
      seen = { key: req.headers['x-api-key'] as string, path: req.url, body: JSON.parse(req.body) };
      json(res, 200, ['a-b', 'c-d'], {
        'x-slug-rpm-remaining': '59',
        'x-slug-daily-remaining': '-1',
        'x-slug-monthly-remaining': '999',
        'x-slug-lifetime-remaining': '-1',
      });
    });
    const client = Slugsmith.withApiKey({ baseUrl: `${url}/api/v1/`, apiKey: 'sk_test' });
    const slugs = await client.forge({ pattern: '{adjective}-{noun}', count: 2, seed: 's' });
    expect(slugs).toEqual(['a-b', 'c-d']);
    expect(seen).toEqual({
      key: 'sk_test',
      path: '/api/v1/gen/forge',
      body: { pattern: '{adjective}-{noun}', count: 2, seed: 's' },
    });
    expect(client.rateLimit).toEqual({
      rpmRemaining: 59,
      dailyRemaining: -1,
      monthlyRemaining: 999,
      lifetimeRemaining: -1,
    });
  });

  it('cancels a call with its signal: the abort reason, not a §8 message', async () => {
    // The server holds its answer until the call has failed: only the abort can end the call.
    const arrived = signal();
    const settled = signal();
    const url = await serve(async (_req, res) => {
      arrived.resolve();
      await settled.promise;
      json(res, 200, ['late']);
    });
    const client = Slugsmith.withApiKey({ baseUrl: url, apiKey: 'sk_test' });
    const controller = new AbortController();
    const pending = client.forge({ pattern: '{noun}', count: 1 }, { signal: controller.signal });
    await arrived.promise;
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    settled.resolve();
    await expect(client.patternInfo('{noun}', { signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('maps every error answer to the messages of the product spec', async () => {
    const url = await serve((req, res) => {
      const status = Number(req.url!.split('/').pop());
      if (status === 429) {
        return json(
          res,
          429,
          { code: 429, message: 'Rate limit exceeded. Please try again in 12 seconds.' },
          {
            'x-slug-rate-limit-reason': 'rate-limit-exceeded',
            'x-slug-retry-after': '12',
            'x-slug-rpm-remaining': '0',
          },
        );
      }
      if (status === 502) {
        res.writeHead(502);
        return res.end('bad gateway');
      }
      json(res, status, { code: status, message: `server says ${status}`, details: { x: 1 } });
    });
    const client = Slugsmith.withApiKey({ baseUrl: url, apiKey: 'k' });
    // The fake server answers with the status named by the path's last segment.
    const at = (status: number) =>
      caught(
        (client as unknown as { send(m: string, p: string): Promise<unknown> }).send('GET', `/x/${status}`),
      );
    expect((await at(401)).message).toBe('Authentication failed: server says 401');
    expect((await at(403)).message).toBe('Authentication failed: server says 403');
    const nf = await at(404);
    expect(nf.message).toBe('Resource not found: server says 404');
    expect(nf.details).toEqual({ x: 1 });
    const rl = (await at(429)) as unknown as RateLimitError;
    expect(rl).toBeInstanceOf(RateLimitError);
    expect(rl.message).toBe('Rate limit exceeded: Rate limit exceeded. Please try again in 12 seconds.');
    expect([rl.reason, rl.retryAfter, rl.limits?.rpmRemaining]).toEqual(['rate-limit-exceeded', 12, 0]);
    expect(rl.retryable).toBe(true);
    expect((await at(409)).message).toBe('server says 409');
    const bad = await at(502);
    expect([bad.message, bad.status]).toEqual(['Request to /x/502 failed with status 502', 502]);
  });

  it('reports plan refusals (429 not-available, request-size-exceeded) as rate-limit errors not worth retrying', async () => {
    const url = await serve((req, res) => {
      if (req.url!.endsWith('/gen/forge/stream'))
        return json(
          res,
          429,
          {
            code: 429,
            message: 'Forge streaming is not available on the Free plan',
            details: { reason: 'not-available' },
          },
          { 'x-slug-rate-limit-reason': 'not-available' },
        );
      if (req.url!.endsWith('/gen/mint'))
        // The reason only in the body, as when a proxy drops the header.
        return json(res, 429, {
          code: 429,
          message: 'Count is too large (maximum: 100)',
          details: { reason: 'request-size-exceeded', max: 100 },
        });
      json(
        res,
        429,
        { code: 429, message: 'Usage quota exceeded', details: { reason: 'daily-limit-exceeded' } },
        { 'x-slug-rate-limit-reason': 'daily-limit-exceeded', 'x-slug-retry-after': '60' },
      );
    });
    const client = Slugsmith.withApiKey({ baseUrl: url, apiKey: 'k' });
    const notAvailable = (await caught(
      client.forgeStream({ pattern: '{noun}', count: 5 }).next(),
    )) as RateLimitError;
    expect(notAvailable).toBeInstanceOf(RateLimitError);
    expect([notAvailable.reason, notAvailable.retryable, notAvailable.message]).toEqual([
      'not-available',
      false,
      'Rate limit exceeded: Forge streaming is not available on the Free plan',
    ]);
    const tooLarge = (await caught(client.mint({ count: 101 }))) as RateLimitError;
    expect([tooLarge.reason, tooLarge.retryable]).toEqual(['request-size-exceeded', false]);
    const daily = (await caught(client.forge({ pattern: '{noun}', count: 1 }))) as RateLimitError;
    expect([daily.reason, daily.retryable, daily.retryAfter]).toEqual(['daily-limit-exceeded', true, 60]);
  });

  it('tells HTML, broken JSON, an unreachable server and a timeout apart', async () => {
    // /slow is answered only once the client has given up on it.
    const timedOut = signal();
    const url = await serve(async (req, res) => {
      if (req.url!.endsWith('html')) {
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<!doctype html><p>proxy</p>');
      }
      if (req.url!.endsWith('broken')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end('{"oops":');
      }
      await timedOut.promise;
      json(res, 200, []);
    });
    const client = Slugsmith.withApiKey({ baseUrl: url, apiKey: 'k', timeoutMs: 100 });
    const get = (p: string) =>
      caught((client as unknown as { send(m: string, p: string): Promise<unknown> }).send('GET', p));
    expect((await get('/html')).message).toBe('Server configuration error: HTML returned instead of JSON');
    expect((await get('/broken')).message).toBe('Invalid JSON response from server');
    expect((await get('/slow')).message).toBe('Request timed out');
    timedOut.resolve();
    const down = Slugsmith.withApiKey({ baseUrl: 'http://127.0.0.1:9', apiKey: 'k' });
    const e = await caught(down.forge({ pattern: '{noun}' }));
    expect([e.status, e.message]).toEqual([
      0,
      'Network error: Unable to reach the server. This might be due to CORS issues or the server being unavailable.',
    ]);
    expect(await down.ping()).toBe(false);
  });

  it('caches dictionary info after the first success only', async () => {
    let calls = 0;
    const url = await serve((_req, res) => {
      calls++;
      if (calls === 1) return json(res, 503, { code: 503, message: 'Service unavailable' });
      json(res, 200, [{ kind: 'noun', language: 'en', count: 3 }]);
    });
    const client = Slugsmith.withApiKey({ baseUrl: url, apiKey: 'k' });
    await expect(client.dictionaryInfo()).rejects.toThrow('Service unavailable');
    expect(await client.dictionaryInfo()).toEqual([{ kind: 'noun', language: 'en', count: 3 }]);
    await client.dictionaryInfo();
    expect(calls).toBe(2);
  });

  it('asks for the tags of a language (en by default) and caches them per language', async () => {
    const paths: string[] = [];
    const url = await serve((req, res) => {
      paths.push(req.url ?? '');
      const language = new URL(req.url ?? '', 'http://x').searchParams.get('language');
      if (req.url?.startsWith('/api/v1/gen/dictionary-tags/noun')) {
        return json(res, 200, { data: [], pagination: { limit: 5, offset: 0, total: 0, has_more: false } });
      }
      json(res, 200, [
        { kind: 'noun', language, tag: 'animal', description: '', opt_in: false, word_count: 1 },
      ]);
    });
    const client = Slugsmith.withApiKey({ baseUrl: url, apiKey: 'k' });
    expect((await client.dictionaryTags())[0].language).toBe('en');
    expect((await client.dictionaryTags('de'))[0].language).toBe('de');
    await client.dictionaryTags('de');
    await client.dictionaryTagPage('noun', { limit: 5, language: 'fr' });
    expect(paths).toEqual([
      '/api/v1/gen/dictionary-tags?language=en',
      '/api/v1/gen/dictionary-tags?language=de',
      '/api/v1/gen/dictionary-tags/noun?limit=5&offset=0&language=fr',
    ]);
  });

  it('streams newline-delimited slugs as they arrive', async () => {
    // The rest is sent only after the caller has the first slug: a client that waited for the
    // whole answer would never get it.
    const first = signal();
    const url = await serve(async (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('one\ntw');
      await first.promise;
      res.end('o\nthree\n');
    });
    const client = Slugsmith.withApiKey({ baseUrl: url, apiKey: 'k' });
    const got: string[] = [];
    for await (const s of client.mintStream({ count: 3, series: 's' })) {
      got.push(s);
      if (s === 'one') first.resolve();
    }
    expect(got).toEqual(['one', 'two', 'three']);
  });
});

// ---- signed mode --------------------------------------------------------------------------------

function fromB64url(s: string) {
  return Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
}

/** A server speaking the signed protocol; `accepted` decides which public key verifies. */
async function signedServer(state: { keys: unknown[]; accepted: CryptoKey; jwksFails?: boolean }) {
  const log: string[] = [];
  const url = await serve(async (req, res) => {
    if (req.url === '/api/v1/jwks') {
      log.push(`jwks ${JSON.parse(req.body).config}`);
      if (state.jwksFails) return json(res, 503, { code: 503, message: 'down' });
      return json(res, 200, state.keys);
    }
    const ts = req.headers['x-timestamp'] as string;
    const slug = req.headers['x-sdk-slug'] as string;
    const sig = fromB64url(req.headers['x-signature'] as string);
    const data = new TextEncoder().encode(signingString(req.method!, req.url!, slug, ts));
    const ok = await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, state.accepted, sig, data);
    log.push(`${req.method} ${req.url} ${ok ? 'verified' : 'refused'}`);
    if (!ok) return json(res, 403, { code: 403, message: 'Invalid signature' });
    json(res, 200, ['signed-slug']);
  });
  return { url, log };
}

describe('signed mode (SDK keys)', () => {
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();

  it('fetches the effective key, signs "METHOD path:config:timestamp:" and refreshes once on 403', async () => {
    const oldKey = await keyPair();
    const newKey = await keyPair();
    const state = {
      keys: [{ slug: 'k1', jwk: oldKey.jwk, effective_from: iso(now - 60_000), effective_to: null }],
      accepted: oldKey.publicKey,
    };
    const { url, log } = await signedServer(state);
    const client = await Slugsmith.fromBackend({ baseUrl: url, sdkConfig: 'web-config' });
    closers.push(() => client.close());
    expect(await client.forge({ pattern: '{noun}' })).toEqual(['signed-slug']);
    // The server rotates: the old key is refused, the new one is served.
    state.keys = [{ slug: 'k2', jwk: newKey.jwk, effective_from: iso(now - 1000), effective_to: null }];
    state.accepted = newKey.publicKey;
    expect(await client.forge({ pattern: '{noun}' })).toEqual(['signed-slug']);
    expect(log).toEqual([
      'jwks web-config',
      'POST /api/v1/gen/forge verified',
      'POST /api/v1/gen/forge refused',
      'jwks web-config',
      'POST /api/v1/gen/forge verified',
    ]);
  });

  it('reports a failure after the refresh with its own message', async () => {
    const key = await keyPair();
    const other = await keyPair();
    const { url } = await signedServer({
      keys: [{ slug: 'k', jwk: key.jwk, effective_from: iso(now - 1000), effective_to: null }],
      accepted: other.publicKey,
    });
    const client = await Slugsmith.fromBackend({ baseUrl: url, sdkConfig: 'c' });
    closers.push(() => client.close());
    const e = await caught(client.forge({ pattern: '{noun}' }));
    expect(e.message).toBe('Request failed after key refresh: Invalid signature');
  });

  it('uses the fallback key when the keys cannot be fetched, and says so when there is none', async () => {
    const key = await keyPair();
    const state = { keys: [], accepted: key.publicKey, jwksFails: true };
    const { url } = await signedServer(state);
    const client = await Slugsmith.fromBackend({ baseUrl: url, sdkConfig: 'c', fallbackJwk: key.jwk });
    closers.push(() => client.close());
    expect(await client.forge({ pattern: '{noun}' })).toEqual(['signed-slug']);
    await expect(Slugsmith.fromBackend({ baseUrl: url, sdkConfig: 'c' })).rejects.toThrow('down');
    state.jwksFails = false;
    await expect(Slugsmith.fromBackend({ baseUrl: url, sdkConfig: 'c' })).rejects.toThrow(
      'No valid SDK keys found',
    );
  });

  it('stays ready after an initialisation error: the next call loads the key again', async () => {
    const key = await keyPair();
    const state = {
      keys: [{ slug: 'k1', jwk: key.jwk, effective_from: iso(now - 60_000), effective_to: null }],
      accepted: key.publicKey,
      jwksFails: true,
    };
    const { url, log } = await signedServer(state);
    const client = Slugsmith.signed({ baseUrl: url, sdkConfig: 'c' });
    closers.push(() => client.close());
    await expect(client.ready).rejects.toThrow('down');
    // Still down: the call says why, not "not initialized".
    await expect(client.forge({ pattern: '{noun}' })).rejects.toThrow('down');
    state.jwksFails = false;
    expect(await client.forge({ pattern: '{noun}' })).toEqual(['signed-slug']);
    expect(log.filter((l) => l === 'jwks c')).toHaveLength(3);
    // Loaded now: later calls sign without fetching.
    expect(await client.forge({ pattern: '{noun}' })).toEqual(['signed-slug']);
    expect(log.filter((l) => l === 'jwks c')).toHaveLength(3);
  });

  it('refuses calls before the key is loaded and rejects malformed keys', async () => {
    const key = await keyPair();
    const { url } = await signedServer({ keys: [], accepted: key.publicKey });
    const early = Slugsmith.signed({ baseUrl: url, sdkConfig: 'c', jwk: key.jwk });
    closers.push(() => early.close());
    await expect(early.forge({ pattern: '{noun}' })).rejects.toThrow('Slugsmith is not initialized yet');
    await early.ready;
    expect(await early.forge({ pattern: '{noun}' })).toEqual(['signed-slug']);
    const broken = { ...key.jwk, d: key.jwk.d.slice(2) };
    await expect(Slugsmith.fromBackend({ baseUrl: url, sdkConfig: 'c', jwk: broken })).rejects.toThrow(
      'Invalid JWK',
    );
  });

  it('chooses a currently effective key, preferring no expiry, then the latest expiry', () => {
    const k = (slug: string, from: number, to: number | null) => ({
      slug,
      jwk: {} as SdkJwk,
      effective_from: iso(from),
      effective_to: to === null ? null : iso(to),
    });
    const t = 1_800_000_000_000;
    expect(chooseKey([k('future', t + 1, null), k('expired', t - 10, t - 1)], t)).toBeUndefined();
    expect(chooseKey([k('a', t - 10, t + 100), k('b', t - 10, t + 200)], t)?.slug).toBe('b');
    expect(chooseKey([k('a', t - 10, t + 100), k('eternal', t - 10, null)], t)?.slug).toBe('eternal');
  });

  it('schedules refreshes per product spec §9', () => {
    const t = 1_800_000_000_000;
    const min = 60_000;
    expect(refreshDelay(null, t, () => 0)).toBe(30 * min);
    expect(refreshDelay(null, t, () => 1)).toBe(31 * min);
    expect(refreshDelay(iso(t + 3 * 3600_000), t, () => 0.5)).toBe(30.5 * min);
    expect(refreshDelay(iso(t + 10 * min), t, () => 0)).toBe(8 * min);
    expect(refreshDelay(iso(t + 10 * min), t, () => 1)).toBe(8 * min + 20_000);
    expect(refreshDelay(iso(t + min), t, () => 0)).toBe(0);
  });
});
