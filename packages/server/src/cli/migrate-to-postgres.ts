import { type Database, openDatabase } from '../db/connect.js';
import { loadConfig } from '../platform/config.js';
import { readCatalogue } from './catalogue.js';
import { CommandError, runCommand, startedAsScript } from './command.js';
import { checkMigrationsKnown, loadIntoEmptySchema } from './load.js';
import { countRows, readData } from './table-data.js';

export interface TableCount {
  table: string;
  source: number;
  target: number;
}

/**
 * Moves an install from its embedded database to an empty PostgreSQL schema in one target
 * transaction: the schema by the migrations the source was written under, then every table in
 * dependency order with the sequences, then newer migrations. Counters, keys, documents, licences
 * and billing are rows like any other, copied as they are (the source is stopped, so nothing was
 * minted in between: no margin is needed). Row counts are compared per table before the commit;
 * any difference rolls the whole move back.
 */
export async function migrateToPostgres(source: Database, target: Database): Promise<TableCount[]> {
  return target.rawTransaction(async (texec) => {
    const [{ schema }] = await texec('SELECT current_schema() AS schema', []);
    const existing = (await readCatalogue(texec)).tables;
    const bookkeeping = await texec(
      `SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = current_schema() AND c.relname = 'schema_migrations'`,
      [],
    );
    if (existing.length > 0 || bookkeeping.length > 0) {
      throw new CommandError(
        `the target is not empty: schema ${String(schema)} already holds ${existing.length + bookkeeping.length} tables (${[...existing, ...(bookkeeping.length > 0 ? ['schema_migrations'] : [])].slice(0, 5).join(', ')}${existing.length > 5 ? ', …' : ''}); give an empty database or schema`,
      );
    }
    return source.rawTransaction(async (sexec) => {
      await sexec('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY', []);
      const migrations = (await sexec('SELECT id FROM schema_migrations ORDER BY id', [])).map((m) =>
        String(m.id),
      );
      checkMigrationsKnown(migrations, 'the embedded database');
      const sourceCatalogue = await readCatalogue(sexec);
      let counts: TableCount[] = [];
      await loadIntoEmptySchema(texec, migrations, readData(sexec, sourceCatalogue), async (catalogue) => {
        const expected = await countRows(sexec, sourceCatalogue.tables);
        const written = await countRows(texec, catalogue.tables);
        counts = sourceCatalogue.tables.map((table) => ({
          table,
          source: expected.get(table) ?? 0,
          target: written.get(table) ?? 0,
        }));
        const wrong = counts.filter((c) => c.source !== c.target);
        if (wrong.length > 0) {
          throw new Error(
            `row counts differ, nothing was committed: ${wrong.map((c) => `${c.table} ${c.source} -> ${c.target}`).join(', ')}`,
          );
        }
      });
      return counts;
    });
  });
}

const USAGE = `usage: slugsmith-server migrate-to-postgres <DATABASE_URL> [--schema=<name>]
  moves the install in DATA_DIR (stop its server first) to an empty PostgreSQL database or schema`;

export async function main(args: string[]): Promise<void> {
  await runCommand(USAGE, args, { positional: 1, flags: ['--schema'] }, async ([url], open, flags) => {
    const schemaFlag = [...flags].find((f) => f.startsWith('--schema='));
    const schema = schemaFlag?.slice('--schema='.length) ?? 'public';
    if (!/^[a-z_][a-z0-9_]*$/.test(schema))
      throw new CommandError(`--schema: ${schema} is not a plain lower-case name`);
    if (!/^postgres(ql)?:\/\//.test(url)) throw new CommandError(`${url} is not a postgres:// URL`);
    if (loadConfig().database.kind !== 'pglite') {
      throw new CommandError(
        'DATABASE_URL is set: this install already runs on PostgreSQL (unset it to name the embedded DATA_DIR)',
      );
    }
    const source = await open({ existing: true });
    try {
      const target = await openDatabase({ kind: 'postgres', url, schema, poolMax: 2 });
      try {
        const counts = await migrateToPostgres(source, target);
        const width = Math.max(...counts.map((c) => c.table.length));
        console.log(`${'table'.padEnd(width)}  embedded  postgres`);
        for (const c of counts) {
          console.log(
            `${c.table.padEnd(width)}  ${String(c.source).padStart(8)}  ${String(c.target).padStart(8)}`,
          );
        }
        console.log(
          `moved ${counts.length} tables to ${redact(url)} (schema ${schema}); every row count matches. Start the servers with DATABASE_URL${schema === 'public' ? '' : ` and DATABASE_SCHEMA=${schema}`}.`,
        );
      } finally {
        await target.close();
      }
    } finally {
      await source.close();
    }
  });
}

/** The URL without its password, for the log. */
function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

if (startedAsScript(import.meta.url)) await main(process.argv.slice(2));
