import {
  CallToolRequestSchema,
  InitializeRequestSchema,
  ListToolsRequestSchema,
  PingRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { describeEachDatabase } from './support/app.js';
import { HOSTILE_STRINGS } from './support/hostile-input.js';
import { orgWithOwner } from './support/keys.js';
import { unlimitedPlan } from './support/plans.js';

/** The generation API's paths (packages/server/docs/generation-api.md), under /api/v1. */
const GENERATION =
  /^\/api\/v1\/(gen\/|forge\/|jwks$|key-info$|limits$|shorten$|expand\/|ping$|tags$|generator\/|mcp$)/;

/** Text that numbers, sequences and slugs in a query must survive. */
const NEARLY_NUMBERS = [
  '0',
  '1',
  '-1',
  '1.5',
  '1e3',
  '0x10',
  ' 5',
  '5 ',
  '+5',
  'Infinity',
  '-0',
  '9'.repeat(400),
  '1000',
  '1001',
  '',
  '[]',
  '{}',
  'true',
  'null',
  'undefined',
  '__proto__',
  'constructor',
];

/** Query text that is not even well-formed: lone and bad percent escapes, empty pairs, separators. */
const MALFORMED_QUERIES = [
  '%',
  '%zz',
  '%E0%A4%A',
  'a=%',
  '&&&',
  '=',
  '==1',
  'a&a&a',
  ';',
  '?',
  '#',
  '%00',
  '+',
];

/** The MCP SDK's schemas of the requests this server answers. */
const PROTOCOL: Record<string, { safeParse(message: unknown): { success: boolean } }> = {
  initialize: InitializeRequestSchema,
  ping: PingRequestSchema,
  'tools/list': ListToolsRequestSchema,
  'tools/call': CallToolRequestSchema,
};

/**
 * Whether a JSON-RPC request's params break the MCP schema of its method: the endpoint answers
 * those -32602 (invalid params). A -32603 (internal error) is never right.
 */
function breaksProtocolSchema(message: unknown): boolean {
  const method = (message as { method?: unknown } | null)?.method;
  const schema = typeof method === 'string' ? PROTOCOL[method] : undefined;
  return schema !== undefined && !schema.safeParse(message).success;
}

/** The arguments each tool the fuzzed key sees takes: any other is refused with -32602. */
const TOOL_ARGUMENTS: Record<string, readonly string[]> = {
  forge: ['pattern', 'count', 'seed', 'sequence'],
  mint: ['count', 'series'],
  slice: ['count', 'sequence', 'series'],
  pattern_info: ['pattern'],
  validate_pattern: ['pattern'],
  series_list: [],
  series_info: ['series'],
  dictionary_info: [],
  dictionary_tags: ['kind'],
  limits: [],
  stats: ['series'],
};

/** A tools/call naming an argument its tool does not take. */
function takesUnknownArgument(message: unknown): boolean {
  const params = (message as { params?: { name?: unknown; arguments?: unknown } } | null)?.params;
  const accepted = typeof params?.name === 'string' ? TOOL_ARGUMENTS[params.name] : undefined;
  const args = params?.arguments;
  if (!accepted || typeof args !== 'object' || args === null) return false;
  return Object.keys(args).some((name) => !accepted.includes(name));
}

/** §8: a refusal's body is `{code, message, details?}`, `code` being the HTTP status. */
function expectErrorBody(status: number, body: string, label: string): void {
  let parsed: unknown;
  expect(() => (parsed = JSON.parse(body)), label).not.toThrow();
  expect(parsed, label).toMatchObject({ code: status, message: expect.any(String) });
}

describeEachDatabase('malformed queries and JSON-RPC bodies of the generation API', (ctx) => {
  /**
   * Every GET route of the generation API with query strings built from its declared parameters,
   * other names, hostile and nearly numeric values, repeated keys and malformed escapes; with a
   * valid API key, none, or a wrong one; path parameters fuzzed too.
   */
  it('answers every query string of its GET routes without a 5xx, refusals in the §8 shape', async () => {
    const a = await orgWithOwner(ctx(), 'fuzz-queries');
    await unlimitedPlan(ctx(), a.org);
    const series = await a.series('Queries', '{adjective}-{noun}');
    const { key } = await a.apiKey({});
    const shortened = await ctx().app.server.inject({
      method: 'POST',
      url: '/api/v1/shorten',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      payload: JSON.stringify({ pattern: '{noun}' }),
    });
    const code = shortened.json().slug as string;
    const doc = (await ctx().request('GET', '/api/openapi.json')).body as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
    };
    const routes = ctx().app.routes.filter((r) => r.method === 'GET' && GENERATION.test(r.url));
    expect(routes.map((r) => r.url)).toEqual(
      expect.arrayContaining(['/api/v1/gen/dictionary-tags/:kind', '/api/v1/expand/:code', '/api/v1/limits']),
    );
    const declared = (url: string) =>
      (doc.paths[url.replace(/:(\w+)/g, '{$1}')]?.get?.parameters ?? [])
        .filter((p) => p.in === 'query')
        .map((p) => p.name);
    const known = ['noun', 'adjective', code, series.slug, a.org];
    const value = fc.oneof(
      fc.constantFrom(...NEARLY_NUMBERS),
      fc.constantFrom(...HOSTILE_STRINGS.map((h) => h.value)),
      fc.constantFrom(...known),
      fc.string({ maxLength: 30 }),
      fc.integer({ min: -5, max: 2000 }).map(String),
    );
    const name = (route: string) =>
      fc.oneof(
        ...(declared(route).length > 0 ? [fc.constantFrom(...declared(route))] : []),
        fc.constantFrom('limit', 'offset', 'series', 'sequence', 'count', 'q', 'kind', 'code'),
        fc.string({ maxLength: 12 }),
      );
    const statuses: Record<number, number> = {};

    await fc.assert(
      fc.asyncProperty(
        // Names come from the route's own parameters, among others.
        fc
          .constantFrom(...routes)
          .chain((route) =>
            fc.tuple(fc.constant(route), fc.array(fc.tuple(name(route.url), value), { maxLength: 5 })),
          ),
        fc.option(fc.constantFrom(...MALFORMED_QUERIES), { nil: undefined }),
        fc.oneof(fc.constantFrom(...known), value),
        fc.constantFrom('valid', 'none', 'wrong'),
        async ([route, pairs], malformed, segment, auth) => {
          const query = [
            ...pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`),
            ...(malformed === undefined ? [] : [malformed]),
          ].join('&');
          const url = route.url.replace(/:(\w+)/g, () => encodeURIComponent(segment) || 'x');
          const response = await ctx().app.server.inject({
            method: 'GET',
            url: query ? `${url}?${query}` : url,
            headers:
              auth === 'valid' ? { 'x-api-key': key } : auth === 'wrong' ? { 'x-api-key': `${key}x` } : {},
          });
          const label = `GET ${url}?${query} (${auth} key) -> ${response.statusCode} ${response.body.slice(0, 200)}`;
          statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
          expect(response.statusCode, label).toBeLessThan(500);
          if (response.statusCode >= 400) expectErrorBody(response.statusCode, response.body, label);
        },
      ),
      { numRuns: 500 },
    );
    // Answers of every kind were reached: the handlers, the query schemas and the key check. Runs
    // are random: a refusal of the query schema came 5 times in 500 runs once, 20 in others.
    expect(statuses[200] ?? 0, JSON.stringify(statuses)).toBeGreaterThan(10);
    expect(statuses[400] ?? 0, JSON.stringify(statuses)).toBeGreaterThan(0);
    expect(statuses[401] ?? 0, JSON.stringify(statuses)).toBeGreaterThan(5);
  });

  /**
   * The MCP endpoint with JSON-RPC bodies: single messages and batches, right and wrong versions,
   * ids, methods and params, tool calls with hostile arguments. MCP clients read JSON-RPC, so a
   * protocol error is a JSON-RPC error object; the server's own refusals (key, body) keep §8. An
   * internal error (-32603) is the JSON-RPC form of a 500 and may never come.
   */
  it('answers every JSON-RPC body on /mcp without a 5xx or an internal error', async () => {
    const a = await orgWithOwner(ctx(), 'fuzz-mcp');
    await unlimitedPlan(ctx(), a.org);
    const series = await a.series('Agents', '{adjective}-{noun}');
    const { key } = await a.apiKey({});
    const tools = [
      'forge',
      'mint',
      'slice',
      'pattern_info',
      'validate_pattern',
      'series_list',
      'series_info',
      'dictionary_info',
      'dictionary_tags',
      'limits',
      'stats',
    ];
    const text = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom(...HOSTILE_STRINGS.map((h) => h.value), ...NEARLY_NUMBERS),
      fc.constantFrom('{noun}', '{adjective}-{noun}', '{noun', '{number:99d}', series.slug, 'noun'),
    );
    const scalar = fc.oneof(
      text,
      fc.integer({ min: -3, max: 2_000 }),
      fc.constantFrom(0, 1.5, 2 ** 53, -1e308, null, true),
    );
    const args = fc.oneof(
      fc.record(
        {
          pattern: scalar,
          count: scalar,
          seed: scalar,
          sequence: fc.oneof(scalar, fc.bigInt({ min: 0n, max: 2n ** 70n }).map(String)),
          series: scalar,
          kind: scalar,
          limit: scalar,
          offset: scalar,
        },
        { requiredKeys: [] },
      ),
      fc.jsonValue({ maxDepth: 2 }),
    );
    const id = fc.oneof(
      fc.integer(),
      fc.string({ maxLength: 8 }),
      fc.constant(null),
      fc.jsonValue({ maxDepth: 1 }),
    );
    const request = fc.oneof(
      {
        weight: 4,
        arbitrary: fc.record(
          {
            jsonrpc: fc.constantFrom('2.0', '2.0', '2.0', '2.0', '2.0', '1.0', 2),
            id,
            method: fc.constant('tools/call'),
            params: fc.oneof(
              fc.record({
                name: fc.oneof(fc.constantFrom(...tools), fc.string({ maxLength: 12 })),
                arguments: args,
              }),
              fc.jsonValue({ maxDepth: 2 }),
            ),
          },
          { requiredKeys: ['jsonrpc', 'id', 'method', 'params'] },
        ),
      },
      {
        weight: 2,
        arbitrary: fc.record(
          {
            jsonrpc: fc.constant('2.0'),
            id,
            method: fc.oneof(
              fc.constantFrom(
                'initialize',
                'ping',
                'tools/list',
                'notifications/initialized',
                'notifications/cancelled',
                'resources/list',
                'prompts/list',
                'completion/complete',
                'logging/setLevel',
              ),
              fc.string({ maxLength: 20 }),
            ),
            params: fc.oneof(
              fc.constant({
                protocolVersion: '2025-06-18',
                capabilities: {},
                clientInfo: { name: 'fuzz', version: '1' },
              }),
              fc.jsonValue({ maxDepth: 2 }),
            ),
          },
          { requiredKeys: ['jsonrpc', 'id', 'method'] },
        ),
      },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
    );
    const body = fc.oneof(
      { weight: 8, arbitrary: request.map((m) => JSON.stringify(m)) },
      { weight: 1, arbitrary: fc.array(request, { maxLength: 3 }).map((m) => JSON.stringify(m)) },
      { weight: 1, arbitrary: fc.constantFrom('', '{', 'null', '[]', '"x"', '{"jsonrpc":"2.0"', '\u0000') },
    );
    const accept = fc.constantFrom(
      'application/json, text/event-stream',
      'application/json, text/event-stream',
      'application/json, text/event-stream',
      'application/json, text/event-stream',
      'application/json',
      'text/html',
      undefined,
    );
    const statuses: Record<number, number> = {};
    const internal: string[] = [];
    let schemaRefusals = 0;

    await fc.assert(
      fc.asyncProperty(
        body,
        accept,
        fc.nat({ max: 3 }).map((n) => n > 0),
        async (payload, acceptHeader, validKey) => {
          const response = await ctx().app.server.inject({
            method: 'POST',
            url: '/api/v1/mcp',
            headers: {
              'x-api-key': validKey ? key : 'sk_nosuchkey',
              'content-type': 'application/json',
              ...(acceptHeader !== undefined && { accept: acceptHeader }),
            },
            payload,
          });
          const label = `${payload.slice(0, 300)} (accept ${acceptHeader}) -> ${response.statusCode} ${response.body.slice(0, 300)}`;
          statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
          expect(response.statusCode, label).toBeLessThan(500);
          if (response.statusCode === 202) return;
          const answer = response.json();
          if (response.statusCode >= 400) {
            const rpc = typeof answer === 'object' && answer !== null && 'jsonrpc' in answer;
            if (rpc) {
              expect(answer, label).toMatchObject({ jsonrpc: '2.0', error: { code: expect.any(Number) } });
              expect(answer.error.message, label).toEqual(expect.any(String));
            } else {
              expectErrorBody(response.statusCode, response.body, label);
            }
          }
          let sent: unknown = null;
          try {
            sent = JSON.parse(payload);
          } catch {
            // Not JSON: refused before any JSON-RPC handling.
          }
          for (const message of Array.isArray(answer) ? answer : [answer]) {
            if (message?.error?.code === -32603) internal.push(label);
            if (message?.error?.code === -32602) {
              const request = (Array.isArray(sent) ? sent : [sent]).find((m) => m?.id === message.id);
              expect(breaksProtocolSchema(request) || takesUnknownArgument(request), label).toBe(true);
              schemaRefusals++;
            }
            const content = message?.result?.content;
            if (Array.isArray(content)) {
              for (const part of content)
                expect(String(part.text), label).not.toMatch(/Internal server error/);
            }
          }
        },
      ),
      { numRuns: 400 },
    );
    // The tools were reached, not only the transport's checks.
    expect(statuses[200] ?? 0, JSON.stringify(statuses)).toBeGreaterThan(10);
    expect(statuses[401] ?? 0, JSON.stringify(statuses)).toBeGreaterThan(20);
    expect(internal).toEqual([]);
    expect(schemaRefusals).toBeGreaterThan(0);
  });
});
