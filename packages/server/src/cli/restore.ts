import type { Database, RawExec } from '../db/connect.js';
import { type BackupMeta, openBackupFile } from './backup-file.js';
import { readCatalogue } from './catalogue.js';
import { CommandError, operatorPath, runCommand, startedAsScript } from './command.js';
import { advanceCounters, type CounterMove, type LiveCounters, readLiveCounters } from './counters.js';
import { checkMigrationsKnown, loadIntoEmptySchema } from './load.js';

export interface RestoreSummary {
  meta: BackupMeta;
  rows: Map<string, number>;
  /** Migrations newer than the backup, applied after its data. */
  upgraded: string[];
  counters: CounterMove[];
}

/**
 * Restores a backup into `database` in one transaction: a failure anywhere leaves the database as
 * it was. A database that holds tables is refused unless `replace` is set; then its counters are
 * read before it is dropped (see counters.ts). The schema is built by the backup's own migrations,
 * the data loaded, the counters moved forward, and newer migrations applied last as on any upgrade.
 */
export async function restoreDatabase(
  database: Database,
  path: string,
  options: { replace: boolean; now?: Date },
): Promise<RestoreSummary> {
  const { meta, items } = await openBackupFile(path);
  checkMigrationsKnown(meta.migrations, path);
  return database.rawTransaction(async (exec) => {
    const live = await emptySchema(exec, options.replace);
    let counters: CounterMove[] = [];
    const { rows, upgraded } = await loadIntoEmptySchema(exec, meta.migrations, items, async (catalogue) => {
      counters = await advanceCounters(exec, {
        takenAt: meta.takenAt,
        now: options.now ?? new Date(),
        live,
        sequences: catalogue.sequences,
      });
    });
    return { meta, rows, upgraded, counters };
  });
}

/** Leaves the current schema empty; returns the counters of what was there. */
async function emptySchema(exec: RawExec, replace: boolean): Promise<LiveCounters> {
  const [{ schema }] = await exec('SELECT current_schema() AS schema', []);
  const catalogue = await readCatalogue(exec);
  const tables = new Set(catalogue.tables);
  if (tables.size === 0) return { series: new Map(), sequences: new Map() };
  if (!replace) {
    throw new CommandError(
      `the database (schema ${String(schema)}) already holds ${tables.size} tables: restore into an empty one, or pass --replace to replace it (its counters are kept where they are ahead of the backup)`,
    );
  }
  const live = await readLiveCounters(exec, tables, catalogue.sequences);
  const name = `"${String(schema).replaceAll('"', '""')}"`;
  await exec(`DROP SCHEMA ${name} CASCADE; CREATE SCHEMA ${name}`);
  return live;
}

const USAGE = `usage: slugsmith-server restore <file> [--replace]
  restores a backup into DATA_DIR or DATABASE_URL (stop every server first);
  --replace drops what the database holds now (its series counters are kept where they are ahead)`;

export async function main(args: string[]): Promise<void> {
  await runCommand(USAGE, args, { positional: 1, flags: ['--replace'] }, async ([typed], open, flags) => {
    const path = operatorPath(typed);
    const database = await open();
    try {
      const summary = await restoreDatabase(database, path, { replace: flags.has('--replace') });
      const total = [...summary.rows.values()].reduce((a, b) => a + b, 0);
      console.log(
        `restored ${path}: ${total} rows in ${summary.rows.size} tables, snapshot of ${summary.meta.takenAt}`,
      );
      if (summary.upgraded.length > 0)
        console.log(`then applied newer migrations: ${summary.upgraded.join(', ')}`);
      console.log(
        `series counters moved forward (slugs minted after the backup are never handed out again): ${summary.counters.length}`,
      );
      for (const move of summary.counters) {
        const note = move.source === 'live' ? 'kept from the replaced database' : 'estimated margin';
        console.log(
          `  ${move.org}/${move.series}: ${move.from} -> ${move.to} (${note}${move.exhausted ? '; now exhausted' : ''})`,
        );
      }
    } finally {
      await database.close();
    }
  });
}

if (startedAsScript(import.meta.url)) await main(process.argv.slice(2));
