import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { apiPrefix, ErrorBody, ErrorMessages, SIGNED_HEADERS } from '@slugsmith/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireKey } from '../../auth/access.js';
import { ApiError } from '../../platform/errors.js';
import { invalidParams } from './invalid-params.js';
import { type ApiCall, buildMcpServer } from './tools.js';

const SERVER_VERSION = '0.1.0';

export const MCP_NEEDS_API_KEY =
  'The MCP endpoint needs an API key with scope mcp in the x-api-key header; signed SDK requests are not accepted';

/** Details of the refusal of a signed (SDK key) caller: the tools call the API with an API key. */
const apiKeyRequired = { required_scope: 'mcp', reason: 'api_key_required', accepted: ['x-api-key'] };

const signedWithoutApiKey = (request: FastifyRequest) =>
  request.headers['x-api-key'] === undefined &&
  (request.headers[SIGNED_HEADERS.signature] !== undefined ||
    request.headers[SIGNED_HEADERS.sdkSlug] !== undefined);

/**
 * A signed caller whose signature was good is refused at the door for lack of the scope (an SDK
 * config never carries `mcp`): the answer keeps 'Insufficient permissions' and says why.
 */
function clarify(error: FastifyError | ApiError, request: FastifyRequest): FastifyError | ApiError {
  if (!(error instanceof ApiError) || !signedWithoutApiKey(request)) return error;
  const details = (error.details ?? {}) as Record<string, unknown>;
  if (details.required_scope !== 'mcp') return error;
  return new ApiError(error.status, error.message, {
    ...details,
    ...apiKeyRequired,
    hint: MCP_NEEDS_API_KEY,
  });
}

/**
 * The MCP endpoint (Streamable HTTP, stateless: no sessions, so any node answers any request)
 * for AI agents, authenticated by an API key with scope `mcp` in `x-api-key` (signed SDK requests
 * are refused with a 401 that says so). Every tool call is
 * made against this server's own HTTP API with the caller's key (`inject`, in process), so it
 * meets the same scope checks, plan limits and statistics as the call it stands for.
 */
export function mcpRoutes(app: FastifyInstance, root: FastifyInstance): void {
  const tags = ['mcp'];
  const errors = { 401: ErrorBody, 403: ErrorBody };

  app.post('/mcp', {
    config: { access: { key: 'mcp' } },
    schema: {
      tags,
      summary: 'Model Context Protocol (Streamable HTTP, stateless): JSON-RPC messages in, JSON out',
      response: {
        200: {
          description: 'JSON-RPC responses to the requests posted',
          content: { 'application/json': { schema: z.unknown() } },
        },
        202: z.null().describe('Notifications and responses only: accepted, no body'),
        ...errors,
      },
    },
    errorHandler: (error, request, reply) => app.errorHandler(clarify(error, request), request, reply),
    handler: async (request, reply) => {
      const key = requireKey(request);
      const secret = request.headers['x-api-key'];
      // Each tool calls the API again with the caller's API key: a signed request has none to pass.
      if (key.type !== 'api-key' || typeof secret !== 'string') {
        throw ApiError.forbidden(ErrorMessages.insufficientPermissions, {
          ...apiKeyRequired,
          hint: MCP_NEEDS_API_KEY,
        });
      }
      const call: ApiCall = async (method, path, body) => {
        const answer = await root.inject({
          method,
          url: `${apiPrefix}${path}`,
          headers: {
            'x-api-key': secret,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
        });
        const text = answer.body;
        let parsed: unknown = text;
        try {
          parsed = text ? JSON.parse(text) : undefined;
        } catch {
          // Not JSON (never for the routes the tools call): passed on as text.
        }
        return { status: answer.statusCode, body: parsed };
      };
      const server = buildMcpServer(call, key.scopes, SERVER_VERSION);
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      reply.raw.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      // A request whose params do not fit its method is answered -32602 here, before the SDK
      // would answer it as an internal error (see invalidParams).
      const deliver = transport.onmessage;
      transport.onmessage = (message, extra) => {
        const refusal = invalidParams(message);
        if (refusal) void transport.send(refusal);
        else deliver?.(message, extra);
      };
      // From here the transport writes the answer on the raw response.
      reply.hijack();
      try {
        await transport.handleRequest(request.raw, reply.raw, request.body);
      } catch (error) {
        request.log.error({ err: error }, 'MCP request failed');
        if (!reply.raw.headersSent) {
          reply.raw.writeHead(500, { 'content-type': 'application/json' });
          reply.raw.end(
            JSON.stringify({
              jsonrpc: '2.0',
              error: { code: -32603, message: ErrorMessages.internal },
              id: null,
            }),
          );
        }
      }
    },
  });

  // Stateless: there is no stream to resume (GET) and no session to end (DELETE).
  const notAllowed = async (_request: unknown, reply: FastifyReply) =>
    reply.status(405).header('allow', 'POST').send({ code: 405, message: ErrorMessages.methodNotAllowed });
  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method,
      url: '/mcp',
      config: { access: { key: 'mcp' } },
      schema: {
        tags,
        summary: 'Not used by a stateless MCP endpoint (405)',
        response: { 405: ErrorBody, ...errors },
      },
      errorHandler: (error, request, reply) => app.errorHandler(clarify(error, request), request, reply),
      handler: notAllowed,
    });
  }
}
