import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { currentGenerator } from '../src/engine/engine.js';
import { inTurns, SLICE_MS } from '../src/engine/in-turns.js';
import { describeEachDatabase } from './support/app.js';
import { orgWithOwner } from './support/keys.js';
import { unlimitedPlan } from './support/plans.js';

/** Waits `ms` without giving way: a step of stepwise work. */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {}
}

/** `steps` steps of `ms` each, logged as `name`; returns `name`. */
function* work(log: string[], name: string, steps: number, ms = 0): Iterator<undefined, string> {
  for (let i = 0; i < steps; i++) {
    yield;
    busy(ms);
    log.push(name);
  }
  return name;
}

describe('inTurns', () => {
  it('gives way to the event loop after at most SLICE_MS of steps, however many tasks run', async () => {
    const log: string[] = [];
    let ticking = true;
    const ticker = (async () => {
      while (ticking) {
        log.push('turn');
        await nextTurn();
      }
    })();
    // 20 tasks of 40 steps of 1 ms: 800 ms of work, in one stretch if run in one go.
    const done = await Promise.all(Array.from({ length: 20 }, (_, i) => inTurns(work(log, `t${i}`, 40, 1))));
    ticking = false;
    await ticker;
    expect(done).toEqual(Array.from({ length: 20 }, (_, i) => `t${i}`));
    // Steps between two turns of the loop: a slice is SLICE_MS, and its last step may run over.
    let run = 0;
    let longest = 0;
    for (const entry of log) {
      run = entry === 'turn' ? 0 : run + 1;
      longest = Math.max(longest, run);
    }
    expect(longest).toBeGreaterThan(0);
    expect(longest).toBeLessThanOrEqual(SLICE_MS + 1);
  });

  it('takes tasks in turn, so a short task is not held behind long ones', async () => {
    const log: string[] = [];
    const long = Array.from({ length: 5 }, (_, i) => inTurns(work(log, `long${i}`, 1_000)));
    const short = inTurns(work(log, 'short', 3));
    await short;
    // Each long task has taken at most a step more than the short one when it ends.
    const before = log.slice(0, log.lastIndexOf('short') + 1);
    for (let i = 0; i < 5; i++) expect(before.filter((x) => x === `long${i}`).length).toBeLessThanOrEqual(4);
    await Promise.all(long);
  });

  it('rejects with the error a step throws, and goes on with the others', async () => {
    const log: string[] = [];
    function* failing(): Iterator<undefined, string> {
      yield;
      throw new Error('refused');
    }
    const [bad, good] = await Promise.allSettled([inTurns(failing()), inTurns(work(log, 'ok', 3))]);
    expect(bad).toMatchObject({ status: 'rejected', reason: new Error('refused') });
    expect(good).toEqual({ status: 'fulfilled', value: 'ok' });
  });
});

/**
 * A caller who writes a new long pattern for every request (each placeholder a word list not built
 * before) makes the server build many word lists per request: it builds them between other work,
 * never a whole pattern in one stretch of the event loop.
 */
