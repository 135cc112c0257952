import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from './support/app.js';
import { orgWithOwner, signedHeaders } from './support/keys.js';
import { unlimitedPlan } from './support/plans.js';

type ToolResult = {
  isError?: boolean;
  content: { type: string; text: string }[];
  structuredContent?: Record<string, unknown>;
};

/** The MCP endpoint with the SDK's own client over Streamable HTTP, against the listening server. */
describeEachDatabase('MCP endpoint', (ctx) => {
  let url: URL;
  beforeAll(async () => {
    await ctx().app.server.listen({ host: '127.0.0.1', port: 0 });
    url = new URL(`http://127.0.0.1:${(ctx().app.server.server.address() as AddressInfo).port}/api/v1/mcp`);
  });

  async function connect(apiKey: string) {
    const client = new Client({ name: 'slugsmith-test', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(url, {
      requestInit: { headers: { 'x-api-key': apiKey } },
    });
    await client.connect(transport);
    return {
      client,
      call: async (name: string, args: Record<string, unknown> = {}) =>
        (await client.callTool({ name, arguments: args })) as ToolResult,
    };
  }

  it('lists the tools the key may use, forges and mints through the same API, limits and statistics', async () => {
    const a = await orgWithOwner(ctx(), 'mcp-agent');
    const series = await a.series('Agents', '{adjective}-{noun}-{number:3d}');
    const key = await a.apiKey({
      name: 'agent',
      scopes: ['mcp', 'forge', 'mint', 'slice', 'stats', 'series:read', 'reset'],
    });
    const { client, call } = await connect(key.key);
    expect(client.getServerVersion()?.name).toBe('slugsmith');

    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(
      [
        'analyze_pattern',
        'compare_patterns',
        'dictionary_info',
        'dictionary_tags',
        'forge',
        'get_help_topic',
        'key_info',
        'limits',
        'list_help_topics',
        'mint',
        'pattern_info',
        'ping',
        'reset',
        'series_info',
        'series_list',
        'slice',
        'stats',
        'validate_pattern',
      ].sort(),
    );
    // Every tool says what it answers, and answers it as structured content.
    expect(tools.filter((t) => t.outputSchema === undefined).map((t) => t.name)).toEqual([]);
    const forgeTool = tools.find((t) => t.name === 'forge');
    expect(forgeTool?.inputSchema.required).toEqual(['pattern']);

    // Forge: the same seed gives the same slugs as the HTTP API.
    const forged = await call('forge', { pattern: '{adjective}-{noun}', count: 3, seed: 'agent' });
    expect(forged.isError).toBeFalsy();
    const slugs = forged.structuredContent?.slugs as string[];
    expect(slugs).toHaveLength(3);
    expect(forged.content[0].text).toBe(slugs.join('\n'));
    const viaHttp = await ctx().request('POST', '/api/v1/gen/forge', {
      headers: { 'x-api-key': key.key },
      body: { pattern: '{adjective}-{noun}', count: 3, seed: 'agent' },
    });
    expect(viaHttp.body).toEqual(slugs);

    // Mint uses the series up; slice previews the same positions.
    const minted = await call('mint', { series: series.slug, count: 4 });
    expect(minted.structuredContent?.slugs).toHaveLength(4);
    const info = await call('series_info', { series: series.slug });
    expect(info.structuredContent).toMatchObject({ slug: series.slug, generated_count: '4' });
    const sliced = await call('slice', { series: series.slug, count: 4, sequence: 0 });
    expect(sliced.structuredContent?.slugs).toEqual(minted.structuredContent?.slugs);
    const list = await call('series_list');
    expect(JSON.stringify(list.structuredContent)).toContain(series.slug);

    // A bad pattern is a tool error carrying the parser's message (product spec §5).
    const bad = await call('forge', { pattern: '{number:0d}', count: 1 });
    expect(bad.isError).toBe(true);
    expect(bad.content[0].text).toBe('Max length must be greater than 0');
    const checked = await call('validate_pattern', { pattern: '{adjective}-{nou' });
    expect(checked.structuredContent).toMatchObject({ valid: false, start: expect.any(Number) });
    expect(checked.structuredContent?.suggestions).toEqual(
      expect.arrayContaining([expect.objectContaining({ text: expect.any(String) })]),
    );
    const fine = await call('validate_pattern', { pattern: '{adjective}-{noun}' });
    expect(fine.structuredContent).toMatchObject({ valid: true, info: { components: 2 } });
    const patternInfo = await call('pattern_info', { pattern: '{adjective}-{noun}' });
    expect(patternInfo.structuredContent).toMatchObject({
      components: 2,
      capacity: expect.stringMatching(/^\d+$/),
    });
    const missing = await call('mint', { series: 'no-such-series', count: 1 });
    expect(missing.isError).toBe(true);
    expect(missing.content[0].text).toBe('Resource not found');

    // Plan limits answer a tool call exactly as they answer the HTTP call it stands for.
    const limits = (await call('limits')).structuredContent as { max_forge_per_request: number };
    const tooMany = limits.max_forge_per_request + 1;
    const refusedHttp = await ctx().request('POST', '/api/v1/gen/forge', {
      headers: { 'x-api-key': key.key },
      body: { pattern: '{noun}', count: tooMany },
    });
    expect(refusedHttp.status).toBeGreaterThanOrEqual(400);
    // (The Free plan's maximum is below what one tool call may ask for.)
    expect(tooMany).toBeLessThanOrEqual(1000);
    const refused = await call('forge', { pattern: '{noun}', count: tooMany });
    expect(refused.isError).toBe(true);
    expect(refused.content[0].text).toBe(refusedHttp.body.message);

    // The tools' calls are counted like any other call of the key.
    await ctx().app.stats.aggregate();
    const stats = await call('stats', {});
    const rows = (stats.structuredContent?.rows ?? []) as {
      event_type: string;
      date_part: string;
      total_count: number;
    }[];
    const total = (event: string) =>
      rows.find((r) => r.event_type === event && r.date_part === 'total')?.total_count;
    expect(total('forge')).toBe(6); // 3 by MCP, 3 over HTTP
    expect(total('mint')).toBe(4);
    expect(total('slice')).toBe(4);
    await client.close();
  });

  it("answers key_info, ping, reset, pattern analysis, help topics in the caller's language, resources and prompts", async () => {
    const a = await orgWithOwner(ctx(), 'mcp-more');
    const series = await a.series('Tickets', '{adjective}-{noun}');
    const key = await a.apiKey({ name: 'agent', scopes: ['mcp', 'forge', 'mint', 'reset'] });
    const { client, call } = await connect(key.key);

    expect((await call('ping')).structuredContent).toEqual({ status: 'ok' });
    expect((await call('key_info')).structuredContent).toMatchObject({
      type: 'api-key',
      org_slug: a.org,
      scopes: expect.arrayContaining(['mcp', 'reset']),
    });
    const first = (await call('mint', { series: series.slug, count: 2 })).structuredContent?.slugs;
    const reset = await call('reset', { series: series.slug });
    expect(reset.structuredContent).toMatchObject({ series: series.slug });
    expect((await call('mint', { series: series.slug, count: 2 })).structuredContent?.slugs).toEqual(first);

    const analysed = await call('analyze_pattern', { pattern: '{adjective}-{noun}-{number:4d}', samples: 3 });
    expect(analysed.structuredContent).toMatchObject({
      valid: true,
      capacity: expect.stringMatching(/^\d+$/),
      components: 3,
    });
    expect(analysed.structuredContent?.samples).toHaveLength(3);
    expect(analysed.structuredContent?.capacity_bits).toBeGreaterThan(20);
    const compared = await call('compare_patterns', {
      patterns: ['{noun}', '{adjective}-{noun}-{number:6d}', '{noun'],
    });
    const rows = compared.structuredContent?.patterns as {
      pattern: string;
      valid: boolean;
      message?: string;
    }[];
    expect(rows.map((r) => r.valid)).toEqual([true, true, false]);
    expect(rows[2].message).toBeTruthy();
    expect(compared.structuredContent).toMatchObject({
      largest_capacity: '{adjective}-{noun}-{number:6d}',
      shortest: '{noun}',
    });

    // Help topics are the service's own guides, in the language asked for.
    const topics = (await call('list_help_topics')).structuredContent?.topics as {
      topic: string;
      title: string;
    }[];
    expect(topics.map((t) => t.topic)).toEqual(expect.arrayContaining(['pattern-language', 'mcp']));
    const english = await call('get_help_topic', { topic: 'pattern-language' });
    expect(english.structuredContent).toMatchObject({ topic: 'pattern-language', language: 'en' });
    expect(english.content[0].text).toContain('{adjective}');
    const german = await call('get_help_topic', { topic: 'pattern-language', language: 'de' });
    expect(german.structuredContent).toMatchObject({ language: 'de' });
    expect(german.structuredContent?.title).not.toBe(english.structuredContent?.title);
    const unknownTopic = await call('get_help_topic', { topic: 'no-such-topic' });
    expect(unknownTopic.isError).toBe(true);
    await client.close();

    // Without a language argument, the caller's Accept-Language chooses.
    const french = new Client({ name: 'slugsmith-test', version: '1.0.0' });
    await french.connect(
      new StreamableHTTPClientTransport(url, {
        requestInit: { headers: { 'x-api-key': key.key, 'accept-language': 'fr-FR,fr;q=0.9' } },
      }),
    );
    const frenchTopics = (await french.callTool({ name: 'list_help_topics', arguments: {} })) as ToolResult;
    const frenchTitle = (
      frenchTopics.structuredContent?.topics as { topic: string; title: string }[] | undefined
    )?.find((t) => t.topic === 'pattern-language')?.title;
    expect(frenchTitle).toBeTruthy();
    expect(frenchTitle).not.toBe(topics.find((t) => t.topic === 'pattern-language')?.title);

    // The same guides as resources.
    const { resources } = await french.listResources();
    expect(resources.map((r) => r.uri)).toContain('slugsmith://docs/pattern-language');
    const { resourceTemplates } = await french.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(['slugsmith://docs/{topic}']);
    const read = await french.readResource({ uri: 'slugsmith://docs/pattern-language' });
    expect(read.contents[0]).toMatchObject({ mimeType: 'text/markdown', text: expect.stringContaining('{') });
    await expect(french.readResource({ uri: 'slugsmith://docs/no-such-topic' })).rejects.toThrow(/-32002/);

    // Prompts for designing, explaining and sizing a pattern.
    const { prompts } = await french.listPrompts();
    expect(prompts.map((p) => p.name).sort()).toEqual([
      'design_pattern',
      'estimate_capacity',
      'explain_pattern',
    ]);
    const design = await french.getPrompt({
      name: 'design_pattern',
      arguments: { purpose: 'support tickets' },
    });
    expect(JSON.stringify(design.messages)).toContain('support tickets');
    const estimate = await french.getPrompt({
      name: 'estimate_capacity',
      arguments: { pattern: '{noun}', expected_count: '1 million' },
    });
    expect(JSON.stringify(estimate.messages)).toContain('{noun}');
    await expect(
      french.getPrompt({ name: 'estimate_capacity', arguments: { pattern: '{noun}' } }),
    ).rejects.toThrow(/-32602/);
    await french.close();
  });

  it('keeps the specification points: Origin checked, no listChanged, -32700, unknown arguments -32602, WWW-Authenticate', async () => {
    const a = await orgWithOwner(ctx(), 'mcp-spec');
    const key = await a.apiKey({ name: 'agent', scopes: ['mcp', 'forge'] });
    const post = (body: string, headers: Record<string, string> = {}) =>
      fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'x-api-key': key.key,
          ...headers,
        },
        body,
      });
    const listTools = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });

    // Origin: a foreign page is refused; no Origin (an agent), the server's own and the console's pass.
    const foreign = await post(listTools, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect((await foreign.json()).details).toMatchObject({ reason: 'origin_not_allowed' });
    expect((await post(listTools, { origin: url.origin })).status).toBe(200);
    expect((await post(listTools, { origin: 'http://127.0.0.1:8080' })).status).toBe(200);
    expect((await post(listTools)).status).toBe(200);

    // A stateless endpoint never notifies: it does not advertise that lists change.
    const init = await post(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      }),
    );
    const capabilities = (
      (await init.json()) as { result: { capabilities: Record<string, Record<string, unknown>> } }
    ).result.capabilities;
    expect(capabilities.tools?.listChanged).not.toBe(true);
    expect(capabilities.resources?.listChanged).not.toBe(true);
    expect(capabilities.prompts?.listChanged).not.toBe(true);
    expect(capabilities.resources).toBeDefined();
    expect(capabilities.prompts).toBeDefined();

    // A body that is no JSON is JSON-RPC's parse error.
    const malformed = await post('{"jsonrpc": "2.0", "id": 1, "method": ');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });

    // An argument the tool does not take is refused, not dropped.
    const misspelt = await post(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: { name: 'forge', arguments: { pattern: '{noun}', cuont: 5 } },
      }),
    );
    const refused = (await misspelt.json()) as { id: number; error: { code: number; message: string } };
    expect(refused).toMatchObject({ id: 7, error: { code: -32602 } });
    expect(refused.error.message).toContain('cuont');

    // A 401 says how to authenticate.
    const anonymous = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: listTools,
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Bearer .*scope="mcp"/);
  });

  it('needs an API key with scope mcp; tools follow the key scopes; no sessions', async () => {
    const a = await orgWithOwner(ctx(), 'mcp-scopes');
    const noMcp = await a.apiKey({ name: 'plain', scopes: ['forge'] });
    await expect(connect(noMcp.key)).rejects.toThrow();
    await expect(connect('sk_not-a-key')).rejects.toThrow();
    const unauthenticated = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(unauthenticated.status).toBe(401);

    const forgeOnly = await a.apiKey({ name: 'forge-agent', scopes: ['mcp', 'forge'] });
    const { client, call } = await connect(forgeOnly.key);
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toContain('forge');
    expect(names).not.toContain('mint');
    expect(names).not.toContain('series_list');
    const denied = await call('mint', { count: 1 });
    expect(denied.isError).toBe(true);
    await client.close();

    const get = await fetch(url, { headers: { 'x-api-key': forgeOnly.key } });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  it('refuses a signed (SDK key) caller with a 401 that says MCP needs an API key with scope mcp', async () => {
    const a = await orgWithOwner(ctx(), 'mcp-signed');
    await unlimitedPlan(ctx(), a.org);
    const config = await a.sdkConfig({ scopes: ['forge', 'mint', 'slice', 'stats'] });
    const jwk = config.keys[0].jwk;
    const listTools = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const signed = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...signedHeaders(jwk, config.slug, 'POST', url.pathname),
      },
      body: listTools,
    });
    // Not 403: that would make a signing client fetch new keys, which cannot help here.
    expect(signed.status).toBe(401);
    expect(await signed.json()).toEqual({
      code: 401,
      message: 'Insufficient permissions',
      details: {
        required_scope: 'mcp',
        reason: 'api_key_required',
        accepted: ['x-api-key'],
        hint: 'The MCP endpoint needs an API key with scope mcp in the x-api-key header; signed SDK requests are not accepted',
      },
    });
    // The SDK's own MCP client, signing its requests, hears the same at connect (not per tool).
    const client = new Client({ name: 'slugsmith-test', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(url, {
      requestInit: { headers: signedHeaders(jwk, config.slug, 'POST', url.pathname) },
    });
    const refused = await client.connect(transport).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(String(refused)).toContain('needs an API key with scope mcp');

    // A signature that matches no key in force: 403, the one refusal new keys can fix.
    const forged = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...signedHeaders(jwk, config.slug, 'POST', '/api/v1/elsewhere'),
      },
      body: listTools,
    });
    expect(forged.status).toBe(403);
    expect((await forged.json()).message).toBe('Invalid signature');

    // With an API key (scope mcp) next to the signature headers, the key is what counts.
    const agent = await a.apiKey({ name: 'agent', scopes: ['mcp', 'forge'] });
    const both = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'x-api-key': agent.key,
        ...signedHeaders(jwk, config.slug, 'POST', url.pathname),
      },
      body: listTools,
    });
    expect(both.status).toBe(200);
    const tools = (await both.json()) as { result: { tools: { name: string }[] } };
    expect(tools.result.tools.map((t) => t.name)).toContain('forge');
  });

  it('answers a request whose params do not fit its method with -32602 Invalid params, saying where', async () => {
    const a = await orgWithOwner(ctx(), 'mcp-params');
    const key = await a.apiKey({ name: 'agent', scopes: ['mcp', 'forge'] });
    const rpc = async (id: number, method: string, params: unknown) => {
      const answer = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'x-api-key': key.key,
        },
        body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
      });
      expect(answer.status).toBe(200);
      return (await answer.json()) as {
        id: number;
        result?: ToolResult;
        error?: { code: number; message: string; data?: unknown };
      };
    };
    // Each of these was -32603 (internal error) with the validator's raw output as its message.
    const notObject = await rpc(1, 'tools/call', { name: 'forge', arguments: 'count=3' });
    expect(notObject).toMatchObject({ id: 1, error: { code: -32602 } });
    expect(notObject.error?.message).toMatch(/^Invalid params for tools\/call: arguments: .*expected record/);
    expect(notObject.error?.data).toEqual({ issues: [{ at: 'arguments', message: expect.any(String) }] });
    const noName = await rpc(2, 'tools/call', { arguments: { pattern: '{noun}' } });
    expect(noName).toMatchObject({ id: 2, error: { code: -32602 } });
    expect(noName.error?.message).toMatch(/^Invalid params for tools\/call: name: /);
    const badCursor = await rpc(3, 'tools/list', { cursor: 5 });
    expect(badCursor).toMatchObject({ id: 3, error: { code: -32602 } });
    expect(badCursor.error?.message).toMatch(/^Invalid params for tools\/list: cursor: /);
    // Arguments that the tool's own schema refuses stay a tool error the model can read and fix
    // (MCP: input validation errors are tool execution errors), naming the argument.
    const badCount = await rpc(4, 'tools/call', {
      name: 'forge',
      arguments: { pattern: '{noun}', count: 'x' },
    });
    expect(badCount.result?.isError).toBe(true);
    expect(badCount.result?.content[0].text).toContain('count');
    // Well-formed requests are the SDK's, as before.
    const fine = await rpc(5, 'tools/call', { name: 'forge', arguments: { pattern: '{noun}', seed: 's' } });
    expect(fine.result?.structuredContent?.slugs).toHaveLength(1);
    const unknown = await rpc(6, 'sampling/createMessage', {});
    expect(unknown.error?.code).toBe(-32601);
  });
});
