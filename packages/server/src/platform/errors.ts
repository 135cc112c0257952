import { type ErrorDetails, ErrorMessages, type RefusalCode } from '@slugsmith/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/**
 * The one error type of the HTTP layer: it becomes `{code, message, details}` with its status.
 * `details.reason` is a `RefusalCode` of the contract — what clients switch on; the message is
 * for people. A factory called without words says its status's generic message and code.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: ErrorDetails,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  static badRequest(message?: string, details?: ErrorDetails) {
    return generic(400, message, details, ErrorMessages.badRequest, 'bad_request');
  }
  static unauthorized(message?: string, details?: ErrorDetails) {
    return generic(401, message, details, ErrorMessages.notAuthenticated, 'not_authenticated');
  }
  static forbidden(message?: string, details?: ErrorDetails) {
    return generic(403, message, details, ErrorMessages.forbidden, 'forbidden');
  }
  static notFound(message?: string, details?: ErrorDetails) {
    return generic(404, message, details, ErrorMessages.notFound, 'not_found');
  }
  static conflict(message?: string, details?: ErrorDetails) {
    return generic(409, message, details, ErrorMessages.conflict, 'conflict');
  }
}

/** A status's refusal: its own words and details, or else the generic message with its code. */
function generic(
  status: number,
  message: string | undefined,
  details: ErrorDetails | undefined,
  genericMessage: string,
  genericCode: RefusalCode,
): ApiError {
  if (message !== undefined) return new ApiError(status, message, details);
  return new ApiError(status, genericMessage, details ?? { reason: genericCode });
}

/** Default messages for statuses Fastify itself raises (bad JSON, too large, wrong media type). */
const statusMessages: Record<number, string> = {
  400: ErrorMessages.badRequest,
  401: ErrorMessages.notAuthenticated,
  403: ErrorMessages.forbidden,
  404: ErrorMessages.notFound,
  405: ErrorMessages.methodNotAllowed,
  409: ErrorMessages.conflict,
  413: ErrorMessages.payloadTooLarge,
  415: ErrorMessages.unsupportedMediaType,
  503: ErrorMessages.unavailable,
};

/**
 * The figures of a zod issue a client needs to word it (`minimum`, `origin`, `format`, …); the
 * nested issues of a union stay out (their paths already say where).
 */
function issueParams(params: Record<string, unknown>): Record<string, unknown> {
  const { errors: _nested, ...figures } = params;
  return figures;
}

/**
 * Path parameters reach the access check (organisation lookups) before any route schema, and
 * PostgreSQL text holds no NUL character: a parameter with one (`/expand/a%00b`) is refused for
 * every route here, before anything reads it.
 */
function refuseNulInPathParameters(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const params = request.params as Record<string, unknown>;
    for (const name in params) {
      const value = params[name];
      if (typeof value === 'string' && value.includes('\u0000')) {
        const issues = [
          { path: `params.${name}`, message: ErrorMessages.badRequest, code: 'invalid_format' },
        ];
        return done(ApiError.badRequest(ErrorMessages.badRequest, { reason: 'bad_request', issues }));
      }
    }
    done();
  });
}

/**
 * Answers every error with the body of product spec §8. Client mistakes keep their 4xx status;
 * anything unexpected is logged and answered with a bare 500 — never a stack trace. Path
 * parameters with a NUL character are such mistakes.
 */
export function installErrorHandling(
  app: FastifyInstance,
  /** Answers unknown paths that belong to the web console (its router shows them); true if it did. */
  fallback: () => ((request: FastifyRequest, reply: FastifyReply) => Promise<boolean>) | undefined = () =>
    undefined,
): void {
  // Registered before the access check, which reads `:org`.
  refuseNulInPathParameters(app);
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      return reply
        .status(error.status)
        .send({ code: error.status, message: error.message, details: error.details });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'request';
      // zod's issue code and figures go with each issue: clients word the refusal from those.
      const issues = error.validation.map((v) => ({
        path: `${where}${v.instancePath === '/' ? '' : v.instancePath.replaceAll('/', '.')}`,
        message: v.message ?? ErrorMessages.badRequest,
        code: v.keyword,
        params: issueParams(v.params),
      }));
      const details: ErrorDetails = { reason: 'bad_request', issues };
      return reply.status(400).send({ code: 400, message: ErrorMessages.badRequest, details });
    }
    const status = error.statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      return reply.status(status).send({
        code: status,
        message: statusMessages[status] ?? ErrorMessages.badRequest,
        details: { problem: error.message },
      });
    }
    request.log.error({ err: error }, 'request failed');
    const code = status === 503 ? 503 : 500;
    return reply.status(code).send({ code, message: statusMessages[code] ?? ErrorMessages.internal });
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (await fallback()?.(request, reply)) return reply;
    return reply
      .status(404)
      .send({ code: 404, message: ErrorMessages.notFound, details: { reason: 'not_found' } });
  });
}
