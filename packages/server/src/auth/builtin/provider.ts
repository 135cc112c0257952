import { AccountMessages } from '@slugsmith/contract';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { JWK } from 'jose';
import Provider, { type Configuration, errors as oidcErrors } from 'oidc-provider';
import { z } from 'zod';
import type { Db } from '../../db/connect.js';
import type { AuthConfig } from '../../platform/config.js';
import type { Mailer } from '../../platform/mail.js';
import { defaultAccess } from '../access.js';
import { openThrottleStore, retryAfterSeconds } from '../throttle.js';
import { localVerifier, TokenError, type TokenVerifier } from '../tokens.js';
import {
  AccountSecurity,
  isThrottled,
  linkPaths,
  resetLinkMinutes,
  standaloneForgotPath,
} from './account-security.js';
import { databaseAdapter, deleteExpiredPayloads } from './adapter.js';
import { loadProviderSecrets, publicKeys } from './keys.js';
import {
  forgotPasswordPage,
  forgotPasswordPath,
  type PageError,
  type PageLocale,
  pageSecurityPolicy,
  pickPageLocale,
  resetDonePage,
  resetLinkProblemPage,
  resetPasswordPage,
  signedOutPage,
  signInExpiredPage,
  signInPage,
  signInProblemPage,
  signOutPage,
  signUpPage,
  verificationResultPage,
} from './pages.js';
import { judgePassword } from './password-policy.js';
import { recordSessionActivity, type SessionFacts } from './session-activity.js';
import { grantExists } from './sessions.js';
import {
  builtinIssuerKey,
  type CreatedAdmin,
  type EnsureAdminAccount,
  findLocalUser,
  seedAdmin,
  setUserLanguage,
  signUp,
} from './users.js';

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

/** The policy's refusal as the pages name it. */
function passwordError(problem: string): PageError {
  if (problem === AccountMessages.passwordTooShort) return { kind: 'password-too-short' };
  if (problem === AccountMessages.passwordIsEmail) return { kind: 'password-is-email' };
  return { kind: 'password-too-common' };
}

/** The page language: the console's ui_locales (query, form or sign-in request), else Accept-Language. */
function localeOf(request: FastifyRequest, uiLocales?: unknown): PageLocale {
  const fromRequest =
    (request.body as { ui_locales?: unknown } | undefined)?.ui_locales ??
    (request.query as { ui_locales?: unknown } | undefined)?.ui_locales;
  return pickPageLocale({
    uiLocales: typeof fromRequest === 'string' ? fromRequest : uiLocales,
    acceptLanguage: request.headers['accept-language'],
  });
}

/** The page language inside the provider (logout and error pages). */
function localeOfContext(ctx: { oidc?: { params?: Record<string, unknown> }; get(h: string): string }) {
  return pickPageLocale({
    uiLocales: ctx.oidc?.params?.ui_locales,
    acceptLanguage: ctx.get('accept-language'),
  });
}

/** Scope of the API resource; the console asks for it with `openid email`. */
export const apiScope = 'api';
const mountPath = '/oidc';
/** The forgotten-password page outside a sign-in attempt (a reset link's "request a new link"). */
const forgotStandalonePath = standaloneForgotPath;

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

