import { ErrorBody, Ping, SignInConfig, Text } from '@slugsmith/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';

/**
 * A page view the console traces (product spec §2.5): where, from where, in which language. The
 * console sends `event` and `at` too; nothing in it names a person.
 */
export const AnalyticsEvent = z
  .object({
    event: z
      .string()
      .regex(/^[a-z][a-z0-9_-]{0,39}$/)
      .default('navigation'),
    path: z.string().min(1).max(2048).startsWith('/'),
    referrer: Text.max(2048).optional(),
    language: z
      .string()
      .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,3}$/)
      .optional(),
    at: Text.max(40).optional(),
  })
  .meta({ id: 'AnalyticsEvent' });

/** The host of a referrer (its path and query may name a person); none for an invalid one. */
export function referrerHost(referrer: string | undefined): string | undefined {
  if (!referrer) return undefined;
  try {
    return new URL(referrer).host || undefined;
  } catch {
    return undefined;
  }
}

/** Scopes the console asks for: the user's identity, refresh tokens, and the API. */
const consoleScope = 'openid email offline_access api';

export function systemRoutes(app: FastifyInstance, { config: { auth } }: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/ping', {
    config: { access: 'public', cors: 'any-origin' },
    schema: {
      tags: ['system'],
      summary: 'Liveness check',
      description: 'Answers {status: ok} while the server is up; needs no credentials.',
      response: { 200: Ping },
    },
    handler: async () => ({ status: 'ok' as const }),
  });

  const signIn: SignInConfig = {
    issuer: auth.issuer,
    client_id: auth.clientId ?? null,
    audience: auth.audience,
    scope: auth.kind === 'builtin' ? consoleScope : 'openid email offline_access',
    redirect_path: '/authn-callback',
    provider: auth.kind,
  };
  r.get('/auth/config', {
    config: { access: 'public' },
    schema: {
      tags: ['system'],
      summary: 'How browsers sign in',
      description: 'The OpenID Connect issuer, client id, audience and scopes the console signs in with.',
      response: { 200: SignInConfig },
    },
    handler: async () => signIn,
  });

  r.post('/analytics', {
    // The per-request lines (which carry the caller's address) are not logged for this route;
    // warnings and errors still are.
    logLevel: 'warn',
    bodyLimit: 4096,
    config: { access: 'public' },
    schema: {
      tags: ['system'],
      summary: 'Record a console page view (logged at debug level, nothing stored, no personal data)',
      description: 'The console reports a page view; it is logged at debug level only, nothing is stored.',
      body: AnalyticsEvent,
      response: { 202: z.null().optional().describe('Accepted (no body)'), 400: ErrorBody, 413: ErrorBody },
    },
    handler: async (request, reply) => {
      const { event, path, referrer, language } = request.body;
      // The instance logger, not the request's: no request id, address or headers with it.
      app.log.debug(
        {
          analytics: {
            event,
            // Without query and fragment, which may carry tokens or e-mail addresses.
            path: path.split(/[?#]/, 1)[0],
            referrer_host: referrerHost(referrer),
            language,
          },
        },
        'analytics event',
      );
      return reply.status(202).send(undefined);
    },
  });
}
