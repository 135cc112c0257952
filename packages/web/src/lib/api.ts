import { agreementGateOpen, waitForAgreementGate } from './agreement-gate.js';

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

export interface RequestOptions {
  method?: string;
  body?: unknown;
  /** Send the bearer token (default: when one exists). */
  auth?: 'optional' | 'required' | 'none';
  signal?: AbortSignal;
  /** The account check's own calls, which run before the agreements are accepted (agreement-gate.ts). */
  beforeAgreements?: boolean;
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, auth = 'optional' } = options;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  let token = auth === 'none' ? null : accessToken(auth);
  // A signed-in call waits for the account check of this sign-in (agreements accepted).
  while (token && auth === 'required' && !options.beforeAgreements && !agreementGateOpen()) {
    await waitForAgreementGate(options.signal);
    token = accessToken(auth);
  }
  if (token) headers.authorization = `Bearer ${token}`;
  else if (auth === 'required')
    throw new ApiError(401, 'Authentication required but no token available', { reason: 'no_token' });

  const timeout = AbortSignal.timeout(HTTP_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(`${API_PREFIX}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw noResponse(timeout.aborted);
  }
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('text/html') || /^\s*<(!doctype|html)/i.test(text))
    throw new ApiError(response.status || -1, 'Server configuration error: HTML returned instead of JSON');
  let data: unknown;
  if (text !== '') {
    try {
      data = JSON.parse(text);
    } catch {
      throw new ApiError(response.status || -1, 'Invalid JSON response from server');
    }
  }
  if (!response.ok) {
    const body = (data ?? {}) as { message?: unknown; details?: unknown };
    const message = typeof body.message === 'string' && body.message ? body.message : 'API Error';
    throw new ApiError(response.status, message, body.details, response.headers);
  }
  return data as T;
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
