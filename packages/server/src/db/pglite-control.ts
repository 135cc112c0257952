import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * What an embedded data directory's control file (global/pg_control, as `pg_controldata` prints
 * it) says about its last stop: a directory left "shut down" opens without recovery; any other
 * state means its process stopped without closing the database (SIGKILL, out of memory, power
 * loss) and the next open replays the write-ahead log from `redoLsn`. The fields read here lead
 * the file in every PostgreSQL version PGlite ships.
 */
export interface PgliteControl {
  state: (typeof STATES)[number];
  /** Whether the last process closed the database (a shutdown checkpoint). */
  clean: boolean;
  /** Where the latest checkpoint record is, and where a recovery would start replaying. */
  checkpointLsn: bigint;
  redoLsn: bigint;
}

// PostgreSQL's DBState, in its order.
const STATES = [
  'starting up',
  'shut down',
  'shut down in recovery',
  'shutting down',
  'in crash recovery',
  'in archive recovery',
  'in production',
] as const;

export async function readPgliteControl(dataDir: string): Promise<PgliteControl> {
  const file = await readFile(join(dataDir, 'global', 'pg_control'));
  // system_identifier (8), pg_control_version (4), catalog_version_no (4), state (4), time (8,
  // aligned), checkPoint (8), then checkPointCopy, whose first field is redo.
  const state = STATES[file.readUInt32LE(16)];
  if (!state) throw new Error(`${dataDir}: unknown database state ${file.readUInt32LE(16)} in pg_control`);
  return {
    state,
    clean: state === 'shut down',
    checkpointLsn: file.readBigUInt64LE(32),
    redoLsn: file.readBigUInt64LE(40),
  };
}
