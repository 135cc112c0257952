/**
 * Memory benchmark of the server on its embedded default (PGlite) and on PostgreSQL: RSS, V8
 * heap, external and arrayBuffers at rest after start, at rest after a warm-up, and during a
 * mixed soak (forge, mint, pattern-info through autocannon), side by side for the two modes and
 * with the targets next to them. The last line is one JSON object.
 *
 * Each mode runs the server as `npm start` does (the `slugsmith-server` bin, which applies the
 * server's Node defaults itself; the npm script builds it first), with scripts/memory-probe.mjs
 * loaded to report process.memoryUsage(). Each start's peak is read from /proc while it starts and
 * rests (scripts/start-memory.ts: VmHWM of each image the server re-executes itself through) and
 * printed with what came before it: PGlite's data directory new, shut down cleanly or not.
 * PGlite: a new data directory is created by a first start (the image that prepares the directory,
 * then the one that serves), the server is stopped (SIGTERM), an organisation and API key are
 * written into the directory, and the measured server is the second start, as every start but the
 * first is. After the soak the server is SIGKILLed and started again (crash recovery replays the
 * log written since the last checkpoint), then stopped with SIGTERM and started once more as
 * `node dist/main.js` with no flag (as a container or process manager would), each measured at
 * rest. PostgreSQL: the measured start, then after the soak the SIGTERM and `node dist/main.js`.
 *
 *   npm run bench:memory -w @slugsmith/server
 *     BENCH_MODES=pglite,postgres  BENCH_IDLE_SECONDS=10  BENCH_WARMUP_SECONDS=20
 *     BENCH_SOAK_SECONDS=120  BENCH_CONNECTIONS=32  DATABASE_URL (PostgreSQL mode)
 *     BENCH_NODE_FLAGS="--max-semi-space-size=0 …": Node flags given to the bin (a flag given wins over its default)
 *     BENCH_FROM_SOURCE=1: run src/main.ts through tsx (no build; tsx adds its own memory)
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import { isInitialised } from '../src/db/connect.js';
import { readPgliteControl } from '../src/db/pglite-control.js';
import { missingDefaultFlags } from '../src/node-defaults.js';
import { CONNECTIONS, FORGE_BODY, METERED } from './load.js';
import { type StartMemory, watchStartMemory } from './start-memory.js';
import {
  dropSchema,
  freePort,
  post,
  type ServerProcess,
  seedOrgAndKey,
  seedOrgAndKeyWith,
  startServer,
  stopServer,
} from './support.js';

const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 20);
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 120);
const MODES = (process.env.BENCH_MODES ?? 'pglite,postgres').split(',') as Mode[];
const FROM_SOURCE = process.env.BENCH_FROM_SOURCE === '1';
/**
 * Node flags given to the bin, to compare settings: a flag given replaces the server's default,
 * so `--max-semi-space-size=0 --max-old-space-size=0` measures V8's own sizing.
 */
const NODE_FLAGS = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);

/** What a self-hoster's 1 GB machine can spare for the server, MB of RSS. */
const TARGET_IDLE_MB = 250;
const TARGET_LOAD_MB = 350;

type Mode = 'pglite' | 'postgres';

/** process.memoryUsage() of the server, MB. */
interface Sample {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
}

/** One start of the server: what came before it, its peak until at rest, and at rest. */
interface Start extends StartMemory {
  what: string;
  /** PGlite: the data directory it opened (new, shut down cleanly, or left by a killed process). */
  dataDir: string;
  idle: Sample;
}

interface ModeResult {
  /** PGlite only: the first start, which created the data directory. */
  firstStart?: Start;
  /** The measured start: PGlite's restart after a SIGTERM, PostgreSQL's start. */
  start: Start;
  warm: Sample;
  soak: { min: Sample; median: Sample; max: Sample; peakRssMb: number; requests: number; failed: number };
  /** PGlite only: started again after a SIGKILL that ended the soak. */
  crashRestart?: Start;
  /** `node dist/main.js` without flags, after a SIGTERM. */
  plain: Start;
}

