import { existsSync, realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Database, openDatabase } from '../db/connect.js';
import { DataDirInUseError } from '../db/data-dir-lock.js';
import { ConfigError, loadConfig } from '../platform/config.js';
import { BackupFileError } from './backup-file.js';

/**
 * Opens the database of the environment; `existing`: it must already hold a Slugsmith install;
 * `whileServing`: what to do instead when a running server holds the embedded database.
 */
export type OpenDatabase = (options?: { existing?: boolean; whileServing?: string }) => Promise<Database>;

async function holdsSlugsmith(database: Database): Promise<boolean> {
  return database.rawTransaction(async (exec) => {
    const [row] = await exec(`SELECT to_regclass('schema_migrations') IS NOT NULL AS held`, []);
    return row?.held === true;
  });
}

/** A refusal the operator can act on: printed as it is, without a stack trace. */
export class CommandError extends Error {}

/**
 * The frame of every operations command: positional arguments checked against the usage line,
 * the database opened from the environment as the server would open it, known refusals printed
 * plainly and the process exit code set.
 */
export async function runCommand(
  usage: string,
  args: string[],
  shape: { positional: number; flags?: readonly string[] },
  body: (positionals: string[], open: OpenDatabase, flags: Set<string>) => Promise<void>,
): Promise<void> {
  const flags = new Set(args.filter((a) => a.startsWith('--')));
  const positionals = args.filter((a) => !a.startsWith('--'));
  // A mistyped flag must not be ignored: `--replce` would restore without replacing, silently.
  const unknown = [...flags].filter((f) => !(shape.flags ?? []).includes(f.split('=')[0]));
  if (positionals.length !== shape.positional || unknown.length > 0) {
    console.error(usage);
    process.exitCode = 2;
    return;
  }
  const open: OpenDatabase = async ({ existing = false, whileServing } = {}) => {
    const config = loadConfig();
    const where = config.database.kind === 'pglite' ? `DATA_DIR ${config.database.dataDir}` : 'DATABASE_URL';
    // Reading an install that is not there must not make an empty one (PGlite creates its directory).
    if (existing && config.database.kind === 'pglite' && !existsSync(config.database.dataDir)) {
      throw new CommandError(`No Slugsmith database at ${where}: nothing to read.`);
    }
    let database: Database;
    try {
      database = await openDatabase(config.database);
    } catch (error) {
      if (error instanceof DataDirInUseError) {
        throw new CommandError(
          `${error.message}.\nThe embedded database admits one process: ${
            whileServing ??
            'stop the server first. A running server writes backups itself: set BACKUP_DIR (and BACKUP_INTERVAL), and send it SIGUSR2 for one now (docs/operations.md).'
          }`,
        );
      }
      throw error;
    }
    if (existing && !(await holdsSlugsmith(database))) {
      await database.close();
      throw new CommandError(
        `No Slugsmith database at ${where} (the server never started on it): nothing to read.`,
      );
    }
    return database;
  };
  try {
    await body(positionals, open, flags);
  } catch (error) {
    if (error instanceof CommandError || error instanceof ConfigError || error instanceof BackupFileError) {
      console.error(error.message);
      process.exitCode = 1;
      return;
    }
    throw error;
  }
}

/** A path as the operator typed it: `npm run -w` runs in the package folder, INIT_CWD is where they were. */
export function operatorPath(path: string): string {
  return resolve(process.env.INIT_CWD ?? process.cwd(), path);
}

/**
 * Whether the module at `moduleUrl` is the script node was started with (`import.meta.main` only
 * exists from Node 24.2; Node 22 is supported).
 */
export function startedAsScript(moduleUrl: string): boolean {
  const script = process.argv[1];
  return script !== undefined && realpathSync(script) === fileURLToPath(moduleUrl);
}
