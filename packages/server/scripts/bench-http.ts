/**
 * HTTP benchmark on loopback (autocannon), PostgreSQL: `forge count=1` with an API key next to a
 * bare Fastify route in the same run, and `mint count=1000`. The last line is one JSON object.
 * Plan limits are enforced with every counter active (memory store; REDIS_URL: Redis). The
 * baseline is a second server on the same database built with plan limits and statistics
 * recording OFF (`bench-http.ts serve`): `forge_rps_limits_off` against `forge_rps`, and what
 * limits and statistics together cost in `limits_cost_pct`.
 *
 *   npm run bench:http -w @slugsmith/server      (DATABASE_URL or TEST_DATABASE_URL; BENCH_SECONDS,
 *                                                 BENCH_CONNECTIONS; BENCH_SECONDS=1 for a short run)
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { dropSchema, freePort, post, seedOrgAndKey, startServer, stopServer } from './support.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const HUGE = 1_000_000_000_000;
const METERED = {
  req_per_minute: HUGE,
  burst_req_per_minute: HUGE,
  max_forge_per_day: HUGE,
  max_forge_per_month: HUGE,
  max_mint_per_day: HUGE,
  max_mint_per_month: HUGE,
  max_pattern_components: 100,
  max_pattern_complexity: HUGE,
};

interface Run {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function run(title: string, url: string, headers: Record<string, string>, body: unknown): Promise<Run> {
  const result = await autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    connections: CONNECTIONS,
    duration: SECONDS,
  });
  const r = {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
  console.log(
    `${title}: ${r.rps} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors}`,
  );
  return r;
}

/** `serve`: this file as the baseline server process, plan limits and statistics recording off. */
async function serve(): Promise<void> {
  const { buildApp } = await import('../src/app.js');
  const { loadConfig } = await import('../src/platform/config.js');
  const app = await buildApp(loadConfig(), { stats: { record: false }, limits: { enforce: false } });
  process.once('SIGTERM', () => void app.server.close().then(() => process.exit(0)));
  await app.server.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
}

async function main() {
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const server = await startServer(schema, await freePort(), { LOG_LEVEL: 'error' });
  // After the main server, which migrated and seeded the schema: this file's `serve` variant.
  const baseline = await startServer(schema, await freePort(), { LOG_LEVEL: 'error' }, [
    fileURLToPath(import.meta.url),
    'serve',
  ]).catch(async (error: unknown) => {
    await stopServer(server);
    await dropSchema(schema);
    throw error;
  });
  const barePort = await freePort();
  const bare = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('./bare-server.ts', import.meta.url))],
    {
      env: { ...process.env, PORT: String(barePort) },
      stdio: 'inherit',
    },
  );
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`http://127.0.0.1:${barePort}/api/v1/ping`)).ok) break;
      } catch {}
      if (i > 300) throw new Error('bare server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
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
    const forgeBody = { pattern: '{adjective}-{noun}-{number:3d}', count: 1 };

    // Warm up both servers (JIT, compiled pattern, connection pool).
    await run('warm-up forge', `${server.url}/api/v1/gen/forge`, auth, forgeBody);
    await run('warm-up forge (baseline)', `${baseline.url}/api/v1/gen/forge`, auth, forgeBody);
    const bareRun = await run('bare Fastify route', `http://127.0.0.1:${barePort}/bare`, {}, {});
    // Without limits and statistics first, then with: a slow start cannot favour the limits.
    const forgeOff = await run(
      'forge count=1 (API key, limits and statistics off)',
      `${baseline.url}/api/v1/gen/forge`,
      auth,
      forgeBody,
    );
    const forgeUnmetered = await run(
      'forge count=1 (API key, plan without counters)',
      `${server.url}/api/v1/gen/forge`,
      unmetered,
      forgeBody,
    );
    const forge = await run('forge count=1 (API key)', `${server.url}/api/v1/gen/forge`, auth, forgeBody);
    const mint = await run('mint count=1000 (API key)', `${server.url}/api/v1/gen/mint`, auth, {
      series,
      count: 1000,
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
      limits_store: process.env.REDIS_URL ? 'redis' : 'memory',
      mint_slugs_per_s: mint.rps * 1000,
      forge_p50_ms: forge.p50,
      forge_p99_ms: forge.p99,
      bare_p99_ms: bareRun.p99,
      mint_p50_ms: mint.p50,
      mint_p99_ms: mint.p99,
      connections: CONNECTIONS,
      seconds: SECONDS,
    };
    console.log(JSON.stringify(summary));
  } finally {
    // Let requests autocannon left in flight finish before stopping.
    await new Promise((r) => setTimeout(r, 1000));
    bare.kill('SIGTERM');
    await stopServer(baseline);
    await stopServer(server);
    await dropSchema(schema);
  }
}

(process.argv[2] === 'serve' ? serve() : main()).catch((error) => {
  console.error(error);
  process.exit(1);
});
