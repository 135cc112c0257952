/**
 * Two server variants loaded at the same time, each with its own wrk on its own CPU (server and
 * wrk pinned together with taskset), `forge count=1` with an API key on a plan with every counter
 * active; the variants swap CPUs every round. The last line is one JSON object: the median over
 * rounds of b's requests/s over a's (`rps_ratio`), its 95 % confidence interval, and the cost of b
 * against a in % (`cost_pct`, `cost_pct_95`), the same in server CPU per request.
 *
 * Why this and not bench:http for a difference of a few per cent: bench:http loads one server
 * after the other with autocannon, which parses answers in JavaScript on the same two cores, so
 * the client's work is part of what it measures (the four rate-limit headers alone cost ~8 % there
 * and nothing measurable here), and the VM's speed changes between the runs it compares (±20 %
 * from run to run on this VM). Here both variants meet the same moment of the VM, wrk's parser is
 * native, and swapping CPUs cancels a CPU that is slower than the other; the rounds are shared
 * among several pairs of fresh processes, since one process of a build can stay a few per cent
 * faster than the next for its whole life (an A/A run on one pair: 3.7 % apart over 40 rounds).
 * Needs `wrk` (`apt-get install wrk`) and two CPUs.
 *
 *   npm run bench:pair -w @slugsmith/server                    (a: limits and statistics off, b: on)
 *   npx tsx scripts/bench-pair.ts dist-before dist             (builds or dist:switches, as bench-builds)
 *   BENCH_ROUNDS (default 40, shared among BENCH_PROCESSES pairs of fresh processes, default 4),
 *   BENCH_SECONDS (default 3), BENCH_CONNECTIONS (per server, default 32)
 */
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { cpuMs, FORGE_BODY, fewerPct, METERED, medianEstimate, morePct } from './load.js';
import {
  asStarted,
  dropSchema,
  freePort,
  type ServerProcess,
  seedOrgAndKey,
  startServer,
  stopServer,
  variantArgs,
} from './support.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const execFileAsync = promisify(execFile);

interface Load {
  rps: number;
  cpuUs: number;
  non2xx: number;
}

/** wrk's request: a Lua script is its only way to POST a body with headers. */
function wrkScript(dir: string, apiKey: string): string {
  const file = join(dir, 'forge.lua');
  writeFileSync(
    file,
    [
      'wrk.method = "POST"',
      `wrk.body = '${JSON.stringify(FORGE_BODY)}'`,
      'wrk.headers["content-type"] = "application/json"',
      `wrk.headers["x-api-key"] = "${apiKey}"`,
    ].join('\n'),
  );
  return file;
}

/** Loads `server` from wrk on `cpu` (the server moved there first) for SECONDS. */
async function load(server: ServerProcess, cpu: number, script: string): Promise<Load> {
  const pid = server.child.pid as number;
  execFileSync('taskset', ['--all-tasks', '--pid', '--cpu-list', String(cpu), String(pid)], {
    stdio: 'ignore',
  });
  const before = cpuMs(pid);
  const { stdout } = await execFileAsync('taskset', [
    '--cpu-list',
    String(cpu),
    'wrk',
    '--threads=1',
    `--connections=${CONNECTIONS}`,
    `--duration=${SECONDS}s`,
    `--script=${script}`,
    `${server.url}/api/v1/gen/forge`,
  ]);
  const requests = Number(/(\d+) requests in/.exec(stdout)?.[1]);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1]);
  if (!requests || !rps) throw new Error(`unexpected wrk output:\n${stdout}`);
  return {
    rps: Math.round(rps),
    cpuUs: Math.round(((cpuMs(pid) - before) * 1000) / requests),
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(stdout)?.[1] ?? 0),
  };
}

async function main([a = 'dist:no-limits,no-stats', b = 'dist'] = []) {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
  } catch (error) {
    // wrk --version exits with 1 after printing its version; only a missing binary is fatal.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new Error('bench:pair needs wrk: apt-get install wrk');
  }
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const dir = mkdtempSync(join(tmpdir(), 'bench-pair-'));
  let servers: ServerProcess[] = [];
  try {
    let script = '';
    const rpsRatios: number[] = [];
    const cpuRatios: number[] = [];
    let non2xx = 0;
    for (let pair = 0; pair < PROCESSES; pair++) {
      // Fresh processes for each share of the rounds: a process keeps what V8 made of it for
      // its whole life (±5 % from one process of a build to the next), which rounds cannot average.
      // The first pair migrates and seeds the schema; later pairs start in turn b first.
      const specs = pair % 2 === 0 ? [a, b] : [b, a];
      const started: ServerProcess[] = [];
      for (const spec of specs) {
        const args = asStarted('scripts/variant-server.mjs', ...variantArgs(spec));
        started.push(await startServer(schema, await freePort(), { LOG_LEVEL: 'error' }, args));
      }
      servers = pair % 2 === 0 ? started : started.reverse();
      script ||= wrkScript(dir, (await seedOrgAndKey(schema, METERED)).apiKey);
      const rounds = Math.ceil(ROUNDS / PROCESSES);
      // Round 0 warms both up (JIT, compiled pattern, caches) and is not counted.
      for (let round = 0; round <= rounds; round++) {
        const cpus = round % 2 === 0 ? [0, 1] : [1, 0];
        const [ra, rb] = await Promise.all(servers.map((s, i) => load(s, cpus[i], script)));
        console.log(
          `processes ${pair + 1}, ${round === 0 ? 'warm-up' : `round ${round}`}: ` +
            `${a} ${ra.rps} req/s ${ra.cpuUs} µs (cpu ${cpus[0]}) | ` +
            `${b} ${rb.rps} req/s ${rb.cpuUs} µs (cpu ${cpus[1]}) | ratio ${(rb.rps / ra.rps).toFixed(3)}`,
        );
        if (round === 0) continue;
        rpsRatios.push(rb.rps / ra.rps);
        cpuRatios.push(rb.cpuUs / ra.cpuUs);
        non2xx += ra.non2xx + rb.non2xx;
      }
      for (const s of servers) await stopServer(s);
      servers = [];
    }
    if (non2xx) console.log(`WARNING: ${non2xx} answers were not 2xx`);
    const rps = medianEstimate(rpsRatios);
    const cpu = medianEstimate(cpuRatios);
    console.log(
      JSON.stringify({
        a,
        b,
        rps_ratio: Number(rps.median.toFixed(3)),
        rps_ratio_95: [Number(rps.low.toFixed(3)), Number(rps.high.toFixed(3))],
        // Fewer requests/s with b than with a, in %.
        cost_pct: fewerPct(rps.median),
        cost_pct_95: [fewerPct(rps.high), fewerPct(rps.low)],
        // More server CPU per request with b, in %.
        cpu_cost_pct: morePct(cpu.median),
        cpu_cost_pct_95: [morePct(cpu.low), morePct(cpu.high)],
        rounds: rpsRatios.length,
        processes: PROCESSES,
        seconds: SECONDS,
        connections: CONNECTIONS,
      }),
    );
  } finally {
    for (const s of servers) await stopServer(s);
    await dropSchema(schema);
    rmSync(dir, { recursive: true, force: true });
  }
}

main(process.argv.slice(2)).catch((error) => {
  console.error(error);
  process.exit(1);
});
