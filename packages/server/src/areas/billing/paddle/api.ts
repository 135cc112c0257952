// A small client for the Paddle Billing REST API calls we make. The SDK (`@paddle/paddle-node-sdk`)
// supplies the wire types; the calls go through fetch because the SDK cannot be pointed at another
// base URL through its public options (its `environment` is typed as the sandbox/production enum),
// sends no request timeout and fails with a SyntaxError on a non-JSON answer (a proxy's 502 page).

/** Paddle's error answer (`{ error: {...}, meta }`); the SDK keeps its own type internal. */
interface PaddleErrorDetail {
  type?: string;
  code?: string;
  detail?: string;
  errors?: { field: string; message: string }[];
}

export const PADDLE_API_URLS = {
  sandbox: 'https://sandbox-api.paddle.com',
  production: 'https://api.paddle.com',
} as const;

/** Paddle's API versions are pinned per request; without the header the account's default applies. */
const API_VERSION = '1';
const TIMEOUT_MS = 15_000;

/** A Paddle API call that failed: Paddle's error code and detail when it answered, else why not. */
export class PaddleApiError extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    /** HTTP status; 0 when Paddle could not be reached. */
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly fields: readonly { field: string; message: string }[] = [],
  ) {
    const fieldText = fields.map((f) => `${f.field}: ${f.message}`).join('; ');
    super(
      `Paddle API ${method} ${path} failed (${status || 'unreachable'} ${code}): ${detail}${fieldText ? ` [${fieldText}]` : ''}`,
    );
    this.name = 'PaddleApiError';
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PATCH';

export interface PaddleApi {
  /** Sends one call and returns the answer's `data`; throws PaddleApiError on any failure. */
  call<T>(method: HttpMethod, path: string, body?: unknown): Promise<T>;
}

export function createPaddleApi(options: {
  apiKey: string;
  baseUrl: string;
  fetch?: typeof fetch;
}): PaddleApi {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  return {
    async call<T>(method: HttpMethod, path: string, body?: unknown): Promise<T> {
      // Errors name the path without its query, which may hold a customer's e-mail address.
      const shown = path.split('?')[0] ?? path;
      let response: Response;
      try {
        response = await fetch(`${baseUrl}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${options.apiKey}`,
            'paddle-version': API_VERSION,
            accept: 'application/json',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (cause) {
        const reason = cause instanceof Error && cause.name === 'TimeoutError' ? 'timed out' : String(cause);
        throw new PaddleApiError(method, shown, 0, 'network_error', reason);
      }
      const text = await response.text();
      let parsed: { data?: unknown; error?: PaddleErrorDetail } | undefined;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = undefined;
      }
      if (!response.ok || parsed === undefined || !('data' in parsed)) {
        const error = parsed?.error;
        throw new PaddleApiError(
          method,
          shown,
          response.status,
          error?.code ?? 'unexpected_response',
          error?.detail ?? `answer not understood: ${text.slice(0, 200) || '(empty)'}`,
          error?.errors ?? [],
        );
      }
      return parsed.data as T;
    },
  };
}
