/**
 * Compares compiled builds of the server on `forge count=1` (API key, every counter active): each
 * directory given (copies of `dist`, e.g. before and after a change) runs as its own server, with
 * the flags of `npm start`, on one PostgreSQL schema; autocannon loads them all at once, each at
 * the same rate (`runTogether`), for BENCH_ROUNDS rounds, and each gets the median of its rounds.
 * Compare `cpu_us` (server CPU time per request). Loaded one after the other, two copies of the
 * same build differed by up to 25 % on this VM; loaded together, three copies were within 7 %.
 *
 *   cp -r dist dist-before; (change); npm run build -w @slugsmith/server
 *   npx tsx scripts/bench-builds.ts dist-before dist        (BENCH_SECONDS, BENCH_ROUNDS, BENCH_RATE)
 */
import { randomBytes } from 'node:crypto';
import { METERED, medianRun, ROUNDS, type Run, run, runTogether } from './load.js';
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
    const targets = servers.map((s, i) => ({
      title: builds[i],
      url: `${s.url}/api/v1/gen/forge`,
      pid: s.child.pid as number,
      headers: auth,
      body,
    }));
    // Warm-up, one at a time: also tells what the slowest build sustains alone.
    const alone = [];
    for (const t of targets) alone.push(await run({ ...t, title: `warm-up ${t.title}` }));
    // Together they share the cores with autocannon: well under what one sustains alone.
    const rate =
      Number(process.env.BENCH_RATE) ||
      Math.round((0.6 * Math.min(...alone.map((r) => r.rps))) / builds.length);
    const runs: Run[][] = builds.map(() => []);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, r] of (await runTogether(targets, rate)).entries()) runs[i].push(r);
    }
    const summary = Object.fromEntries(
      builds.map((dir, i) => {
        const m = medianRun(runs[i]);
        return [dir, { cpu_us: m.cpuUs, rps: m.rps, p99_ms: m.p99, non2xx: m.non2xx }];
      }),
    );
    console.log(JSON.stringify({ ...summary, rate }));
  } finally {
    for (const s of servers) await stopServer(s);
    await dropSchema(schema);
  }
}

main(process.argv.slice(2)).catch((error) => {
  console.error(error);
  process.exit(1);
});
