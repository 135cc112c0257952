/**
 * The benchmarks' variants: a compiled app (by default `dist`, what `npm start` runs) built
 * without plan limits and/or statistics recording (buildApp's `benchmarkWithout`). Plain
 * JavaScript on the build, so that the variant and the server it is compared with run the same
 * compiled code.
 *
 *   PORT=… DATABASE_URL=… node scripts/variant-server.mjs [--build=dist-before] [no-limits] [no-stats]
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const build = args.find((a) => a.startsWith('--build='))?.slice('--build='.length) ?? 'dist';
const load = (module) => import(pathToFileURL(resolve(build, module)).href);
const { buildApp } = await load('app.js');
const { loadConfig } = await load('platform/config.js');
const app = await buildApp(loadConfig(), {
  benchmarkWithout: ['limits', 'stats'].filter((concern) => args.includes(`no-${concern}`)),
});
process.once('SIGTERM', () => void app.server.close().then(() => process.exit(0)));
await app.server.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
