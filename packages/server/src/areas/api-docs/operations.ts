import { apiPrefix, SDK_SCOPES, SIGNATURE_MAX_SKEW_MS, SIGNED_HEADERS } from '@slugsmith/contract';
import { type AccessRule, accessKind } from '../../auth/access.js';

/**
 * What the OpenAPI document says about each operation that its route does not write itself:
 * which credentials it takes (from the route's `config.access`, the rule the server enforces) and
 * its `operationId` (from method and path). Deriving both here means a new route cannot miss
 * them, and a client generated from the document names its methods the same in every release
 * that keeps the path.
 */

type SecurityRequirement = Record<string, string[]>;

/** The schemes of the SDK mode: every signed request carries all three headers. */
const signedHeaderSchemes: Record<keyof typeof SIGNED_HEADERS, string> = {
  sdkSlug: 'sdkSlug',
  timestamp: 'sdkTimestamp',
  signature: 'sdkSignature',
};

const signedHeaderDescriptions: Record<keyof typeof SIGNED_HEADERS, string> = {
  sdkSlug: 'SDK mode: the slug of the SDK config whose key signed the request',
  timestamp: `SDK mode: when the request was signed (ISO 8601), within ${SIGNATURE_MAX_SKEW_MS / 60_000} minutes of the server clock`,
  signature:
    'SDK mode: ECDSA P-256 / SHA-256 over "<METHOD> <path>:<sdk slug>:<timestamp>:", raw r‖s, base64url without padding',
};

export const securitySchemes = {
  bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Console: an access token' },
  apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key', description: 'Generation API: an API key' },
  ...Object.fromEntries(
    (Object.keys(SIGNED_HEADERS) as (keyof typeof SIGNED_HEADERS)[]).map((header) => [
      signedHeaderSchemes[header],
      {
        type: 'apiKey',
        in: 'header',
        name: SIGNED_HEADERS[header],
        description: signedHeaderDescriptions[header],
      },
    ]),
  ),
} as const;

const signed: SecurityRequirement = Object.fromEntries(
  Object.values(signedHeaderSchemes).map((scheme) => [scheme, []]),
);

/**
 * The credentials a route takes, as OpenAPI security requirements (alternatives): none for public
 * routes (`[]` says so explicitly), an access token for the console's routes, and for the
 * generation API an API key or — when an SDK config can hold the scope — a signed request.
 */
export function operationSecurity(access: AccessRule | undefined): SecurityRequirement[] {
  if (access === undefined) return [];
  const kind = accessKind(access);
  if (kind === 'public') return [];
  if (kind !== 'key') return [{ bearer: [] }];
  const scope = (access as { key: string }).key;
  const signable = scope === 'any' || (SDK_SCOPES as readonly string[]).includes(scope);
  return signable ? [{ apiKey: [] }, signed] : [{ apiKey: [] }];
}

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** `getOrgsByOrgSeriesBySeries` for `GET /api/v1/orgs/{org}/series/{series}`. */
export function operationId(method: string, path: string): string {
  const relative = path.startsWith(`${apiPrefix}/`) ? path.slice(apiPrefix.length) : path;
  const words = relative
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => {
      const param = /^\{(.+)\}$/.exec(segment);
      const parts = (param ? param[1] : segment).split(/[^A-Za-z0-9]+/).filter((part) => part !== '');
      return (param ? 'By' : '') + parts.map(capitalise).join('');
    });
  return method.toLowerCase() + words.join('');
}

const httpMethods = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

interface Document {
  paths?: Record<string, object | undefined>;
  components?: { schemas?: Record<string, unknown> };
}

/**
 * `document` with every operation given its derived `operationId` (a route answering several
 * methods shares one operation object between them: each gets its own copy). Two paths that
 * would share an id fail.
 */
export function withOperationIds<D extends Document>(document: D): D {
  const seen = new Map<string, string>();
  const paths = Object.fromEntries(
    Object.entries(document.paths ?? {}).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item ?? {}).map(([method, operation]) => {
          if (!httpMethods.has(method)) return [method, operation];
          const id = operationId(method, path);
          const other = seen.get(id);
          if (other)
            throw new Error(`operationId ${id} of ${method.toUpperCase()} ${path} is also ${other}'s`);
          seen.set(id, `${method.toUpperCase()} ${path}`);
          return [method, { ...(operation as object), operationId: id }];
        }),
      ),
    ]),
  );
  return { ...document, paths };
}

const schemaRef = '#/components/schemas/';

/** Names of the component schemas that `value` refers to directly. */
function referencedSchemas(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) {
    for (const element of value) referencedSchemas(element, into);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string' && inner.startsWith(schemaRef)) {
        into.add(decodeURIComponent(inner.slice(schemaRef.length)));
      } else referencedSchemas(inner, into);
    }
  }
  return into;
}

/**
 * Drops the component schemas no operation reaches. The zod registry holds an input and an output
 * variant of every named schema; a request body uses only the first and an answer only the
 * second, and a generated client would otherwise carry the unused half as dead types.
 */
export function withoutUnusedSchemas<D extends Document>(document: D): D {
  const schemas = document.components?.schemas;
  if (!schemas) return document;
  const reached = new Set<string>();
  const pending = [...referencedSchemas(document.paths, new Set())];
  while (pending.length > 0) {
    const name = pending.pop() as string;
    if (reached.has(name)) continue;
    reached.add(name);
    pending.push(...referencedSchemas(schemas[name], new Set()));
  }
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => reached.has(name)));
  return { ...document, components: { ...document.components, schemas: kept } };
}
