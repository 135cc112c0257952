import {
  AccountMessages,
  ChangePassword,
  ErrorBody,
  PasswordStrength,
  PasswordStrengthRequest,
} from '@slugsmith/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { requireAccount } from '../../auth/access.js';
import { isThrottled } from '../../auth/builtin/account-security.js';
import { judgePassword } from '../../auth/builtin/password-policy.js';
import { builtinIssuerKey } from '../../auth/builtin/users.js';
import { retryAfterSeconds } from '../../auth/throttle.js';
import { ApiError } from '../../platform/errors.js';

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  429: ErrorBody,
};
const noContent = { 204: z.null().describe('Done') };

/** 429 with Retry-After: the growing delay of a throttled request. */
function tooManyAttempts(reply: FastifyReply, waitMs: number): ApiError {
  const seconds = retryAfterSeconds(waitMs);
  reply.header('retry-after', String(seconds));
  return new ApiError(429, AccountMessages.tooManyAttempts, { reason: 'throttled', retry_after: seconds });
}

/** The built-in account (local user id) behind the caller's token; 409 for other issuers. */
function builtinUserId(request: FastifyRequest): string {
  requireAccount(request);
  const token = request.caller.token;
  if (!token || token.issuerKey !== builtinIssuerKey)
    throw ApiError.conflict(AccountMessages.notBuiltinAccount, { reason: 'external_account' });
  return token.subject;
}

/**
 * Password and e-mail of the built-in provider's accounts: change the password,
 * resend the verification link, ask for a reset link, and the strength hint.
 */
export function accountSecurityRoutes(app: FastifyInstance, { accountSecurity: security }: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['accounts'];
  const available = () => {
    if (!security)
      throw ApiError.conflict(AccountMessages.notBuiltinAccount, { reason: 'external_accounts' });
    return security;
  };

  r.post('/account/password', {
    config: { access: 'account' },
    schema: {
      tags,
      summary: 'Change the password (the current one is required); ends the other sessions',
      description:
        'Sets a new password after checking the current one; every other session of the account is signed out. Repeated failures are slowed down (429 with Retry-After).',
      body: ChangePassword,
      response: { ...noContent, ...errors },
    },
    handler: async (request, reply) => {
      const userId = builtinUserId(request);
      const grant = request.caller.token?.claims.grant_id;
      const result = await available().changePassword(
        userId,
        request.body.current_password,
        request.body.new_password,
        typeof grant === 'string' ? grant : undefined,
      );
      if (isThrottled(result)) throw tooManyAttempts(reply, result.throttled);
      if (result === 'unknown') throw ApiError.notFound(AccountMessages.notBuiltinAccount);
      if (result === 'wrong')
        throw ApiError.badRequest(AccountMessages.currentPasswordWrong, { field: 'current_password' });
      if (typeof result === 'object') throw ApiError.badRequest(result.problem, { field: 'new_password' });
      return reply.status(204).send(null);
    },
  });

  r.post('/account/verification', {
    config: { access: 'account' },
    schema: {
      tags,
      summary: 'Send the e-mail verification link again (throttled)',
      description:
        "Sends the link that verifies the account's e-mail address again; throttled (429 with Retry-After).",
      response: { 202: z.object({ sent: z.boolean() }), ...errors },
    },
    handler: async (request, reply) => {
      const result = await available().resendVerification(builtinUserId(request));
      if (isThrottled(result)) throw tooManyAttempts(reply, result.throttled);
      return reply.status(202).send(result);
    },
  });

  r.post('/account/password-reset', {
    config: { access: 'public' },
    schema: {
      tags,
      summary:
        'E-mail a password reset link; the answer is the same whether or not the address has an account',
      description:
        'Sends a password reset link to the address; the answer does not tell whether an account has it. Throttled (429 with Retry-After).',
      body: z.object({ email: z.email('Must be a valid email address').max(254) }).strict(),
      response: { 202: z.object({ requested: z.literal(true) }), ...errors },
    },
    handler: async (request, reply) => {
      const result = await available().requestReset(request.body.email.toLowerCase(), request.ip);
      if (isThrottled(result)) throw tooManyAttempts(reply, result.throttled);
      return reply.status(202).send(result);
    },
  });

  r.post('/account/password-strength', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'How hard a password is to guess, and whether the password policy accepts it',
      description:
        'Rates how hard a password is to guess and says whether the password policy would accept it, with hints; nothing is stored.',
      body: PasswordStrengthRequest,
      response: { 200: PasswordStrength, 400: ErrorBody, 429: ErrorBody },
    },
    handler: async (request, reply) => {
      const { password, email } = request.body;
      const verdict = security
        ? await security.passwordStrength(password, email, request.ip)
        : await judgePassword(password, email);
      if (isThrottled(verdict)) throw tooManyAttempts(reply, verdict.throttled);
      const { score, problem } = verdict;
      return { score, acceptable: !problem, problem: problem ?? null };
    },
  });
}
