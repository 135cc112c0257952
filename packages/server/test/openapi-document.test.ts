import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';
import { SIGNED_HEADERS } from '@slugsmith/contract';
import { freePort } from '@slugsmith/test-support';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationId } from '../src/areas/api-docs/operations.js';
import { describeEachDatabase } from './support/app.js';
import { orgWithOwner } from './support/keys.js';

interface Response {
  description?: string;
  content?: Record<string, { schema?: { $ref?: string } }>;
  headers?: Record<string, unknown>;
}
interface Operation {
  operationId?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; description?: string }[];
  responses: Record<string, Response>;
}
interface Document {
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; in?: string; name?: string }> };
}

/** The operations plan limits hold (`config.limits`): each may answer 429. */
const PLAN_LIMITED = [
  'post /api/v1/gen/forge',
  'post /api/v1/gen/forge/stream',
  'post /api/v1/gen/mint',
  'post /api/v1/gen/mint/stream',
  'post /api/v1/gen/slice',
  'post /api/v1/gen/slice/stream',
  'post /api/v1/gen/reset',
  'post /api/v1/gen/pattern-info',
  'post /api/v1/forge/capacity',
  'post /api/v1/orgs/{org}/series/{series}/mint',
  'post /api/v1/orgs/{org}/series/{series}/slice',
  'post /api/v1/shorten',
];

function operations(document: Document): { method: string; path: string; operation: Operation }[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ method, path, operation })),
  );
}

const signedRequest = { sdkSlug: [], sdkTimestamp: [], sdkSignature: [] };

describe('operationId', () => {
  it('is the method and the path in camelCase, path parameters prefixed with By', () => {
    expect(operationId('get', '/api/v1/ping')).toBe('getPing');
    expect(operationId('post', '/api/v1/gen/forge/stream')).toBe('postGenForgeStream');
    expect(operationId('get', '/api/v1/orgs/{org}/series/{series}')).toBe('getOrgsByOrgSeriesBySeries');
    expect(operationId('delete', '/api/v1/orgs/{org}/api-keys/{key_id}')).toBe(
      'deleteOrgsByOrgApiKeysByKeyId',
    );
    expect(operationId('get', '/api/v1/generator/dictionary-stats')).toBe('getGeneratorDictionaryStats');
  });
});

