import { AdminMessages } from '@slugsmith/contract';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { JWK } from 'jose';
import Provider, { type Configuration, errors as oidcErrors } from 'oidc-provider';
import { z } from 'zod';
import type { Db } from '../../db/connect.js';
import type { AuthConfig } from '../../platform/config.js';
import { defaultAccess } from '../access.js';
import { localVerifier, type TokenVerifier } from '../tokens.js';
import { databaseAdapter, deleteExpiredPayloads } from './adapter.js';
import { loadProviderSecrets, publicKeys } from './keys.js';
import { messagePage, pageSecurityPolicy, signInPage, signOutPage, signUpPage } from './pages.js';
import {
  builtinIssuerKey,
  type EnsureAdminAccount,
  findLocalUser,
  seedAdmin,
  signIn,
  signUp,
} from './users.js';

export interface BuiltinProvider {
  verifier: TokenVerifier;
  /** Mounts the provider under /oidc with its sign-in and sign-up pages. */
  plugin: (app: FastifyInstance) => Promise<void>;
  /** The private signing keys; tests sign their own tokens with them. */
  signingKeys: JWK[];
}

/** Scope of the API resource; the console asks for it with `openid email`. */
export const apiScope = 'api';
const mountPath = '/oidc';

type BuiltinAuth = Extract<AuthConfig, { kind: 'builtin' }>;

