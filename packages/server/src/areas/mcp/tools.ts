import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { PatternInfo, type Scope, SeedText } from '@slugsmith/contract';
import { suggest } from '@slugsmith/generator';
import { z } from 'zod';
import { hasScope } from '../../auth/keys.js';
import { currentGenerator } from '../generate/engine.js';

/** What an MCP tool gets back from the HTTP API it calls. */
export interface ApiAnswer {
  status: number;
  body: unknown;
}

/**
 * Calls a route of the generation API as the MCP caller (same API key), so that a tool passes
 * exactly the checks, limits and statistics of the HTTP call it stands for.
 */
export type ApiCall = (method: 'GET' | 'POST', path: string, body?: unknown) => Promise<ApiAnswer>;

/** Tools answer at most this many slugs per call: an agent's context is not a bulk channel. */
export const MAX_TOOL_COUNT = 1000;

const ToolCount = z
  .number()
  .int('Count must be a positive number')
  .min(1, 'Count must be a positive number')
  .max(MAX_TOOL_COUNT, `Count is too large (maximum: ${MAX_TOOL_COUNT})`);
const ToolSequence = z
  .union([z.number().int().min(0), z.string().regex(/^\d{1,20}$/)])
  .describe('Position in the sequence: a whole number, or a decimal string for positions above 2^53');
const SeriesSlug = z
  .string()
  .min(1)
  .max(100)
  .describe("Series slug (omitted: the key's own series, or the organisation's default series)");
const PatternText = z
  .string()
  .min(1, 'Pattern is required')
  .max(1024)
  .describe('A slug pattern, e.g. {adjective}-{noun}-{number:3d}');

const Slugs = { slugs: z.array(z.string()) };