const MB = 1024 * 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The probe's latest figures, written after `since` (ms epoch). */
async function probe(file: string, since = 0): Promise<Sample> {
  for (;;) {
    const raw = await readFile(file, 'utf8').catch(() => '');
    const m = raw ? (JSON.parse(raw) as Record<string, number>) : undefined;
    if (m && m.at > since) {
      const mb = (n: number) => Math.round(n / MB);
      return {
        rss: mb(m.rss),
        heapUsed: mb(m.heapUsed),
        heapTotal: mb(m.heapTotal),
        external: mb(m.external),
        arrayBuffers: mb(m.arrayBuffers),
      };
    }
    await sleep(100);
  }
}

/** Waits `seconds` with the server at rest, then reads it. */
async function atRest(file: string, seconds: number): Promise<Sample> {
  await sleep(seconds * 1000);
  return probe(file, Date.now());
}

/** The highest RSS the serving image has had (VmHWM), MB. */
async function peakRss(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1]) / 1024);
}

/** The three calls of the soak, in turn on every connection. */
function mixedRequests(series: string) {
  const json = (path: string, body: unknown) => ({
    method: 'POST' as const,
    path: `/api/v1/gen/${path}`,
    body: JSON.stringify(body),
  });
  return [
    json('forge', FORGE_BODY),
    json('mint', { series, count: 10 }),
    json('pattern-info', { pattern: '{adjective}-{noun}-{number:4d}' }),
  ];
}

/** Mixed load for `seconds`; samples the probe every second. */
async function load(server: ServerProcess, file: string, apiKey: string, series: string, seconds: number) {
  const samples: Sample[] = [];
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      samples.push(await probe(file, Date.now()));
      await sleep(1000);
    }
  })();
  const result = await autocannon({
    url: server.url,
    headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
    requests: mixedRequests(series),
    connections: CONNECTIONS,
    duration: seconds,
  });
  sampling = false;
  await sampler;
  return { samples, requests: result.requests.total, failed: result.non2xx + result.errors };
}

function summarise(samples: Sample[]) {
  const sorted = [...samples].sort((a, b) => a.rss - b.rss);
  return { min: sorted[0], median: sorted[sorted.length >> 1], max: sorted[sorted.length - 1] };
}

const PROBE = ['--import', './scripts/memory-probe.mjs'];

/** Node arguments of the measured server: `npm start`'s (the bin), with the probe loaded. */
function serverArgs(): string[] {
  return FROM_SOURCE
    ? [...NODE_FLAGS, '--conditions=source', '--import', 'tsx', ...PROBE, 'src/main.ts']
    : [...NODE_FLAGS, ...PROBE, 'bin/slugsmith-server.js'];
}

/** What a start finds in the data directory: its state in words. */
async function describeDataDir(dataDir: string): Promise<string> {
  if (!isInitialised(dataDir)) return 'new data directory';
  const control = await readPgliteControl(dataDir);
  return control.clean
    ? 'data directory shut down cleanly'
    : `data directory ${control.state}: crash recovery`;
}