describeEachDatabase('the OpenAPI document as a client generator sees it', (ctx) => {
  let document: Document;
  let baseUrl: string;
  beforeAll(async () => {
    const port = await freePort();
    await ctx().app.server.listen({ host: '127.0.0.1', port });
    baseUrl = `http://127.0.0.1:${port}`;
    document = (await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as Document;
  });

  it('passes the recommended lint rules: no errors, and only warnings a client loses nothing by', async () => {
    const problems = await lintFromString({
      source: JSON.stringify(document),
      absoluteRef: `${baseUrl}/api/openapi.json`,
      config: await createConfig({ extends: ['recommended'] }),
    });
    expect(problems.filter((p) => p.severity === 'error').map((p) => p.message)).toEqual([]);
    const accepted = (problem: NormalizedProblem) => {
      switch (problem.ruleId) {
        // The MCP endpoint is stateless: GET and DELETE exist only to answer 405.
        case 'operation-2xx-response':
          return /~1mcp\/(get|delete)\//.test(problem.location[0]?.pointer ?? '');
        // `/admin/docs/tags/{tag}` and `/admin/docs/{id}/tags`: no document id is `tags`.
        case 'no-ambiguous-paths':
          return true;
        default:
          return false;
      }
    };
    const unexpected = problems.filter((p) => !accepted(p));
    expect(unexpected.map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`)).toEqual([]);
  });

  it('describes every operation and parameter, under a top-level tag that says what it is for', () => {
    const tagged = new Map((document.tags ?? []).map((tag) => [tag.name, tag.description]));
    const undescribed: string[] = [];
    for (const { method, path, operation } of operations(document)) {
      if (!operation.description?.trim()) undescribed.push(`${method} ${path}`);
      for (const parameter of operation.parameters ?? []) {
        const schema = (parameter as { schema?: { description?: string } }).schema;
        if (!(parameter.description ?? schema?.description)?.trim()) {
          undescribed.push(`${method} ${path} ${parameter.in} ${parameter.name}`);
        }
      }
      for (const tag of operation.tags ?? []) expect(tagged.get(tag), `tag ${tag}`).toBeTruthy();
    }
    expect(undescribed).toEqual([]);
  });

  it('documents the 429 (with Retry-After) of every plan-limited operation, and every error as the JSON Error', () => {
    for (const key of PLAN_LIMITED) {
      const [method, path] = key.split(' ');
      const tooMany = document.paths[path]?.[method]?.responses['429'];
      expect(tooMany, key).toBeDefined();
      expect(tooMany?.headers, key).toHaveProperty('Retry-After');
      expect(tooMany?.content?.['application/json']?.schema?.$ref).toBe('#/components/schemas/Error');
    }
    for (const { method, path, operation } of operations(document)) {
      for (const [status, response] of Object.entries(operation.responses)) {
        const error = Object.values(response.content ?? {}).some(
          (media) => media.schema?.$ref === '#/components/schemas/Error',
        );
        if (error)
          expect(Object.keys(response.content ?? {}), `${method} ${path} ${status}`).toEqual([
            'application/json',
          ]);
        if (status === '429') expect(response.headers, `${method} ${path}`).toHaveProperty('Retry-After');
      }
    }
    // The licence file and the invoice page: their refusals are JSON, not the file's type.
    const licence = document.paths['/api/v1/orgs/{org}/licences/{licence}/file']?.get?.responses;
    expect(Object.keys(licence?.['404']?.content ?? {})).toEqual(['application/json']);
    expect(Object.keys(licence?.['200']?.content ?? {})).toEqual(['text/plain']);
    const invoice = document.paths['/api/v1/orgs/{org}/billing/transactions/{id}/invoice']?.get?.responses;
    expect(Object.keys(invoice?.['404']?.content ?? {})).toEqual(['application/json']);
  });

  it('gives every operation a unique camelCase operationId', () => {
    const ids = operations(document).map(({ operation }) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z]+[A-Z][A-Za-z0-9]*$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(document.paths['/api/v1/gen/forge']?.post?.operationId).toBe('postGenForge');
    // Request bodies carry an example a reader can send as it is.
    const forgePost = document.paths['/api/v1/gen/forge']?.post as { requestBody?: unknown } | undefined;
    const forgeBody = forgePost?.requestBody as {
      content: { 'application/json': { schema: { examples?: unknown[] } } };
    };
    expect(forgeBody.content['application/json'].schema.examples?.[0]).toMatchObject({
      pattern: expect.any(String),
    });
  });

  it("declares on every operation the credentials its route's access rule takes", () => {
    for (const { operation } of operations(document)) expect(operation.security).toBeDefined();
    const security = (path: string, method: string) => document.paths[path]?.[method]?.security;
    expect(security('/api/v1/ping', 'get')).toEqual([]);
    expect(security('/api/v1/orgs', 'post')).toEqual([{ bearer: [] }]);
    // Scopes an SDK config can hold: an API key or a signed request (all three headers).
    expect(security('/api/v1/gen/forge', 'post')).toEqual([{ apiKey: [] }, signedRequest]);
    expect(security('/api/v1/gen/mint', 'post')).toEqual([{ apiKey: [] }, signedRequest]);
    // Scopes only an API key holds.
    expect(security('/api/v1/mcp', 'post')).toEqual([{ apiKey: [] }]);
    expect(security('/api/v1/gen/reset', 'post')).toEqual([{ apiKey: [] }]);
    const schemes = document.components.securitySchemes;
    expect(schemes.apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-api-key' });
    expect(Object.keys(signedRequest).map((name) => schemes[name]?.name)).toEqual(
      expect.arrayContaining(Object.values(SIGNED_HEADERS)),
    );
  });

  describe('a client generated from it', () => {
    // Under node_modules so that the generated client resolves openapi-fetch as a user's would.
    const here = dirname(fileURLToPath(import.meta.url));
    const cache = join(here, '..', 'node_modules', '.cache');
    let dir: string;
    beforeAll(() => {
      mkdirSync(cache, { recursive: true });
      dir = mkdtempSync(join(cache, 'openapi-client-'));
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('compiles minimal forge, mint and API-key creation calls, and forges through the running server', async () => {
      writeFileSync(join(dir, 'schema.ts'), astToString(await openapiTS(document as never)));
      writeFileSync(
        join(dir, 'client.ts'),
        [
          "import createClient from 'openapi-fetch';",
          "import type { operations, paths } from './schema.js';",
          '',
          "type Forged = operations['postGenForge']['responses'][200]['content']['application/json'];",
          '',
          'export async function forge(baseUrl: string, apiKey: string): Promise<Forged> {',
          '  const client = createClient<paths>({ baseUrl });',
          "  const { data, error } = await client.POST('/api/v1/gen/forge', {",
          "    headers: { 'x-api-key': apiKey },",
          "    body: { pattern: '{adjective}-{noun}', count: 3, seed: 'openapi' },",
          '  });',
          '  if (error) throw new Error(error.message);',
          '  return data;',
          '}',
          '',
          '// Only what a request needs: fields with a default (count, batch_size, enabled) may be left out.',
          'export async function minimal(baseUrl: string, apiKey: string, token: string) {',
          '  const client = createClient<paths>({ baseUrl });',
          "  await client.POST('/api/v1/gen/forge', { headers: { 'x-api-key': apiKey }, body: { pattern: '{noun}' } });",
          "  await client.POST('/api/v1/gen/mint', { headers: { 'x-api-key': apiKey }, body: { count: 2 } });",
          "  await client.POST('/api/v1/orgs/{org}/api-keys', {",
          "    params: { path: { org: 'acme' } },",
          "    headers: { authorization: 'Bearer ' + token },",
          "    body: { name: 'ci', scopes: ['forge'] },",
          '  });',
          '}',
        ].join('\n'),
      );
      const program = ts.createProgram([join(dir, 'client.ts')], {
        strict: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        skipLibCheck: true,
        outDir: dir,
      });
      const diagnostics = [...ts.getPreEmitDiagnostics(program), ...program.emit().diagnostics];
      expect(diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))).toEqual([]);

      const org = await orgWithOwner(ctx(), 'openapi');
      const { key } = await org.apiKey({ scopes: ['forge'] });
      const client = (await import(pathToFileURL(join(dir, 'client.js')).href)) as {
        forge(baseUrl: string, apiKey: string): Promise<string[]>;
      };
      const slugs = await client.forge(baseUrl, key);
      expect(slugs).toHaveLength(3);
      for (const slug of slugs) expect(slug).toMatch(/^[a-z]+-[a-z]+$/);
    });
  });
});
