// The one dependencies object every area's routes take: `xRoutes(api, deps)`. app.ts builds it
// once; an area picks what it needs. Types only: this file holds no state and runs no code.
import type { FastifyInstance } from 'fastify';
import type { Billing } from './areas/billing/service.js';
import type { StreamGate } from './areas/generate/stream-gate.js';
import type { Install } from './areas/install/install.js';
import type { LimitStore } from './areas/limits/store.js';
import type { EndPaidSubscriptions } from './areas/orgs/service.js';
import type { StatsService } from './areas/stats/service.js';
import type { Readiness } from './areas/system/readiness.js';
import type { AccountSecurity } from './auth/builtin/account-security.js';
import type { Db } from './db/connect.js';
import type { Caches } from './platform/cache.js';
import type { Config } from './platform/config.js';
import type { Mailer } from './platform/mail.js';

export interface AppDeps {
  db: Db;
  caches: Caches;
  config: Config;
  /** Account e-mail: SMTP_URL, else the database's outbox. */
  mailer: Mailer;
  /** Usage statistics of this node. */
  stats: StatsService;
  /** The payment provider and the pipeline of its events. */
  billing: Billing;
  /** An on-premise install's licence; absent for the service. */
  install: Install | undefined;
  /** Counters every node shares (Redis when configured): plan limits, invitations, key fetches. */
  limitStore: LimitStore;
  /** The streams open on this node (see StreamGate). */
  streams: StreamGate;
  /** The public SDK config of the anonymous web console. */
  consoleConfig: string;
  /** The built-in provider's sign-in throttles and lock-outs; absent with an external issuer. */
  accountSecurity: AccountSecurity | undefined;
  /** Cancels what deleted organisations pay for at the provider, before they go. */
  endPaidSubscriptions: EndPaidSubscriptions;
  /** What /readyz checks (database, an install's licence). */
  readiness: Readiness;
  /** The root instance (MCP answers its calls by injecting them there). */
  server: FastifyInstance;
}
