import {
  CallToolRequestSchema,
  ErrorCode,
  InitializeRequestSchema,
  isJSONRPCRequest,
  type JSONRPCErrorResponse,
  type JSONRPCMessage,
  ListToolsRequestSchema,
  PingRequestSchema,
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
} as const;

/** Where in the params an issue is (`arguments.count`), or `params` itself. */
function place(path: readonly PropertyKey[]): string {
  const inParams = path[0] === 'params' ? path.slice(1) : path;
  return inParams.length === 0 ? 'params' : inParams.map(String).join('.');
}

/**
 * The JSON-RPC answer to a request whose params this endpoint cannot take: -32602 "Invalid params
 * for tools/call: arguments: expected an object", the issues in `data`. Null for any other message
 * (other methods, notifications and responses are the SDK's to answer).
 */
export function invalidParams(message: JSONRPCMessage): JSONRPCErrorResponse | null {
  if (!isJSONRPCRequest(message) || !Object.hasOwn(REQUESTS, message.method)) return null;
  const schema = REQUESTS[message.method as keyof typeof REQUESTS];
  const parsed = schema.safeParse(message);
  if (parsed.success) return null;
  const issues = parsed.error.issues.map((issue) => ({ at: place(issue.path), message: issue.message }));
  return {
    jsonrpc: '2.0',
    id: message.id,
    error: {
      code: ErrorCode.InvalidParams,
      message: `Invalid params for ${message.method}: ${issues.map((i) => `${i.at}: ${i.message}`).join('; ')}`,
      data: { issues },
    },
  };
}
