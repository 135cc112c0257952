import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { DatabaseConfig } from '../platform/config.js';
import { INT8_OID, parseInt8 } from './bigint.js';
import { lockDataDir } from './data-dir-lock.js';
import { DATA_TEMPLATE, unpackDataTemplate } from './data-template.js';
import { isUniqueViolation } from './errors.js';
import { CheckpointSchedule } from './pglite-checkpoints.js';
import { pooledTransaction } from './pooled-transaction.js';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Runs raw SQL (one or many statements) inside a transaction that the caller opened. */
export type RawExec = (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

export interface Database {
  kind: DatabaseConfig['kind'];
  db: Db;
  /** A transaction for raw SQL: migrations and anything Drizzle does not express. */
  rawTransaction<T>(fn: (exec: RawExec) => Promise<T>): Promise<T>;
  /** PostgreSQL: the connection pool's clients now (metrics); PGlite has no pool. */
  poolCounts?(): { total: number; idle: number; waiting: number };
  /** PGlite: its checkpoints, which the server starts (PostgreSQL has its own checkpointer). */
  checkpoints?: CheckpointSchedule;
  close(): Promise<void>;
}

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  return config.kind === 'pglite'
    ? openPglite(config.dataDir)
    : openPostgres(config.url, config.schema, config.poolMax);
}

/**
 * PostgreSQL settings of the embedded database. Its default buffer pool (128 MB) is three times the
 * data directory of a typical install and, once touched, stays in the process's WebAssembly memory
 * (which never shrinks); the operating system caches the files beneath it anyway.
 */
const PGLITE_SETTINGS = ['shared_buffers=16MB'];

async function openPglite(dataDir: string): Promise<Database> {
  let unlock = async () => {};
  if (!dataDir.includes('://')) {
    await mkdir(dataDir, { recursive: true });
    unlock = await lockDataDir(dataDir);
  }
  let client: PGlite;
  try {
    // A new directory starts from the build's template; without one (running from source) PGlite
    // runs initdb.
    if (!dataDir.includes('://') && !isInitialised(dataDir) && existsSync(DATA_TEMPLATE)) {
      await unpackDataTemplate(DATA_TEMPLATE, dataDir);
    }
    client = await PGlite.create(dataDir, {
      parsers: { [INT8_OID]: parseInt8 },
      startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((setting) => ['-c', setting])],
    });
  } catch (error) {
    await unlock();
    throw error;
  }
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  const checkpoints = new CheckpointSchedule(
    async (sql) => (await client.query<Record<string, unknown>>(sql)).rows,
  );
  return {
    kind: 'pglite',
    db,
    checkpoints,
    rawTransaction: (fn) =>
      client.transaction(async (tx) =>
        fn(async (sql, params) => {
          if (params === undefined) {
            const results = await tx.exec(sql);
            return (results.at(-1)?.rows ?? []) as Record<string, unknown>[];
          }
          return (await tx.query<Record<string, unknown>>(sql, params)).rows;
        }),
      ),
    close: async () => {
      await checkpoints.stop();
      await client.close();
      await unlock();
    },
  };
}

/** Whether `dataDir` holds a database (PG_VERSION, which PGlite looks for too). */
export function isInitialised(dataDir: string): boolean {
  return existsSync(join(dataDir, 'PG_VERSION'));
}

async function openPostgres(url: string, schemaName: string, poolMax: number): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolMax,
    // Every connection works in the configured schema; tests give each file its own.
    options: `-c search_path=${schemaName}`,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID ? parseInt8 : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // Nor a checked-out one (the pool listens only while a client is idle): its query fails with
  // the error, and the pool discards the client when it is released.
  pool.on('connect', (client) => client.on('error', () => {}));
  if (schemaName !== 'public') {
    // Nodes starting together race on IF NOT EXISTS; the loser's unique violation means "exists".
    await pool.query(`CREATE SCHEMA IF NOT EXISTS "${schemaName}"`).catch((error: unknown) => {
      if (!isUniqueViolation(error)) throw error;
    });
  }
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
  db.transaction = pooledTransaction(pool);
  return {
    kind: 'postgres',
    db,
    async rawTransaction(fn) {
      const client = await pool.connect();
      // A connection that cannot even roll back is gone: the pool must drop it, not lend it again
      // (nor wait on it when it ends).
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const result = await fn(async (sql, params) => (await client.query(sql, params)).rows);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch((lost: Error) => {
          broken = lost;
        });
        throw error;
      } finally {
        client.release(broken);
      }
    },
    poolCounts: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}
