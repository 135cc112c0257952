import { RotationPeriod, RotationPeriodInRange, rotationPeriodSeconds } from '@slugsmith/contract';
import { z } from 'zod';

/** Boolean environment values: "1", "true", "yes" and "on" mean true. */
const flag = z
  .string()
  .optional()
  .transform((v) => (v === undefined ? undefined : ['1', 'true', 'yes', 'on'].includes(v.toLowerCase())));

/** A body limit in bytes: at least 1 KiB, at most 64 MiB. */
const bodyBytes = z.coerce
  .number()
  .int()
  .min(1024)
  .max(64 * 1024 * 1024);

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/)
    .default('public'),
  /** Scheduled backups (docs/operations.md): off unless BACKUP_DIR is set. */
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_INTERVAL: RotationPeriod.default('24h'),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(7),
  CORS_ORIGINS: z.string().optional(),
  TRUST_PROXY: flag,
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  /** Request bodies of routes that declare nothing larger (most need a few hundred bytes). */
  BODY_LIMIT_BYTES: bodyBytes.default(16 * 1024),
  /** Request bodies of routes declaring `config: { body: 'large' }` (documents, webhooks). */
  LARGE_BODY_LIMIT_BYTES: bodyBytes.default(1024 * 1024),
  /** Nesting depth of a JSON body, checked before it is parsed. */
  JSON_MAX_DEPTH: z.coerce.number().int().min(2).max(1000).default(32),
  /** Time to receive a whole request (headers and body); answers may take longer. 0: no bound. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
  /** Time to receive a request's headers. */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1).default(10_000),
  /** A connection with no traffic either way for this long is closed. 0: no bound. */
  IDLE_TIMEOUT_MS: z.coerce.number().int().min(0).default(120_000),
  /** How long an idle keep-alive connection waits for its next request. */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1).default(30_000),
  /**
   * Requests one keep-alive connection may carry before it is closed; 0: no bound. Default 1000,
   * or none with TRUST_PROXY: a balancer reuses its connections, and one it sends a request on as
   * the node closes it answers its client 503.
   */
  MAX_REQUESTS_PER_SOCKET: z.coerce.number().int().min(0).optional(),
  /** Open connections of the whole server (lowered to what the open-file limit allows). */
  MAX_CONNECTIONS: z.coerce.number().int().min(1).default(4096),
  /** Open connections from one peer address; 0: no cap. Default 256, or none with TRUST_PROXY. */
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).optional(),
  OIDC_ISSUER: z.url().optional(),
  OIDC_AUDIENCE: z.string().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  ADMIN_EMAIL: z.email().default('admin@slugsmith.local'),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  /** Sign-ups from one client address in an hour before each further one waits (growing). */
  SIGN_UPS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(20),
  WEB_DIST_DIR: z.string().optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  CONSOLE_SDK_ORIGINS: z.string().optional(),
  CONSOLE_SDK_ROTATION: RotationPeriodInRange.default('24h'),
  /** Defaults of the console's notices until staff switch them in /admin/settings (off when unset). */
  DEV_INSTANCE_WARNING: flag,
  SANDBOX_DISCLAIMER: flag,
  PAYMENT_PROVIDER: z.enum(['local', 'paddle']).default('local'),
  PADDLE_API_KEY: z.string().min(1).optional(),
  PADDLE_WEBHOOK_SECRET: z.string().min(1).optional(),
  PADDLE_CLIENT_TOKEN: z.string().min(1).optional(),
  PADDLE_ENVIRONMENT: z.enum(['sandbox', 'production']).default('sandbox'),
  /** Another base URL of Paddle's API (a local stand-in in tests). */
  PADDLE_API_URL: z.url().optional(),
  /** Days a past_due subscription keeps its plan's limits while the provider retries the payment. */
  BILLING_GRACE_DAYS: z.coerce.number().int().min(0).max(60).default(14),
  /** An on-premise licence token, or the path of a file holding one: the server runs as an install. */
  LICENSE: z.string().min(1).optional(),
  /**
   * Development and tests only: licence keys trusted beyond the issuer's shipped in
   * licence-keys.json (a JWKS file's path or an https URL serving one). Warned about at start.
   */
  LICENSE_KEYS: z
    .string()
    .min(1)
    .refine((v) => !/^http:/i.test(v.trim()), 'plain http is refused: use an https URL or a JWKS file')
    .optional(),
  /** How often each node of an install heartbeats; its slot is free 4 beats after its last. */
  LICENSE_HEARTBEAT_SECONDS: z.coerce.number().min(0.2).max(60).default(5),
  /**
   * Where an install fetches its issuer's signed revocation list; by default the licence's issuer
   * (`iss`) + /api/v1/licences/revoked. `off`: never fetched (an offline install imports it).
   */
  LICENSE_REVOCATION_URL: z
    .string()
    .refine((v) => v === 'off' || /^https?:\/\/./i.test(v), 'must be an http(s) URL or off')
    .optional(),
  /** Hours between two fetches of the revocation list (each with up to a tenth more, at random). */
  LICENSE_REVOCATION_CHECK_HOURS: z.coerce.number().min(0.0003).max(168).default(6),
  /** Hours a revoked licence keeps serving after the install learned of its revocation. */
  LICENSE_REVOCATION_GRACE_HOURS: z.coerce.number().min(0).max(2160).default(72),
  /** Invitation e-mails one account may send in an hour (over every organisation). */
  INVITATIONS_PER_SENDER_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(30),
  /** Invitation e-mails one organisation may send in an hour (over all its admins). */
  INVITATIONS_PER_ORG_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(100),
  /** Account e-mail goes through this server (smtp:// or smtps://); absent: the embedded outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  /** Streams (newline-delimited answers) open at once per key, and on this node in all. */
  STREAMS_PER_KEY: z.coerce.number().int().min(1).default(4),
  STREAMS_PER_NODE: z.coerce.number().int().min(1).default(64),
  /** Each address's share of the public console's quota (landing page and playground). */
  VISITOR_REQ_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  VISITOR_SLUGS_PER_DAY: z.coerce.number().int().min(1).default(20_000),
  VISITOR_MAX_PER_REQUEST: z.coerce.number().int().min(1).default(1_000),
  /** Short links (POST /shorten) an organisation may store, in all and per UTC day. */
  SHORT_LINKS_PER_ORG: z.coerce.number().int().min(0).default(10_000),
  SHORT_LINKS_PER_ORG_PER_DAY: z.coerce.number().int().min(0).default(1_000),
  /** Prometheus metrics at /metrics for scrapers on this machine (no token); off by default. */
  METRICS: flag,
  /** Prometheus metrics at /metrics for any caller presenting it as a bearer token. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
});

/** The variables the server reads (each documented in the server README's environment table). */
export const environmentVariables = Object.keys(EnvSchema.shape);

