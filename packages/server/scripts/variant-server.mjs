/**
 * The benchmarks' baselines: the built app (what `npm start` runs) with plan limits and/or
 * statistics recording switched off. Plain JavaScript on `dist`, so that the variant and the
 * server it is compared with run the same compiled code.
 *
 *   PORT=… DATABASE_URL=… node scripts/variant-server.mjs [no-limits] [no-stats]
 */
import { buildApp } from '../dist/app.js';
import { loadConfig } from '../dist/platform/config.js';

const off = new Set(process.argv.slice(2));
const app = await buildApp(loadConfig(), {
  stats: { record: !off.has('no-stats') },
  limits: { enforce: !off.has('no-limits') },
});
process.once('SIGTERM', () => void app.server.close().then(() => process.exit(0)));
await app.server.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
