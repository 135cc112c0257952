import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { ToolArguments } from './invalid-params.js';

/** What an MCP tool gets back from the HTTP API it calls. */
export interface ApiAnswer {
  status: number;
  body: unknown;
}

/**
 * Calls a route of this server's API as the MCP caller (same API key), so that a tool passes
 * exactly the checks, limits and statistics of the HTTP call it stands for.
 */
export type ApiCall = (method: 'GET' | 'POST', path: string, body?: unknown) => Promise<ApiAnswer>;

/** How tools are registered (see toolRegistry). */
export type McpServerTools = McpServer['registerTool'];

export const PatternText = z
  .string()
  .min(1, 'Pattern is required')
  .max(1024)
  .describe('A slug pattern, e.g. {adjective}-{noun}-{number:3d}');

/** What the tools, resources and prompts of one request are built from. */
export interface McpContext {
  call: ApiCall;
  /** The caller's language (Accept-Language), for the documents; undefined: English. */
  language: string | undefined;
}

/**
 * `server.registerTool` that also records each tool's argument names, so that a call with an
 * argument the tool does not take can be refused (see invalidParams).
 */
export function toolRegistry(server: McpServer): {
  register: McpServerTools;
  argumentsOf: ToolArguments;
} {
  const names = new Map<string, readonly string[]>();
  const register = ((name: string, config: { inputSchema?: object }, handler: unknown) => {
    names.set(name, Object.keys(config.inputSchema ?? {}));
    return (server.registerTool as (...args: unknown[]) => unknown).call(server, name, config, handler);
  }) as unknown as McpServerTools;
  return { register, argumentsOf: (tool) => names.get(tool) };
}

function errorText(body: unknown, status: number): string {
  const message = (body as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : `Request failed with status ${status}`;
}

/** The API's message of a refused call. */
export const apiMessage = (answer: ApiAnswer) => errorText(answer.body, answer.status);

/** An API error as a tool error: the API's message first, its details (if any) after. */
export function toolError(answer: ApiAnswer): CallToolResult {
  const details = (answer.body as { details?: unknown } | undefined)?.details;
  return {
    isError: true,
    content: [
      { type: 'text', text: apiMessage(answer) },
      ...(details === undefined ? [] : [{ type: 'text' as const, text: JSON.stringify(details) }]),
    ],
  };
}

/** A structured answer: as text for the model, and as structured content. */
export function structured(value: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value, null, 2) }], structuredContent: value };
}

/** JSON answers of the API as tool results (arrays and records wrapped in `field`). */
export function jsonResult(answer: ApiAnswer, field?: string): CallToolResult {
  if (answer.status >= 300) return toolError(answer);
  return structured(field ? { [field]: answer.body } : (answer.body as Record<string, unknown>));
}
