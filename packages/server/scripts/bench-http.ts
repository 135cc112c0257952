/**
 * HTTP benchmark on loopback (autocannon), PostgreSQL: `forge count=1` with an API key next to a
 * bare Fastify route in the same run, and `mint count=1000`. The last line is one JSON object.
 * The servers run the compiled app (`dist`, what `npm start` runs; the npm script builds it).
 * Plan limits are enforced with every counter active (memory store; REDIS_URL: Redis). The
 * baseline is a second server on the same database with plan limits and statistics recording
 * OFF (`scripts/variant-server.mjs`): `forge_rps_limits_off` against `forge_rps`, and what limits
 * and statistics together cost in `limits_cost_pct`.
 *
 * Requests per second depend on how the two cores are shared between autocannon and the server;
 * each run also reports the server's own CPU time per request (`*_cpu_us`, from /proc), which
 * does not, and `limits_cost_cpu_pct` from those. Runs one after the other also compare moments
 * of a VM whose speed drifts: `limits_cost_together_cpu_pct` loads the two forge servers at the
 * same time at one rate (`runTogether`), the steadiest measure of what limits and statistics cost.
 *
 *   npm run bench:http -w @slugsmith/server      (DATABASE_URL or TEST_DATABASE_URL; BENCH_SECONDS,
 *                                                 BENCH_CONNECTIONS, BENCH_ROUNDS; BENCH_SECONDS=1 for a short run)
 */
import { randomBytes } from 'node:crypto';
import {
  CONNECTIONS,
  METERED,
  medianRun,
  ROUNDS,
  type Run,
  run,
  runTogether,
  SECONDS,
  type Target,
} from './load.js';
import { asStarted, dropSchema, freePort, post, seedOrgAndKey, startServer, stopServer } from './support.js';