export type DatabaseConfig =
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'postgres'; url: string; schema: string; poolMax: number };

export type AuthConfig =
  /** The built-in OpenID provider under /oidc, accounts in our database. */
  | {
      kind: 'builtin';
      issuer: string;
      audience: string;
      clientId: string;
      adminEmail: string;
      adminPassword?: string;
      /** Free sign-ups per client address and hour (SIGN_UPS_PER_ADDRESS). */
      signUpsPerAddress: number;
    }
  /** Any external OpenID Connect issuer (Auth0, Keycloak, …). */
  | { kind: 'external'; issuer: string; audience: string; clientId?: string };

export interface Config {
  port: number;
  host: string;
  /** Where browsers reach this server; issuer and redirect URLs are built from it. */
  publicUrl: string;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  database: DatabaseConfig;
  /** Backups the running server writes on schedule; undefined when BACKUP_DIR is unset. */
  backups?: { dir: string; intervalMs: number; keep: number };
  /** Allowed CORS origins; `true` allows any origin. */
  corsOrigins: string[] | true;
  trustProxy: boolean;
  /** The console's development-instance warning and sandbox disclaimer until staff set them. */
  notices: { devWarning: boolean; sandboxDisclaimer: boolean };
  shutdownGraceMs: number;
  /** What one request and one client may hold of this server (README: Security bounds). */
  http: HttpBounds;
  auth: AuthConfig;
  /** The built web console; by default the `dist` of the @slugsmith/web workspace. */
  webDistDir?: string;
  /** Shared state of every node (replay protection, rate limits); absent: database and memory. */
  redisUrl?: string;
  /** The public SDK config the anonymous web console signs its generation calls with. */
  consoleSdk: { origins: string[]; rotation: string };
  billing: BillingConfig;
  /** Present with LICENSE: an on-premise install held to its licence (areas/install). */
  install?: InstallConfig;
  mail: MailConfig;
  /** Invitation e-mails per sender and per organisation in an hour. */
  invitations: { perSender: number; perOrg: number };
  generation: GenerationBounds;
  /** Present when /metrics is served: with a token from anywhere, else to loopback callers only. */
  metrics?: { token?: string };
}

