import type { Database, RawExec } from './connect.js';
import { migrations as allMigrations } from './migrations/index.js';

export type Migration = { id: string; sql: string };

/**
 * Applies pending migrations in one transaction. An advisory lock makes nodes that start
 * together on one PostgreSQL server take turns; the second finds nothing left to do.
 */
export async function migrate(database: Database, migrations = allMigrations): Promise<string[]> {
  return database.rawTransaction((exec) => applyMigrations(exec, migrations));
}

/** The body of `migrate`, for a caller that applies migrations inside a transaction of its own (restore). */
export async function applyMigrations(exec: RawExec, migrations: readonly Migration[]): Promise<string[]> {
  await exec(`SELECT pg_advisory_xact_lock(hashtext(current_schema() || ':slugsmith-migrations'))`, []);
  await exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const rows = await exec('SELECT id FROM schema_migrations', []);
  const done = new Set(rows.map((r) => String(r.id)));
  const applied: string[] = [];
  for (const m of migrations) {
    if (done.has(m.id)) continue;
    await exec(m.sql);
    await exec('INSERT INTO schema_migrations (id) VALUES ($1)', [m.id]);
    applied.push(m.id);
  }
  return applied;
}