async function main() {
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const server = await startServer(schema, await freePort(), { LOG_LEVEL: 'error' }, asStarted());
  // After the main server, which migrated and seeded the schema.
  const baseline = await startServer(
    schema,
    await freePort(),
    { LOG_LEVEL: 'error' },
    asStarted('scripts/variant-server.mjs', 'no-limits', 'no-stats'),
  ).catch(async (error: unknown) => {
    await stopServer(server);
    await dropSchema(schema);
    throw error;
  });
  // The same V8 flags as the server: the comparison is of the code, not of the heap settings.
  const bare = await startServer(
    schema,
    await freePort(),
    {},
    asStarted('--import', 'tsx', 'scripts/bare-server.ts'),
  ).catch(async (error: unknown) => {
    await stopServer(baseline);
    await stopServer(server);
    await dropSchema(schema);
    throw error;
  });
  try {
    // Every limit finite but out of reach, so that each call is counted as a customer's would be:
    // requests per minute with burst and the daily and monthly quotas of forge and mint.
    const { apiKey } = await seedOrgAndKey(schema, METERED);
    // The same calls on a plan without counters (Enterprise): the difference is their cost.
    const unmetered = { 'x-api-key': (await seedOrgAndKey(schema)).apiKey };
    const created = await post(`${server.url}/api/v1/gen/series`, apiKey, {
      name: 'Bench',
      pattern: '{adjective}-{noun}-{number:4d}',
    });
    const series = ((await created.json()) as { slug: string }).slug;
    const auth = { 'x-api-key': apiKey };
    const [serverPid, baselinePid, barePid] = [
      server.child.pid,
      baseline.child.pid,
      bare.child.pid,
    ] as number[];
    const forgeBody = { pattern: '{adjective}-{noun}-{number:3d}', count: 1 };

    const forgeAt = (url: string, pid: number, headers: Record<string, string>) => ({
      url: `${url}/api/v1/gen/forge`,
      pid,
      headers,
      body: forgeBody,
    });
    const variants: Target[] = [
      { title: 'bare Fastify route', url: `${bare.url}/bare`, pid: barePid, headers: {}, body: {} },
      {
        title: 'forge count=1 (API key, limits and statistics off)',
        ...forgeAt(baseline.url, baselinePid, auth),
      },
      {
        title: 'forge count=1 (API key, plan without counters)',
        ...forgeAt(server.url, serverPid, unmetered),
      },
      { title: 'forge count=1 (API key)', ...forgeAt(server.url, serverPid, auth) },
    ];
    // Warm up the three servers (JIT, compiled pattern, connection pool).
    for (const v of [variants[3], variants[1], variants[0]]) await run({ ...v, title: `warm-up ${v.title}` });
    // Bare route, forge without limits and statistics, forge on a plan without counters and forge
    // with every counter, in ROUNDS rounds, each round starting one further along the list: the
    // machine's drift and the order cannot favour one of them. Each reports its median round.
    const runs: Run[][] = variants.map(() => []);
    for (let round = 0; round < ROUNDS; round++) {
      for (let i = 0; i < variants.length; i++) {
        const at = (round + i) % variants.length;
        runs[at].push(await run(variants[at]));
      }
    }
    const [bareRun, forgeOff, forgeUnmetered, forge] = runs.map(medianRun);
    // Limits and statistics once more with both servers loaded together at one rate (see
    // runTogether): the VM's drift and batching cannot favour either. The steadier measure.
    const togetherRate = Math.round((0.6 * Math.min(forge.rps, forgeOff.rps)) / 2);
    const together: Run[][] = [[], []];
    for (let round = 0; round < ROUNDS; round++) {
      const [on, off] = await runTogether(
        [variants[3], variants[1]].map((v) => ({ ...v, title: `together: ${v.title}` })),
        togetherRate,
      );
      together[0].push(on);
      together[1].push(off);
    }
    const [forgeTogether, forgeOffTogether] = together.map(medianRun);
    const mint = await run({
      title: 'mint count=1000 (API key)',
      url: `${server.url}/api/v1/gen/mint`,
      pid: serverPid,
      headers: auth,
      body: { series, count: 1000 },
    });
    if (
      forge.non2xx ||
      mint.non2xx ||
      forge.errors ||
      mint.errors ||
      forgeUnmetered.non2xx ||
      forgeOff.non2xx
    )
      console.log('WARNING: some requests failed');
    const summary = {
      forge_rps: forge.rps,
      forge_rps_limits_off: forgeOff.rps,
      // What plan limits (every counter active) and statistics recording cost forge together.
      limits_cost_pct:
        forgeOff.rps > 0 ? Number((((forgeOff.rps - forge.rps) / forgeOff.rps) * 100).toFixed(1)) : null,
      bare_rps: bareRun.rps,
      forge_ratio: Number((forge.rps / bareRun.rps).toFixed(3)),
      forge_unmetered_rps: forgeUnmetered.rps,
      // The same comparisons in the servers' CPU time per request (independent of the client).
      forge_cpu_us: forge.cpuUs,
      forge_limits_off_cpu_us: forgeOff.cpuUs,
      bare_cpu_us: bareRun.cpuUs,
      limits_cost_cpu_pct: Number((((forge.cpuUs - forgeOff.cpuUs) / forgeOff.cpuUs) * 100).toFixed(1)),
      forge_cpu_ratio: Number((bareRun.cpuUs / forge.cpuUs).toFixed(3)),
      // Both loaded together at `together_rate` requests/s each: the CPU cost of limits and statistics.
      forge_together_cpu_us: forgeTogether.cpuUs,
      forge_limits_off_together_cpu_us: forgeOffTogether.cpuUs,
      limits_cost_together_cpu_pct: Number(
        (((forgeTogether.cpuUs - forgeOffTogether.cpuUs) / forgeOffTogether.cpuUs) * 100).toFixed(1),
      ),
      together_rate: togetherRate,
      limits_store: process.env.REDIS_URL ? 'redis' : 'memory',
      mint_slugs_per_s: mint.rps * 1000,
      forge_p50_ms: forge.p50,
      forge_p99_ms: forge.p99,
      bare_p99_ms: bareRun.p99,
      mint_p50_ms: mint.p50,
      mint_p99_ms: mint.p99,
      connections: CONNECTIONS,
      seconds: SECONDS,
      rounds: ROUNDS,
    };
    console.log(JSON.stringify(summary));
  } finally {
    // Let requests autocannon left in flight finish before stopping.
    await new Promise((r) => setTimeout(r, 1000));
    await stopServer(bare);
    await stopServer(baseline);
    await stopServer(server);
    await dropSchema(schema);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
