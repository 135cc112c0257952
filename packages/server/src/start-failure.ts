import { DataDirInUseError } from './db/data-dir-lock.js';
import { ConfigError } from './platform/config.js';

/** Ends a start that failed: an operator's mistake as its message alone, anything else in full. */
export function startFailed(error: unknown): never {
  if (error instanceof ConfigError || error instanceof DataDirInUseError) console.error(error.message);
  else console.error(error);
  process.exit(1);
}
