import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, body, client, setAccessTokenSource } from '../src/lib/api.js';
import { invoiceHtml } from '../src/lib/console-api.js';

/** A fetch that never answers: it rejects as the browser does, at once or when the signal aborts. */
const unreachable = (request: Request) =>
  new Promise<Response>((_, reject) => {
    const signal = request.signal;
    if (signal.aborted) return reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason));
  });

const failure = async (call: Promise<unknown>): Promise<ApiError> => {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setAccessTokenSource(null);
});

describe('API client: requests that get no answer (§8 network)', () => {
  it('says offline when the browser has no network', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await failure(body(client.GET('/orgs')));
    expect(error.code).toBe(0);
    expect(error.message).toBe('Network error: No response received');
    expect(error.details).toEqual({ reason: 'offline' });
  });

  it('says offline for the invoice too (the one call that reads HTML)', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    setAccessTokenSource(() => 'token');
    const error = await failure(invoiceHtml('acme', 'tx-1'));
    expect([error.code, error.details]).toEqual([0, { reason: 'offline' }]);
  });

  it('says timeout when the 30 s timeout aborted the request', async () => {
    // The timeout signal, already fired: the real 30 s would make the test slow.
    vi.spyOn(AbortSignal, 'timeout').mockImplementation(() =>
      AbortSignal.abort(new DOMException('The operation timed out', 'TimeoutError')),
    );
    vi.stubGlobal('fetch', unreachable);
    const error = await failure(body(client.GET('/orgs')));
    expect(error.code).toBe(0);
    expect(error.details).toEqual({ reason: 'timeout' });
  });

  it('says only "no response" when online and not timed out', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    expect((await failure(body(client.GET('/orgs')))).details).toEqual({ reason: 'no_response' });
  });

  it('rethrows the caller’s own abort untouched', async () => {
    vi.stubGlobal('fetch', unreachable);
    const controller = new AbortController();
    const call = body(client.GET('/orgs', { signal: controller.signal }));
    controller.abort(new Error('left the page'));
    await expect(call).rejects.toThrow('left the page');
  });
});

describe('API client: the access token (§8 401 variants)', () => {
  it('a token source that fails is "Failed to obtain access token" for a call that needs a token', async () => {
    setAccessTokenSource(() => {
      throw new Error('silent renew failed');
    });
    const error = await failure(body(client.GET('/account/sessions', { auth: 'required' })));
    expect([error.code, error.message]).toEqual([401, 'Failed to obtain access token']);
  });

  it('an optional call goes without the token when the source fails', async () => {
    setAccessTokenSource(() => {
      throw new Error('silent renew failed');
    });
    let authorization: string | null = 'unset';
    vi.stubGlobal('fetch', async (request: Request) => {
      authorization = request.headers.get('authorization');
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    });
    await body(client.GET('/stats/total'));
    expect(authorization).toBeNull();
  });

  it('no token at all stays "Authentication required but no token available"', async () => {
    const error = await failure(body(client.GET('/account/sessions', { auth: 'required' })));
    expect([error.code, error.message]).toEqual([401, 'Authentication required but no token available']);
  });
});
