import { setImmediate as nextTurn } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { seriesById, slice } from '../src/areas/series/service.js';
import { organisations, series as seriesTable } from '../src/db/schema.js';
import {
  compiledPattern,
  currentBundleId,
  forgeInTurns,
  generatorFor,
  sliceInTurns,
} from '../src/engine/engine.js';
import { describeEachDatabase } from './support/app.js';
import { orgWithOwner } from './support/keys.js';
import { unlimitedPlan } from './support/plans.js';

/** The target: no request holds the event loop longer than this. */
const LOOP_BOUND_MS = 50;

/**
 * Runs `work` while timing the engine's work (each compile step, forge and slice call of the
 * generator) and noting every turn of the event loop; returns its result, the engine's work in
 * all and its longest stretch between two turns. Engine time rather than wall time between turns,
 * and CPU time rather than wall time for each call: other processes on a busy machine (a load of
 * 20 on two cores made 5 ms calls take 100 ms) lengthen both without this process doing anything.
 */
async function engineStretches<T>(work: () => Promise<T>) {
  const gen = generatorFor(currentBundleId);
  const log: (number | 'turn')[] = [];
  const timed =
    <A extends unknown[], R>(fn: (...args: A) => R) =>
    (...args: A): R => {
      const t = process.cpuUsage();
      try {
        return fn(...args);
      } finally {
        const used = process.cpuUsage(t);
        log.push((used.user + used.system) / 1000);
      }
    };
  // Bound before the spies replace them.
  const [forge, slice, stepwise] = [gen.forge.bind(gen), gen.slice.bind(gen), gen.compileStepwise.bind(gen)];
  const spies = [
    vi.spyOn(gen, 'forge').mockImplementation(timed(forge)),
    vi.spyOn(gen, 'slice').mockImplementation(timed(slice)),
    vi.spyOn(gen, 'compileStepwise').mockImplementation((text) => {
      const steps = stepwise(text);
      return { next: timed(() => steps.next()) };
    }),
  ];
  let ticking = true;
  const ticker = (async () => {
    while (ticking) {
      log.push('turn');
      await nextTurn();
    }
  })();
  let result: T;
  try {
    result = await work();
  } finally {
    ticking = false;
    await ticker;
    for (const spy of spies) spy.mockRestore();
  }
  const stretches: number[] = [0];
  for (const entry of log) {
    if (entry === 'turn') stretches.push(0);
    else stretches[stretches.length - 1] += entry;
  }
  const total = log.reduce<number>((sum, x) => (x === 'turn' ? sum : sum + x), 0);
  return { result, total, longest: Math.max(...stretches) };
}

describe('series generation in windows', () => {
  const gen = generatorFor(currentBundleId);
  // Awkward pairs are frequent here (about 1 position in 80 on bundle 2.2.0), and the capacity is
  // 7,843: windows must leave out the positions one call leaves out, and stop where it stops.
  const awkward = '{adjective:+descriptive==3}-{noun:+person<=5}';

  it('leaves out the positions one call leaves out (mint) and reads on as one slice does', async () => {
    const compiled = await compiledPattern(awkward);
    let skipped = 0;
    for (const [seed, sequence] of [
      ['a', 0n],
      ['b', 17n],
      ['c', 120n],
    ] as const) {
      const oneCall = gen.forge(compiled, { seed, sequence, count: 5_000, skipAwkward: true });
      const windowed = await forgeInTurns(gen, compiled, { seed, sequence, count: 5_000, skipAwkward: true });
      expect(windowed).toEqual(oneCall);
      skipped += 5_000 - oneCall.length;
      const sliced = await sliceInTurns(gen, compiled, { seed, sequence, count: 4_900 });
      expect(sliced).toEqual(gen.slice(compiled, { seed, sequence, count: 4_900 }));
      expect(sliced.slugs).toHaveLength(4_900);
      expect(sliced.next).toBeGreaterThan(sequence + 4_900n);
    }
    // The windows did pass over awkward positions: otherwise this would prove nothing.
    expect(skipped).toBeGreaterThan(0);
  });

  it('ends a slice at the capacity and refuses a first window past it, as one call does', async () => {
    const compiled = await compiledPattern(awkward);
    const start = compiled.capacity - 5_003n;
    const windowed = await sliceInTurns(gen, compiled, { seed: 'd', sequence: start, count: 5_000 });
    expect(windowed).toEqual(gen.slice(compiled, { seed: 'd', sequence: start, count: 5_000 }));
    // More than 3 of these 5,003 positions read badly: the slice stops at the capacity, short.
    expect(windowed.next).toBe(compiled.capacity);
    expect(windowed.slugs.length).toBeLessThan(5_000);
    await expect(
      sliceInTurns(gen, compiled, { seed: 'd', sequence: start, count: 5_004 }),
    ).rejects.toMatchObject({ status: 409, details: { reason: 'sequence_exhausted' } });
  });
});