async function measure(mode: Mode): Promise<ModeResult> {
  const dir = await mkdtemp(join(tmpdir(), 'slugsmith-memory-'));
  const file = join(dir, 'probe.json');
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const env = {
    MEMORY_PROBE_FILE: file,
    LOG_LEVEL: 'error',
    // autocannon keeps sending on a connection the server asked to close (`Connection: close`
    // after MAX_REQUESTS_PER_SOCKET requests), and Node answers each request after that 503: on
    // PostgreSQL the soak reached 1,000 requests per connection and 92 % of its calls failed so.
    MAX_REQUESTS_PER_SOCKET: '0',
    // PGlite: no DATABASE_URL (the embedded default), its data in the temporary directory.
    ...(mode === 'pglite' ? { DATABASE_URL: '', DATA_DIR: join(dir, 'data') } : {}),
  };
  const dataDir = join(dir, 'data');
  // The running server, stopped in `finally` whatever failed.
  let server: ServerProcess | undefined;
  /** Starts the server with `args` and waits until it is at rest, watching its memory throughout. */
  const start = async (what: string, args = serverArgs()): Promise<[Start, ServerProcess]> => {
    const before = mode === 'pglite' ? await describeDataDir(dataDir) : 'PostgreSQL';
    let watch: ReturnType<typeof watchStartMemory> | undefined;
    server = await startServer(schema, await freePort(), env, args, (child) => {
      watch = watchStartMemory(child.pid as number);
    });
    const idle = await atRest(file, IDLE_SECONDS);
    const memory = await (watch as NonNullable<typeof watch>).stop();
    return [{ what, dataDir: before, idle, ...memory }, server];
  };
  try {
    let firstStart: Start | undefined;
    let measured: Start;
    let running: ServerProcess;
    let apiKey: string;
    if (mode === 'pglite') {
      [firstStart, running] = await start('first start');
      await stopServer(running);
      // The data directory is the server's alone while it runs: the key is written in between.
      const pglite = await PGlite.create(dataDir);
      ({ apiKey } = await seedOrgAndKeyWith(
        async (sql, params) => (await pglite.query(sql, params)).rows as Record<string, unknown>[],
        METERED,
      ));
      await pglite.close();
      [measured, running] = await start('restart after SIGTERM');
    } else {
      [measured, running] = await start('start');
      ({ apiKey } = await seedOrgAndKey(schema, METERED));
    }
    const created = await post(`${running.url}/api/v1/gen/series`, apiKey, {
      name: 'Memory',
      pattern: '{adjective}-{noun}-{number:4d}',
    });
    if (!created.ok) throw new Error(`creating a series answered ${created.status}: ${await created.text()}`);
    const series = ((await created.json()) as { slug: string }).slug;
    await load(running, file, apiKey, series, WARMUP_SECONDS);
    const warm = await atRest(file, IDLE_SECONDS);
    const soak = await load(running, file, apiKey, series, SOAK_SECONDS);
    const peakRssMb = await peakRss(running.child.pid as number);
    let crashRestart: Start | undefined;
    if (mode === 'pglite') {
      await stopServer(running, 'SIGKILL');
      [crashRestart, running] = await start('restart after SIGKILL');
    }
    await stopServer(running);
    const [plain] = await start('node dist/main.js after SIGTERM', [...PROBE, 'dist/main.js']);
    return {
      firstStart,
      start: measured,
      crashRestart,
      plain,
      warm,
      soak: {
        ...summarise(soak.samples),
        peakRssMb,
        requests: soak.requests,
        failed: soak.failed,
      },
    };
  } finally {
    if (server) await stopServer(server);
    if (mode === 'postgres') await dropSchema(schema);
    await rm(dir, { recursive: true, force: true });
  }
}

/** One row of the table: each mode's figures, RSS with its target. */
function row(
  label: string,
  target: number | undefined,
  pick: (r: ModeResult) => Sample | undefined,
  results: Map<Mode, ModeResult>,
) {
  const cells = MODES.map((mode) => {
    const s = pick(results.get(mode) as ModeResult);
    if (!s) return '—'.padEnd(44);
    const rss = target ? `${s.rss} (≤ ${target}${s.rss <= target ? ' ✓' : ' ✗'})` : String(s.rss);
    return `${rss.padEnd(16)}${String(s.heapUsed).padStart(6)}${String(s.external).padStart(10)}${String(s.arrayBuffers).padStart(12)}`.padEnd(
      44,
    );
  });
  return `${label.padEnd(28)}${cells.join('  ')}`;
}

/** A peak with the at-rest target, which a start must not pass either. */
function withTarget(mb: number): string {
  return `${mb} MB (≤ ${TARGET_IDLE_MB}${mb <= TARGET_IDLE_MB ? ' ✓' : ' ✗'})`;
}

