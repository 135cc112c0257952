import { parseArgs } from 'node:util';
import type { DictionaryBundle } from './bundle.js';
import { GeneratorError, PatternError, SequenceExhausted } from './errors.js';
import { Generator } from './generator.js';
import { SAMPLE_BUNDLE } from './sample-bundle.js';

const USAGE = `Usage:
  slugsmith forge '<pattern>' [--count N] [--seed S] [--sequence K]
  slugsmith info '<pattern>'
  slugsmith demo

Examples:
  slugsmith forge '{adjective}-{noun}-{number:3d}' --count 5
  slugsmith forge '{Adjective}{Noun}' --seed my-series --sequence 1000 --count 3
  slugsmith info '{adverb}-{adjective}-{noun}'`;

/** The product bundle when @slugsmith/dictionaries is installed, else the small built-in sample. */
async function defaultBundle(err: NodeJS.WritableStream): Promise<DictionaryBundle> {
  const name = '@slugsmith/dictionaries';
  try {
    const mod = (await import(name)) as { loadBundle(): DictionaryBundle };
    return mod.loadBundle();
  } catch {
    err.write(`note: ${name} is not installed or built; using the small built-in sample bundle\n`);
    return SAMPLE_BUNDLE;
  }
}

/** The message, the pattern, and a caret line under the offending span. */
export function describePatternError(pattern: string, e: PatternError): string {
  const width = Math.max(1, e.end - e.start);
  const caret = ' '.repeat(e.start) + '^'.repeat(width);
  const expected = e.expected.length ? `\nexpected: ${e.expected.join(' ')}` : '';
  return `error: ${e.message}\n  ${pattern}\n  ${caret}${expected}`;
}

export async function main(
  argv: string[],
  out: NodeJS.WritableStream = process.stdout,
  err: NodeJS.WritableStream = process.stderr,
): Promise<number> {
  let parsed: ReturnType<typeof parseCli>;
  try {
    parsed = parseCli(argv);
  } catch (e) {
    err.write(`${(e as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  const { command, pattern, values } = parsed;
  if (values.help || !command) {
    (values.help ? out : err).write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  const gen = new Generator(await defaultBundle(err));
  try {
    if (command === 'demo') {
      out.write(`Slugsmith engine demo (dictionary bundle ${gen.bundleId})\n\n`);
      for (const p of [
        '{adjective}-{noun}-{number:3d}',
        '{Adjective}{Noun}{number:2x}',
        '{adverb}-{verb}-{noun:+animal}',
      ]) {
        const info = gen.patternInfo(p);
        out.write(`${p}  (capacity ${info.capacity})\n  ${gen.forge(p, { count: 3 }).join('\n  ')}\n`);
      }
      return 0;
    }
    if (pattern === undefined) throw new GeneratorError(`'${command}' needs a pattern`);
    if (command === 'info') {
      out.write(`${JSON.stringify(gen.patternInfo(pattern), null, 2)}\n`);
      return 0;
    }
    if (command === 'forge') {
      const count = values.count === undefined ? 1 : Number(values.count);
      const slugs = gen.forge(pattern, { count, seed: values.seed, sequence: values.sequence });
      out.write(`${slugs.join('\n')}\n`);
      return 0;
    }
    throw new GeneratorError(`Unknown command '${command}'`);
  } catch (e) {
    if (e instanceof PatternError) err.write(`${describePatternError(pattern ?? '', e)}\n`);
    else if (e instanceof GeneratorError || e instanceof SequenceExhausted)
      err.write(`error: ${e.message}\n`);
    else throw e;
    return 2;
  }
}

function parseCli(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      count: { type: 'string', short: 'n' },
      seed: { type: 'string', short: 's' },
      sequence: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, pattern] = positionals;
  return { command, pattern, values };
}
