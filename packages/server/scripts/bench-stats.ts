/**
 * What counting usage statistics costs on the hot path: the same server (PostgreSQL, plan limits
 * on, a plan without limits in reach) with statistics recording on and off, measured alternately
 * with autocannon on loopback — forge count=1 and mint count=100. The last line is one JSON object.
 *
 *   npx tsx scripts/bench-stats.ts     (DATABASE_URL or TEST_DATABASE_URL; BENCH_SECONDS, BENCH_ROUNDS)
 *
 * On a busy machine requests per second say more about the neighbours than about the server;
 * `bench-stats.ts cpu` measures instead the CPU time per call (process.cpuUsage) of in-process
 * calls (inject: routing, hooks, handler, serialisation; no sockets) on three apps in alternating
 * batches: plan limits and statistics both off (the baseline), limits on, and both on.
 */
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import {
  databaseUrl,
  dropSchema,
  freePort,
  post,
  type ServerProcess,
  seedOrgAndKey,
  startServer,
  stopServer,
} from './support.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);

/** `serve on|off`: this file as the server process, built with statistics recording on or off. */
async function serve(recording: boolean): Promise<void> {
  const { buildApp } = await import('../src/app.js');
  const { loadConfig } = await import('../src/platform/config.js');
  const app = await buildApp(loadConfig(), { stats: { record: recording } });
  process.once('SIGTERM', () => void app.server.close().then(() => process.exit(0)));
  await app.server.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
}

/** This file's `serve` variant on `schema`, statistics recording on or off. */
async function start(schema: string, recording: boolean): Promise<ServerProcess> {
  return startServer(schema, await freePort(), { LOG_LEVEL: 'error' }, [
    fileURLToPath(import.meta.url),
    'serve',
    recording ? 'on' : 'off',
  ]);
}

async function rps(url: string, apiKey: string, body: unknown): Promise<number> {
  const result = await autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
    body: JSON.stringify(body),
    connections: CONNECTIONS,
    duration: SECONDS,
  });
  if (result.non2xx || result.errors)
    console.log(`WARNING: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return Math.round(result.requests.average);
}

async function main(): Promise<void> {
  const schema = `bench_stats_${randomBytes(4).toString('hex')}`;
  // Creates the schema and its tables once, so both servers start on a migrated database.
  await stopServer(await start(schema, true));
  const { apiKey } = await seedOrgAndKey(schema);
  const results: Record<'on' | 'off', { forge: number[]; mint: number[] }> = {
    on: { forge: [], mint: [] },
    off: { forge: [], mint: [] },
  };
  let series = '';
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const mode of ['off', 'on'] as const) {
        const server = await start(schema, mode === 'on');
        try {
          if (!series) {
            const created = await post(`${server.url}/api/v1/gen/series`, apiKey, {
              name: 'Bench',
              pattern: '{adjective}-{noun}-{number:6d}',
            });
            series = ((await created.json()) as { slug: string }).slug;
          }
          const forge = { pattern: '{adjective}-{noun}-{number:3d}', count: 1 };
          await rps(`${server.url}/api/v1/gen/forge`, apiKey, forge); // warm-up
          const f = await rps(`${server.url}/api/v1/gen/forge`, apiKey, forge);
          const m = await rps(`${server.url}/api/v1/gen/mint`, apiKey, { series, count: 100 });
          results[mode].forge.push(f);
          results[mode].mint.push(m);
          console.log(`round ${round + 1}, statistics ${mode}: forge ${f} req/s, mint count=100 ${m} req/s`);
        } finally {
          await stopServer(server);
        }
      }
    }
  } finally {
    await dropSchema(schema);
  }
  const mean = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) / xs.length);
  const summary = {
    forge_rps_off: mean(results.off.forge),
    forge_rps_on: mean(results.on.forge),
    forge_cost_pct: Number((100 * (1 - mean(results.on.forge) / mean(results.off.forge))).toFixed(1)),
    mint_rps_off: mean(results.off.mint),
    mint_rps_on: mean(results.on.mint),
    mint_cost_pct: Number((100 * (1 - mean(results.on.mint) / mean(results.off.mint))).toFixed(1)),
    rounds: ROUNDS,
    seconds: SECONDS,
    connections: CONNECTIONS,
  };
  console.log(JSON.stringify(summary));
}

/** CPU microseconds per forge count=1 call, statistics on and off, alternating batches. */
async function cpu(): Promise<void> {
  const { buildApp } = await import('../src/app.js');
  const { loadConfig } = await import('../src/platform/config.js');
  const BATCH = 2000;
  const apps = [];
  for (const [limits, recording] of [
    [false, false],
    [true, false],
    [true, true],
  ]) {
    const schema = `bench_stats_${randomBytes(4).toString('hex')}`;
    const config = loadConfig({ DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema, LOG_LEVEL: 'error' });
    const app = await buildApp(config, { stats: { record: recording }, limits: { enforce: limits } });
    const { apiKey } = await seedOrgAndKey(schema);
    apps.push({ app, apiKey, schema, us: [] as number[] });
  }
  const payload = { pattern: '{adjective}-{noun}-{number:3d}', count: 1 };
  try {
    for (let round = 0; round < 16; round++) {
      // Alternating order, so that neither app always runs right after the other's garbage.
      for (const a of round % 2 === 0 ? apps : [...apps].reverse()) {
        const headers = { 'x-api-key': a.apiKey };
        const before = process.cpuUsage();
        for (let i = 0; i < BATCH; i++) {
          const r = await a.app.server.inject({ method: 'POST', url: '/api/v1/gen/forge', headers, payload });
          if (r.statusCode !== 200) throw new Error(`forge answered ${r.statusCode}: ${r.body}`);
        }
        const used = process.cpuUsage(before);
        // The first rounds warm the JIT and the caches up.
        if (round >= 2) a.us.push((used.user + used.system) / BATCH);
      }
    }
  } finally {
    for (const a of apps) {
      await a.app.server.close();
      await dropSchema(a.schema);
    }
  }
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  const [bare, off, on] = apps.map((a) => median(a.us));
  const round = (x: number) => Number(x.toFixed(1));
  console.log(
    JSON.stringify({
      forge_cpu_us_bare: round(bare),
      forge_cpu_us_off: round(off),
      forge_cpu_us_on: round(on),
      cost_us: round(on - off),
      cost_pct: round(100 * (on / off - 1)),
      limits_and_stats_cost_pct: round(100 * (on / bare - 1)),
      batches: apps[0].us.length,
      batch: BATCH,
    }),
  );
}

if (process.argv[2] === 'cpu') {
  cpu().catch((error) => {
    console.error(error);
    process.exit(1);
  });
} else if (process.argv[2] === 'serve') {
  serve(process.argv[3] !== 'off').catch((error) => {
    console.error(error);
    process.exit(1);
  });
} else {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