function providerConfiguration(
  db: Db,
  auth: BuiltinAuth,
  publicUrl: string,
  keys: { signing: JWK[]; cookies: string[] },
  corsOrigins: string[] | true,
): Configuration {
  const allowedOrigins = new Set(corsOrigins === true ? [] : [...corsOrigins, new URL(publicUrl).origin]);
  return {
    // Browsers may call the token, userinfo and revocation endpoints from the configured origins.
    clientBasedCORS: (_ctx, origin) => corsOrigins === true || allowedOrigins.has(origin),
    adapter: databaseAdapter(db),
    clients: [
      {
        client_id: auth.clientId,
        client_name: 'Slugsmith console',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${publicUrl}/authn-callback`],
        post_logout_redirect_uris: [publicUrl, `${publicUrl}/`],
      },
    ],
    jwks: { keys: keys.signing as Configuration['jwks'] extends { keys: infer K } ? K : never },
    cookies: { keys: keys.cookies },
    pkce: { required: () => true },
    // screen_hint=signup opens the sign-up page first (the console's Get started button).
    extraParams: ['screen_hint'],
    // OpenID scopes only; `api` is the resource server's scope (getResourceServerInfo).
    scopes: ['openid', 'email', 'offline_access'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    findAccount: async (_ctx, id) => {
      const user = await findLocalUser(db, id);
      if (!user) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, email: user.email, email_verified: false }) };
    },
    // The API creates accounts from the access token, so it carries the email.
    extraTokenClaims: async (_ctx, token) => {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const user = await findLocalUser(db, token.accountId);
      return user ? { email: user.email } : undefined;
    },
    interactions: { url: (_ctx, interaction) => `${mountPath}/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          ctx.set('content-security-policy', pageSecurityPolicy);
          ctx.type = 'html';
          ctx.body = signOutPage(form);
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.set('content-security-policy', pageSecurityPolicy);
          ctx.type = 'html';
          ctx.body = messagePage('Signed out', 'You are signed out of Slugsmith.');
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => auth.audience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (resource !== auth.audience) throw new oidcErrors.InvalidTarget();
          return {
            scope: apiScope,
            audience: auth.audience,
            accessTokenFormat: 'jwt',
            accessTokenTTL: 60 * 60,
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    ttl: {
      AccessToken: 60 * 60,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Grant: 14 * 24 * 60 * 60,
      RefreshToken: 14 * 24 * 60 * 60,
      Session: 14 * 24 * 60 * 60,
    },
    renderError: async (ctx, out) => {
      ctx.set('content-security-policy', pageSecurityPolicy);
      ctx.type = 'html';
      ctx.body = messagePage('Sign-in problem', String(out.error_description ?? out.error));
    },
  };
}

const SignInForm = z.object({ email: z.string().trim().max(254), password: z.string().max(1024) });
const SignUpForm = SignInForm.extend({ confirm: z.string().max(1024) });
const SignUpEmail = z.email();

export async function startBuiltinProvider(
  db: Db,
  auth: BuiltinAuth,
  publicUrl: string,
  log: FastifyBaseLogger,
  options: {
    ensureAdminAccount: EnsureAdminAccount;
    /** Whether staff disabled the sign-in of this identity's account (absent: never). */
    signInRefused?: (issuerKey: string, subject: string) => Promise<boolean>;
    trustProxy?: boolean;
    corsOrigins?: string[] | true;
  },
): Promise<BuiltinProvider> {
  const secrets = await loadProviderSecrets(db);
  await deleteExpiredPayloads(db);
  await seedAdmin(db, auth.adminEmail, auth.adminPassword, log, options.ensureAdminAccount);

  const provider = new Provider(
    auth.issuer,
    providerConfiguration(
      db,
      auth,
      publicUrl,
      { signing: secrets.signingKeys, cookies: secrets.cookieKeys },
      options.corsOrigins ?? [],
    ),
  );
  provider.proxy = options.trustProxy ?? false;
  provider.on('server_error', (_ctx, err) => log.error({ err }, 'oidc provider error'));
  const callback = provider.callback();

  const verifier = localVerifier(publicKeys(secrets.signingKeys), {
    issuer: auth.issuer,
    audience: auth.audience,
    issuerKey: 'builtin',
  });

  /** Signs the user in, grants the first-party console what it asked for, and resumes the flow. */
  async function finish(request: FastifyRequest, reply: FastifyReply, accountId: string) {
    const details = await provider.interactionDetails(request.raw, reply.raw);
    const params = details.params as { client_id: string; scope?: string };
    const grant = details.grantId
      ? ((await provider.Grant.find(details.grantId)) ??
        new provider.Grant({ accountId, clientId: params.client_id }))
      : new provider.Grant({ accountId, clientId: params.client_id });
    const requested = (params.scope ?? 'openid').split(' ');
    grant.addOIDCScope(requested.filter((s) => s !== apiScope).join(' '));
    grant.addResourceScope(auth.audience, apiScope);
    const grantId = await grant.save();
    reply.hijack();
    await provider.interactionFinished(
      request.raw,
      reply.raw,
      { login: { accountId }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  const html = (reply: FastifyReply, status: number, body: string) =>
    reply
      .status(status)
      .header('content-security-policy', pageSecurityPolicy)
      .header('cache-control', 'no-store')
      .type('text/html')
      .send(body);

  /** The interaction, or a page explaining that the sign-in attempt expired. */
  async function interaction(request: FastifyRequest, reply: FastifyReply) {
    try {
      return await provider.interactionDetails(request.raw, reply.raw);
    } catch (error) {
      if (error instanceof oidcErrors.SessionNotFound) return undefined;
      throw error;
    }
  }
  const expired = (reply: FastifyReply) =>
    html(
      reply,
      400,
      messagePage(
        'Sign-in expired',
        'This sign-in attempt has expired. Go back to the application and sign in again.',
      ),
    );

  const plugin = async (app: FastifyInstance) => {
    // Sign-in and sign-up pages.
    await app.register(async (pages) => {
      defaultAccess(pages, 'public');
      pages.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string' },
        (_req, body, done) => {
          done(null, Object.fromEntries(new URLSearchParams(body as string)));
        },
      );
      type Uid = { Params: { uid: string } };

      pages.get<Uid>(`${mountPath}/interaction/:uid`, async (request, reply) => {
        const details = await interaction(request, reply);
        if (!details || details.uid !== request.params.uid) return expired(reply);
        // Already signed in (a session exists): only the grant is missing, give it.
        if (details.prompt.name === 'consent' && details.session?.accountId) {
          if (await options.signInRefused?.(builtinIssuerKey, details.session.accountId)) {
            return html(reply, 403, signInPage({ uid: details.uid, error: AdminMessages.signInDisabled }));
          }
          return finish(request, reply, details.session.accountId);
        }
        const signUpFirst = (details.params as { screen_hint?: string }).screen_hint === 'signup';
        return html(
          reply,
          200,
          signUpFirst ? signUpPage({ uid: details.uid }) : signInPage({ uid: details.uid }),
        );
      });

      pages.get<Uid>(`${mountPath}/interaction/:uid/sign-up`, async (request, reply) => {
        const details = await interaction(request, reply);
        if (!details || details.uid !== request.params.uid) return expired(reply);
        return html(reply, 200, signUpPage({ uid: details.uid }));
      });

      pages.post<Uid>(`${mountPath}/interaction/:uid/sign-in`, async (request, reply) => {
        const details = await interaction(request, reply);
        if (!details || details.uid !== request.params.uid) return expired(reply);
        const form = SignInForm.safeParse(request.body);
        const email = form.success ? form.data.email : '';
        const user = form.success ? await signIn(db, form.data.email, form.data.password) : undefined;
        if (!user)
          return html(
            reply,
            401,
            signInPage({ uid: details.uid, email, error: 'Invalid email or password' }),
          );
        if (await options.signInRefused?.(builtinIssuerKey, user.id)) {
          return html(
            reply,
            403,
            signInPage({ uid: details.uid, email, error: AdminMessages.signInDisabled }),
          );
        }
        return finish(request, reply, user.id);
      });

      pages.post<Uid>(`${mountPath}/interaction/:uid/sign-up`, async (request, reply) => {
        const details = await interaction(request, reply);
        if (!details || details.uid !== request.params.uid) return expired(reply);
        const form = SignUpForm.safeParse(request.body);
        const email = form.success ? form.data.email.toLowerCase() : '';
        const again = (error: string) => html(reply, 400, signUpPage({ uid: details.uid, email, error }));
        if (!form.success) return again('This field is required');
        if (!SignUpEmail.safeParse(email).success) return again('Must be a valid email address');
        if (form.data.password.length < 8) return again('Minimum length is 8 characters');
        if (form.data.password !== form.data.confirm) return again('Passwords do not match');
        const user = await signUp(db, email, form.data.password);
        if (user === 'taken') return again('An account with this email already exists');
        return finish(request, reply, user.id);
      });
    });

    // The provider itself: discovery, authorize, token, JWKS, userinfo, logout, revocation.
    await app.register(async (oidc) => {
      defaultAccess(oidc, 'public');
      // Leave request bodies unread: the provider parses them itself.
      oidc.removeAllContentTypeParsers();
      oidc.addContentTypeParser('*', (_req, _payload, done) => done(null));
      oidc.all(`${mountPath}/*`, async (request, reply) => {
        reply.hijack();
        const raw = request.raw as typeof request.raw & { originalUrl?: string };
        raw.originalUrl = raw.url;
        raw.url = (raw.url ?? '/').slice(mountPath.length) || '/';
        await callback(raw, reply.raw);
      });
    });
  };

  return { verifier, plugin, signingKeys: secrets.signingKeys };
}
