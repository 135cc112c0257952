import { apiPrefix, ErrorMessages, RATE_LIMIT_HEADERS, SIGNED_HEADERS } from '@slugsmith/contract';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppDeps } from './app-deps.js';
import { outboxRoutes } from './areas/accounts/outbox-routes.js';
import { ownAccountRoutes } from './areas/accounts/own-account-routes.js';
import { findAccountBySubject, hasPendingMandatoryAgreements } from './areas/accounts/queries.js';
import { accountRoutes } from './areas/accounts/routes.js';
import { accountSecurityRoutes } from './areas/accounts/security-routes.js';
import { ensureAdminAccount, toCallerAccount } from './areas/accounts/service.js';
import { builtinSignInRefused, restrictionLookups } from './areas/admin/restrictions.js';
import { adminRoutes } from './areas/admin/routes.js';
import { registerApiDocs } from './areas/api-docs/routes.js';
import { endPaidSubscriptions } from './areas/billing/closing.js';
import { providerObjectRoutes } from './areas/billing/provider-objects-admin.js';
import { createProviderRuntime } from './areas/billing/providers.js';
import { billingRoutes } from './areas/billing/routes.js';
import { Billing } from './areas/billing/service.js';
import { documentRoutes } from './areas/documents/routes.js';
import { contentSeed, seedDocuments } from './areas/documents/seed.js';
import { generateRoutes } from './areas/generate/routes.js';
import { StreamGate } from './areas/generate/stream-gate.js';
import { installLicenceGate } from './areas/install/gate.js';
import { Install, readInstallLicence } from './areas/install/install.js';
import { installRoutes } from './areas/install/routes.js';
import { invitationRoutes } from './areas/invitations/routes.js';
import { findKeyByHash } from './areas/keys/queries.js';
import { apiKeyRoutes } from './areas/keys/routes.js';
import { recordKeyUse } from './areas/keys/service.js';
import { licenceRoutes } from './areas/licences/routes.js';
import { followSubscriptions } from './areas/licences/service.js';
import { createPlanLimits, installPlanLimits } from './areas/limits/hooks.js';
import { VisitorLimits } from './areas/limits/visitors.js';
import { mcpRoutes } from './areas/mcp/routes.js';
import { findMembership } from './areas/orgs/queries.js';
import { orgRoutes } from './areas/orgs/routes.js';
import { useLimitsSource } from './areas/plans/effective-limits.js';
import { planRoutes } from './areas/plans/routes.js';
import { ensureConsoleConfig } from './areas/sdk/console.js';
import { findConfigBySlug } from './areas/sdk/queries.js';
import { sdkRoutes } from './areas/sdk/routes.js';
import { effectiveKeys } from './areas/sdk/service.js';
import { seriesRoutes } from './areas/series/routes.js';
import { declareCountedSlugs, installStatsRecording } from './areas/stats/hooks.js';
import { statsRoutes } from './areas/stats/routes.js';
import { type StatsOptions, StatsService } from './areas/stats/service.js';
import { healthRoutes } from './areas/system/health.js';
import { registerMetricSources } from './areas/system/metric-sources.js';
import { Readiness } from './areas/system/readiness.js';
import { systemRoutes } from './areas/system/routes.js';
import { registerWeb } from './areas/web/routes.js';
import { installAccessControl, type RouteRecord } from './auth/access.js';
import { type BuiltinProvider, startBuiltinProvider } from './auth/builtin/provider.js';
import { keyAuthenticator } from './auth/keys.js';
import { openReplayStore, type ReplayStore } from './auth/replays.js';
import { remoteVerifier, type TokenVerifier } from './auth/tokens.js';
import { type Database, openDatabase } from './db/connect.js';
import { migrate } from './db/migrate.js';
import { type BodyLimitRecord, installBodyLimits } from './platform/body-limits.js';
import { Caches } from './platform/cache.js';
import { answerClientError } from './platform/client-errors.js';
import { installCompression } from './platform/compression.js';
import type { Config } from './platform/config.js';
import { capConnections, effectiveTotalCap, openFileLimit } from './platform/connections.js';
import { type CorsHeaders, installCors } from './platform/cors.js';
import { installErrorHandling } from './platform/errors.js';
import { httpServerBounds } from './platform/http-bounds.js';
import { trackInFlight } from './platform/in-flight.js';
import { installJsonDepthBound } from './platform/json-depth.js';
import { loggingOptions } from './platform/logging.js';
import { createMailer, type Mailer } from './platform/mail.js';
import { installRequestMetrics, Metrics, metricsRoute } from './platform/metrics.js';
import { installSecurityHeaders, pageSecurity } from './platform/security-headers.js';

