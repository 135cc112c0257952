import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { DataDirInUseError } from './db/data-dir-lock.js';
import { ConfigError, loadConfig } from './platform/config.js';
import { adminBanner } from './platform/start-banner.js';

/** Starts the server on PORT and stops it gracefully on SIGINT/SIGTERM: in-flight requests finish. */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config);
  closeWithGrace({ delay: config.shutdownGraceMs }, async ({ signal, err }) => {
    if (err) app.server.log.error({ err }, 'stopping after an unexpected error');
    else app.server.log.info({ signal }, 'stopping');
    await app.server.close();
  });
  await app.server.listen({ port: config.port, host: config.host });
  app.server.log.info(`Slugsmith is running: ${config.publicUrl} (API docs: ${config.publicUrl}/api/docs)`);
  // Once listening, so that the address it names answers; printed whatever LOG_LEVEL says.
  const created = app.builtin?.createdAdmin;
  if (created) process.stdout.write(adminBanner(created, config.publicUrl));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirInUseError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
