import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/connect.js';
import type { Config } from '../platform/config.js';
import { backupDatabase } from './backup.js';

export interface ScheduledBackups {
  /** Writes one backup now (the next scheduled one still comes on time); its path, or undefined on failure. */
  runNow(): Promise<string | undefined>;
  /** Stops the schedule and waits for a backup in progress, so the database is not closed beneath it. */
  stop(): Promise<void>;
}

const NAME = /^slugsmith-\d{8}T\d{6}(\d{3})?Z\.backup\.gz$/;

/** `slugsmith-20261128T093000123Z.backup.gz`: names sort by time. */
function backupName(at: Date): string {
  return `slugsmith-${at.toISOString().replace(/[-:.]/g, '')}.backup.gz`;
}

/**
 * Backups the running server takes itself: the only way to a consistent snapshot of the embedded
 * database while it serves (its one connection belongs to the server). Every interval, and on
 * SIGUSR2, a backup goes to `dir`; only the newest `keep` stay. A failure is logged and the
 * schedule goes on.
 */
export function startScheduledBackups(
  database: Database,
  settings: NonNullable<Config['backups']>,
  log: FastifyBaseLogger,
): ScheduledBackups {
  let running: Promise<string | undefined> | undefined;

  const once = async (): Promise<string | undefined> => {
    try {
      await mkdir(settings.dir, { recursive: true, mode: 0o700 });
      const path = join(settings.dir, backupName(new Date()));
      const summary = await backupDatabase(database, path);
      const old = (await readdir(settings.dir)).filter((f) => NAME.test(f)).sort();
      for (const file of old.slice(0, Math.max(0, old.length - settings.keep))) {
        await rm(join(settings.dir, file), { force: true });
      }
      log.info({ path, ms: Math.round(summary.milliseconds) }, 'backup written');
      return path;
    } catch (err) {
      log.error({ err, dir: settings.dir }, 'scheduled backup failed');
      return undefined;
    }
  };
  // One at a time: a call while a backup runs waits for that one.
  const runNow = () => {
    running ??= once().finally(() => {
      running = undefined;
    });
    return running;
  };

  const timer = setInterval(() => void runNow(), settings.intervalMs);
  timer.unref();
  const onSignal = () => void runNow();
  process.on('SIGUSR2', onSignal);
  return {
    runNow,
    async stop() {
      clearInterval(timer);
      process.off('SIGUSR2', onSignal);
      await running;
    },
  };
}
