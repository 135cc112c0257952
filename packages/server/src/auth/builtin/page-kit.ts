import { AccountMessages } from '@slugsmith/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { errors as oidcErrors } from 'oidc-provider';
import { z } from 'zod';
import type { Db } from '../../db/connect.js';
import { retryAfterSeconds } from '../throttle.js';
import type { AccountSecurity } from './account-security.js';
import {
  type PageError,
  type PageLocale,
  pageSecurityPolicy,
  pickPageLocale,
  signInExpiredPage,
} from './pages.js';

/** Path under which the provider and its pages are mounted. */
export const mountPath = '/oidc';
/** Scope of the API resource; the console asks for it with `openid email`. */
export const apiScope = 'api';

/** A well-formed address, as sign-up and the forgotten-password page require it. */
export const EmailAddress = z.email();
export const TokenQuery = z.object({ token: z.string().max(100) });
export type Uid = { Params: { uid: string } };

/** The page language: the console's ui_locales (query, form or sign-in request), else Accept-Language. */
export function localeOf(request: FastifyRequest, uiLocales?: unknown): PageLocale {
  const fromRequest =
    (request.body as { ui_locales?: unknown } | undefined)?.ui_locales ??
    (request.query as { ui_locales?: unknown } | undefined)?.ui_locales;
  return pickPageLocale({
    uiLocales: typeof fromRequest === 'string' ? fromRequest : uiLocales,
    acceptLanguage: request.headers['accept-language'],
  });
}

/** The policy's refusal as the pages name it. */
export function passwordError(problem: string): PageError {
  if (problem === AccountMessages.passwordTooShort) return { kind: 'password-too-short' };
  if (problem === AccountMessages.passwordIsEmail) return { kind: 'password-is-email' };
  return { kind: 'password-too-common' };
}

export type InteractionDetails = Awaited<ReturnType<Provider['interactionDetails']>>;

/** What every page route of the built-in provider shares: answering pages, the sign-in attempt, finishing it. */
export interface PageKit {
  db: Db;
  security: AccountSecurity;
  publicUrl: string;
  /** Whether staff disabled the sign-in of this identity's account (absent: never). */
  signInRefused?: (issuerKey: string, subject: string) => Promise<boolean>;
  html(reply: FastifyReply, status: number, body: string): FastifyReply;
  /** The interaction, or undefined when the sign-in attempt expired. */
  interaction(request: FastifyRequest, reply: FastifyReply): Promise<InteractionDetails | undefined>;
  /** The page explaining that the sign-in attempt expired. */
  expired(request: FastifyRequest, reply: FastifyReply): FastifyReply;
  throttled(reply: FastifyReply, waitMs: number, page: string): FastifyReply;
  uiLocalesOf(details: { params: Record<string, unknown> }): unknown;
  /** Signs the user in, grants the first-party console what it asked for, and resumes the flow. */
  finish(request: FastifyRequest, reply: FastifyReply, accountId: string): Promise<void>;
}

export function createPageKit(
  provider: Provider,
  options: Pick<PageKit, 'db' | 'security' | 'publicUrl' | 'signInRefused'> & { audience: string },
): PageKit {
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply
      .status(status)
      .header('content-security-policy', pageSecurityPolicy)
      .header('cache-control', 'no-store')
      .type('text/html')
      .send(body);

  return {
    db: options.db,
    security: options.security,
    publicUrl: options.publicUrl,
    signInRefused: options.signInRefused,
    html,
    async interaction(request, reply) {
      try {
        return await provider.interactionDetails(request.raw, reply.raw);
      } catch (error) {
        if (error instanceof oidcErrors.SessionNotFound) return undefined;
        throw error;
      }
    },
    expired: (request, reply) => html(reply, 400, signInExpiredPage(localeOf(request), options.publicUrl)),
    throttled: (reply, waitMs, page) =>
      html(reply.header('retry-after', String(retryAfterSeconds(waitMs))), 429, page),
    uiLocalesOf: (details) => details.params.ui_locales,
    async finish(request, reply, accountId) {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      const params = details.params as { client_id: string; scope?: string };
      const grant = details.grantId
        ? ((await provider.Grant.find(details.grantId)) ??
          new provider.Grant({ accountId, clientId: params.client_id }))
        : new provider.Grant({ accountId, clientId: params.client_id });
      const requested = (params.scope ?? 'openid').split(' ');
      grant.addOIDCScope(requested.filter((s) => s !== apiScope).join(' '));
      grant.addResourceScope(options.audience, apiScope);
      const grantId = await grant.save();
      reply.hijack();
      await provider.interactionFinished(
        request.raw,
        reply.raw,
        { login: { accountId }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    },
  };
}
