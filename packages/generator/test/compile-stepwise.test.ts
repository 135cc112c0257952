import { describe, expect, it } from 'vitest';
import { type CompiledPattern, Generator, PatternError, SAMPLE_BUNDLE } from '../src/index.js';

/** Runs a stepwise compile to its end; `between` runs between two steps. */
function drive(
  steps: Iterator<undefined, CompiledPattern, undefined>,
  between: () => void = () => {},
): { compiled: CompiledPattern; steps: number } {
  for (let n = 1; ; n++) {
    const step = steps.next();
    if (step.done) return { compiled: step.value, steps: n };
    between();
  }
}

/**
 * A server compiles a pattern in steps between other work, so that a long pattern never holds
 * its event loop: one step per placeholder whose word list is new. The result is what `compile`
 * gives, and the two share their caches.
 */
describe('compileStepwise', () => {
  const pattern = '{adjective:<6}-{noun:<=7}-{verb}-{number:3d}';

  it('takes one step per new placeholder, plus the parse and putting the pattern together', () => {
    const gen = new Generator(SAMPLE_BUNDLE);
    const first = drive(gen.compileStepwise(pattern));
    expect(first.steps).toBe(1 + 4 + 1);
    // Compiled: one step, the same instance `compile` answers.
    expect(drive(gen.compileStepwise(pattern))).toEqual({ compiled: first.compiled, steps: 1 });
    expect(gen.compile(pattern)).toBe(first.compiled);
    // Written differently, with its placeholders built: only putting it together is left.
    expect(drive(gen.compileStepwise(`~${pattern}`)).steps).toBe(1 + 1);
    // A placeholder built before by `compile` is not built again.
    gen.compile('{noun:+animal}');
    expect(drive(gen.compileStepwise('{noun:+animal}_{adverb}')).steps).toBe(1 + 1 + 1);
  });

  it('gives the slugs and information compile gives', () => {
    const stepwise = drive(new Generator(SAMPLE_BUNDLE).compileStepwise(pattern)).compiled;
    const gen = new Generator(SAMPLE_BUNDLE);
    expect(gen.patternInfo(stepwise)).toEqual(gen.patternInfo(pattern));
    expect(gen.forge(stepwise, { seed: 's', sequence: 7, count: 20 })).toEqual(
      gen.forge(pattern, { seed: 's', sequence: 7, count: 20 }),
    );
    expect(gen.slice(stepwise, { seed: 's', count: 20 })).toEqual(
      gen.slice(pattern, { seed: 's', count: 20 }),
    );
  });

  it('keeps its placeholders when other patterns evict them from the cache between steps', () => {
    const gen = new Generator(SAMPLE_BUNDLE);
    const long = Array.from({ length: 40 }, (_, i) => `{noun:<${4 + (i % 30)}}`).join('-');
    let other = 0;
    // Between two steps, more new placeholders than the cache keeps.
    const { compiled } = drive(gen.compileStepwise(long), () => {
      for (let k = 0; k < 10; k++) gen.compile(`{adjective:!=${other++ % 250}}`);
    });
    const fresh = new Generator(SAMPLE_BUNDLE);
    expect(gen.forge(compiled, { seed: 'x', count: 5 })).toEqual(fresh.forge(long, { seed: 'x', count: 5 }));
  });

  it('throws the refusal at the placeholder that causes it, and compile remembers it', () => {
    const gen = new Generator(SAMPLE_BUNDLE);
    const refused = '{noun}-{adjective}-{noun:+nosuchtag}-{verb}';
    const steps = gen.compileStepwise(refused);
    let error: unknown;
    let taken = 0;
    try {
      for (;;) {
        taken++;
        if (steps.next().done) break;
      }
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(PatternError);
    expect((error as PatternError).message).toBe("Unknown tag 'nosuchtag' for 'noun'");
    // Parse, {noun}, {adjective}, then the third placeholder throws.
    expect(taken).toBe(4);
    expect(() => gen.compile(refused)).toThrow(error as PatternError);
    // A syntax error is thrown by the first step.
    expect(() => gen.compileStepwise('{noun').next()).toThrow(PatternError);
  });
});