/**
 * A series of a long pattern (many placeholders, no cached pattern shares its word lists):
 * 10,000 of its slugs took about a second in one stretch, and looking up the awkward pairs of its
 * neighbouring word lists 50-300 ms more in the first mint. Created, minted, sliced and sampled
 * through the API, it never holds the event loop beyond the bound, and the slugs are those the
 * one-stretch path gives.
 */
describeEachDatabase('series of long patterns between other requests', (ctx) => {
  it('mints, slices and samples 10,000 slugs of a long pattern without holding the event loop', async () => {
    const a = await orgWithOwner(ctx(), 'series-in-turns');
    await unlimitedPlan(ctx(), a.org);
    const { key } = await a.apiKey({});
    const salt = Math.floor(Math.random() * 1e6);
    // 16 noun lists of their own (size limits no other pattern uses) side by side, so each two
    // neighbours are checked for awkward pairs, then 12 digits: about as many placeholders and as
    // much capacity (at most 80 digits) as a series allows. All built when the series is created.
    const pattern = [
      ...Array.from({ length: 16 }, (_, i) => `{noun:<=${21 + ((i * 7 + salt) % 200)}}-`),
      ...Array.from({ length: 12 }, () => '{number:1d}'),
    ].join('');
    const api = (url: string, body: unknown) =>
      ctx().app.server.inject({
        method: 'POST',
        url: `/api/v1${url}`,
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    const consoleCall = (url: string, body: unknown) =>
      ctx().request('POST', `/api/v1/orgs/${a.org}/series/${url}`, { token: a.owner.token, body });

    const { result, total, longest } = await engineStretches(async () => {
      const created = await api('/gen/series', { name: 'Long', pattern });
      expect(created.statusCode, created.body.slice(0, 200)).toBe(201);
      const series = created.json().slug as string;
      const minted = await api('/gen/mint', { series, count: 10_000 });
      const consoleMinted = await consoleCall(`${series}/mint`, { count: 10_000 });
      const sliced = await api('/gen/slice', { series, sequence: 0, count: 10_000 });
      const consoleSliced = await consoleCall(`${series}/slice`, { sequence: 5_000, count: 10_000 });
      const sampled = await consoleCall(`${series}/test`, { count: 100 });
      return { series, minted, consoleMinted, sliced, consoleSliced, sampled };
    });
    const { minted, consoleMinted, sliced, consoleSliced, sampled } = result;
    expect(minted.statusCode, minted.body.slice(0, 200)).toBe(200);
    expect(consoleMinted.status).toBe(200);
    expect(sliced.statusCode).toBe(200);
    expect(consoleSliced.status).toBe(200);
    expect(sampled.status).toBe(200);
    expect(sampled.body).toHaveLength(100);
    // More work than two stretches may take, none of it in a stretch over the bound (a slice of
    // the shared queue and the step that ran over it: a window of some 90 positions).
    expect(total).toBeGreaterThan(2 * LOOP_BOUND_MS);
    expect(longest).toBeLessThan(LOOP_BOUND_MS);

    // The slugs of the one-stretch path, positions and all.
    const db = ctx().app.database.db;
    const [org] = await db.select().from(organisations).where(eq(organisations.slug, a.org));
    const [{ id }] = await db
      .select({ id: seriesTable.id })
      .from(seriesTable)
      .where(and(eq(seriesTable.orgId, org.id), eq(seriesTable.slug, result.series)));
    const row = await seriesById(db, id);
    const all = [...(minted.json() as string[]), ...(consoleMinted.body as string[])];
    expect(all).toHaveLength(20_000);
    expect(new Set(all).size).toBe(20_000);
    expect(all).toEqual(slice(row, 0, 20_000));
    expect(sliced.json()).toEqual(all.slice(0, 10_000));
    // From position 5,000 on: the slugs minted from there, wherever positions before it were
    // left out as awkward.
    expect(consoleSliced.body).toEqual(slice(row, 5_000, 10_000));
    const from = all.indexOf(consoleSliced.body[0]);
    expect(from).toBeGreaterThan(4_900);
    expect(consoleSliced.body).toEqual(all.slice(from, from + 10_000));
    // The counter counts positions, the awkward ones skipped on the way included.
    const generated = BigInt(String(row.generated));
    expect(generated >= 20_000n && generated < 20_200n, String(generated)).toBe(true);
  });
});
