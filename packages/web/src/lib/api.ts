import createClient, { type Middleware } from 'openapi-fetch';
import { agreementGateOpen, waitForAgreementGate } from './agreement-gate.js';
import type { paths } from './api-types.js';

/** The API client of the console: `/api/v1` on the same origin, 30 s timeout, errors as §8. */
export const API_PREFIX = '/api/v1';
export const HTTP_TIMEOUT_MS = 30_000;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** HTTP status; 0 = no response, -1 = unknown. */
    readonly code: number,
    message: string,
    readonly details?: unknown,
    readonly headers?: Headers,
  ) {
    super(message);
  }
}

/**
 * Why a request got no answer (§8 network: offline, timeout), kept in `details.reason` so the
 * message stays the §8 code-0 wording and the console can say which it was.
 */
export function noResponse(timedOut: boolean): ApiError {
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  const reason = offline ? 'offline' : timedOut ? 'timeout' : 'no_response';
  return new ApiError(0, 'Network error: No response received', { reason });
}

/** The details of a refusal as an object, or null (another error, or details that are not one). */
function detailsOf(error: unknown): Record<string, unknown> | null {
  const details = (error as { details?: unknown } | null)?.details;
  return details !== null && typeof details === 'object' ? (details as Record<string, unknown>) : null;
}

/**
 * The code a refusal names in `details.reason` (a RefusalCode such as `plan_limit`, `last_owner`,
 * `throttled`, or the console's own `offline`/`timeout`), if any: what the console switches on.
 */
export function refusalReason(error: unknown): string | undefined {
  const reason = detailsOf(error)?.reason;
  return typeof reason === 'string' ? reason : undefined;
}

/** A detail of a refusal by name (e.g. retry_after, organisations). */
export function refusalDetail<T>(error: unknown, name: string): T | undefined {
  return detailsOf(error)?.[name] as T | undefined;
}

let tokenSource: (() => string | null | undefined) | null = null;

/** The console's access-token source (set by the sign-in layer). */
export function setAccessTokenSource(source: (() => string | null | undefined) | null): void {
  tokenSource = source;
}

/**
 * The access token from the sign-in layer. A source that throws could not get one: a call that
 * needs it fails with §8's 401 variant, an optional one goes without.
 */
function accessToken(auth: RequestOptions['auth']): string | null | undefined {
  try {
    return tokenSource?.();
  } catch {
    if (auth === 'required')
      throw new ApiError(401, 'Failed to obtain access token', { reason: 'no_access_token' });
    return null;
  }
}

/** What the console says about a call besides the route's own parameters (read by the middleware). */
export interface RequestOptions {
  /** Send the bearer token (default: when one exists). */
  auth?: 'optional' | 'required' | 'none';
  signal?: AbortSignal;
  /** The account check's own calls, which run before the agreements are accepted (agreement-gate.ts). */
  beforeAgreements?: boolean;
}

/** The timeout signal of each call in flight, so a failed fetch can say whether it timed out. */
const timeouts = new Map<string, AbortSignal>();

/** §8 for every call: token, agreement gate, 30 s timeout, network failures, errors as ApiError. */
const consoleMiddleware: Middleware = {
  async onRequest({ request, id }) {
    // openapi-fetch puts the call's own options on the request (`auth`, `beforeAgreements`).
    const { auth = 'optional', beforeAgreements } = request as Request & RequestOptions;
    const headers = new Headers(request.headers);
    if (!headers.has('accept')) headers.set('accept', 'application/json');
    let token = auth === 'none' ? null : accessToken(auth);
    // A signed-in call waits for the account check of this sign-in (agreements accepted).
    while (token && auth === 'required' && !beforeAgreements && !agreementGateOpen()) {
      await waitForAgreementGate(request.signal);
      token = accessToken(auth);
    }
    if (token) headers.set('authorization', `Bearer ${token}`);
    else if (auth === 'required')
      throw new ApiError(401, 'Authentication required but no token available', { reason: 'no_token' });
    const timeout = AbortSignal.timeout(HTTP_TIMEOUT_MS);
    timeouts.set(id, timeout);
    return new Request(request, { headers, signal: AbortSignal.any([request.signal, timeout]) });
  },
  onError({ error, id, request }) {
    const timeout = timeouts.get(id);
    timeouts.delete(id);
    if (request.signal.aborted && !timeout?.aborted) return error instanceof Error ? error : undefined;
    return noResponse(timeout?.aborted ?? false);
  },
  async onResponse({ response, id, options }) {
    timeouts.delete(id);
    // Calls that read text or a blob (the invoice, the licence file) take the answer as it is.
    if (options.parseAs !== 'json' && response.ok) return undefined;
    const text = await response.clone().text();
    const type = response.headers.get('content-type') ?? '';
    if (options.parseAs === 'json' && (type.includes('text/html') || /^\s*<(!doctype|html)/i.test(text)))
      throw new ApiError(response.status || -1, 'Server configuration error: HTML returned instead of JSON');
    let data: unknown;
    if (text !== '') {
      try {
        data = JSON.parse(text);
      } catch {
        if (response.ok) throw new ApiError(response.status || -1, 'Invalid JSON response from server');
      }
    }
    if (!response.ok) {
      const body = (data ?? {}) as { message?: unknown; details?: unknown };
      const message = typeof body.message === 'string' && body.message ? body.message : 'API Error';
      throw new ApiError(response.status, message, body.details, response.headers);
    }
    return undefined;
  },
};

/**
 * The one client of the console: every route of `/api/v1` with its parameters, body and answer
 * typed from the server's OpenAPI document (api-types.ts, types only). Refusals throw ApiError,
 * so a call's `data` is its answer: `await body(client.GET('/orgs'))`.
 */
export const client = createClient<paths>({
  // A Request needs an absolute URL: the page's origin (any origin in tests, outside a page).
  baseUrl: `${globalThis.location?.origin ?? 'http://localhost'}${API_PREFIX}`,
  // Looked up per call, so that tests may replace the global fetch.
  fetch: (request) => globalThis.fetch(request),
});
client.use(consoleMiddleware);

/** The answer of a call through `client` (its refusals were thrown as ApiError). */
export async function body<T>(call: Promise<{ data?: T }>): Promise<T> {
  return (await call).data as T;
}

/** Fire-and-forget analytics (product spec §2.5); failures are silent. */
export function trace(event: string, data: Record<string, unknown>): void {
  try {
    const payload = JSON.stringify({ event, ...data, at: new Date().toISOString() });
    const sent = navigator.sendBeacon?.(
      `${API_PREFIX}/analytics`,
      new Blob([payload], { type: 'application/json' }),
    );
    if (!sent)
      fetch(`${API_PREFIX}/analytics`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: payload,
        keepalive: true,
      }).catch(() => {});
  } catch {
    // Analytics never disturbs the user.
  }
}
