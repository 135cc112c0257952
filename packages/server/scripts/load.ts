import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

/** Load runs of the HTTP benchmarks (autocannon on loopback), measured on both sides. */

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Server processes per compared variant (see bench-builds.ts for why more than one). */
export const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 3);
/**
 * Out of a benchmark's reach (a bench:http run makes a few million calls) and in the range of
 * real plans' limits: counts stay small integers, as a customer's are (1e12 made every remaining
 * count a heap number, ~180 ns to turn into header text instead of ~20).
 */
const HUGE = 1_000_000_000;
/** Every limit finite but out of reach: each call is counted as a customer's would be. */
export const METERED = {
  req_per_minute: HUGE,
  burst_req_per_minute: HUGE,
  max_forge_per_day: HUGE,
  max_forge_per_month: HUGE,
  max_mint_per_day: HUGE,
  max_mint_per_month: HUGE,
  max_pattern_components: 100,
  max_pattern_complexity: HUGE,
};

/** The benchmarks' call: `forge count=1`, the smallest generation answer (most per-call cost). */
export const FORGE_BODY = { pattern: '{adjective}-{noun}-{number:3d}', count: 1 };

/** A ratio of b to a as per cent fewer (requests/s) or more (CPU per request), one decimal. */
export const fewerPct = (ratio: number) => Number(((1 - ratio) * 100).toFixed(1));
export const morePct = (ratio: number) => Number(((ratio - 1) * 100).toFixed(1));

export interface Run {
  rps: number;
  /** The server process's CPU time (user + system) per request, µs. */
  cpuUs: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** The median of each measure over the rounds of one variant. */
export function medianRun(runs: Run[]): Run {
  const median = (pick: (r: Run) => number) => {
    const sorted = runs.map(pick).sort((a, b) => a - b);
    return sorted[sorted.length >> 1];
  };
  return {
    rps: median((r) => r.rps),
    cpuUs: median((r) => r.cpuUs),
    p50: median((r) => r.p50),
    p99: median((r) => r.p99),
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
    errors: runs.reduce((n, r) => n + r.errors, 0),
  };
}

/** CPU time of a process so far (user + system, ms), from /proc (Linux clock ticks of 10 ms). */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export interface Target {
  title: string;
  url: string;
  /** The server process (its CPU time is read from /proc). */
  pid: number;
  headers: Record<string, string>;
  body: unknown;
}

/** One autocannon run against `target`, as fast as the server answers (CONNECTIONS connections). */
export async function run(target: Target): Promise<Run> {
  const before = cpuMs(target.pid);
  const result = await autocannon({
    url: target.url,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...target.headers },
    body: JSON.stringify(target.body),
    connections: CONNECTIONS,
    duration: SECONDS,
  });
  const r = {
    rps: Math.round(result.requests.average),
    cpuUs: Math.round(((cpuMs(target.pid) - before) * 1000) / Math.max(1, result.requests.total)),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
  console.log(
    `${target.title}: ${r.rps} req/s, server CPU ${r.cpuUs} µs/request, p50 ${r.p50} ms, p99 ${r.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors}`,
  );
  return r;
}

/** What compareVariants measured: each variant's medians, and every run by round and process. */
export interface Comparison {
  medians: Run[];
  /** runs[variant][round][process] */
  runs: Run[][][];
}

/**
 * Compares variants, each loaded through one or more targets (processes): warms every target up
 * (JIT, compiled pattern, connection pool), then ROUNDS rounds loading each target in turn. The
 * targets are interleaved by process (the first process of every variant, then the second…) so
 * that the runs `pairedRatio` compares follow each other, and the order turns by one each round,
 * so that the VM's drift favours none.
 */
export async function compareVariants(variants: Target[][]): Promise<Comparison> {
  const all: { variant: number; slot: number; target: Target }[] = [];
  const most = Math.max(...variants.map((targets) => targets.length));
  for (let slot = 0; slot < most; slot++) {
    variants.forEach((targets, variant) => {
      if (slot < targets.length) all.push({ variant, slot, target: targets[slot] });
    });
  }
  for (const { target } of all) await run({ ...target, title: `warm-up ${target.title}` });
  const runs: Run[][][] = variants.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (const byRound of runs) byRound.push([]);
    for (let i = 0; i < all.length; i++) {
      const { variant, slot, target } = all[(round + i) % all.length];
      runs[variant][round][slot] = await run(target);
    }
  }
  return { medians: runs.map((byRound) => medianRun(byRound.flat())), runs };
}

/** A median with its distribution-free 95 % confidence interval. */
export interface Estimate {
  median: number;
  low: number;
  high: number;
}

/**
 * The median of `values` and its 95 % confidence interval from order statistics (k = (n −
 * 1.96·√n) / 2 values in from each end): no assumption on the shape of the noise.
 */
export function medianEstimate(values: number[]): Estimate {
  const sorted = [...values].sort((x, y) => x - y);
  const n = sorted.length;
  const mid = n >> 1;
  const k = Math.max(0, Math.floor((n - 1.96 * Math.sqrt(n)) / 2));
  return {
    median: n % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2,
    low: sorted[k],
    high: sorted[n - 1 - k],
  };
}

/**
 * The median over rounds and processes of `pick(b) / pick(a)`, each pair from runs made close
 * together (the same round and process number: compareVariants runs them in one group, one after
 * the other when a and b are neighbours in the variants' order). This VM's speed also drifts over
 * minutes, which such pairs cancel and a ratio of medians over all runs keeps; the run-to-run
 * noise (±20 % here) neither cancels, hence the interval (medianEstimate). Variants a and b need
 * as many processes.
 */
export function pairedRatio(
  comparison: Comparison,
  a: number,
  b: number,
  pick: (r: Run) => number,
): Estimate {
  return medianEstimate(
    comparison.runs[a].flatMap((byProcess, round) =>
      byProcess.map((run, slot) => pick(comparison.runs[b][round][slot]) / pick(run)),
    ),
  );
}

/**
 * `pick` of variant b's best run over variant a's best (best: the lowest `pick` over all rounds
 * and processes, e.g. CPU time per request; negate for requests/s). What the VM's neighbours do
 * only ever adds time, so each variant's best run is the one least disturbed: with enough runs,
 * the steadiest estimate of what the code itself costs (timeit's reasoning for its minimum).
 */
export function bestRatio(comparison: Comparison, a: number, b: number, pick: (r: Run) => number): number {
  const best = (variant: number) => Math.min(...comparison.runs[variant].flat().map(pick));
  return best(b) / best(a);
}
