// Liveness and readiness for load balancers and orchestrators (issue 36 item 4; docs/metrics.md):
// /healthz answers while the process runs; /readyz says whether this node should get traffic.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/connect.js';
import { migrations } from '../../db/migrations/index.js';

/** How long readiness waits for the database: a probe must answer before its own timeout. */
const DATABASE_TIMEOUT_MS = 2000;

/** Each check: `ok`, or why not. `licence` only on an on-premise install. */
export interface ReadinessReport {
  ready: boolean;
  checks: { database: string; migrations: string; licence?: string };
  /** The database's round trip, seconds; absent when it did not answer. */
  databaseSeconds?: number;
}

export class Readiness {
  constructor(
    private readonly database: Database,
    /** On an install: why this node may not serve (no licence slot, licence expired), else undefined. */
    private readonly licenceRefusal?: () => string | undefined,
  ) {}

  /** Asks the database which migrations it has (reachable and migrated in one round trip). */
  async check(): Promise<ReadinessReport> {
    const checks: ReadinessReport['checks'] = { database: 'ok', migrations: 'ok' };
    let databaseSeconds: number | undefined;
    const started = performance.now();
    try {
      const applied = new Set(await withTimeout(this.appliedMigrations(), DATABASE_TIMEOUT_MS));
      databaseSeconds = (performance.now() - started) / 1000;
      const missing = migrations.map((m) => m.id).filter((id) => !applied.has(id));
      if (missing.length > 0) checks.migrations = `not applied: ${missing.join(', ')}`;
    } catch (error) {
      checks.database = `unreachable: ${error instanceof Error ? error.message : String(error)}`;
      checks.migrations = 'unknown (database unreachable)';
    }
    if (this.licenceRefusal) checks.licence = this.licenceRefusal() ?? 'ok';
    const ready = Object.values(checks).every((c) => c === 'ok');
    return { ready, checks, databaseSeconds };
  }

  private async appliedMigrations(): Promise<string[]> {
    const result = await this.database.db.execute(sql`SELECT id FROM schema_migrations`);
    return (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * GET /healthz (liveness: 200 while the process answers) and GET /readyz (readiness: 200 when
 * ready, else 503 with the failing checks). Outside /api/v1 and the OpenAPI document: they are for
 * the machines in front of the server, not API clients. Not logged per request (probes are
 * frequent); warnings and errors still are.
 */
export function healthRoutes(app: FastifyInstance, readiness: Readiness): void {
  app.get('/healthz', {
    logLevel: 'warn',
    config: { access: 'public' },
    handler: async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  });
  app.get('/readyz', {
    logLevel: 'warn',
    config: { access: 'public' },
    handler: async (_request, reply) => {
      const { ready, checks } = await readiness.check();
      const failing = Object.entries(checks).filter(([, state]) => state !== 'ok');
      return reply
        .status(ready ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({
          status: ready ? 'ready' : 'not ready',
          ...(ready ? {} : { reason: failing.map(([name, state]) => `${name}: ${state}`).join('; ') }),
          checks,
        });
    },
  });
}
