import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { apiPrefix, ErrorBody, type ErrorDetails, ErrorMessages, SIGNED_HEADERS } from '@slugsmith/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { requireKey } from '../../auth/access.js';
import { ApiError } from '../../platform/errors.js';
import { firstLanguage } from '../../platform/slugs.js';
import { invalidParams } from './invalid-params.js';
import { refuseForeignOrigin } from './origin.js';
import type { ApiCall } from './registry.js';
import { buildMcpServer } from './tools.js';

const SERVER_VERSION = '0.1.0';

export const MCP_NEEDS_API_KEY =
  'The MCP endpoint needs an API key with scope mcp in the x-api-key header; signed SDK requests are not accepted';

/** Details of the refusal of a signed (SDK key) caller: the tools call the API with an API key. */
const apiKeyRequired: ErrorDetails = {
  required_scope: 'mcp',
  reason: 'api_key_required',
  accepted: ['x-api-key'],
};

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
 * What an MCP client is told on a 401 (RFC 6750 §3): a bearer credential of scope mcp is wanted
 * (this server's MCP credential is an API key in `x-api-key`; there is no OAuth resource metadata
 * to point at).
 */
export const MCP_AUTHENTICATE = 'Bearer realm="slugsmith", scope="mcp"';

/** A body that is no JSON: Fastify's parser refused it before the route ran. */
const isParseError = (error: FastifyError | ApiError) =>
  error instanceof SyntaxError ||
  ['FST_ERR_CTP_INVALID_JSON_BODY', 'FST_ERR_CTP_EMPTY_JSON_BODY'].includes(
    (error as FastifyError).code ?? '',
  );

/**
 * Errors of the MCP routes: a body that does not parse is JSON-RPC's parse error (-32700), a 401
 * carries WWW-Authenticate, anything else is the API's JSON error.
 */
function mcpErrors(app: FastifyInstance) {
  return (error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply) => {
    if (isParseError(error)) {
      return reply.status(400).send({
        jsonrpc: '2.0',
        id: null,
        error: { code: ErrorCode.ParseError, message: `Parse error: ${error.message}` },
      });
    }
    const clarified = clarify(error, request);
    if (('status' in clarified ? clarified.status : clarified.statusCode) === 401) {
      reply.header('www-authenticate', MCP_AUTHENTICATE);
    }
    return app.errorHandler(clarified, request, reply);
  };
}

/**
 * The MCP endpoint (Streamable HTTP, stateless: no sessions, so any node answers any request)
 * for AI agents, authenticated by an API key with scope `mcp` in `x-api-key` (signed SDK requests
 * are refused with a 401 that says so). Every tool call is
 * made against this server's own HTTP API with the caller's key (`inject`, in process), so it
 * meets the same scope checks, plan limits and statistics as the call it stands for.
 */
export function mcpRoutes(app: FastifyInstance, deps: AppDeps): void {
  const root = deps.server;
  const origins = deps.config.consoleSdk.origins;
  const tags = ['mcp'];
  const errors = { 401: ErrorBody, 403: ErrorBody };
  const errorHandler = mcpErrors(app);
  // MCP's Streamable HTTP transport: a request from a page of another site is refused (DNS
  // rebinding would otherwise let any page reach a local server).
  const onRequest = refuseForeignOrigin(origins);

  app.post('/mcp', {
    config: { access: { key: 'mcp' } },
    schema: {
      tags,
      summary: 'Model Context Protocol (Streamable HTTP, stateless): JSON-RPC messages in, JSON out',
      description:
        'The MCP endpoint for AI agents: tools (forge, mint, slice, pattern analysis, help topics …), the guides as resources, and prompts. Needs an API key with scope mcp; a request from a foreign Origin is refused (403).',
      response: {
        200: {
          description: 'JSON-RPC responses to the requests posted',
          content: { 'application/json': { schema: z.unknown() } },
        },
        400: {
          description: 'A body that is not JSON: JSON-RPC parse error -32700',
          content: { 'application/json': { schema: z.unknown() } },
        },
        202: z.null().describe('Notifications and responses only: accepted, no body'),
        ...errors,
      },
    },
    onRequest,
    errorHandler,
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
      const language = firstLanguage(request.headers['accept-language']);
      const { server, toolArguments } = buildMcpServer({ call, language }, key.scopes, SERVER_VERSION);
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
        const refusal = invalidParams(message, toolArguments);
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
        description: 'A stateless endpoint has no event stream to open (GET) and no session to end (DELETE).',
        response: { 405: ErrorBody, ...errors },
      },
      onRequest,
      errorHandler,
      handler: notAllowed,
    });
  }
}
