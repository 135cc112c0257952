import type { Database } from '../db/connect.js';
import { type BackupMeta, writeBackupFile } from './backup-file.js';
import { readCatalogue } from './catalogue.js';
import { operatorPath, runCommand, startedAsScript } from './command.js';
import { readData } from './table-data.js';

export interface BackupSummary {
  meta: BackupMeta;
  rows: Map<string, number>;
  milliseconds: number;
}

/**
 * Writes a consistent snapshot of the database to `path`. It reads in one repeatable-read
 * transaction: on PostgreSQL the server keeps serving beside it; on PGlite (one connection) the
 * server's queries wait behind it, which is what makes the snapshot consistent there.
 */
export async function backupDatabase(database: Database, path: string): Promise<BackupSummary> {
  const started = performance.now();
  return database.rawTransaction(async (exec) => {
    await exec('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY', []);
    const [clock] = await exec(`SELECT to_json(now()) #>> '{}' AS at`, []);
    const migrations = await exec('SELECT id FROM schema_migrations ORDER BY id', []);
    const meta: BackupMeta = {
      takenAt: new Date(String(clock.at)).toISOString(),
      migrations: migrations.map((m) => String(m.id)),
      source: database.kind,
    };
    const rows = await writeBackupFile(path, meta, readData(exec, await readCatalogue(exec)));
    return { meta, rows, milliseconds: performance.now() - started };
  });
}

const USAGE = 'usage: slugsmith-server backup <file>   (writes a gzip backup of DATA_DIR or DATABASE_URL)';

export async function main(args: string[]): Promise<void> {
  await runCommand(USAGE, args, { positional: 1 }, async ([typed], open) => {
    const path = operatorPath(typed);
    const database = await open({ existing: true });
    try {
      const summary = await backupDatabase(database, path);
      const total = [...summary.rows.values()].reduce((a, b) => a + b, 0);
      console.log(
        `backup written: ${path} (${total} rows in ${summary.rows.size} tables, snapshot of ${summary.meta.takenAt}, ${Math.round(summary.milliseconds)} ms)`,
      );
    } finally {
      await database.close();
    }
  });
}

if (startedAsScript(import.meta.url)) await main(process.argv.slice(2));
