// Whether this node should get traffic (issue 36 item 4; docs/metrics.md): read by /readyz and
// by the metrics.
import { sql } from 'drizzle-orm';
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
