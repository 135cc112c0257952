import { DrizzleQueryError } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import * as schema from './schema.js';

/** connect.ts's Db, spelled here: connect.ts imports this module. */
type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * Drizzle's transaction() on a pool (0.45) runs BEGIN before the `try` that releases the client:
 * a BEGIN failing on a lost connection keeps the client checked out for good, so every such
 * failure during a database outage shrinks the pool, and pool.end() at shutdown waits forever
 * (drizzle-team/drizzle-orm#6241). So the client is checked out here and Drizzle runs the
 * transaction on the client itself; a client whose BEGIN or ROLLBACK failed is destroyed.
 */
export function pooledTransaction(pool: pg.Pool): Db['transaction'] {
  // One Drizzle instance per pooled connection: building one reads the whole schema.
  const onClient = new WeakMap<pg.PoolClient, Db>();
  return async (fn, config) => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      let bound = onClient.get(client);
      if (!bound) {
        bound = drizzleNodePg({ client, schema }) as unknown as Db;
        onClient.set(client, bound);
      }
      return await bound.transaction(fn, config);
    } catch (error) {
      if (error instanceof DrizzleQueryError && /^\s*(begin|rollback)\b/i.test(error.query)) broken = error;
      throw error;
    } finally {
      client.release(broken);
    }
  };
}
