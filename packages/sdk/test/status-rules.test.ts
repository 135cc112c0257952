import type { SdkKey } from '@slugsmith/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { Slugsmith } from '../src/index.js';
import { KeyRing } from '../src/keys.js';
import { caught, fakeServer, json, keyPair } from './fake-server.js';

const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

/**
 * A server whose signed calls answer the statuses of `script` in turn (then 200), and whose key
 * fetches are counted: the client's refresh decisions, seen from outside.
 */
async function scriptedServer(script: { status: number; message: string }[], keys: () => SdkKey[]) {
  const log: string[] = [];
  const s = await fakeServer((req, res) => {
    if (req.url === '/api/v1/jwks') {
      log.push('jwks');
      return json(res, 200, keys());
    }
    log.push(`${req.method} ${req.url}`);
    const next = script.shift();
    if (next) return json(res, next.status, { code: next.status, message: next.message });
    return json(res, 200, ['slug']);
  });
  closers.push(s.close);
  return { url: s.url, log };
}

async function signedClient(script: { status: number; message: string }[]) {
  const { jwk } = await keyPair();
  const key = {
    slug: 'k',
    jwk,
    effective_from: new Date(Date.now() - 1_000).toISOString(),
    effective_to: null,
  };
  const server = await scriptedServer(script, () => [key]);
  const client = await Slugsmith.fromBackend({ baseUrl: server.url, sdkConfig: 'web' });
  closers.push(() => client.close());
  return { client, log: server.log };
}

/** A POST and a GET call of the client (the reference SDK's retry crashed on GETs). */
const calls = {
  POST: (c: Slugsmith) => c.forge({ pattern: '{noun}' }),
  GET: (c: Slugsmith) => c.statsTotals(),
};

describe('signed mode: the status rules of the server', () => {
  for (const [method, call] of Object.entries(calls)) {
    it(`${method}: a 403 (no key in force) makes one key refresh and one retry, which succeeds`, async () => {
      const { client, log } = await signedClient([{ status: 403, message: 'Invalid signature' }]);
      expect(await call(client)).toEqual(['slug']);
      const path = method === 'POST' ? '/api/v1/gen/forge' : '/api/v1/gen/stats/totals';
      expect(log).toEqual(['jwks', `${method} ${path}`, 'jwks', `${method} ${path}`]);
    });

    it(`${method}: refusals new keys cannot fix are final, with no refresh`, async () => {
      const refusals = [
        { status: 401, message: 'Insufficient permissions' },
        { status: 401, message: 'Origin not allowed' },
        { status: 401, message: 'Request timestamp is outside the allowed window' },
        { status: 401, message: 'Request signature was already used' },
        { status: 429, message: 'Usage quota exceeded' },
        { status: 400, message: 'Bad request' },
      ];
      for (const refusal of refusals) {
        const { client, log } = await signedClient([refusal]);
        const e = await caught(call(client));
        expect(e.status, refusal.message).toBe(refusal.status);
        expect(e.serverMessage).toBe(refusal.message);
        expect(
          log.filter((l) => l === 'jwks'),
          refusal.message,
        ).toHaveLength(1);
        expect(log, refusal.message).toHaveLength(2);
      }
    });
  }

  it('a second 403 after the refresh fails with the refresh message', async () => {
    const { client, log } = await signedClient([
      { status: 403, message: 'Invalid signature' },
      { status: 403, message: 'Invalid signature' },
    ]);
    const e = await caught(client.forge({ pattern: '{noun}' }));
    expect([e.status, e.message]).toEqual([403, 'Request failed after key refresh: Invalid signature']);
    expect(log.filter((l) => l === 'jwks')).toHaveLength(2);
  });

  it('calls refused together after a rotation share one key refresh', async () => {
    const { jwk } = await keyPair();
    let fetches = 0;
    let answer: (keys: SdkKey[]) => void = () => {};
    const ring = new KeyRing(
      'web',
      () => {
        fetches++;
        return new Promise<SdkKey[]>((resolve) => {
          answer = resolve;
        });
      },
      undefined,
    );
    closers.push(() => ring.close());
    const refreshes = Array.from({ length: 5 }, () => ring.refresh());
    answer([{ slug: 'k', jwk, effective_from: new Date(0).toISOString(), effective_to: null }]);
    await Promise.all(refreshes);
    expect(fetches).toBe(1);
    expect(ring.ready).toBe(true);
    // Once settled, the next refresh fetches again.
    const again = ring.refresh();
    answer([{ slug: 'k', jwk, effective_from: new Date(0).toISOString(), effective_to: null }]);
    await again;
    expect(fetches).toBe(2);
  });

  it('an API-key client never refreshes: a 403 is final', async () => {
    const server = await scriptedServer([{ status: 403, message: 'Insufficient permissions' }], () => []);
    const client = Slugsmith.withApiKey({ baseUrl: server.url, apiKey: 'sk_x' });
    const e = await caught(client.statsTotals());
    expect([e.status, e.message]).toEqual([403, 'Authentication failed: Insufficient permissions']);
    expect(server.log).toEqual(['GET /api/v1/gen/stats/totals']);
  });

  it('a config with no keys to give (unknown, disabled) fails with "No valid SDK keys found"', async () => {
    const server = await scriptedServer([], () => []);
    await expect(Slugsmith.fromBackend({ baseUrl: server.url, sdkConfig: 'gone' })).rejects.toThrow(
      'No valid SDK keys found',
    );
  });
});