const SignInForm = z.object({ email: z.string().trim().max(254), password: z.string().max(1024) });
const SignUpForm = SignInForm.extend({ confirm: z.string().max(1024) });
const SignUpEmail = z.email();
const EmailForm = z.object({ email: z.string().trim().max(254) });
const ResetForm = z.object({
  token: z.string().max(100),
  password: z.string().max(1024),
  confirm: z.string().max(1024),
});
const TokenQuery = z.object({ token: z.string().max(100) });

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
  const expired = (request: FastifyRequest, reply: FastifyReply) =>
    html(reply, 400, signInExpiredPage(localeOf(request), publicUrl));
  const throttled = (reply: FastifyReply, waitMs: number, page: string) =>
    html(reply.header('retry-after', String(retryAfterSeconds(waitMs))), 429, page);
  const uiLocalesOf = (details: { params: Record<string, unknown> }) => details.params.ui_locales;

  const plugin = async (app: FastifyInstance) => {
    app.addHook('onClose', async () => throttle.close());
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
        if (!details || details.uid !== request.params.uid) return expired(request, reply);
        const locale = localeOf(request, uiLocalesOf(details));
        // Already signed in (a session exists): only the grant is missing, give it.
        if (details.prompt.name === 'consent' && details.session?.accountId) {
          if (await options.signInRefused?.(builtinIssuerKey, details.session.accountId)) {
            return html(
              reply,
              403,
              signInPage({ uid: details.uid, locale, error: { kind: 'sign-in-disabled' } }),
            );
          }
          return finish(request, reply, details.session.accountId);
        }
        const signUpFirst = (details.params as { screen_hint?: string }).screen_hint === 'signup';
        return html(
          reply,
          200,
          signUpFirst ? signUpPage({ uid: details.uid, locale }) : signInPage({ uid: details.uid, locale }),
        );
      });

      pages.get<Uid>(`${mountPath}/interaction/:uid/sign-up`, async (request, reply) => {
        const details = await interaction(request, reply);
        if (!details || details.uid !== request.params.uid) return expired(request, reply);
        return html(
          reply,
          200,
          signUpPage({ uid: details.uid, locale: localeOf(request, uiLocalesOf(details)) }),
        );
      });

      pages.post<Uid>(`${mountPath}/interaction/:uid/sign-in`, async (request, reply) => {
        const details = await interaction(request, reply);
        if (!details || details.uid !== request.params.uid) return expired(request, reply);
        const locale = localeOf(request, uiLocalesOf(details));
        const form = SignInForm.safeParse(request.body);
        const email = form.success ? form.data.email : '';
        const page = (error: PageError) => signInPage({ uid: details.uid, locale, email, error });
        const user = form.success
          ? await security.signIn(form.data.email, form.data.password, request.ip)
          : 'invalid';
        if (isThrottled(user)) {
          return throttled(
            reply,
            user.throttled,
            page({ kind: 'throttled', retryAfterSeconds: retryAfterSeconds(user.throttled) }),
          );
        }
        if (user === 'invalid') return html(reply, 401, page({ kind: 'invalid-credentials' }));
        if (await options.signInRefused?.(builtinIssuerKey, user.id)) {
          return html(reply, 403, page({ kind: 'sign-in-disabled' }));
        }
        // The account's e-mail follows the language it last signed in with (the console's).
        if (user.language !== locale) await setUserLanguage(db, user.id, locale);
        return finish(request, reply, user.id);
      });

      pages.post<Uid>(`${mountPath}/interaction/:uid/sign-up`, async (request, reply) => {
        const details = await interaction(request, reply);
        if (!details || details.uid !== request.params.uid) return expired(request, reply);
        const locale = localeOf(request, uiLocalesOf(details));
        const form = SignUpForm.safeParse(request.body);
        const email = form.success ? form.data.email.toLowerCase() : '';
        const again = (error: PageError) =>
          html(reply, 400, signUpPage({ uid: details.uid, locale, email, error }));
        if (!form.success || !form.data.email || !form.data.password) return again({ kind: 'required' });
        if (!SignUpEmail.safeParse(email).success) return again({ kind: 'invalid-email' });
        const reserved = await security.reserveSignUp(request.ip);
        if (isThrottled(reserved)) {
          const seconds = retryAfterSeconds(reserved.throttled);
          return throttled(
            reply,
            reserved.throttled,
            signUpPage({
              uid: details.uid,
              locale,
              email,
              error: { kind: 'throttled', retryAfterSeconds: seconds },
            }),
          );
        }
        const { problem } = await judgePassword(form.data.password, email);
        if (problem) return again(passwordError(problem));
        if (form.data.password !== form.data.confirm) return again({ kind: 'passwords-differ' });
        const user = await signUp(db, email, form.data.password, { language: locale });
        if (user === 'taken') {
          // The owner hears of it, with the way back in.
          security.signUpAttempted(email);
          return again({ kind: 'email-taken' });
        }
        await security.welcome(user);
        return finish(request, reply, user.id);
      });

      // Forgotten password: from a sign-in attempt (back to it) or on its own (back to the console).
      const forgot = async (request: FastifyRequest, reply: FastifyReply, uid?: string) => {
        const details = uid ? await interaction(request, reply) : undefined;
        if (uid && (!details || details.uid !== uid)) return expired(request, reply);
        const locale = localeOf(request, details && uiLocalesOf(details));
        const action = uid ? forgotPasswordPath(uid) : forgotStandalonePath;
        const backHref = uid ? `${mountPath}/interaction/${uid}` : publicUrl;
        if (request.method === 'GET')
          return html(reply, 200, forgotPasswordPage({ locale, action, backHref }));
        const form = EmailForm.safeParse(request.body);
        const email = form.success ? form.data.email.toLowerCase() : '';
        const again = (status: number, error: PageError) =>
          html(reply, status, forgotPasswordPage({ locale, action, backHref, email, error }));
        if (!email) return again(400, { kind: 'required' });
        if (!SignUpEmail.safeParse(email).success) return again(400, { kind: 'invalid-email' });
        const result = await security.requestReset(email, request.ip);
        if (isThrottled(result)) {
          return throttled(
            reply,
            result.throttled,
            forgotPasswordPage({
              locale,
              action,
              backHref,
              email,
              error: { kind: 'throttled', retryAfterSeconds: retryAfterSeconds(result.throttled) },
            }),
          );
        }
        return html(
          reply,
          200,
          forgotPasswordPage({ locale, action, backHref, sent: { email, validMinutes: resetLinkMinutes } }),
        );
      };
      pages.get<Uid>(`${mountPath}/interaction/:uid/forgot-password`, (request, reply) =>
        forgot(request, reply, request.params.uid),
      );
      pages.post<Uid>(`${mountPath}/interaction/:uid/forgot-password`, (request, reply) =>
        forgot(request, reply, request.params.uid),
      );
      pages.get(forgotStandalonePath, (request, reply) => forgot(request, reply));
      pages.post(forgotStandalonePath, (request, reply) => forgot(request, reply));

      // The e-mailed reset link: a form for the new password; the link is used when it is saved.
      pages.get(linkPaths.reset_password, async (request, reply) => {
        const locale = localeOf(request);
        const query = TokenQuery.safeParse(request.query);
        const link = query.success
          ? await security.resetLink(query.data.token)
          : { state: 'invalid' as const };
        if (!query.success || link.state !== 'valid' || !('email' in link)) {
          const problem = link.state === 'valid' ? 'invalid' : link.state;
          return html(
            reply,
            400,
            resetLinkProblemPage({ locale, problem, requestHref: forgotStandalonePath }),
          );
        }
        return html(
          reply,
          200,
          resetPasswordPage({
            locale,
            action: linkPaths.reset_password,
            token: query.data.token,
            email: link.email,
          }),
        );
      });
      pages.post(linkPaths.reset_password, async (request, reply) => {
        const locale = localeOf(request);
        const form = ResetForm.safeParse(request.body);
        if (!form.success) {
          return html(
            reply,
            400,
            resetLinkProblemPage({ locale, problem: 'invalid', requestHref: forgotStandalonePath }),
          );
        }
        const again = async (error: PageError) => {
          const link = await security.resetLink(form.data.token);
          const email = 'email' in link ? link.email : undefined;
          return html(
            reply,
            400,
            resetPasswordPage({
              locale,
              action: linkPaths.reset_password,
              token: form.data.token,
              email,
              error,
            }),
          );
        };
        if (!form.data.password) return again({ kind: 'required' });
        if (form.data.password !== form.data.confirm) return again({ kind: 'passwords-differ' });
        const result = await security.resetPassword(form.data.token, form.data.password);
        if ('problem' in result) return again(passwordError(result.problem));
        if ('link' in result) {
          return html(
            reply,
            400,
            resetLinkProblemPage({ locale, problem: result.link, requestHref: forgotStandalonePath }),
          );
        }
        return html(reply, 200, resetDonePage({ locale, continueHref: publicUrl }));
      });

      // The e-mailed verification link: opening it verifies the address it was sent to.
      pages.get(linkPaths.verify_email, async (request, reply) => {
        const locale = localeOf(request);
        const query = TokenQuery.safeParse(request.query);
        const result = query.success ? await security.verifyEmail(query.data.token) : 'invalid';
        return html(
          reply,
          result === 'ok' || result === 'used' ? 200 : 400,
          verificationResultPage({ locale, result, continueHref: publicUrl }),
        );
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
