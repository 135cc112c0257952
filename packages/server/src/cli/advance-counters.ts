import type { Database } from '../db/connect.js';
import { readCatalogue } from './catalogue.js';
import { CommandError, runCommand, startedAsScript } from './command.js';
import { advanceCounters, type CounterMove } from './counters.js';

/**
 * The counter step of `restore` on its own, for a database restored by other means (pg_restore of
 * a pg_dump, a volume snapshot, a replica promoted after losing writes): every series and sequence
 * moves forward as if restored from a backup taken at `takenAt` (see counters.ts).
 */
export async function advanceRestoredCounters(
  database: Database,
  takenAt: string,
  now = new Date(),
): Promise<CounterMove[]> {
  if (Number.isNaN(Date.parse(takenAt)))
    throw new CommandError(`${takenAt} is not a time (e.g. 2026-11-28T09:30:00Z)`);
  if (Date.parse(takenAt) > now.getTime()) throw new CommandError(`${takenAt} lies in the future`);
  return database.rawTransaction(async (exec) => {
    const { sequences } = await readCatalogue(exec);
    return advanceCounters(exec, {
      takenAt,
      now,
      live: { series: new Map(), sequences: new Map() },
      sequences,
    });
  });
}

const USAGE = `usage: slugsmith-server advance-counters <time of the backup, e.g. 2026-11-28T09:30:00Z>
  after restoring DATA_DIR or DATABASE_URL by other means than restore: moves every series counter
  past what may have been minted since the backup (stop every server first)`;

export async function main(args: string[]): Promise<void> {
  await runCommand(USAGE, args, { positional: 1 }, async ([takenAt], open) => {
    const database = await open({ existing: true });
    try {
      const moves = await advanceRestoredCounters(database, takenAt);
      console.log(`series counters moved forward: ${moves.length}`);
      for (const move of moves) {
        console.log(
          `  ${move.org}/${move.series}: ${move.from} -> ${move.to}${move.exhausted ? ' (now exhausted)' : ''}`,
        );
      }
    } finally {
      await database.close();
    }
  });
}

if (startedAsScript(import.meta.url)) await main(process.argv.slice(2));
