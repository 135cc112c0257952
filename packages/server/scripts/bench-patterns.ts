/**
 * How long the worst patterns we can write hold the event loop. Two parts:
 *
 * 1. In this process: each pattern is compiled on a fresh generator, prepared as the server
 *    prepares it when it loads a bundle (no pattern cached: the worst case), and then on the same
 *    generator with other literal text in front, as an attacker would write it to miss the cache.
 *    Prints the worst time of a whole compile per pattern (what one request held the loop for when
 *    the server compiled in one go) and of the longest step of a stepwise compile (what it holds
 *    the loop for now: the server runs the steps between other requests); the target is 50 ms.
 * 2. Against the real server (from source, PostgreSQL, an API key on a plan without pattern
 *    limits): 20 clients post these patterns to `/gen/pattern-info` and `/gen/forge` without
 *    pause, each request written differently, while one more client pings `/ping` in a loop.
 *    Prints the /ping latencies (p50, p99, max; the target for p99 is 50 ms) and the statuses,
 *    first for a pattern that costs nothing to compile: the floor of the machine at that load.
 *
 *   npm run bench:patterns -w @slugsmith/server    (DATABASE_URL or TEST_DATABASE_URL;
 *                                                   BENCH_SECONDS per pattern, default 3;
 *                                                   BENCH_ONLY: only the patterns whose title
 *                                                   contains this text)
 */
import { randomBytes } from 'node:crypto';
import { currentBundleId, loadBundle } from '@slugsmith/dictionaries';
import { Generator, LIMITS } from '@slugsmith/generator';
import { dropSchema, freePort, seedOrgAndKey, startServer, stopServer } from './support.js';

const MAX_PATTERN = 1024;
const CLIENTS = 20;
/** The most slugs one forge may ask for (the server's maximum per request). */
const MAX_FORGE = 10_000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const TARGET_MS = 50;

/** `part(i)` repeated while the pattern stays within the maximum length (`room` left free). */
function fill(part: (i: number) => string, room = 0, tail = ''): string {
  let out = '';
  for (let i = 0; ; i++) {
    const next = part(i);
    if (out.length + next.length + tail.length + room > MAX_PATTERN) return out + tail;
    out += next;
  }
}

const OPS = ['<', '<=', '>', '>=', '!='] as const;
const KINDS = ['noun', 'adjective', 'verb', 'adverb'] as const;
const CASINGS = [
  (k: string) => k,
  (k: string) => k.toUpperCase(),
  (k: string) => k[0].toUpperCase() + k.slice(1),
  (k: string) => `${k[0]}${k.slice(1).toUpperCase()}`,
];
/** A size limit that keeps (almost) every word, different for each i. */
const wide = (i: number) =>
  `${OPS[i % OPS.length]}${OPS[i % OPS.length].startsWith('<') ? 40 + (i % 200) : i % 3}`;

/** Room left for the literal text that makes each request's pattern different. */
const ROOM = 8;

/** A pattern, or one written anew for each request `n` (so that nothing of it is cached). */
type Written = string | ((n: number) => string);

const ALL_PATTERNS: Record<string, Written> = {
  'title nouns run together': fill(() => '{Noun}', ROOM),
  'lower-case nouns': fill(() => '{noun}-', ROOM),
  'mixed-case nouns': fill(() => '{nOuN}-', ROOM),
  'mixed-case nouns run together (refused)': fill(() => '{nOuN}', ROOM),
  'distinct size limits': fill((i) => `{noun:${wide(i)}}-`, ROOM),
  'distinct kinds, casings, limits': fill(
    (i) => `{${CASINGS[i % 4](KINDS[(i >> 2) % 4])}:${wide(i)}}-`,
    ROOM,
  ),
  'new distinct placeholders every request': (n) =>
    fill((i) => `{${CASINGS[(i + n) % 4]('noun')}:${i % 2 ? '<' : '<='}${20 + ((i * 7 + n * 13) % 200)}}-`),
  'distinct limits, refused at the end': fill((i) => `{nOuN:${wide(i)}}-`, ROOM, '{noun:+nosuchtag}'),
  'word lists checked for collisions': fill((i) => (i % 2 ? '-{adverb}{verb}' : '-{adjective}{noun}'), ROOM),
  'global size limit over every placeholder': fill(() => '{noun}-', ROOM + 6, '[!=255]'),
  'emoji sequences': fill(() => `{emoji count=1-${LIMITS.emojiCount} unique=true}`, ROOM),
  'specials and numbers': fill(
    (i) => (i % 2 ? `{special:0-${LIMITS.specialLength}}` : `{number:${LIMITS.decDigits}d}`),
    ROOM,
  ),
};

