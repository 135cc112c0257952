import fc from 'fast-check';
import { expect, it } from 'vitest';
import { describeEachDatabase } from './support/app.js';
import {
  HOSTILE_STRINGS,
  type HostileString,
  type JsonSchema,
  type OpenApiDocument,
  resolve,
  sample,
  takesText,
} from './support/hostile-input.js';
import { orgWithOwner } from './support/keys.js';
import { unlimitedPlan } from './support/plans.js';

/** Whatever a client sends, the answer is never a 500 and always has the error body of §8. */
describeEachDatabase('malformed input', (ctx) => {
  it('never answers 5xx, on any route, to random bodies, queries and path segments', async () => {
    const owner = await ctx().person('fuzz');
    const org = (await ctx().request('POST', '/api/v1/orgs', { token: owner.token, body: { name: 'Fuzz' } }))
      .body.slug;
    const admin = await ctx().admin();
    // Deleting the caller's own account would end the identities every later call uses.
    const routes = ctx().app.routes.filter(
      (r) =>
        r.url.startsWith('/api/v1/') &&
        r.method !== 'HEAD' &&
        r.method !== 'OPTIONS' &&
        !(r.method === 'DELETE' && r.url === '/api/v1/account'),
    );
    const segment = fc.oneof(fc.constant(org), fc.constant(owner.slug), fc.string({ maxLength: 80 }));
    const query = fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 20 }), { maxKeys: 3 });

    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.jsonValue({ maxDepth: 3 }),
        segment,
        segment,
        query,
        fc.boolean(),
        async (route, body, orgSegment, memberSegment, q, asAdmin) => {
          const url = route.url
            .replace(':org', encodeURIComponent(orgSegment))
            .replace(':member', encodeURIComponent(memberSegment));
          const search = new URLSearchParams(q).toString();
          const response = await ctx().app.server.inject({
            method: route.method as 'GET',
            url: search ? `${url}?${search}` : url,
            headers: { authorization: `Bearer ${asAdmin ? admin.token : owner.token}` },
            ...(route.method !== 'GET' &&
              route.method !== 'DELETE' && { payload: JSON.stringify(body) ?? 'null' }),
            ...(route.method !== 'GET' &&
              route.method !== 'DELETE' && {
                headers: {
                  authorization: `Bearer ${asAdmin ? admin.token : owner.token}`,
                  'content-type': 'application/json',
                },
              }),
          });
          expect(response.statusCode, `${route.method} ${url} ${response.body}`).toBeLessThan(500);
          if (response.statusCode >= 400) {
            expect(response.json()).toMatchObject({ code: response.statusCode, message: expect.any(String) });
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  /**
   * Bearer tokens stop at the key check of generation routes: with a valid key carrying every scope
   * (on a plan without limits), bodies and queries that look nearly right reach the handlers.
   */
  it('never answers 5xx to random generation calls made with a valid API key', async () => {
    const a = await orgWithOwner(ctx(), 'fuzz-keys');
    await unlimitedPlan(ctx(), a.org);
    const series = [
      await a.series('Fuzz one', '{adjective}-{noun}'),
      await a.series('Fuzz two', '{number:2d}'),
    ];
    const { key } = await a.apiKey({});
    const routes = ctx().app.routes.filter(
      (r) =>
        r.url.startsWith('/api/v1/') &&
        r.method !== 'HEAD' &&
        r.method !== 'OPTIONS' &&
        typeof r.access === 'object' &&
        r.access !== null &&
        'key' in r.access,
    );
    expect(routes.length).toBeGreaterThanOrEqual(20);

    const text = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom(
        '{noun}',
        '{adjective}-{noun}',
        '{number:3d}',
        '{noun',
        '{}',
        '{number:99d}',
        '{unknown}',
        '',
      ),
      fc.constantFrom(...series.map((x) => x.slug)),
    );
    const count = fc.oneof(
      fc.integer({ min: -3, max: 60 }),
      fc.constantFrom(0, -1, 1.5, 10_001, 10_000_000, 2 ** 53, Number.MAX_VALUE, '5', null, true),
    );
    const value = fc.oneof(text, count, fc.jsonValue({ maxDepth: 2 }));
    // Objects with the fields the generation requests have, each present or not, right or wrong.
    const fields = [
      'pattern',
      'count',
      'series',
      'sequence',
      'batch_size',
      'seed',
      'name',
      'url',
      'code',
      'kind',
    ];
    const body = fc.oneof(
      fc.record(
        {
          pattern: text,
          count,
          series: fc.oneof(fc.constantFrom(...series.map((x) => x.slug)), value),
          sequence: fc.oneof(fc.bigInt({ min: -2n, max: 2n ** 70n }).map(String), count),
          batch_size: count,
          seed: value,
          name: text,
          url: fc.oneof(fc.webUrl(), text),
        },
        { requiredKeys: [] },
      ),
      fc.dictionary(fc.constantFrom(...fields), value, { maxKeys: 4 }),
      fc.jsonValue({ maxDepth: 3 }),
    );
    const query = fc.dictionary(fc.constantFrom(...fields, 'limit', 'offset', 'q'), text, { maxKeys: 3 });
    const statuses: number[] = [];

    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), body, text, query, async (route, payload, segment, q) => {
        const url = route.url.replace(/:[a-z_]+/g, encodeURIComponent(segment) || 'x');
        const search = new URLSearchParams(q).toString();
        const withBody = route.method !== 'GET' && route.method !== 'DELETE';
        const response = await ctx().app.server.inject({
          method: route.method as 'GET',
          url: search ? `${url}?${search}` : url,
          headers: {
            'x-api-key': key,
            ...(withBody && { 'content-type': 'application/json' }),
            // The MCP endpoint speaks JSON-RPC over Streamable HTTP.
            ...(route.url === '/api/v1/mcp' && { accept: 'application/json, text/event-stream' }),
          },
          ...(withBody && { payload: JSON.stringify(payload) ?? 'null' }),
        });
        const label = `${route.method} ${url} ${JSON.stringify(payload)} -> ${response.body.slice(0, 300)}`;
        expect(response.statusCode, label).toBeLessThan(500);
        statuses.push(response.statusCode);
        // MCP answers protocol errors in JSON-RPC; every other route in the error body of §8.
        if (response.statusCode >= 400 && route.url !== '/api/v1/mcp') {
          expect(response.json(), label).toMatchObject({
            code: response.statusCode,
            message: expect.any(String),
          });
        }
      }),
      { numRuns: 400 },
    );
    // The handlers were reached, not only the key check and the schemas.
    const byStatus: Record<number, number> = {};
    for (const s of statuses) byStatus[s] = (byStatus[s] ?? 0) + 1;
    const summary = JSON.stringify(byStatus);
    expect(statuses.filter((s) => s < 300).length, summary).toBeGreaterThan(40);
    expect(statuses.filter((s) => s === 401 || s === 403).length).toBe(0);
  });

  /**
   * Every route with a path parameter or a body, walked from the route table (bodies as the
   * OpenAPI document describes them, filled with valid values): each parameter and each text
   * field in turn gets each hostile string. None may cost a 500; a NUL, a year-0 timestamp and a
   * sequence that is not plain ASCII digits are refused with a 4xx.
   */
  it('answers 4xx to hostile text in every path parameter and body field of every route', async () => {
    const a = await orgWithOwner(ctx(), 'hostile');
    await unlimitedPlan(ctx(), a.org);
    const series = await a.series('Hostile', '{adjective}-{noun}');
    const { key } = await a.apiKey({});
    const admin = await ctx().admin();
    const doc = (await ctx().request('GET', '/api/openapi.json')).body as OpenApiDocument;
    const valid: Record<string, string> = { org: a.org, series: series.slug, member: a.owner.slug };
    const routes = ctx().app.routes.filter(
      (r) =>
        r.url.startsWith('/api/') && r.method !== 'HEAD' && r.method !== 'OPTIONS' && r.url !== '/api/v1/mcp',
    );
    const answers: { status: number; refusal: boolean; label: string }[] = [];

    for (const route of routes) {
      const op = doc.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
      const bodySchema = op?.requestBody?.content?.['application/json']?.schema as JsonSchema | undefined;
      const base = bodySchema ? (sample(doc, bodySchema) as Record<string, unknown>) : undefined;
      const access = route.access;
      const headers: Record<string, string> =
        typeof access === 'object' && 'key' in access
          ? { 'x-api-key': key }
          : { authorization: `Bearer ${access === 'admin' ? admin.token : a.owner.token}` };
      const send = async (label: string, refusal: boolean, path: Record<string, string>, body: unknown) => {
        const url = route.url.replace(/:(\w+)/g, (_, p: string) =>
          encodeURIComponent(path[p] ?? valid[p] ?? 'fuzz'),
        );
        const response = await ctx().app.server.inject({
          method: route.method as 'POST',
          url,
          headers: { ...headers, ...(body !== undefined && { 'content-type': 'application/json' }) },
          ...(body !== undefined && { payload: JSON.stringify(body) }),
        });
        const text = `${response.statusCode} ${route.method} ${route.url} ${label}: ${response.body.slice(0, 200)}`;
        answers.push({ status: response.statusCode, refusal, label: text });
      };
      for (const [, param] of route.url.matchAll(/:(\w+)/g)) {
        for (const h of HOSTILE_STRINGS)
          await send(`:${param}=${h.label}`, h.label === 'NUL', { [param]: h.value }, base);
      }
      const fields = bodySchema ? (resolve(doc, bodySchema).properties ?? {}) : {};
      for (const [field, schema] of Object.entries(fields)) {
        const kind = takesText(doc, schema);
        if (!kind) continue;
        for (const h of HOSTILE_STRINGS) {
          const value = kind === 'array' ? [h.value] : h.value;
          await send(
            `${field}=${h.label}`,
            mustRefuse(h, field, resolve(doc, schema)),
            {},
            { ...base, [field]: value },
          );
        }
      }
    }
    expect(answers.length).toBeGreaterThan(500);
    expect(answers.filter((x) => x.status >= 500).map((x) => x.label)).toEqual([]);
    expect(
      answers.filter((x) => x.refusal && (x.status < 400 || x.status >= 500)).map((x) => x.label),
    ).toEqual([]);
  });
});

/** Whether the field may not take the value at all (others may be valid text, such as a name "NaN"). */
function mustRefuse(hostile: HostileString, field: string, schema: JsonSchema): boolean {
  if (hostile.label === 'NUL') return true;
  if (hostile.label === 'year zero') {
    return [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some((s) => s.format === 'date-time');
  }
  return field === 'sequence';
}
