import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { JWK } from 'jose';
import Provider, { type Configuration, errors as oidcErrors } from 'oidc-provider';
import type { Db } from '../../db/connect.js';
import type { AuthConfig } from '../../platform/config.js';
import type { Mailer } from '../../platform/mail.js';
import { defaultAccess } from '../access.js';
import { openThrottleStore } from '../throttle.js';
import { localVerifier, TokenError, type TokenVerifier } from '../tokens.js';
import { AccountSecurity } from './account-security.js';
import { databaseAdapter, deleteExpiredPayloads } from './adapter.js';
import { loadProviderSecrets, publicKeys } from './keys.js';
import { apiScope, createPageKit, mountPath } from './page-kit.js';
import {
  pageSecurityPolicy,
  pickPageLocale,
  signedOutPage,
  signInProblemPage,
  signOutPage,
} from './pages.js';
import { resetRoutes } from './reset-routes.js';
import { recordSessionActivity, type SessionFacts } from './session-activity.js';
import { grantExists } from './sessions.js';
import { signInRoutes } from './sign-in-routes.js';
import { signUpRoutes } from './sign-up-routes.js';
import { type CreatedAdmin, type EnsureAdminAccount, findLocalUser, seedAdmin } from './users.js';
import { verificationRoutes } from './verification-routes.js';

export interface BuiltinProvider {
  verifier: TokenVerifier;
  /** Mounts the provider under /oidc with its sign-in and sign-up pages. */
  plugin: (app: FastifyInstance) => Promise<void>;
  /** The private signing keys; tests sign their own tokens with them. */
  signingKeys: JWK[];
  /** Verification, reset, change and throttled sign-in of the built-in accounts. */
  security: AccountSecurity;
  /** The admin account this start created with a generated password, which main.ts shows once. */
  createdAdmin?: CreatedAdmin;
}

/**
 * Access tokens of the built-in provider name their grant: once the grant is gone (password
 * changed or reset, other sessions signed out, refresh token revoked, account deleted) its access
 * tokens stop working at once instead of living out their hour.
 */
function sessionBoundVerifier(db: Db, inner: TokenVerifier): TokenVerifier {
  return {
    async verify(token) {
      const verified = await inner.verify(token);
      const grant = verified.claims.grant_id;
      if (typeof grant === 'string' && !(await grantExists(db, grant))) throw new TokenError('expired');
      return verified;
    },
  };
}