/** Bounds on generation calls below the plans' own limits (issue 30). */
export interface GenerationBounds {
  streamsPerKey: number;
  streamsPerNode: number;
  /** Per caller address, for calls signed with the public console's SDK config. */
  visitor: { reqPerMinute: number; slugsPerDay: number; maxPerRequest: number };
  shortLinks: { perOrg: number; perOrgPerDay: number };
}

export interface HttpBounds {
  bodyLimitBytes: number;
  largeBodyLimitBytes: number;
  jsonMaxDepth: number;
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  idleTimeoutMs: number;
  keepAliveTimeoutMs: number;
  maxRequestsPerSocket: number;
  maxConnections: number;
  /** 0: no per-address cap. */
  maxConnectionsPerAddress: number;
}

/** Account e-mail: SMTP when configured, else kept in the database's outbox and logged. */
export interface MailConfig {
  smtpUrl?: string;
  /** The From header, e.g. `Slugsmith <no-reply@example.com>`. */
  from: string;
}

export interface InstallConfig {
  /** LICENSE as given: a token or a file path. */
  licence: string;
  /** LICENSE_KEYS as given (development and tests): added to the keys shipped with the server. */
  keys?: string;
  heartbeatMs: number;
  revocation: RevocationConfig;
}

/** The revocation list: fetched from `url` (absent: the licence's issuer; `off`: imported only). */
export interface RevocationConfig {
  url?: string;
  checkMs: number;
  graceMs: number;
}

export type BillingConfig = {
  /** Days a past_due subscription keeps its limits. */
  graceDays: number;
} & (
  | /** The embedded sandbox: our own hosted checkout, test cards, webhooks to ourselves. */ {
      provider: 'local';
    }
  | {
      provider: 'paddle';
      apiKey: string;
      webhookSecret: string;
      clientToken: string;
      environment: 'sandbox' | 'production';
      apiUrl?: string;
    }
);

export class ConfigError extends Error {}

function httpBounds(e: z.infer<typeof EnvSchema>): HttpBounds {
  if (e.REQUEST_TIMEOUT_MS > 0 && e.HEADERS_TIMEOUT_MS > e.REQUEST_TIMEOUT_MS) {
    throw new ConfigError('invalid environment: HEADERS_TIMEOUT_MS must not exceed REQUEST_TIMEOUT_MS');
  }
  if (e.LARGE_BODY_LIMIT_BYTES < e.BODY_LIMIT_BYTES) {
    throw new ConfigError('invalid environment: LARGE_BODY_LIMIT_BYTES must not be below BODY_LIMIT_BYTES');
  }
  return {
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    largeBodyLimitBytes: e.LARGE_BODY_LIMIT_BYTES,
    jsonMaxDepth: e.JSON_MAX_DEPTH,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
    idleTimeoutMs: e.IDLE_TIMEOUT_MS,
    keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
    maxRequestsPerSocket: e.MAX_REQUESTS_PER_SOCKET ?? (e.TRUST_PROXY ? 0 : 1000),
    maxConnections: e.MAX_CONNECTIONS,
    // Behind a proxy every connection comes from the proxy's address: the cap belongs there.
    maxConnectionsPerAddress: e.MAX_CONNECTIONS_PER_ADDRESS ?? (e.TRUST_PROXY ? 0 : 256),
  };
}

