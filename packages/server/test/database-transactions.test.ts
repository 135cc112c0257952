import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/connect.js';
import { testConfig, testDatabases } from './support/app.js';

/** Fails instead of waiting forever: a leaked pooled connection shows as a hang. */
async function within<T>(ms: number, promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * Transactions on the PostgreSQL pool give their connection back whatever fails: a BEGIN that
 * fails (as on a connection lost during an outage) used to keep it checked out, so a few failures
 * exhausted the pool and shutdown waited forever on it.
 */
describe.runIf(testDatabases.includes('postgres'))('[postgres] transactions that fail', () => {
  async function twoConnectionDatabase() {
    const config = testConfig('postgres', { DATABASE_POOL_MAX: '2' });
    if (config.database.kind !== 'postgres') throw new Error('postgres expected');
    const { url, schema } = config.database;
    const database = await openDatabase(config.database);
    return {
      database,
      async dispose() {
        await within(10_000, database.close(), 'closing the pool');
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await client.end();
      },
    };
  }

  it('a BEGIN that fails gives the connection back: the pool keeps serving and closes', async () => {
    const { database, dispose } = await twoConnectionDatabase();
    try {
      for (let i = 0; i < 3; i++) {
        await expect(
          database.db.transaction(async () => {}, { isolationLevel: 'no such level' as never }),
        ).rejects.toThrow(/begin isolation level no such level/);
      }
      const result = await within(10_000, database.db.execute(sql`SELECT 1 AS one`), 'a query after');
      expect((result as unknown as { rows: unknown[] }).rows).toEqual([{ one: 1 }]);
      const ok = await within(
        10_000,
        database.db.transaction(async (tx) => tx.execute(sql`SELECT 2 AS two`)),
        'a transaction after',
      );
      expect((ok as unknown as { rows: unknown[] }).rows).toEqual([{ two: 2 }]);
    } finally {
      await dispose();
    }
  });

  it('a connection lost inside a transaction is dropped, not lent again', async () => {
    const { database, dispose } = await twoConnectionDatabase();
    try {
      for (let i = 0; i < 3; i++) {
        await expect(
          database.db.transaction(async (tx) =>
            tx.execute(sql`SELECT pg_terminate_backend(pg_backend_pid())`),
          ),
        ).rejects.toThrow();
      }
      for (let i = 0; i < 4; i++) {
        await within(
          10_000,
          database.db.transaction(async (tx) => tx.execute(sql`SELECT 1`)),
          'a transaction after',
        );
      }
      expect(database.poolCounts?.().total).toBeLessThanOrEqual(2);
    } finally {
      await dispose();
    }
  });
});