/** The page language inside the provider (logout and error pages). */
function localeOfContext(ctx: { oidc?: { params?: Record<string, unknown> }; get(h: string): string }) {
  return pickPageLocale({
    uiLocales: ctx.oidc?.params?.ui_locales,
    acceptLanguage: ctx.get('accept-language'),
  });
}

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
      return {
        accountId: id,
        claims: async () => ({ sub: id, email: user.email, email_verified: Boolean(user.emailVerifiedAt) }),
      };
    },
    // The API creates accounts from the access token, so it carries the email and its state; the
    // grant lets a password change keep the caller's own session.
    extraTokenClaims: async (_ctx, token) => {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const user = await findLocalUser(db, token.accountId);
      if (!user) return undefined;
      const grant = (token as { grantId?: string }).grantId;
      return {
        email: user.email,
        email_verified: Boolean(user.emailVerifiedAt),
        ...(grant && { grant_id: grant }),
      };
    },
    interactions: { url: (_ctx, interaction) => `${mountPath}/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        // One step only for the console's own sign-out: its ID token (validated by the provider)
        // names the signed-in account. A bare link — perhaps from another site — gets a page
        // that asks; its form carries the provider's xsrf check, so only the person's press counts.
        logoutSource: async (ctx, form) => {
          const hint = ctx.oidc.entities.IdTokenHint as { payload?: { sub?: unknown } } | undefined;
          const account = ctx.oidc.session?.accountId;
          // No one signed in (e.g. the account was just deleted): there is nothing to protect.
          const oneStep = !account || hint?.payload?.sub === account;
          ctx.set('content-security-policy', pageSecurityPolicy);
          ctx.type = 'html';
          ctx.body = signOutPage(form, localeOfContext(ctx), { oneStep });
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.set('content-security-policy', pageSecurityPolicy);
          ctx.type = 'html';
          ctx.body = signedOutPage(localeOfContext(ctx), publicUrl);
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
      ctx.body = signInProblemPage(localeOfContext(ctx), String(out.error), publicUrl);
    },
  };
}

export async function startBuiltinProvider(
  db: Db,
  auth: BuiltinAuth,
  publicUrl: string,
  log: FastifyBaseLogger,
  options: {
    ensureAdminAccount: EnsureAdminAccount;
    mailer: Mailer;
    /** Throttle counts shared by every node (absent: the database). */
    redisUrl?: string;
    /** Whether staff disabled the sign-in of this identity's account (absent: never). */
    signInRefused?: (issuerKey: string, subject: string) => Promise<boolean>;
    trustProxy?: boolean;
    corsOrigins?: string[] | true;
  },
): Promise<BuiltinProvider> {
  const secrets = await loadProviderSecrets(db);
  await deleteExpiredPayloads(db);
  const createdAdmin = await seedAdmin(
    db,
    auth.adminEmail,
    auth.adminPassword,
    log,
    options.ensureAdminAccount,
  );

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
  // Discovery, issuer and redirects are built from PUBLIC_URL, never from the request's Host:
  // the provider reads host and protocol from the forwarded headers set below for every request.
  provider.proxy = true;
  const publicOrigin = new URL(publicUrl);
  const throttle = openThrottleStore(db, options.redisUrl);
  const security = new AccountSecurity(db, options.mailer, throttle, publicUrl, log, auth.signUpsPerAddress);
  provider.on('server_error', (_ctx, err) => log.error({ err }, 'oidc provider error'));
  // The address and browser each signed-in session was last used from (the account page lists them).
  const requestFacts = new WeakMap<object, SessionFacts>();
  provider.use(async (ctx, next) => {
    await next();
    const session = ctx.oidc?.session;
    const facts = requestFacts.get(ctx.req);
    if (!session?.accountId || !session.uid || !facts) return;
    await recordSessionActivity(
      db,
      { uid: session.uid, accountId: session.accountId, exp: session.exp },
      facts,
    ).catch((err) => log.warn({ err }, 'session activity not recorded'));
  });
  const callback = provider.callback();

  const verifier = sessionBoundVerifier(
    db,
    localVerifier(publicKeys(secrets.signingKeys), {
      issuer: auth.issuer,
      audience: auth.audience,
      issuerKey: 'builtin',
    }),
  );

  const kit = createPageKit(provider, {
    db,
    security,
    publicUrl,
    signInRefused: options.signInRefused,
    audience: auth.audience,
  });

  const plugin = async (app: FastifyInstance) => {
    app.addHook('onClose', async () => throttle.close());
    // Sign-in, sign-up, forgotten-password, reset and verification pages.
    await app.register(async (pages) => {
      defaultAccess(pages, 'public');
      pages.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string' },
        (_req, body, done) => {
          done(null, Object.fromEntries(new URLSearchParams(body as string)));
        },
      );
      signInRoutes(pages, kit);
      signUpRoutes(pages, kit);
      resetRoutes(pages, kit);
      verificationRoutes(pages, kit);
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
        raw.headers['x-forwarded-host'] = publicOrigin.host;
        raw.headers['x-forwarded-proto'] = publicOrigin.protocol.slice(0, -1);
        raw.headers.host = publicOrigin.host;
        raw.url = (raw.url ?? '/').slice(mountPath.length) || '/';
        // Fastify's address honours TRUST_PROXY; the provider's own would trust any forwarded header.
        requestFacts.set(raw, { address: request.ip, userAgent: request.headers['user-agent'] });
        await callback(raw, reply.raw);
      });
    });
  };

  return { verifier, plugin, signingKeys: secrets.signingKeys, security, createdAdmin };
}