/** A mode's starts in the order they ran. */
function starts(r: ModeResult): Start[] {
  return [r.firstStart, r.start, r.crashRestart, r.plain].filter((start) => start !== undefined);
}

async function main() {
  const results = new Map<Mode, ModeResult>();
  for (const mode of MODES) {
    console.log(`measuring ${mode}…`);
    results.set(mode, await measure(mode));
  }
  const header = MODES.map(
    (m) => `${(m === 'pglite' ? 'PGlite (embedded default)' : 'PostgreSQL').padEnd(44)}`,
  ).join('  ');
  const columns = MODES.map(() =>
    `${'RSS (target)'.padEnd(16)}${'heap'.padStart(6)}${'external'.padStart(10)}${'arrayBuf'.padStart(12)}`.padEnd(
      44,
    ),
  ).join('  ');
  console.log(`\nMB${' '.repeat(26)}${header}`);
  console.log(`${' '.repeat(28)}${columns}`);
  console.log(row('first start (new data dir)', TARGET_IDLE_MB, (r) => r.firstStart?.idle, results));
  console.log(row('idle after start', TARGET_IDLE_MB, (r) => r.start.idle, results));
  console.log(row('idle after SIGKILL restart', TARGET_IDLE_MB, (r) => r.crashRestart?.idle, results));
  console.log(row('idle, node dist/main.js', TARGET_IDLE_MB, (r) => r.plain.idle, results));
  console.log(row('idle after warm-up', TARGET_LOAD_MB, (r) => r.warm, results));
  console.log(row('soak: lowest RSS', TARGET_LOAD_MB, (r) => r.soak.min, results));
  console.log(row('soak: median RSS', TARGET_LOAD_MB, (r) => r.soak.median, results));
  console.log(row('soak: highest RSS', TARGET_LOAD_MB, (r) => r.soak.max, results));
  for (const mode of MODES) {
    const result = results.get(mode) as ModeResult;
    const { soak } = result;
    console.log(`${mode}: peak RSS of each start until at rest (VmHWM of each image, from /proc):`);
    for (const start of starts(result)) {
      console.log(
        `  ${`${start.what} (${start.dataDir})`.padEnd(70)} ${withTarget(start.peakMb)}; images ${start.imagesMb.join(' → ')}`,
      );
    }
    console.log(
      `${mode}: peak RSS over the process's life ${soak.peakRssMb} MB; soak ${soak.requests} requests, ${soak.failed} failed`,
    );
  }
  const summary = Object.fromEntries(
    [...results].map(([mode, r]) => [
      mode,
      {
        first_start_rss_mb: r.firstStart?.idle.rss,
        first_start_peak_rss_mb: r.firstStart?.peakMb,
        idle: r.start.idle,
        idle_plain_main: r.plain.idle,
        start_peak_rss_mb: r.start.peakMb,
        starts: starts(r).map((start) => ({
          start: start.what,
          data_dir: start.dataDir,
          images_peak_mb: start.imagesMb,
          peak_mb: start.peakMb,
          idle_rss_mb: start.idle.rss,
        })),
        warm: r.warm,
        soak_min: r.soak.min,
        soak_median: r.soak.median,
        soak_max: r.soak.max,
        peak_rss_mb: r.soak.peakRssMb,
        soak_requests: r.soak.requests,
        soak_failed: r.soak.failed,
      },
    ]),
  );
  console.log(
    JSON.stringify({
      ...summary,
      target_idle_mb: TARGET_IDLE_MB,
      target_load_mb: TARGET_LOAD_MB,
      idle_seconds: IDLE_SECONDS,
      warmup_seconds: WARMUP_SECONDS,
      soak_seconds: SOAK_SECONDS,
      connections: CONNECTIONS,
      from_source: FROM_SOURCE,
      node_flags: [...NODE_FLAGS, ...(FROM_SOURCE ? [] : missingDefaultFlags(NODE_FLAGS))].join(' '),
    }),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
