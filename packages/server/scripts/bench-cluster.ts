/**
 * The measured multi-node setup: PostgreSQL and Redis (the machine's, on loopback), HAProxy in
 * front of N server processes (N = 1, 2, 3), the nodes reaching PostgreSQL and Redis through a
 * forwarder that delays them as a real network would (delaying-proxy.ts). Prints, per round trip to
 * the database and N: forge and mint requests/s, p99 and server CPU per request; the database
 * round trips one forge, mint and API-key check wait for; mint on one series against 16; and, with
 * every node up, a plan limit counted exactly across the nodes and a SIGKILLed node mid-run with
 * not one slug handed out twice.
 *
 *   npm run bench:cluster -w @slugsmith/server   (apt-get install haproxy)
 *   CLUSTER_NODES=1,2,3  CLUSTER_RTT_MS=2  BENCH_SECONDS=10  BENCH_CONNECTIONS=32
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { type Balancer, balancerMissing, startBalancer } from './cluster-haproxy.js';
import { DelayingProxy, RoundTrips } from './delaying-proxy.js';
import { CONNECTIONS, cpuMs, FORGE_BODY, METERED, SECONDS } from './load.js';
import {
  asStarted,
  databaseUrl,
  dropSchema,
  freePort,
  post,
  type ServerProcess,
  seedOrgAndKey,
  seriesCounter,
  startServer,
  stopServer,
} from './support.js';

const NODES = (process.env.CLUSTER_NODES ?? '1,2,3').split(',').map(Number);
const RTT_MS = Number(process.env.CLUSTER_RTT_MS ?? 2);
const SERIES = 16;
const LIMIT = 3000;

interface Load {
  rps: number;
  p99: number;
  cpuUs: number;
  /** Answers other than 2xx by status (`error`: no answer), e.g. `503×12`; empty when none. */
  failed: string;
}

/** autocannon through the balancer; `bodies` are cycled by every connection. */
async function load(
  url: string,
  path: string,
  apiKey: string,
  bodies: unknown[],
  nodes: ServerProcess[],
): Promise<Load> {
  const pids = nodes.map((n) => n.child.pid as number);
  const cpuBefore = pids.reduce((sum, pid) => sum + cpuMs(pid), 0);
  const result = await autocannon({
    url,
    // In a worker thread: this thread's event loop runs the delaying forwarders.
    workers: 1,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: bodies.map((body) => ({
      method: 'POST',
      path,
      headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
      body: JSON.stringify(body),
    })),
  });
  const cpu = pids.reduce((sum, pid) => sum + cpuMs(pid), 0) - cpuBefore;
  return {
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    cpuUs: Math.round((cpu * 1000) / Math.max(1, result.requests.total)),
    failed: [
      ...Object.entries(result.statusCodeStats ?? {})
        .filter(([status]) => !status.startsWith('2'))
        .map(([status, { count }]) => `${status}×${count}`),
      ...(result.errors > 0 ? [`error×${result.errors}`] : []),
    ].join(' '),
  };
}

/**
 * `count` requests one after another, as a lone client makes them: their mean latency (ms) and
 * the round trips to PostgreSQL and Redis they waited for, per request.
 */
async function serialLatency(
  url: string,
  path: string,
  apiKey: string,
  body: unknown,
  roundTrips: RoundTrips,
  count = 300,
): Promise<{ ms: number; roundTrips: number }> {
  for (let i = 0; i < 20; i++) await (await post(url + path, apiKey, body)).arrayBuffer();
  const rounds = roundTrips.count;
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const response = await post(url + path, apiKey, body);
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
  }
  return { ms: (performance.now() - started) / count, roundTrips: (roundTrips.count - rounds) / count };
}

