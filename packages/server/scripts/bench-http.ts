/**
 * HTTP benchmark on loopback (autocannon), PostgreSQL: `forge count=1` with an API key next to a
 * bare Fastify route in the same run, and `mint count=1000`. The last line is one JSON object.
 * The servers run the compiled app (`dist`, as `npm start` runs it; the npm script builds it).
 * Plan limits are enforced with every counter active (memory store; REDIS_URL: Redis). The
 * baseline is the same build with plan limits and statistics recording OFF
 * (`scripts/variant-server.mjs`): `forge_rps_limits_off` against `forge_rps`, and what limits
 * and statistics together cost in `limits_cost_pct`.
 *
 * Each forge variant runs in BENCH_PROCESSES processes (default 3): on this VM two processes of
 * one build differ by up to ±10 % for their whole life, as much as what is measured. Every round
 * loads each process in turn (the order turns by one each round, so the VM's drift favours none);
 * a variant reports the medians over all runs of all its processes. `limits_cost_pct` is the
 * median over pairs of neighbouring runs (a process without limits, then one with them, or the
 * other way round): this VM's speed drifts by tens of % within minutes, which a ratio of
 * medians over the whole benchmark keeps. Each run also reports the server's own CPU time per
 * request (`*_cpu_us`, from /proc).
 *
 *   npm run bench:http -w @slugsmith/server      (DATABASE_URL or TEST_DATABASE_URL; BENCH_SECONDS,
 *                                                 BENCH_CONNECTIONS, BENCH_ROUNDS, BENCH_PROCESSES)
 */
import { randomBytes } from 'node:crypto';
import {
  bestRatio,
  CONNECTIONS,
  compareVariants,
  FORGE_BODY,
  fewerPct,
  METERED,
  morePct,
  PROCESSES,
  pairedRatio,
  ROUNDS,
  run,
  SECONDS,
  type Target,
} from './load.js';
import {
  asStarted,
  dropSchema,
  freePort,
  post,
  type ServerProcess,
  seedOrgAndKey,
  startServer,
  stopServer,
} from './support.js';

async function main() {
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const servers: ServerProcess[] = [];
  const start = async (args: string[], env: Record<string, string> = { LOG_LEVEL: 'error' }) => {
    const server = await startServer(schema, await freePort(), env, args);
    servers.push(server);
    return server;
  };
  try {
    // The first migrates and seeds the schema; the others start after it.
    const metered: ServerProcess[] = [];
    const baselines: ServerProcess[] = [];
    for (let p = 0; p < PROCESSES; p++) {
      metered.push(await start(asStarted()));
      baselines.push(await start(asStarted('scripts/variant-server.mjs', 'no-limits', 'no-stats')));
    }
    // Started as the server is (any Node flags of `npm start`): the comparison is of the code.
    const bare = await start(asStarted('--import', 'tsx', 'scripts/bare-server.ts'), {});
    // Every limit finite but out of reach, so that each call is counted as a customer's would be:
    // requests per minute with burst and the daily and monthly quotas of forge and mint.
    const { apiKey } = await seedOrgAndKey(schema, METERED);
    // The same calls on a plan without counters (Enterprise): the difference is their cost.
    const unmetered = { 'x-api-key': (await seedOrgAndKey(schema)).apiKey };
    const auth = { 'x-api-key': apiKey };
    const created = await post(`${metered[0].url}/api/v1/gen/series`, apiKey, {
      name: 'Bench',
      pattern: '{adjective}-{noun}-{number:4d}',
    });
    const series = ((await created.json()) as { slug: string }).slug;
    const forgeAt = (title: string, server: ServerProcess, headers: Record<string, string>): Target => ({
      title,
      url: `${server.url}/api/v1/gen/forge`,
      pid: server.child.pid as number,
      headers,
      body: FORGE_BODY,
    });
    // Each process without limits next to one with them: limits_cost_pct compares neighbouring runs.
    const variants: Target[][] = [
      [
        {
          title: 'bare Fastify route',
          url: `${bare.url}/bare`,
          pid: bare.child.pid as number,
          headers: {},
          body: {},
        },
      ],
      [forgeAt('forge count=1 (plan without counters) #1', metered[0], unmetered)],
      baselines.map((s, i) => forgeAt(`forge count=1 (limits and statistics off) #${i + 1}`, s, auth)),
      metered.map((s, i) => forgeAt(`forge count=1 (API key) #${i + 1}`, s, auth)),
    ];
    const comparison = await compareVariants(variants);
    const [bareRun, forgeUnmetered, forgeOff, forge] = comparison.medians;
    const rpsCost = pairedRatio(comparison, 2, 3, (r) => r.rps);
    const cpuCost = pairedRatio(comparison, 2, 3, (r) => r.cpuUs);
    const mint = await run({
      title: 'mint count=1000 (API key)',
      url: `${metered[0].url}/api/v1/gen/mint`,
      pid: metered[0].child.pid as number,
      headers: auth,
      body: { series, count: 1000 },
    });
    if ([forge, forgeOff, forgeUnmetered, mint].some((r) => r.non2xx || r.errors)) {
      console.log('WARNING: some requests failed');
    }
    const summary = {
      forge_rps: forge.rps,
      forge_rps_limits_off: forgeOff.rps,
      // What plan limits (every counter active) and statistics recording cost forge together:
      // the median over pairs of neighbouring runs (see pairedRatio).
      limits_cost_pct: fewerPct(rpsCost.median),
      // Its 95 % confidence interval (see pairedRatio): what a single benchmark can tell.
      limits_cost_pct_95: [fewerPct(rpsCost.high), fewerPct(rpsCost.low)],
      // The same from each variant's best run (fastest; least CPU per request): interference
      // only slows runs down, so the best runs are the least disturbed (see bestRatio).
      limits_cost_best_pct: fewerPct(bestRatio(comparison, 2, 3, (r) => -r.rps)),
      // The same from the two medians (the measure of earlier runs; it keeps the drift).
      limits_cost_of_medians_pct: fewerPct(forge.rps / forgeOff.rps),
      bare_rps: bareRun.rps,
      forge_ratio: Number((forge.rps / bareRun.rps).toFixed(3)),
      forge_unmetered_rps: forgeUnmetered.rps,
      // The same comparisons in the servers' CPU time per request.
      forge_cpu_us: forge.cpuUs,
      forge_limits_off_cpu_us: forgeOff.cpuUs,
      bare_cpu_us: bareRun.cpuUs,
      limits_cost_cpu_pct: morePct(cpuCost.median),
      limits_cost_cpu_pct_95: [morePct(cpuCost.low), morePct(cpuCost.high)],
      limits_cost_cpu_best_pct: morePct(bestRatio(comparison, 2, 3, (r) => r.cpuUs)),
      forge_cpu_ratio: Number((bareRun.cpuUs / forge.cpuUs).toFixed(3)),
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
      processes: PROCESSES,
    };
    console.log(JSON.stringify(summary));
  } finally {
    // Let requests autocannon left in flight finish before stopping.
    await new Promise((r) => setTimeout(r, 1000));
    for (const s of servers) await stopServer(s);
    await dropSchema(schema);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