export interface App {
  server: FastifyInstance;
  database: Database;
  /** Every route with its access rule, as registered (read by the route-walking test). */
  routes: RouteRecord[];
  /** Every route's body limit, as registered (read by the route-walking test). */
  bodyLimits: BodyLimitRecord[];
  /** Present when the built-in OpenID provider runs (no OIDC_ISSUER). */
  builtin?: BuiltinProvider;
  /** Usage statistics: `flush()`/`aggregate()` on demand, reads. */
  stats: StatsService;
  /** The app's caches: what a change on this node makes it forget. */
  caches: Caches;
  /** Signatures already used by signed requests (Redis or the database). */
  replays: ReplayStore;
  /** The public SDK config of the anonymous web console. */
  consoleConfig: string;
  /** The payment provider and the pipeline of its events. */
  billing: Billing;
  /** Account e-mail: SMTP_URL, else the database's outbox. */
  mailer: Mailer;
}

/**
 * Builds the whole product in one Fastify instance: database (migrated), sign-in, API under
 * /api/v1, OpenAPI and docs. `app.server.close()` stops taking requests, lets the ones in flight
 * finish, then closes Redis and the database.
 */
export async function buildApp(
  config: Config,
  options: {
    logStream?: NodeJS.WritableStream;
    stats?: StatsOptions;
    /**
     * Benchmarks only: concerns the app is built without, so that a benchmark can measure what
     * they cost against it (`limits`: no plan limits; `stats`: no statistics recorded).
     */
    benchmarkWithout?: readonly ('limits' | 'stats')[];
  } = {},
): Promise<App> {
  const server = Fastify({
    ...loggingOptions(config, options.logStream),
    trustProxy: config.trustProxy,
    ...httpServerBounds(config.http),
    return503OnClosing: true,
    // Errors raised before routing (a malformed URL) answer with the same error body.
    frameworkErrors: (error, request, reply) => {
      // Sent before routing, so no hook runs: the CORS headers are set here.
      corsHeaders?.(request as FastifyRequest, reply as FastifyReply);
      (reply as FastifyReply).status(400).send({
        code: 400,
        message: ErrorMessages.badRequest,
        details: { reason: 'bad_request', problem: error.message },
      });
    },
    forceCloseConnections: 'idle',
    clientErrorHandler: answerClientError,
  });
  const totalConnections = effectiveTotalCap(config.http.maxConnections, openFileLimit());
  if (totalConnections < config.http.maxConnections) {
    server.log.warn(
      { max_connections: totalConnections, configured: config.http.maxConnections },
      'MAX_CONNECTIONS lowered to what the open-file limit (ulimit -n) leaves',
    );
  }
  capConnections(server.server, {
    total: totalConnections,
    perAddress: config.http.maxConnectionsPerAddress,
  });
  installJsonDepthBound(server, config.http.jsonMaxDepth);
  const bodyLimits = installBodyLimits(server, {
    defaultBytes: config.http.bodyLimitBytes,
    largeBytes: config.http.largeBodyLimitBytes,
  });
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(serializerCompiler);
  // Set once CORS is installed (answers to unrouted requests get its headers).
  let corsHeaders: CorsHeaders | undefined;
  // Set once the web console is registered; unknown console paths then get its index.html.
  let webFallback: Awaited<ReturnType<typeof registerWeb>>;
  installErrorHandling(server, () => webFallback);

  // Shutdown order (onClose hooks run last-registered first): Fastify stops accepting and waits
  // for open connections; the drain hook added just before ready() waits for requests without a
  // socket (inject); then the other hooks; this one, registered first, closes the stores last.
  const inFlight = trackInFlight(server);
  // With LICENSE: an on-premise install; a licence that cannot be used stops the start here.
  const licence = config.install && (await readInstallLicence(config.install));
  const database = await openDatabase(config.database);
  database.checkpoints?.start((err) => server.log.error({ err }, 'embedded database checkpoint failed'));
  const caches = new Caches();
  let replays: ReplayStore | undefined;
  server.addHook('onClose', async () => {
    await replays?.close();
    await database.close();
  });
  try {
    const applied = await migrate(database);
    // Start-up details at debug: at info a start says only what its reader needs (README).
    if (applied.length > 0) server.log.debug({ migrations: applied }, 'database migrated');
    // content/ into the document store: absent documents inserted, administrators' edits kept.
    const seeded = await seedDocuments(database.db, contentSeed());
    server.log.debug(seeded, 'documents seeded');
    const consoleConfig = await ensureConsoleConfig(database.db, config.consoleSdk);
    // The install's licence holds every organisation instead of the plan catalogue.
    const install = licence && new Install(licence, database, server.log);
    if (install) {
      useLimitsSource(caches, () => install.orgLimits);
      server.addHook('onClose', async () => install.stop());
    }
    replays = openReplayStore(database.db, config.redisUrl);
    const mailer = createMailer(config.mail, database.db, server.log);
    server.addHook('onClose', async () => mailer.close());
    // Plan limits of generation calls: counters in Redis when configured, else memory.
    const planLimits = await createPlanLimits(database.db, caches, config, server);
    server.decorate('planLimits', planLimits);
    // Streams open on this node, bounded per key and in all (an unread stream holds memory).
    const streams = new StreamGate(config.generation);
    server.decorate('streams', streams);
    // Each anonymous visitor's share of the public console's plan, counted where the plan's are.
    const visitors = new VisitorLimits(
      planLimits.store,
      caches,
      config.generation.visitor,
      consoleConfig,
      (error) => server.log.warn({ err: error }, 'rate-limit store failed; call let through'),
    );
    server.addHook('onClose', async () => planLimits.close());
    // Calls are counted in memory and written every few seconds; on shutdown (after the requests
    // in flight, before the database closes) what is buffered is written.
    const stats = new StatsService(database, server.log, options.stats);
    server.decorate('stats', stats);
    server.addHook('onClose', async () => stats.stop());
    // The payment provider chosen by PAYMENT_PROVIDER; the local sandbox delivers its webhooks to
    // this server's own listening address.
    const billing = new Billing(
      createProviderRuntime(config.billing, {
        db: database.db,
        log: server.log,
        publicUrl: config.publicUrl,
        webhookUrl: () => `${ownAddress(server) ?? config.publicUrl}${apiPrefix}/billing/webhooks/local`,
      }),
      {
        db: database.db,
        caches,
        log: server.log,
        config: config.billing,
        publicUrl: config.publicUrl,
        onPremise: Boolean(install),
        mailer,
      },
    );
    server.decorate('billing', billing);
    // Only the service issues licences: an install sells nothing and signs no licence.
    if (!install) followSubscriptions(billing.subscriptionChanges, database.db);
    server.addHook('onClose', async () => billing.stop());
    const readiness = new Readiness(database, install && (() => install.refusal()?.message));
    // With METRICS or METRICS_TOKEN only: otherwise no metric is kept and no hook runs.
    const metrics = config.metrics && new Metrics();
    if (metrics) registerMetricSources(metrics, { database, readiness, billing, install });

    let verifier: TokenVerifier;
    let builtin: BuiltinProvider | undefined;
    if (config.auth.kind === 'builtin') {
      builtin = await startBuiltinProvider(database.db, config.auth, config.publicUrl, server.log, {
        ensureAdminAccount: (identity) => ensureAdminAccount(database.db, identity),
        mailer,
        redisUrl: config.redisUrl,
        signInRefused: builtinSignInRefused(database.db),
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
      ...restrictionLookups(database.db, caches),
      authenticateKey: keyAuthenticator(
        {
          apiKeyByHash: (hash) => findKeyByHash(database.db, hash),
          recordUse: (id, now) => recordKeyUse(database.db, caches, id, now),
          sdkConfigBySlug: (slug) => findConfigBySlug(database.db, slug),
          effectiveKeys: (config, now) => effectiveKeys(database.db, config, now),
        },
        caches,
        replays,
      ),
    });
    installSecurityHeaders(server, pageSecurity(config));
    // What applies to a route follows from its own config, read as it is registered: these come
    // before any route. Routes of the generation API (`cors: 'any-origin'`) are called from
    // customers' own sites; the SDK config's allowed origins are enforced on /jwks and on every
    // signed request.
    const without = new Set(options.benchmarkWithout);
    if (install) installLicenceGate(server, install);
    if (!without.has('limits')) installPlanLimits(server, planLimits, visitors);
    if (without.has('stats')) declareCountedSlugs(server);
    else installStatsRecording(server, stats);
    if (metrics) {
      installRequestMetrics(server, metrics, ({ stats }) =>
        stats && stats.event !== 'reset' ? { operation: stats.event, count: (r) => r.statsSlugs } : undefined,
      );
    }
    corsHeaders = installCors(server, {
      origins: config.corsOrigins,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: [
        'authorization',
        'content-type',
        'x-request-id',
        'x-api-key',
        ...Object.values(SIGNED_HEADERS),
      ],
      exposedHeaders: ['x-request-id', ...Object.values(RATE_LIMIT_HEADERS)],
      maxAgeSeconds: 600,
    });
    // During shutdown, answers to requests already in flight close their connection, so that
    // keep-alive sockets do not hold the process open until their timeout.
    let closing = false;
    server.addHook('preClose', async () => {
      closing = true;
    });
    // Callback hooks on the hot path: no promise per request.
    server.addHook('onSend', (request, reply, payload, done) => {
      reply.header('x-request-id', request.id);
      if (closing) reply.header('connection', 'close');
      done(null, payload);
    });

    // Deleting an organisation (or the account of a personal one) cancels what it pays for first.
    const deps: AppDeps = {
      db: database.db,
      caches,
      config,
      mailer,
      stats,
      billing,
      install,
      limitStore: planLimits.store,
      streams,
      consoleConfig,
      accountSecurity: builtin?.security,
      endPaidSubscriptions: (orgIds) => endPaidSubscriptions(billing, orgIds),
      readiness,
      server,
    };
    await installCompression(server);
    healthRoutes(server, deps);
    if (metrics) metricsRoute(server, metrics, config.metrics?.token);
    await registerApiDocs(server, deps);
    await server.register(
      async (api) => {
        systemRoutes(api, deps);
        accountRoutes(api, deps);
        outboxRoutes(api, deps);
        accountSecurityRoutes(api, deps);
        orgRoutes(api, deps);
        ownAccountRoutes(api, deps);
        invitationRoutes(api, deps);
        adminRoutes(api, deps);
        installRoutes(api, deps);
        documentRoutes(api, deps);
        planRoutes(api, deps);
        billingRoutes(api, deps);
        providerObjectRoutes(api, deps);
        // The issuer's routes (key set, revocations, licences, signing keys): an install has its
        // licence from its issuer and would only make signing keys of its own by answering them.
        if (!install) licenceRoutes(api, deps);
        seriesRoutes(api, deps);
        apiKeyRoutes(api, deps);
        statsRoutes(api, deps);
        mcpRoutes(api, deps);
        await api.register(async (gen) => {
          sdkRoutes(gen, deps);
          generateRoutes(gen, deps);
        });
      },
      { prefix: apiPrefix },
    );
    if (builtin) await server.register(builtin.plugin);
    webFallback = await registerWeb(server, deps);

    server.addHook('onClose', async () => {
      if (!(await inFlight.drained(config.shutdownGraceMs))) {
        server.log.warn({ in_flight: inFlight.count }, 'closing with requests still in flight');
      }
    });
    await server.ready();
    stats.start();
    await billing.start();
    await install?.start();
    return {
      server,
      database,
      caches,
      routes,
      bodyLimits,
      builtin,
      stats,
      replays,
      consoleConfig,
      billing,
      mailer,
    };
  } catch (error) {
    await server.close().catch(() => {});
    throw error;
  }
}

/** `http://host:port` of the socket the server listens on (loopback for a wildcard address). */
function ownAddress(server: FastifyInstance): string | undefined {
  const address = server.server.address();
  if (!address || typeof address === 'string') return undefined;
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}