async function createSeries(url: string, apiKey: string, name: string): Promise<string> {
  const response = await post(`${url}/api/v1/gen/series`, apiKey, {
    name,
    pattern: '{adjective}-{noun}-{number:6d}',
  });
  if (response.status !== 201) throw new Error(`series: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { slug: string }).slug;
}

/** Clients mint from one series until `until` settles; every slug handed out is returned. */
async function mintUntil(url: string, apiKey: string, series: string, until: Promise<unknown>, clients = 16) {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const slugs: string[] = [];
  let failed = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (!done) {
        try {
          const response = await post(`${url}/api/v1/gen/mint`, apiKey, { series, count: 25 });
          if (response.ok) slugs.push(...((await response.json()) as string[]));
          else {
            failed++;
            await response.arrayBuffer();
          }
        } catch {
          failed++;
        }
      }
    }),
  );
  return { slugs, failed };
}

/** Clients mint one slug at a time until the plan refuses; the slugs granted in all. */
async function mintToLimit(url: string, apiKey: string, series: string, clients = 32): Promise<number> {
  let granted = 0;
  let refused = false;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (!refused) {
        const response = await post(`${url}/api/v1/gen/mint`, apiKey, { series, count: 1 });
        await response.arrayBuffer();
        if (response.status === 200) granted++;
        else if (response.status === 429) refused = true;
        else throw new Error(`mint to the limit: ${response.status}`);
      }
    }),
  );
  return granted;
}

const pad = (value: string | number, width: number) => String(value).padStart(width);

/** The round trip a lone `SELECT 1` takes through `url` (ms): what the delay really adds. */
async function measuredRtt(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (let i = 0; i < 10; i++) await client.query('SELECT 1');
    const started = performance.now();
    for (let i = 0; i < 100; i++) await client.query('SELECT 1');
    return (performance.now() - started) / 100;
  } finally {
    await client.end();
  }
}

/** The nodes' PostgreSQL and Redis: the delaying forwarders in front of the machine's. */
async function delayedServices() {
  const db = new URL(databaseUrl);
  const redis = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const roundTrips = new RoundTrips();
  const proxies = [db, redis].map(
    (url) =>
      new DelayingProxy(
        { host: url.hostname, port: Number(url.port || (url === db ? 5432 : 6379)) },
        roundTrips,
      ),
  );
  [db.hostname, redis.hostname] = ['127.0.0.1', '127.0.0.1'];
  [db.port, redis.port] = (await Promise.all(proxies.map((p) => p.start()))).map(String);
  return {
    // Behind HAProxy, as a production node would be.
    env: { DATABASE_URL: db.toString(), REDIS_URL: redis.toString(), TRUST_PROXY: 'true' },
    databaseUrl: db.toString(),
    roundTrips,
    setRtt: (ms: number) => {
      for (const proxy of proxies) proxy.setRtt(ms);
    },
    stop: () => Promise.all(proxies.map((p) => p.stop())),
  };
}

async function main() {
  const missing = balancerMissing();
  if (missing) {
    console.error(`bench:cluster: ${missing}`);
    process.exit(1);
  }
  const schema = `cluster_${randomBytes(4).toString('hex')}`;
  const dir = await mkdtemp(join(tmpdir(), 'slugsmith-cluster-'));
  const most = Math.max(...NODES);
  const services = await delayedServices();
  const nodes: ServerProcess[] = [];
  let balancer: Balancer | undefined;
  const balance = async (active: ServerProcess[]) => {
    await balancer?.stop();
    balancer = await startBalancer(
      join(dir, 'haproxy.cfg'),
      balancerPort,
      active.map((node) => node.port),
    );
    return balancer.url;
  };
  const balancerPort = await freePort();
  try {
    // The first node migrates the new schema; the others start on it.
    for (let i = 0; i < most; i++)
      nodes.push(await startServer(schema, await freePort(), services.env, asStarted()));
    const { apiKey } = await seedOrgAndKey(schema, METERED);
    const { apiKey: limitedKey } = await seedOrgAndKey(schema, { ...METERED, max_mint_per_day: LIMIT });
    const series = [];
    for (let i = 0; i < SERIES; i++)
      series.push(await createSeries(nodes[0].url, apiKey, `Cluster ${i + 1}`));
    const limitedSeries = await createSeries(nodes[0].url, limitedKey, 'Limited');
    const bodies = series.map((s) => ({ series: s, count: 1 }));

    console.log(
      `bench:cluster: ${SECONDS} s per run, ${CONNECTIONS} connections through HAProxy; ` +
        `mint: 1 slug per request; 16 series: the same spread over ${SERIES} series`,
    );
    console.log(
      `${pad('db rtt', 7)} ${pad('nodes', 5)} | ${pad('forge/s', 8)} ${pad('p99', 5)} ${pad('µs CPU', 6)} | ` +
        `${pad('mint/s', 7)} ${pad('p99', 5)} ${pad('µs CPU', 6)} | ${pad('16 series', 9)} ${pad('p99', 5)} | failed`,
    );
    const latency: Record<string, { ms: number; roundTrips: number }[]> = {
      forge: [],
      mint: [],
      'key check': [],
    };
    const rtts: number[] = [];
    for (const rtt of [0, RTT_MS]) {
      services.setRtt(rtt);
      rtts.push(await measuredRtt(services.databaseUrl));
      for (const n of NODES) {
        const active = nodes.slice(0, n);
        const url = await balance(active);
        await load(url, '/api/v1/gen/forge', apiKey, [FORGE_BODY], active); // warm-up
        const forge = await load(url, '/api/v1/gen/forge', apiKey, [FORGE_BODY], active);
        const mint = await load(url, '/api/v1/gen/mint', apiKey, [bodies[0]], active);
        const spread = await load(url, '/api/v1/gen/mint', apiKey, bodies, active);
        console.log(
          `${pad(`${rtts.at(-1)?.toFixed(2)} ms`, 7)} ${pad(n, 5)} | ${pad(forge.rps, 8)} ${pad(forge.p99, 5)} ` +
            `${pad(forge.cpuUs, 6)} | ${pad(mint.rps, 7)} ${pad(mint.p99, 5)} ${pad(mint.cpuUs, 6)} | ` +
            `${pad(spread.rps, 9)} ${pad(spread.p99, 5)} | ${[forge.failed, mint.failed, spread.failed].join(' ').trim() || 0}`,
        );
        if (n === NODES[0]) {
          const { roundTrips } = services;
          latency.forge.push(await serialLatency(url, '/api/v1/gen/forge', apiKey, FORGE_BODY, roundTrips));
          latency.mint.push(await serialLatency(url, '/api/v1/gen/mint', apiKey, bodies[1], roundTrips));
          latency['key check'].push(await serialLatency(url, '/api/v1/key-info', apiKey, {}, roundTrips));
        }
      }
    }

    const added = rtts[1] - rtts[0];
    console.log(
      `\na lone request, after warm-up: its mean latency without and with ${added.toFixed(2)} ms more per ` +
        'round trip, and the round trips to PostgreSQL and Redis it waited for (counted at the forwarders, ' +
        "the nodes' background work included):",
    );
    for (const [what, [without, withDelay]] of Object.entries(latency)) {
      console.log(
        `  ${what.padEnd(9)} ${without.ms.toFixed(2)} → ${withDelay.ms.toFixed(2)} ms: ` +
          `${withDelay.roundTrips.toFixed(2)} round trips`,
      );
    }

    services.setRtt(0);
    const url = await balance(nodes);
    const granted = await mintToLimit(url, limitedKey, limitedSeries);
    // Refused mints that had reserved beside the plan's answer gave their positions back, unless
    // another mint followed: those stay unused (a gap, no slug lost or repeated).
    const gaps = (await seriesCounter(schema, limitedSeries)) - BigInt(granted);
    console.log(
      `\na plan limit of ${LIMIT} mints a day, asked by 32 clients through ${nodes.length} nodes (one Redis): ` +
        `${granted} granted${granted === LIMIT ? ' (exact)' : ' (NOT exact)'}, ${gaps} series positions left unused`,
    );
    const victim = nodes[nodes.length - 1];
    const halfway = () => new Promise<void>((resolve) => setTimeout(resolve, (SECONDS * 1000) / 2));
    const run = await mintUntil(
      url,
      apiKey,
      series[2],
      halfway().then(async () => {
        await stopServer(victim, 'SIGKILL');
        await halfway();
      }),
    );
    const duplicates = run.slugs.length - new Set(run.slugs).size;
    console.log(
      `node ${nodes.length} killed (SIGKILL) halfway through ${SECONDS} s of minting by 16 clients: ` +
        `${run.slugs.length} slugs, ${duplicates} handed out twice, ${run.failed} requests failed`,
    );
    if (duplicates > 0 || granted !== LIMIT) process.exitCode = 1;
  } finally {
    await balancer?.stop();
    for (const node of nodes) await stopServer(node);
    await services.stop();
    await dropSchema(schema);
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
