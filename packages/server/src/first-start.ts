import { writeSync } from 'node:fs';
import Fastify from 'fastify';
import { ensureAdminAccount } from './areas/accounts/service.js';
import { contentSeed, seedDocuments } from './areas/documents/seed.js';
import { type CreatedAdmin, seedAdmin } from './auth/builtin/users.js';
import { isInitialised, openDatabase } from './db/connect.js';
import { migrate } from './db/migrate.js';
import { canReexecute, reexecute } from './node-defaults.js';
import { type Config, ConfigError, loadConfig } from './platform/config.js';
import { loggingOptions } from './platform/logging.js';
import { adminBanner } from './platform/start-banner.js';

/**
 * A first start on a new embedded data directory creates it (from the build's template), migrates
 * it, seeds its documents and creates the admin account here, with the database alone — the app is
 * not loaded yet — and then serves from a new image of itself (same pid), as every later start
 * does: the memory that creating the database touched (~50 MB that WebAssembly memory never gives
 * back) and the admin password's hashing (scrypt, 32 MiB) are not added to the serving image's
 * (bench:memory). Returns where there is nothing to prepare, or where the process cannot re-execute
 * (the server then does all of it itself).
 */
export async function prepareNewDataDir(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    // The server's start reports a configuration error.
    if (error instanceof ConfigError) return;
    throw error;
  }
  const { database, auth } = config;
  if (database.kind !== 'pglite' || database.dataDir.includes('://') || !canReexecute()) return;
  if (isInitialised(database.dataDir)) return;
  const opened = await openDatabase(database);
  let created: CreatedAdmin | undefined;
  try {
    await migrate(opened);
    await seedDocuments(opened.db, contentSeed());
    if (auth.kind === 'builtin') {
      const { log } = Fastify(loggingOptions(config));
      created = await seedAdmin(opened.db, auth.adminEmail, auth.adminPassword, log, (identity) =>
        ensureAdminAccount(opened.db, identity),
      );
    }
  } finally {
    await opened.close();
  }
  // The only time this password exists: written out synchronously, before the image is replaced.
  if (created) writeSync(1, adminBanner(created, config.publicUrl));
  reexecute();
}
