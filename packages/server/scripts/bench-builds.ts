/**
 * Compares compiled builds of the server on `forge count=1` (API key, every counter active): each
 * directory given (copies of `dist`, e.g. before and after a change) runs as its own server, with
 * the flags of `npm start`, on one PostgreSQL schema; autocannon loads them in turn for
 * BENCH_ROUNDS rounds and each gets the median of its rounds. Compare `cpu_us` (server CPU time
 * per request): on a shared or noisy machine requests/s say more about the neighbours.
 *
 *   cp -r dist dist-before; (change); npm run build -w @slugsmith/server
 *   npx tsx scripts/bench-builds.ts dist-before dist        (BENCH_SECONDS, BENCH_ROUNDS)
 */
import { randomBytes } from 'node:crypto';
import { METERED, medianRun, ROUNDS, type Run, run } from './load.js';
import {
  asStarted,
  dropSchema,
  freePort,
  type ServerProcess,
  seedOrgAndKey,
  startServer,
  stopServer,
} from './support.js';

async function main(builds: string[]) {
  if (builds.length === 0) throw new Error('usage: bench-builds.ts <dist dir> [<dist dir> …]');
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const servers: ServerProcess[] = [];
  try {
    // One after the other: the first migrates and seeds the schema.
    for (const dir of builds) {
      servers.push(
        await startServer(schema, await freePort(), { LOG_LEVEL: 'error' }, asStarted(`${dir}/main.js`)),
      );
    }
    const { apiKey } = await seedOrgAndKey(schema, METERED);
    const auth = { 'x-api-key': apiKey };
    const body = { pattern: '{adjective}-{noun}-{number:3d}', count: 1 };
    const forge = (s: ServerProcess, title: string) =>
      run(title, `${s.url}/api/v1/gen/forge`, s.child.pid as number, auth, body);
    for (const [i, s] of servers.entries()) await forge(s, `warm-up ${builds[i]}`);
    const runs: Run[][] = builds.map(() => []);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, s] of servers.entries()) runs[i].push(await forge(s, builds[i]));
    }
    const summary = Object.fromEntries(
      builds.map((dir, i) => {
        const m = medianRun(runs[i]);
        return [dir, { cpu_us: m.cpuUs, rps: m.rps, p99_ms: m.p99, non2xx: m.non2xx }];
      }),
    );
    console.log(JSON.stringify(summary));
  } finally {
    for (const s of servers) await stopServer(s);
    await dropSchema(schema);
  }
}

main(process.argv.slice(2)).catch((error) => {
  console.error(error);
  process.exit(1);
});