function errorText(body: unknown, status: number): string {
  const message = (body as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : `Request failed with status ${status}`;
}

/** An API error as a tool error: the API's message first, its details (if any) after. */
function toolError(answer: ApiAnswer): CallToolResult {
  const details = (answer.body as { details?: unknown } | undefined)?.details;
  return {
    isError: true,
    content: [
      { type: 'text', text: errorText(answer.body, answer.status) },
      ...(details === undefined ? [] : [{ type: 'text' as const, text: JSON.stringify(details) }]),
    ],
  };
}

function slugResult(answer: ApiAnswer): CallToolResult {
  if (answer.status >= 300) return toolError(answer);
  const slugs = answer.body as string[];
  return { content: [{ type: 'text', text: slugs.join('\n') }], structuredContent: { slugs } };
}

/** JSON answers: as text for the model, and as structured content (arrays wrapped in `field`). */
function jsonResult(answer: ApiAnswer, field?: string): CallToolResult {
  if (answer.status >= 300) return toolError(answer);
  const structured = field ? { [field]: answer.body } : (answer.body as Record<string, unknown>);
  return {
    content: [{ type: 'text', text: JSON.stringify(answer.body, null, 2) }],
    structuredContent: structured,
  };
}

/** Where a pattern stops parsing, what may come there (generator suggestions), or that it is fine. */
async function validation(call: ApiCall, pattern: string): Promise<CallToolResult> {
  const answer = await call('POST', '/gen/pattern-info', { pattern });
  if (answer.status < 300) {
    return jsonResult({ status: 200, body: { valid: true, info: answer.body } });
  }
  if (answer.status !== 400) return toolError(answer);
  const details = ((answer.body as { details?: unknown }).details ?? {}) as {
    start?: unknown;
    end?: unknown;
  };
  const at = typeof details.start === 'number' ? details.start : pattern.length;
  const gen = currentGenerator();
  // Every language's dictionaries (completions of @de …); tags of the English ones, as the
  // suggestions do not tell a kind's tags apart by language.
  const tags = gen.dictionaryTags().filter((t) => t.language === 'en' || t.language === null);
  const suggestions = suggest(pattern, at, { dictionaries: gen.dictionaryInfo(), tags })
    .slice(0, 20)
    .map((s) => ({ text: s.text, description: s.description }));
  return jsonResult({
    status: 200,
    body: {
      valid: false,
      message: errorText(answer.body, answer.status),
      ...(typeof details.start === 'number' ? { start: details.start, end: details.end } : {}),
      suggestions,
    },
  });
}

/** One MCP server per request (stateless): only the tools the key's scopes allow are listed. */
export function buildMcpServer(call: ApiCall, scopes: readonly Scope[], version: string): McpServer {
  const server = new McpServer(
    { name: 'slugsmith', title: 'Slugsmith', version },
    {
      instructions:
        'Slugsmith generates unique, human-readable identifiers (slugs) from patterns such as ' +
        '{adjective}-{noun}-{number:3d}. forge makes slugs from any pattern; mint hands out the next ' +
        'unused slugs of a series (never the same twice); slice previews a series without using it up.',
    },
  );
  const may = (scope: Scope | 'any') => scope === 'any' || hasScope(scopes, scope);

  if (may('forge')) {
    server.registerTool(
      'forge',
      {
        title: 'Forge slugs',
        description:
          'Generate slugs from a pattern. The same seed and sequence always give the same slugs; without a seed they are random.',
        inputSchema: {
          pattern: PatternText,
          count: ToolCount.default(1).describe(`How many slugs (1 to ${MAX_TOOL_COUNT})`),
          seed: SeedText.optional().describe('Seed for reproducible slugs'),
          sequence: ToolSequence.optional(),
        },
        outputSchema: Slugs,
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      async (args) => slugResult(await call('POST', '/gen/forge', args)),
    );
  }
  if (may('mint')) {
    server.registerTool(
      'mint',
      {
        title: 'Mint slugs from a series',
        description: 'Take the next slugs of a series. Each slug is handed out once: minting uses them up.',
        inputSchema: {
          count: ToolCount.describe(`How many slugs (1 to ${MAX_TOOL_COUNT})`),
          series: SeriesSlug.optional(),
        },
        outputSchema: Slugs,
        annotations: {
          readOnlyHint: false,
          destructiveHint: false,
          idempotentHint: false,
          openWorldHint: false,
        },
      },
      async (args) => slugResult(await call('POST', '/gen/mint', args)),
    );
  }
  if (may('slice')) {
    server.registerTool(
      'slice',
      {
        title: 'Preview a window of a series',
        description: 'The slugs of a series from a sequence position on, without using them up.',
        inputSchema: {
          count: ToolCount.describe(`How many slugs (1 to ${MAX_TOOL_COUNT})`),
          sequence: ToolSequence.optional(),
          series: SeriesSlug.optional(),
        },
        outputSchema: Slugs,
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      async (args) => slugResult(await call('POST', '/gen/slice', args)),
    );
  }
  server.registerTool(
    'pattern_info',
    {
      title: 'Pattern capacity and complexity',
      description:
        'How many distinct slugs a pattern can make (capacity, a decimal string), the longest slug in bytes, its complexity and number of components.',
      inputSchema: { pattern: PatternText },
      outputSchema: PatternInfo.shape,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (args) => jsonResult(await call('POST', '/gen/pattern-info', args)),
  );
  server.registerTool(
    'validate_pattern',
    {
      title: 'Check a pattern',
      description:
        'Whether a pattern is valid; if not, the error message, where it is (start, end) and what may be written there.',
      inputSchema: { pattern: PatternText },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (args) => validation(call, args.pattern),
  );
  if (may('series:read')) {
    server.registerTool(
      'series_list',
      {
        title: 'List series',
        description:
          'The series this key can reach: slug, name, pattern, capacity and how many slugs were minted.',
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      async () => jsonResult(await call('GET', '/gen/series'), 'series'),
    );
  }
  server.registerTool(
    'series_info',
    {
      title: 'Describe a series',
      description: 'Pattern, capacity and minted count of one series.',
      inputSchema: { series: SeriesSlug.optional() },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (args) => jsonResult(await call('POST', '/gen/series-info', args)),
  );
  server.registerTool(
    'dictionary_info',
    {
      title: 'Dictionaries',
      description:
        'The word kinds a pattern may use (adjective, noun, …) with their languages and word counts.',
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async () => jsonResult(await call('GET', '/gen/dictionary-info'), 'dictionaries'),
  );
  server.registerTool(
    'dictionary_tags',
    {
      title: 'Dictionary tags',
      description: 'Tags that narrow a word kind in a pattern ({noun:+animal-food}), with word counts.',
      inputSchema: { kind: z.string().min(1).max(50).optional().describe('Only the tags of this kind') },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (args) => {
      const answer = await call('GET', '/gen/dictionary-tags');
      if (answer.status >= 300 || !args.kind) return jsonResult(answer, 'tags');
      const kind = args.kind.toLowerCase();
      const tags = (answer.body as { kind: string }[]).filter((t) => t.kind.toLowerCase() === kind);
      return jsonResult({ status: answer.status, body: tags }, 'tags');
    },
  );
  server.registerTool(
    'limits',
    {
      title: 'Plan limits',
      description: "The features and limits of the key's organisation plan (−1 means unlimited).",
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async () => jsonResult(await call('GET', '/limits')),
  );
  if (may('stats')) {
    server.registerTool(
      'stats',
      {
        title: 'Usage statistics',
        description:
          'Slugs and requests of the current hour, day, week (from Monday), month, year and in total, per operation (UTC).',
        inputSchema: {
          series: SeriesSlug.optional().describe(
            "Series slug (omitted: the whole organisation, or a series key's series)",
          ),
        },
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      async (args) => jsonResult(await call('POST', '/gen/stats/latest', args), 'rows'),
    );
  }
  return server;
}
