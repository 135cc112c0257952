import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  DictionaryInfo,
  DictionaryTags,
  KeyInfo,
  PatternInfo,
  Ping,
  ResetResponse,
  type Scope,
  SeedText,
  SeriesInfo,
  SeriesList,
  StatsList,
  SubscriptionFeatures,
} from '@slugsmith/contract';
import { suggest } from '@slugsmith/generator';
import { z } from 'zod';
import { hasScope } from '../../auth/keys.js';
import { currentGenerator } from '../../engine/engine.js';
import { analysisTools } from './analysis.js';
import { documentResources, helpTools } from './documents.js';
import type { ToolArguments } from './invalid-params.js';
import { prompts } from './prompts.js';
import {
  type ApiAnswer,
  type ApiCall,
  apiMessage,
  jsonResult,
  type McpContext,
  PatternText,
  structured,
  toolError,
  toolRegistry,
} from './registry.js';

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

const Slugs = { slugs: z.array(z.string()) };

const Suggestion = z.object({ text: z.string(), description: z.string().optional() });
/** validate_pattern: the pattern's info, or where and why it fails with what may come there. */
const Validation = {
  valid: z.boolean(),
  info: PatternInfo.optional(),
  message: z.string().optional(),
  start: z.number().int().optional(),
  end: z.number().int().optional(),
  suggestions: z.array(Suggestion).optional(),
};

function slugResult(answer: ApiAnswer): CallToolResult {
  if (answer.status >= 300) return toolError(answer);
  const slugs = answer.body as string[];
  return { content: [{ type: 'text', text: slugs.join('\n') }], structuredContent: { slugs } };
}

/** Where a pattern stops parsing, what may come there (generator suggestions), or that it is fine. */
export async function validation(call: ApiCall, pattern: string): Promise<CallToolResult> {
  const answer = await call('POST', '/gen/pattern-info', { pattern });
  if (answer.status < 300) return structured({ valid: true, info: answer.body });
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
  return structured({
    valid: false,
    message: apiMessage(answer),
    ...(typeof details.start === 'number' ? { start: details.start, end: details.end } : {}),
    suggestions,
  });
}

const readOnly = { readOnlyHint: true, openWorldHint: false } as const;

/**
 * One MCP server per request (stateless): only the tools the key's scopes allow are listed; the
 * service's documents as help topics and resources; prompts for the usual pattern questions.
 */
