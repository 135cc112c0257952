import {
  CallToolRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  InitializeRequestSchema,
  isJSONRPCRequest,
  type JSONRPCErrorResponse,
  type JSONRPCMessage,
  type JSONRPCRequest,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  PingRequestSchema,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';

/**
 * The requests this endpoint answers, by method, with the shape their params must have. The SDK
 * checks the same shapes, but its refusal of a request that does not fit is an internal error
 * (-32603) carrying the raw validation output; a client's malformed params are -32602.
 */
const REQUESTS = {
  initialize: InitializeRequestSchema,
  ping: PingRequestSchema,
  'tools/list': ListToolsRequestSchema,
  'tools/call': CallToolRequestSchema,
  'resources/list': ListResourcesRequestSchema,
  'resources/templates/list': ListResourceTemplatesRequestSchema,
  'resources/read': ReadResourceRequestSchema,
  'prompts/list': ListPromptsRequestSchema,
  'prompts/get': GetPromptRequestSchema,
} as const;

/** The argument names each tool takes (`undefined` for a tool that does not exist). */
export type ToolArguments = (tool: string) => readonly string[] | undefined;

interface Issue {
  at: string;
  message: string;
}

function refusal(request: JSONRPCRequest, issues: Issue[]): JSONRPCErrorResponse {
  return {
    jsonrpc: '2.0',
    id: request.id,
    error: {
      code: ErrorCode.InvalidParams,
      message: `Invalid params for ${request.method}: ${issues.map((i) => `${i.at}: ${i.message}`).join('; ')}`,
      data: { issues },
    },
  };
}

/**
 * Arguments a tool does not take. The SDK drops them silently, so a misspelt `cuont` would forge
 * one slug instead of the many asked for: they are invalid params instead.
 */
function unknownArguments(
  params: { name: string; arguments?: Record<string, unknown> },
  known: ToolArguments,
) {
  const accepted = known(params.name);
  if (accepted === undefined) return [];
  return Object.keys(params.arguments ?? {})
    .filter((name) => !accepted.includes(name))
    .map((name) => ({
      at: `arguments.${name}`,
      message: `tool ${params.name} takes no argument ${name}${accepted.length > 0 ? ` (it takes: ${accepted.join(', ')})` : ''}`,
    }));
}

/** Where in the params an issue is (`arguments.count`), or `params` itself. */
function place(path: readonly PropertyKey[]): string {
  const inParams = path[0] === 'params' ? path.slice(1) : path;
  return inParams.length === 0 ? 'params' : inParams.map(String).join('.');
}

/**
 * The JSON-RPC answer to a request whose params this endpoint cannot take: -32602 "Invalid params
 * for tools/call: arguments: expected an object", the issues in `data`; a tool call with an
 * argument the tool does not take is one too. Null for any other message (other methods,
 * notifications and responses are the SDK's to answer).
 */
export function invalidParams(message: JSONRPCMessage, known: ToolArguments): JSONRPCErrorResponse | null {
  if (!isJSONRPCRequest(message) || !Object.hasOwn(REQUESTS, message.method)) return null;
  const schema = REQUESTS[message.method as keyof typeof REQUESTS];
  const parsed = schema.safeParse(message);
  if (!parsed.success) {
    return refusal(
      message,
      parsed.error.issues.map((issue) => ({ at: place(issue.path), message: issue.message })),
    );
  }
  if (message.method !== 'tools/call') return null;
  const unknown = unknownArguments(CallToolRequestSchema.parse(message).params, known);
  return unknown.length > 0 ? refusal(message, unknown) : null;
}
