import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { startScheduledBackups } from './cli/scheduled-backups.js';
import { loadConfig } from './platform/config.js';
import { adminBanner } from './platform/start-banner.js';
import { startFailed } from './start-failure.js';

/**
 * Starts the server on PORT and stops it gracefully on SIGINT/SIGTERM: in-flight requests finish.
 * Imported by main.ts once the process runs with the server's Node defaults and a new embedded
 * data directory is prepared (first-start.ts).
 */
async function main(): Promise<void> {
  const config = loadConfig();
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

main().catch(startFailed);
