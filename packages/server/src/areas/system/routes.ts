import { Ping, SignInConfig } from '@slugsmith/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuthConfig } from '../../platform/config.js';

/** Scopes the console asks for: the user's identity, refresh tokens, and the API. */
const consoleScope = 'openid email offline_access api';

export function systemRoutes(app: FastifyInstance, auth: AuthConfig): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/ping', {
    config: { access: 'public' },
    schema: { tags: ['system'], summary: 'Liveness check', response: { 200: Ping } },
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
    schema: { tags: ['system'], summary: 'How browsers sign in', response: { 200: SignInConfig } },
    handler: async () => signIn,
  });
}