const PATTERNS = Object.fromEntries(
  Object.entries(ALL_PATTERNS).filter(([title]) => title.includes(process.env.BENCH_ONLY ?? '')),
);

/** The pattern of request `n`: written anew, or with other literal text (other canonical text). */
function variant(pattern: Written, n: number): string {
  return typeof pattern === 'function' ? pattern(n) : `~${n.toString(36)}${pattern}`;
}

function compileMs(gen: Generator, pattern: string): { ms: number; outcome: string } {
  const t = performance.now();
  let outcome = 'ok';
  try {
    gen.compile(pattern);
  } catch (error) {
    outcome = (error as Error).message.slice(0, 60);
  }
  return { ms: performance.now() - t, outcome };
}

/** The longest step of a stepwise compile, as the server runs it. */
function longestStepMs(gen: Generator, pattern: string): number {
  let longest = 0;
  const steps = gen.compileStepwise(pattern);
  for (let done = false; !done; ) {
    const t = performance.now();
    try {
      done = steps.next().done === true;
    } catch {
      done = true;
    }
    longest = Math.max(longest, performance.now() - t);
  }
  return longest;
}

function compileTimes(): { whole: number; step: number } {
  const bundle = loadBundle(currentBundleId);
  const t = performance.now();
  new Generator(bundle).prepare();
  console.log(`preparing a generator (once per bundle, at start): ${(performance.now() - t).toFixed(1)} ms`);
  console.log(
    'compile, per pattern (ms; cold = fresh generator, variant = worst of 5 variants after it;\n' +
      '  whole = compiled in one go, step = longest step of a stepwise compile, as the server runs it)',
  );
  let whole = 0;
  let step = 0;
  for (const [title, written] of Object.entries(PATTERNS)) {
    const pattern = typeof written === 'function' ? written(1_000_000) : written;
    const gen = new Generator(bundle).prepare();
    const cold = compileMs(gen, pattern);
    let again = 0;
    for (let n = 0; n < 5; n++) again = Math.max(again, compileMs(gen, variant(written, n)).ms);
    const stepwise = new Generator(bundle).prepare();
    const coldStep = longestStepMs(stepwise, pattern);
    let againStep = 0;
    for (let n = 0; n < 5; n++) againStep = Math.max(againStep, longestStepMs(stepwise, variant(written, n)));
    whole = Math.max(whole, cold.ms, again);
    step = Math.max(step, coldStep, againStep);
    const ms = (x: number) => x.toFixed(1).padStart(6);
    console.log(
      `  ${title.padEnd(44)} ${String(pattern.length).padStart(4)} chars  whole: cold ${ms(cold.ms)} variant ${ms(again)}  step: cold ${ms(coldStep)} variant ${ms(againStep)}  ${cold.outcome}`,
    );
  }
  console.log(
    `worst compile: whole ${whole.toFixed(1)} ms, longest step ${step.toFixed(1)} ms (target ${TARGET_MS} ms)`,
  );
  return { whole, step };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/**
 * /ping while CLIENTS clients post `pattern` without pause: half to pattern-info and half to forge
 * one slug, or all to forge `slugs` slugs when that is given.
 */
async function underLoad(url: string, apiKey: string, title: string, pattern: Written, slugs?: number) {
  const started = performance.now();
  const deadline = Date.now() + SECONDS * 1000;
  // A status, or `failed` when the server answered nothing (it crashed under the load).
  const statuses = new Map<number | string, number>();
  const count = (status: number | string) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
  let n = 0;
  const client = async (c: number) => {
    while (Date.now() < deadline) {
      const path = c % 2 === 0 && slugs === undefined ? 'gen/pattern-info' : 'gen/forge';
      const body = { pattern: variant(pattern, n++), ...(path === 'gen/forge' ? { count: slugs ?? 1 } : {}) };
      try {
        const response = await fetch(`${url}/api/v1/${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
          body: JSON.stringify(body),
        });
        await response.arrayBuffer();
        count(response.status);
      } catch {
        count('failed');
      }
    }
  };
  const pings: number[] = [];
  let failedPings = 0;
  const pinger = async () => {
    while (Date.now() < deadline) {
      const t = performance.now();
      try {
        await (await fetch(`${url}/api/v1/ping`)).arrayBuffer();
      } catch {
        failedPings++;
      }
      pings.push(performance.now() - t);
    }
  };
  await Promise.all([...Array.from({ length: CLIENTS }, (_, c) => client(c)), pinger()]);
  // Requests in flight at the deadline are waited for: the rate is over the whole time.
  const perSecond = n / ((performance.now() - started) / 1000);
  pings.sort((a, b) => a - b);
  const p99 = percentile(pings, 99);
  console.log(
    `  ${title.padEnd(44)} /ping p50 ${percentile(pings, 50).toFixed(1).padStart(7)}  p99 ${p99.toFixed(1).padStart(7)}  max ${pings.at(-1)?.toFixed(1).padStart(7)}  (${pings.length} pings, ${failedPings} failed; ${n} requests, ${perSecond.toFixed(0)}/s: ${[...statuses].map(([s, k]) => `${k}×${s}`).join(' ')})`,
  );
  return p99;
}

async function main() {
  const worstCompile = compileTimes();
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const server = await startServer(schema, await freePort(), { LOG_LEVEL: 'error' });
  let worstPing = 0;
  try {
    const { apiKey } = await seedOrgAndKey(schema);
    console.log(`/ping while ${CLIENTS} clients post each pattern for ${SECONDS} s (ms)`);
    // The floor of this machine at that load: a pattern that costs nothing to compile.
    await underLoad(server.url, apiKey, 'baseline: {adjective}-{noun}', '{adjective}-{noun}');
    for (const [title, pattern] of Object.entries(PATTERNS)) {
      worstPing = Math.max(worstPing, await underLoad(server.url, apiKey, title, pattern));
      if (server.child.exitCode !== null || server.child.signalCode !== null) {
        console.log(
          `  the server died under this load (${server.child.exitCode ?? server.child.signalCode})`,
        );
        worstPing = Number.POSITIVE_INFINITY;
        break;
      }
    }
    // Not a compile: the most slugs a request may ask for, of a long pattern (about a second of
    // work per request in one go).
    if ('large forge'.includes(process.env.BENCH_ONLY ?? '') && worstPing !== Number.POSITIVE_INFINITY) {
      const long = fill(() => '{noun}-', ROOM);
      const title = `large forge: ${MAX_FORGE} slugs of {noun}-×${long.split('{').length - 1}`;
      worstPing = Math.max(worstPing, await underLoad(server.url, apiKey, title, long, MAX_FORGE));
    }
    console.log(`worst /ping p99: ${worstPing.toFixed(1)} ms (target ${TARGET_MS} ms)`);
  } finally {
    await stopServer(server);
    await dropSchema(schema);
  }
  console.log(
    JSON.stringify({
      worst_compile_ms: +worstCompile.whole.toFixed(1),
      worst_compile_step_ms: +worstCompile.step.toFixed(1),
      worst_ping_p99_ms: +worstPing.toFixed(1),
    }),
  );
}

await main();
