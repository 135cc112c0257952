import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Database, openDatabase } from '../db/connect.js';
import { DataDirInUseError } from '../db/data-dir-lock.js';
import { ConfigError, loadConfig } from '../platform/config.js';
import { BackupFileError } from './backup-file.js';

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
  body: (positionals: string[], open: () => Promise<Database>, flags: Set<string>) => Promise<void>,
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
  const open = async () => {
    const config = loadConfig();
    try {
      return await openDatabase(config.database);
    } catch (error) {
      if (error instanceof DataDirInUseError) {
        throw new CommandError(
          `${error.message}.\nThe embedded database admits one process: stop the server first. A running server writes backups itself: set BACKUP_DIR (and BACKUP_INTERVAL), and send it SIGUSR2 for one now (docs/operations.md).`,
        );
      }
      throw error;
    }
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
