import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../../src/platform/config.js';
import { type DatabaseKind, testConfig, testDatabaseUrl } from './app.js';
import { copyTemplateTo, ensureTemplate, type TemplateKind } from './database-template.js';

/**
 * Fresh places for an install (a PGlite data directory on disk, or a PostgreSQL schema of its own)
 * that outlive one app: operations tests stop an app, work on its database, and start another.
 * A PGlite place starts as a copy of a template (database-template.ts) instead of running initdb:
 * an empty database by default, or `migrated` (what a server's first start writes before its own
 * keys and accounts) where the test starts a server on it anyway. `removeAll` deletes every place
 * handed out.
 */
export class Places {
  private readonly dirs: string[] = [];
  private readonly schemas: string[] = [];

  async fresh(
    kind: DatabaseKind,
    env: Record<string, string> = {},
    template: TemplateKind = 'initialised',
  ): Promise<Config> {
    if (kind === 'pglite') {
      const dir = await mkdtemp(join(tmpdir(), 'slugsmith-ops-'));
      this.dirs.push(dir);
      await copyTemplateTo(dir, template);
      return testConfig('pglite', { DATA_DIR: dir, ...env });
    }
    const config = testConfig('postgres', env);
    if (config.database.kind === 'postgres') this.schemas.push(config.database.schema);
    return config;
  }

  /** A PostgreSQL schema name that nothing holds yet (dropped by removeAll). */
  freshSchema(): string {
    const config = testConfig('postgres');
    const schema = config.database.kind === 'postgres' ? config.database.schema : '';
    this.schemas.push(schema);
    return schema;
  }

  async removeAll(): Promise<void> {
    for (const dir of this.dirs) await rm(dir, { recursive: true, force: true });
    if (this.schemas.length === 0) return;
    const client = new pg.Client({ connectionString: testDatabaseUrl });
    await client.connect();
    for (const schema of this.schemas) await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  }
}

/**
 * Places for the calling block's tests: the PGlite template they start from is made before them
 * (a hook has more time than a test; `migrated` makes `initialised` too), every place is removed
 * after them.
 */
export function usePlaces(template: TemplateKind = 'initialised'): Places {
  const places = new Places();
  beforeAll(() => ensureTemplate(template), 240_000);
  afterAll(() => places.removeAll());
  return places;
}