describeEachDatabase('patterns compiled between other requests', (ctx) => {
  it('never builds more than SLICE_MS of word lists between two turns of the event loop', async () => {
    const a = await orgWithOwner(ctx(), 'in-turns');
    await unlimitedPlan(ctx(), a.org);
    const { key } = await a.apiKey({ scopes: ['forge'] });
    // Each compile step the server takes, timed, and each turn of the event loop.
    const log: (number | 'turn')[] = [];
    const gen = currentGenerator();
    const stepwise = gen.compileStepwise.bind(gen);
    const spy = vi.spyOn(gen, 'compileStepwise').mockImplementation((text) => {
      const steps = stepwise(text);
      return {
        next: () => {
          const t = performance.now();
          try {
            return steps.next();
          } finally {
            log.push(performance.now() - t);
          }
        },
      };
    });
    let ticking = true;
    const ticker = (async () => {
      while (ticking) {
        log.push('turn');
        await nextTurn();
      }
    })();
    // Distinct size limits: about 80 word lists each, none shared with another request.
    const salt = Math.floor(Math.random() * 1e6);
    const pattern = (n: number) =>
      Array.from(
        { length: 80 },
        (_, i) => `{noun:${i % 2 ? '<' : '<='}${20 + ((i * 7 + n * 13 + salt) % 200)}}`,
      ).join('-');
    try {
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, n) =>
          ctx().app.server.inject({
            method: 'POST',
            url: `/api/v1/${n % 2 ? 'gen/forge' : 'gen/pattern-info'}`,
            headers: { 'x-api-key': key, 'content-type': 'application/json' },
            payload: JSON.stringify({ pattern: pattern(n), ...(n % 2 ? { count: 2 } : {}) }),
          }),
        ),
      );
      expect(answers.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
      expect(answers[1].json()).toHaveLength(2);
      expect(answers[0].json()).toMatchObject({ components: 80 });
    } finally {
      ticking = false;
      await ticker;
      spy.mockRestore();
    }
    // Stretches of steps between two turns: each at most SLICE_MS, plus the step that ran over.
    const stretches: number[] = [0];
    for (const entry of log) {
      if (entry === 'turn') stretches.push(0);
      else stretches[stretches.length - 1] += entry;
    }
    const steps = log.filter((x): x is number => x !== 'turn');
    // Enough work that one stretch would have been far over SLICE_MS.
    expect(steps.reduce((sum, ms) => sum + ms, 0)).toBeGreaterThan(4 * SLICE_MS);
    const longestStep = Math.max(...steps);
    expect(Math.max(...stretches)).toBeLessThanOrEqual(SLICE_MS + longestStep);
  });
  it('forges a large count in windows between turns, the slugs one call gives', async () => {
    const a = await orgWithOwner(ctx(), 'in-turns-forge');
    await unlimitedPlan(ctx(), a.org);
    const { key } = await a.apiKey({ scopes: ['forge'] });
    const gen = currentGenerator();
    // 100 placeholders: 10,000 slugs of it took about a second in one call.
    const pattern = Array.from({ length: 100 }, () => '{noun}').join('-');
    const log: (number | 'turn')[] = [];
    const forge = gen.forge.bind(gen);
    const spy = vi.spyOn(gen, 'forge').mockImplementation((compiled, options) => {
      const t = performance.now();
      try {
        return forge(compiled, options);
      } finally {
        log.push(performance.now() - t);
      }
    });
    let ticking = true;
    const ticker = (async () => {
      while (ticking) {
        log.push('turn');
        await nextTurn();
      }
    })();
    const post = (body: unknown) =>
      ctx().app.server.inject({
        method: 'POST',
        url: '/api/v1/gen/forge',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    let answer: Awaited<ReturnType<typeof post>>;
    try {
      answer = await post({ pattern, count: 2_000, seed: 'windows', sequence: '7' });
    } finally {
      ticking = false;
      await ticker;
      spy.mockRestore();
    }
    expect(answer.statusCode, answer.body.slice(0, 200)).toBe(200);
    const slugs = answer.json() as string[];
    expect(slugs).toEqual(gen.forge(pattern, { seed: 'windows', sequence: 7, count: 2_000 }));
    const calls = log.filter((x): x is number => x !== 'turn');
    expect(calls.length).toBeGreaterThan(10);
    const stretches: number[] = [0];
    for (const entry of log) {
      if (entry === 'turn') stretches.push(0);
      else stretches[stretches.length - 1] += entry;
    }
    expect(Math.max(...stretches)).toBeLessThanOrEqual(SLICE_MS + Math.max(...calls));

    // Without a seed: distinct slugs all the same; past the capacity: refused before any slug.
    const unseeded = (await post({ pattern, count: 2_000 })).json() as string[];
    expect(new Set(unseeded).size).toBe(2_000);
    const small = '{number:3d}-{noun}';
    const capacity = BigInt(gen.patternInfo(small).capacity);
    const beyond = await post({ pattern: small, count: 5_000, sequence: (capacity - 10n).toString() });
    expect(beyond.statusCode).toBe(409);
    expect(beyond.json()).toMatchObject({ details: { reason: 'sequence_exhausted' } });
  });
});