/** Reads the environment once, at start-up; an invalid variable stops the process with its name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`invalid environment: ${lines.join('; ')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const database: DatabaseConfig = e.DATABASE_URL
    ? { kind: 'postgres', url: e.DATABASE_URL, schema: e.DATABASE_SCHEMA, poolMax: e.DATABASE_POOL_MAX }
    : { kind: 'pglite', dataDir: e.DATA_DIR };

  let auth: AuthConfig;
  if (e.OIDC_ISSUER) {
    if (!e.OIDC_AUDIENCE)
      throw new ConfigError('invalid environment: OIDC_AUDIENCE is required with OIDC_ISSUER');
    auth = { kind: 'external', issuer: e.OIDC_ISSUER, audience: e.OIDC_AUDIENCE, clientId: e.OIDC_CLIENT_ID };
  } else {
    auth = {
      kind: 'builtin',
      issuer: `${publicUrl}/oidc`,
      audience: e.OIDC_AUDIENCE ?? `${publicUrl}/api`,
      clientId: e.OIDC_CLIENT_ID ?? 'slugsmith-console',
      adminEmail: e.ADMIN_EMAIL,
      adminPassword: e.ADMIN_PASSWORD,
      signUpsPerAddress: e.SIGN_UPS_PER_ADDRESS,
    };
  }

  const corsOrigins =
    e.CORS_ORIGINS === '*'
      ? true
      : (e.CORS_ORIGINS ?? new URL(publicUrl).origin)
          .split(',')
          .map((o) => o.trim())
          .filter(Boolean);

  // The console runs on the public origin (and wherever CORS lets the console run, e.g. Vite).
  const consoleOrigins = [
    new URL(publicUrl).origin,
    ...(corsOrigins === true ? [] : corsOrigins),
    ...(e.CONSOLE_SDK_ORIGINS ?? '').split(','),
  ]
    .map((o) => o.trim().replace(/\/+$/, ''))
    .filter(Boolean);

  let billing: BillingConfig = { provider: 'local', graceDays: e.BILLING_GRACE_DAYS };
  if (e.PAYMENT_PROVIDER === 'paddle') {
    const missing = (['PADDLE_API_KEY', 'PADDLE_WEBHOOK_SECRET', 'PADDLE_CLIENT_TOKEN'] as const).filter(
      (name) => !e[name],
    );
    if (missing.length > 0) {
      throw new ConfigError(`invalid environment: PAYMENT_PROVIDER=paddle needs ${missing.join(', ')}`);
    }
    billing = {
      provider: 'paddle',
      graceDays: e.BILLING_GRACE_DAYS,
      apiKey: e.PADDLE_API_KEY as string,
      webhookSecret: e.PADDLE_WEBHOOK_SECRET as string,
      clientToken: e.PADDLE_CLIENT_TOKEN as string,
      environment: e.PADDLE_ENVIRONMENT,
      apiUrl: e.PADDLE_API_URL,
    };
  }

  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    logLevel: e.LOG_LEVEL,
    database,
    backups: e.BACKUP_DIR
      ? {
          dir: e.BACKUP_DIR,
          intervalMs: (rotationPeriodSeconds(e.BACKUP_INTERVAL) ?? 0) * 1000,
          keep: e.BACKUP_KEEP,
        }
      : undefined,
    corsOrigins,
    trustProxy: e.TRUST_PROXY ?? false,
    notices: {
      devWarning: e.DEV_INSTANCE_WARNING ?? false,
      sandboxDisclaimer: e.SANDBOX_DISCLAIMER ?? false,
    },
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    http: httpBounds(e),
    auth,
    webDistDir: e.WEB_DIST_DIR,
    redisUrl: e.REDIS_URL,
    install: e.LICENSE
      ? {
          licence: e.LICENSE,
          keys: e.LICENSE_KEYS,
          heartbeatMs: e.LICENSE_HEARTBEAT_SECONDS * 1000,
          revocation: {
            url: e.LICENSE_REVOCATION_URL,
            checkMs: e.LICENSE_REVOCATION_CHECK_HOURS * 3_600_000,
            graceMs: e.LICENSE_REVOCATION_GRACE_HOURS * 3_600_000,
          },
        }
      : undefined,
    consoleSdk: { origins: [...new Set(consoleOrigins)], rotation: e.CONSOLE_SDK_ROTATION },
    billing,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM ?? `Slugsmith <no-reply@${new URL(publicUrl).hostname}>` },
    invitations: { perSender: e.INVITATIONS_PER_SENDER_PER_HOUR, perOrg: e.INVITATIONS_PER_ORG_PER_HOUR },
    generation: {
      streamsPerKey: e.STREAMS_PER_KEY,
      streamsPerNode: e.STREAMS_PER_NODE,
      visitor: {
        reqPerMinute: e.VISITOR_REQ_PER_MINUTE,
        slugsPerDay: e.VISITOR_SLUGS_PER_DAY,
        maxPerRequest: e.VISITOR_MAX_PER_REQUEST,
      },
      shortLinks: { perOrg: e.SHORT_LINKS_PER_ORG, perOrgPerDay: e.SHORT_LINKS_PER_ORG_PER_DAY },
    },
    // METRICS=off keeps them off even with a token; a token alone turns them on.
    metrics: (e.METRICS ?? e.METRICS_TOKEN !== undefined) ? { token: e.METRICS_TOKEN } : undefined,
  };
}