export function buildMcpServer(
  context: McpContext,
  scopes: readonly Scope[],
  version: string,
): { server: McpServer; toolArguments: ToolArguments } {
  const { call } = context;
  const server = new McpServer(
    { name: 'slugsmith', title: 'Slugsmith', version },
    {
      instructions:
        'Slugsmith generates unique, human-readable identifiers (slugs) from patterns such as ' +
        '{adjective}-{noun}-{number:3d}. forge makes slugs from any pattern; mint hands out the next ' +
        'unused slugs of a series (never the same twice); slice previews a series without using it up. ' +
        'list_help_topics and get_help_topic (or the resources) hold the pattern language and the guides.',
    },
  );
  const { register, argumentsOf } = toolRegistry(server);
  const may = (scope: Scope) => hasScope(scopes, scope);

  if (may('forge')) {
    register(
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
        annotations: readOnly,
      },
      async (args) => slugResult(await call('POST', '/gen/forge', args)),
    );
  }
  if (may('mint')) {
    register(
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
    register(
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
        annotations: readOnly,
      },
      async (args) => slugResult(await call('POST', '/gen/slice', args)),
    );
  }
  if (may('reset')) {
    register(
      'reset',
      {
        title: 'Reset a series',
        description:
          'Set a series back to its first slug: the slugs minted so far will be handed out again. For development and tests only.',
        inputSchema: { series: SeriesSlug.optional() },
        outputSchema: ResetResponse.shape,
        annotations: {
          readOnlyHint: false,
          destructiveHint: true,
          idempotentHint: true,
          openWorldHint: false,
        },
      },
      async (args) => jsonResult(await call('POST', '/gen/reset', args)),
    );
  }
  register(
    'pattern_info',
    {
      title: 'Pattern capacity and complexity',
      description:
        'How many distinct slugs a pattern can make (capacity, a decimal string), the longest slug in bytes, its complexity and number of components.',
      inputSchema: { pattern: PatternText },
      outputSchema: PatternInfo.shape,
      annotations: readOnly,
    },
    async (args) => jsonResult(await call('POST', '/gen/pattern-info', args)),
  );
  register(
    'validate_pattern',
    {
      title: 'Check a pattern',
      description:
        'Whether a pattern is valid; if not, the error message, where it is (start, end) and what may be written there.',
      inputSchema: { pattern: PatternText },
      outputSchema: Validation,
      annotations: readOnly,
    },
    async (args) => validation(call, args.pattern),
  );
  analysisTools(register, call, may('forge'));
  if (may('series:read')) {
    register(
      'series_list',
      {
        title: 'List series',
        description: 'The series this key can reach, as slug → name.',
        outputSchema: { series: SeriesList },
        annotations: readOnly,
      },
      async () => jsonResult(await call('GET', '/gen/series'), 'series'),
    );
  }
  register(
    'series_info',
    {
      title: 'Describe a series',
      description: 'Pattern, capacity and minted count of one series.',
      inputSchema: { series: SeriesSlug.optional() },
      outputSchema: SeriesInfo.shape,
      annotations: readOnly,
    },
    async (args) => jsonResult(await call('POST', '/gen/series-info', args)),
  );
  register(
    'dictionary_info',
    {
      title: 'Dictionaries',
      description:
        'The word kinds a pattern may use (adjective, noun, …) with their languages and word counts.',
      outputSchema: { dictionaries: DictionaryInfo },
      annotations: readOnly,
    },
    async () => jsonResult(await call('GET', '/gen/dictionary-info'), 'dictionaries'),
  );
  register(
    'dictionary_tags',
    {
      title: 'Dictionary tags',
      description: 'Tags that narrow a word kind in a pattern ({noun:+animal-food}), with word counts.',
      inputSchema: { kind: z.string().min(1).max(50).optional().describe('Only the tags of this kind') },
      outputSchema: { tags: DictionaryTags },
      annotations: readOnly,
    },
    async (args) => {
      const answer = await call('GET', '/gen/dictionary-tags');
      if (answer.status >= 300 || !args.kind) return jsonResult(answer, 'tags');
      const kind = args.kind.toLowerCase();
      const tags = (answer.body as { kind: string }[]).filter((t) => t.kind.toLowerCase() === kind);
      return jsonResult({ status: answer.status, body: tags }, 'tags');
    },
  );
  register(
    'limits',
    {
      title: 'Plan limits',
      description: "The features and limits of the key's organisation plan (−1 means unlimited).",
      outputSchema: SubscriptionFeatures.shape,
      annotations: readOnly,
    },
    async () => jsonResult(await call('GET', '/limits')),
  );
  register(
    'key_info',
    {
      title: 'This API key',
      description: 'What the calling key is: its organisation, its series (a series key), its scopes.',
      outputSchema: KeyInfo.shape,
      annotations: readOnly,
    },
    async () => jsonResult(await call('POST', '/key-info')),
  );
  register(
    'ping',
    {
      title: 'Ping',
      description: 'Check that the service answers.',
      outputSchema: Ping.shape,
      annotations: readOnly,
    },
    async () => jsonResult(await call('GET', '/ping')),
  );
  if (may('stats')) {
    register(
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
        outputSchema: { rows: StatsList },
        annotations: readOnly,
      },
      async (args) => jsonResult(await call('POST', '/gen/stats/latest', args), 'rows'),
    );
  }
  helpTools(register, context);
  documentResources(server, context);
  prompts(server);
  // Stateless: every request builds its server anew, so no list can change while a client
  // listens (the SDK advertises listChanged for whatever is registered).
  server.server.registerCapabilities({
    tools: { listChanged: false },
    resources: { listChanged: false },
    prompts: { listChanged: false },
  });
  return { server, toolArguments: argumentsOf };
}
