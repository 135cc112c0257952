import { existsSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { startScheduledBackups } from './cli/scheduled-backups.js';
import { DataDirInUseError } from './db/data-dir-lock.js';
import { canReexecute, reexecute } from './node-defaults.js';
import { type Config, ConfigError, loadConfig } from './platform/config.js';
import { adminBanner } from './platform/start-banner.js';

/**
 * Starts the server on PORT and stops it gracefully on SIGINT/SIGTERM: in-flight requests finish.
 * Imported by main.ts once the process runs with the server's Node defaults.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  await prepareNewDataDir(config);
  const app = await buildApp(config);
  const backups = config.backups && startScheduledBackups(app.database, config.backups, app.server.log);
  closeWithGrace({ delay: config.shutdownGraceMs }, async ({ signal, err }) => {
    if (err) app.server.log.error({ err }, 'stopping after an unexpected error');
    else app.server.log.info({ signal }, 'stopping');
    await backups?.stop();
    await app.server.close();
  });
  // The account exists from here on: its generated password is printed whether or not listening
  // succeeds (a taken port must not lose it), whatever LOG_LEVEL says.
  const created = app.builtin?.createdAdmin;
  try {
    await app.server.listen({ port: config.port, host: config.host });
  } finally {
    if (created) process.stdout.write(adminBanner(created, config.publicUrl));
  }
  app.server.log.info(`Slugsmith is running: ${config.publicUrl} (API docs: ${config.publicUrl}/api/docs)`);
}

/**
 * A new embedded data directory is created, migrated and seeded by a first build of the app, which
 * leaves ~50 MB of the embedded database's start-up memory resident for good; the process then
 * serves from a new image of itself (same pid), as every later start does (bench:memory).
 */
async function prepareNewDataDir(config: Config): Promise<void> {
  const { database } = config;
  if (database.kind !== 'pglite' || database.dataDir.includes('://') || !canReexecute()) return;
  if (existsSync(join(database.dataDir, 'PG_VERSION'))) return;
  const app = await buildApp(config);
  const created = app.builtin?.createdAdmin;
  await app.server.close();
  // The only time this password exists: written out synchronously, before the image is replaced.
  if (created) writeSync(1, adminBanner(created, config.publicUrl));
  reexecute();
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirInUseError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
