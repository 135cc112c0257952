import type { RawExec } from '../db/connect.js';
import { type Catalogue, quoteIdent } from './catalogue.js';

/**
 * The data of an install as a stream of items: each table's rows as PostgreSQL's own JSON text
 * (`to_jsonb(row)`), and each sequence's position. PostgreSQL writes and reads the rows itself
 * (`jsonb_populate_recordset`), so no value passes through JavaScript types: numerics past 2^53,
 * timestamps, arrays and jsonb arrive exactly as they left, on PGlite and PostgreSQL alike.
 */
export type DataItem =
  | { type: 'table'; table: string }
  | { type: 'rows'; table: string; rows: string[] }
  | { type: 'sequence'; name: string; lastValue: string; isCalled: boolean };

const BATCH_ROWS = 2000;

/** Reads every table and sequence; run it inside one transaction so the snapshot is consistent. */
export async function* readData(exec: RawExec, catalogue: Catalogue): AsyncGenerator<DataItem> {
  for (const table of catalogue.tables) {
    yield { type: 'table', table };
    // A cursor keeps one batch in memory at a time, however large the table.
    await exec(
      `DECLARE dump_rows NO SCROLL CURSOR FOR SELECT to_jsonb(t)::text AS row FROM ${quoteIdent(table)} t`,
      [],
    );
    for (;;) {
      const rows = await exec(`FETCH ${BATCH_ROWS} FROM dump_rows`, []);
      if (rows.length === 0) break;
      yield { type: 'rows', table, rows: rows.map((r) => String(r.row)) };
    }
    await exec('CLOSE dump_rows', []);
  }
  for (const name of catalogue.sequences) {
    const [row] = await exec(`SELECT last_value::text AS value, is_called FROM ${quoteIdent(name)}`, []);
    yield { type: 'sequence', name, lastValue: String(row.value), isCalled: row.is_called === true };
  }
}

/**
 * Writes a data stream into the tables of `catalogue`, which the caller has just created by the
 * same migrations (inside the caller's transaction). Migrations seed rows, so every table is
 * emptied first; our own triggers are off while rows arrive (a restored organisation already has
 * its subscription rows), and the foreign keys that close a cycle are checked once at the end.
 * Returns the rows written per table.
 */
export async function writeData(
  exec: RawExec,
  catalogue: Catalogue,
  items: AsyncIterable<DataItem>,
): Promise<Map<string, number>> {
  const known = new Set(catalogue.tables);
  const sequences = new Set(catalogue.sequences);
  await exec(`TRUNCATE ${catalogue.tables.map(quoteIdent).join(', ')}`);
  for (const t of catalogue.triggered) await exec(`ALTER TABLE ${quoteIdent(t)} DISABLE TRIGGER USER`);
  for (const e of catalogue.backEdges) {
    await exec(
      `ALTER TABLE ${quoteIdent(e.table)} ALTER CONSTRAINT ${quoteIdent(e.constraint)} DEFERRABLE INITIALLY DEFERRED`,
    );
  }
  const counts = new Map<string, number>();
  for await (const item of items) {
    if (item.type === 'table') {
      if (!known.has(item.table)) throw new Error(`the data holds a table this schema lacks: ${item.table}`);
      counts.set(item.table, 0);
    } else if (item.type === 'rows') {
      const table = quoteIdent(item.table);
      await exec(
        `INSERT INTO ${table} OVERRIDING SYSTEM VALUE SELECT * FROM jsonb_populate_recordset(NULL::${table}, $1::jsonb)`,
        [`[${item.rows.join(',')}]`],
      );
      counts.set(item.table, (counts.get(item.table) ?? 0) + item.rows.length);
    } else {
      if (!sequences.has(item.name))
        throw new Error(`the data holds a sequence this schema lacks: ${item.name}`);
      await exec('SELECT setval($1::regclass, $2::bigint, $3::boolean)', [
        quoteIdent(item.name),
        item.lastValue,
        item.isCalled,
      ]);
    }
  }
  await exec('SET CONSTRAINTS ALL IMMEDIATE');
  for (const e of catalogue.backEdges) {
    await exec(
      `ALTER TABLE ${quoteIdent(e.table)} ALTER CONSTRAINT ${quoteIdent(e.constraint)} NOT DEFERRABLE`,
    );
  }
  for (const t of catalogue.triggered) await exec(`ALTER TABLE ${quoteIdent(t)} ENABLE TRIGGER USER`);
  return counts;
}

/** Row counts of every table, as the database answers them now. */
export async function countRows(exec: RawExec, tables: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const table of tables) {
    const [row] = await exec(`SELECT count(*)::int AS n FROM ${quoteIdent(table)}`, []);
    counts.set(table, Number(row.n));
  }
  return counts;
}
