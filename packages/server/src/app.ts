import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import { apiPrefix, ErrorMessages, RATE_LIMIT_HEADERS, SIGNED_HEADERS } from '@slugsmith/contract';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { findAccountBySubject, hasPendingMandatoryAgreements } from './areas/accounts/queries.js';
import { accountRoutes } from './areas/accounts/routes.js';
import { toCallerAccount } from './areas/accounts/service.js';
import { adminRoutes } from './areas/admin/routes.js';
import { registerDocs } from './areas/docs/routes.js';
import { documentRoutes } from './areas/documents/routes.js';
import { contentSeed, seedDocuments } from './areas/documents/seed.js';
import { generateRoutes } from './areas/generate/routes.js';
import { apiKeyRoutes } from './areas/keys/routes.js';
import { findMembership } from './areas/orgs/queries.js';
import { orgRoutes } from './areas/orgs/routes.js';
import { planRoutes } from './areas/plans/routes.js';
import { sdkRoutes } from './areas/sdk/routes.js';
import { seriesRoutes } from './areas/series/routes.js';
import { systemRoutes } from './areas/system/routes.js';
import { findWebDist, registerWeb } from './areas/web/routes.js';
import { accessKind, installAccessControl, type RouteRecord } from './auth/access.js';
import { type BuiltinProvider, startBuiltinProvider } from './auth/builtin/provider.js';
import { keyAuthenticator } from './auth/keys.js';
import { remoteVerifier, type TokenVerifier } from './auth/tokens.js';
import { type Database, openDatabase } from './db/connect.js';
import { migrate } from './db/migrate.js';
import type { Config } from './platform/config.js';
import { installErrorHandling } from './platform/errors.js';
import { loggingOptions } from './platform/logging.js';

export interface App {
  server: FastifyInstance;
  database: Database;
  /** Every route with its access rule, as registered (read by the route-walking test). */
  routes: RouteRecord[];
  /** Present when the built-in OpenID provider runs (no OIDC_ISSUER). */
  builtin?: BuiltinProvider;
}

/**
 * Builds the whole product in one Fastify instance: database (migrated), sign-in, API under
 * /api/v1, OpenAPI and docs. `app.server.close()` closes the database too.
 */
export async function buildApp(
  config: Config,
  options: { logStream?: NodeJS.WritableStream } = {},
): Promise<App> {
  const server = Fastify({
    ...loggingOptions(config, options.logStream),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    // Errors raised before routing (a malformed URL) answer with the same error body.
    frameworkErrors: (error, _request, reply) => {
      (reply as FastifyReply)
        .status(400)
        .send({ code: 400, message: ErrorMessages.badRequest, details: { reason: error.message } });
    },
    forceCloseConnections: 'idle',
  });
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(serializerCompiler);
  // Set once the web console is registered; unknown console paths then get its index.html.
  let webFallback: Awaited<ReturnType<typeof registerWeb>>;
  installErrorHandling(server, () => webFallback);

  const database = await openDatabase(config.database);
  server.addHook('onClose', async () => database.close());
  try {
    const applied = await migrate(database);
    if (applied.length > 0) server.log.info({ migrations: applied }, 'database migrated');
    // content/ into the document store: absent documents inserted, administrators' edits kept.
    const seeded = await seedDocuments(database.db, contentSeed());
    server.log.info(seeded, 'documents seeded');

    let verifier: TokenVerifier;
    let builtin: BuiltinProvider | undefined;
    if (config.auth.kind === 'builtin') {
      builtin = await startBuiltinProvider(database.db, config.auth, config.publicUrl, server.log, {
        trustProxy: config.trustProxy,
        corsOrigins: config.corsOrigins,
      });
      verifier = builtin.verifier;
    } else {
      verifier = remoteVerifier({
        issuer: config.auth.issuer,
        audience: config.auth.audience,
        issuerKey: config.auth.issuer,
      });
    }

    const routes = installAccessControl(server, {
      verifier,
      findAccount: async (issuer, subject) => {
        const row = await findAccountBySubject(database.db, issuer, subject);
        return row && toCallerAccount(row);
      },
      hasPendingAgreements: (accountId) => hasPendingMandatoryAgreements(database.db, accountId),
      findMembership: (orgSlug, accountId) => findMembership(database.db, orgSlug, accountId),
      authenticateKey: keyAuthenticator(database.db),
    });
    // Routes that need a token say so in the OpenAPI document.
    server.addHook('onRoute', (route) => {
      const access = route.config?.access;
      const kind = access === undefined ? undefined : accessKind(access);
      // Key routes (API key or SDK signature) declare their own security.
      if (kind !== undefined && kind !== 'public' && kind !== 'key' && route.schema) {
        route.schema = { ...route.schema, security: [{ bearer: [] }] };
      }
    });

    await server.register(helmet, {
      // Cross-origin embedding of API answers is harmless; pages set their own policy.
      crossOriginResourcePolicy: { policy: 'cross-origin' },
      contentSecurityPolicy: {
        // The console exchanges codes and refreshes tokens at an external issuer by fetch.
        directives: {
          connectSrc: [
            "'self'",
            ...(config.auth.kind === 'external' ? [new URL(config.auth.issuer).origin] : []),
          ],
        },
      },
    });
    // The CORS plugin answers preflights on its own catch-all OPTIONS route: public by nature.
    server.addHook('onRoute', (route) => {
      if (route.method === 'OPTIONS' && route.url === '*' && !route.config?.access) {
        route.config = { ...route.config, access: 'public' };
      }
    });
    const corsOptions = {
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: [
        'authorization',
        'content-type',
        'x-request-id',
        'x-api-key',
        ...Object.values(SIGNED_HEADERS),
      ],
      exposedHeaders: ['x-request-id', ...Object.values(RATE_LIMIT_HEADERS)],
      maxAge: 600,
    };
    // The generation API is called from customers' own origins: CORS lets any origin through and
    // the SDK config's allowed origins are enforced on /jwks and on every signed request.
    const generationPath = /^\/api\/v1\/(gen\/|jwks|key-info|limits|shorten|expand\/|ping|tags|generator\/)/;
    await server.register(cors, {
      delegator: (request, callback) => {
        if (!generationPath.test(request.url ?? ''))
          return callback(null, { ...corsOptions, origin: config.corsOrigins });
        // Servers calling the generation API send no Origin: no CORS headers to send them.
        callback(null, request.headers.origin ? { ...corsOptions, origin: true } : { origin: false });
      },
    });
    // During shutdown, answers to requests already in flight close their connection, so that
    // keep-alive sockets do not hold the process open until their timeout.
    let closing = false;
    server.addHook('preClose', async () => {
      closing = true;
    });
    server.addHook('onSend', async (request, reply) => {
      reply.header('x-request-id', request.id);
      if (closing) reply.header('connection', 'close');
    });

    await registerDocs(server, config.publicUrl);
    await server.register(
      async (api) => {
        systemRoutes(api, config.auth);
        accountRoutes(api, database.db);
        orgRoutes(api, database.db);
        adminRoutes(api, database.db);
        documentRoutes(api, database.db);
        planRoutes(api, database.db);
        seriesRoutes(api, database.db);
        apiKeyRoutes(api, database.db);
        await api.register(async (gen) => {
          sdkRoutes(gen, database.db);
          generateRoutes(gen, database.db);
        });
      },
      { prefix: apiPrefix },
    );
    if (builtin) await server.register(builtin.plugin);
    webFallback = await registerWeb(server, findWebDist(config.webDistDir));

    await server.ready();
    return { server, database, routes, builtin };
  } catch (error) {
    await server.close().catch(() => {});
    throw error;
  }
}
