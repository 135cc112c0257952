import { RATE_LIMIT_HEADERS } from '@slugsmith/contract';

/**
 * What the OpenAPI document says about answers that routes do not spell out themselves: the JSON
 * error every refusal is, the 429 of every plan-limited operation with the headers that say when
 * to come back, and request bodies written out where they are used.
 */

interface Response {
  description?: string;
  content?: Record<string, { schema?: unknown }>;
  headers?: Record<string, unknown>;
}
interface Operation {
  responses?: Record<string, Response>;
  requestBody?: { content?: Record<string, { schema?: unknown }> };
}
interface Document {
  paths?: Record<string, Record<string, unknown> | undefined>;
  components?: { schemas?: Record<string, unknown> };
}

const ERROR_REF = '#/components/schemas/Error';
const schemaRef = '#/components/schemas/';

/** What a client should make of each refusal (the body's message says the rest). */
const ERROR_DESCRIPTIONS: Record<string, string> = {
  '400': 'The request is not valid: the message (and details) say what to change',
  '401': 'No credentials, or credentials that are not valid',
  '402': 'Payment required: the payment was declined',
  '403': 'The credentials do not allow this (scope, role or plan)',
  '404': 'Not found, or not visible to these credentials',
  '405': 'Method not allowed',
  '409': 'Conflicts with the current state: the message says which',
  '413': 'The body is too large',
  '429': 'Too many requests: a limit was reached; Retry-After says when to try again',
  '500': 'The server failed; the request may be retried',
  '502': 'A service this server depends on failed',
  '503': 'Not available right now; the request may be retried',
};

const UNREADABLE_REQUEST =
  'A request the server cannot read: malformed (400), too slow (408) or with headers too large (431)';

const retryAfter = {
  'Retry-After': {
    description: 'Seconds until the request may succeed',
    schema: { type: 'integer', minimum: 0 },
  },
};
const limitHeaders = {
  ...retryAfter,
  [RATE_LIMIT_HEADERS.retryAfter]: {
    description: 'The same seconds, as the reference SDKs read them',
    schema: { type: 'integer', minimum: 0 },
  },
  [RATE_LIMIT_HEADERS.reason]: {
    description: 'Which limit was reached (e.g. rate_limit_exceeded, quota_exceeded, too_many_streams)',
    schema: { type: 'string' },
  },
};

const isErrorBody = (response: Response) =>
  Object.values(response.content ?? {}).some(
    (media) => (media.schema as { $ref?: unknown } | undefined)?.$ref === ERROR_REF,
  ) &&
  Object.values(response.content ?? {}).every(
    (media) => (media.schema as { $ref?: unknown })?.$ref === ERROR_REF,
  );

/**
 * An answer whose schema is the Error is sent as JSON whatever the route's own answers are (the
 * error handler writes it): a licence file's 404 is JSON, not text/plain. It is described by its
 * status rather than "Default Response".
 */
function errorResponse(status: string, response: Response): Response {
  if (!isErrorBody(response)) return response;
  const described =
    response.description === undefined || response.description === 'Default Response'
      ? (ERROR_DESCRIPTIONS[status] ?? 'Refused: the message says why')
      : response.description;
  return {
    ...response,
    description: described,
    content: { 'application/json': { schema: { $ref: ERROR_REF } } },
  };
}

/** A component schema written out (recursively) in place of its `$ref`, a reference cycle aside. */
function inline(value: unknown, schemas: Record<string, unknown>, within: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((element) => inline(element, schemas, within));
  if (value === null || typeof value !== 'object') return value;
  const ref = (value as { $ref?: unknown }).$ref;
  if (typeof ref === 'string' && ref.startsWith(schemaRef)) {
    const name = decodeURIComponent(ref.slice(schemaRef.length));
    if (within.includes(name) || schemas[name] === undefined) return value;
    return inline(schemas[name], schemas, [...within, name]);
  }
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key, inline(inner, schemas, within)]),
  );
}

/**
 * `document` with the refusals described (JSON errors; a 429 with Retry-After on every operation
 * in `limited`, "POST /api/v1/gen/forge") and request bodies written out in place: a field with
 * a default is optional in a request, which openapi-typescript (by default) honours only for
 * schemas under a requestBody, not for shared components.
 */
export function withDescribedResponses<D extends Document>(document: D, limited: ReadonlySet<string>): D {
  const schemas = document.components?.schemas ?? {};
  const paths = Object.fromEntries(
    Object.entries(document.paths ?? {}).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item ?? {}).map(([method, value]) => {
          if (typeof value !== 'object' || value === null || !('responses' in value)) return [method, value];
          const operation = value as Operation;
          const responses: Record<string, Response> = Object.fromEntries(
            Object.entries(operation.responses ?? {}).map(([status, response]) => [
              status,
              errorResponse(status, response),
            ]),
          );
          const isLimited = limited.has(`${method.toUpperCase()} ${path}`);
          if (isLimited || responses['429']) {
            responses['429'] = {
              ...(responses['429'] ??
                errorResponse('429', { content: { 'application/json': { schema: { $ref: ERROR_REF } } } })),
              headers: isLimited ? limitHeaders : retryAfter,
            };
          }
          // Any request can be one the server cannot read (Node refuses it before routing).
          if (!Object.keys(responses).some((status) => status.startsWith('4'))) {
            responses['4XX'] = {
              description: UNREADABLE_REQUEST,
              content: { 'application/json': { schema: { $ref: ERROR_REF } } },
            };
          }
          const requestBody = operation.requestBody && inline(operation.requestBody, schemas, []);
          return [method, { ...operation, responses, ...(requestBody ? { requestBody } : {}) }];
        }),
      ),
    ]),
  );
  return { ...document, paths };
}

/** `/api/v1/orgs/:org/series/:series` as the document writes it: `/api/v1/orgs/{org}/series/{series}`. */
export const documentPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
