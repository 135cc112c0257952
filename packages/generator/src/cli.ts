import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { DictionaryBundle } from './bundle.js';
import { closestNames } from './did-you-mean.js';
import { GeneratorError, PatternError, SequenceExhausted } from './errors.js';
import { Generator, toSequence } from './generator.js';
import { ALGORITHM_VERSION } from './permutation.js';
import { randomSeed } from './random.js';
import { SAMPLE_BUNDLE } from './sample-bundle.js';

const USAGE = `Usage:
  slugsmith forge '<pattern>' [--count N] [--seed S] [--sequence K]
  slugsmith info '<pattern>'
  slugsmith tags [<kind>] [--language L]
  slugsmith demo
  slugsmith --version

Examples:
  slugsmith forge '{adjective}-{noun}-{number:3d}' --count 5
  slugsmith forge '{Adjective}{Noun}' --seed my-series --sequence 1000 --count 3
  slugsmith info '{adverb}-{adjective}-{noun}'
  slugsmith forge '{adjective@de}-{noun@de}' --count 3
  slugsmith tags noun --language fr

--language: the dictionaries' language for tags (en by default, de, fr …, or all), as
?language= on the API's tag routes; patterns choose theirs with {noun@de} or [@de].`;

const COMMANDS = ['forge', 'info', 'tags', 'demo'];
/** Slugs forged and written per step of a large count: the output streams, memory stays flat. */
const CHUNK = 10_000;

/** This package's version, from its package.json (next to src/ and dist/ alike). */
function packageVersion(): string {
  const text = readFileSync(new URL('../package.json', import.meta.url), 'utf8');
  return (JSON.parse(text) as { version: string }).version;
}

/**
 * The product bundle and the language bundles (`{noun@de}`) when @slugsmith/dictionaries is
 * installed, else the small built-in sample.
 */
async function defaultBundles(
  err: NodeJS.WritableStream,
): Promise<{ bundle: DictionaryBundle; languages: DictionaryBundle[] }> {
  const name = '@slugsmith/dictionaries';
  try {
    const mod = (await import(name)) as {
      loadBundle(): DictionaryBundle;
      loadLanguageBundles?(): DictionaryBundle[];
    };
    return { bundle: mod.loadBundle(), languages: mod.loadLanguageBundles?.() ?? [] };
  } catch {
    err.write(`note: ${name} is not installed or built; using the small built-in sample bundle\n`);
    return { bundle: SAMPLE_BUNDLE, languages: [] };
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
  if (values.help || (!command && !values.version)) {
    (values.help ? out : err).write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  const { bundle, languages } = await defaultBundles(err);
  const gen = new Generator(bundle, { languages });
  if (values.version) {
    out.write(
      `slugsmith ${packageVersion()} (algorithm ${ALGORITHM_VERSION}, dictionary bundle ${gen.bundleId})\n`,
    );
    return 0;
  }
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
    if (command === 'tags') {
      out.write(tagLines(gen, pattern, values.language ?? 'en'));
      return 0;
    }
    if (pattern === undefined) throw new GeneratorError('pattern-needed', { command });
    if (command === 'info') {
      out.write(`${JSON.stringify(gen.patternInfo(pattern), null, 2)}\n`);
      return 0;
    }
    if (command === 'forge') return forge(gen, pattern, values, out, err);
    throw new GeneratorError('unknown-command', { command, suggestions: closestNames(command, COMMANDS) });
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
      language: { type: 'string', short: 'l' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean', short: 'v' },
    },
  });
  const [command, pattern] = positionals;
  return { command, pattern, values };
}

/**
 * The tags of one language's dictionaries and of the language-agnostic ones (emoji, suffix), as
 * `?language=` lists them (`all`: every language), of one kind when given: one tab-separated line
 * each (kind, language, tag, words, description). A language without dictionaries is refused.
 */
function tagLines(gen: Generator, kind: string | undefined, language: string): string {
  const lang = language.toLowerCase();
  const known = new Set(gen.dictionaryInfo().map((d) => d.language ?? ''));
  if (lang !== 'all' && !known.has(lang)) {
    const languages = [...known].filter(Boolean).sort();
    throw new GeneratorError('unknown-language', {
      language,
      languages,
      suggestions: closestNames(lang, languages),
    });
  }
  const tags = gen
    .dictionaryTags()
    .filter((t) => lang === 'all' || t.language === lang || t.language === null)
    .filter((t) => kind === undefined || t.kind === kind.toLowerCase());
  return tags
    .map((t) => `${t.kind}\t${t.language ?? '-'}\t${t.tag}\t${t.word_count}\t${t.description}\n`)
    .join('');
}

/**
 * Prints `count` slugs from the position asked for, one per line, a chunk at a time under one seed
 * (a random one when none is given). A count beyond the capacity prints the slugs there are from
 * that position on and says so (exit 1); a position at or past the capacity prints none (exit 2).
 */
function forge(
  gen: Generator,
  pattern: string,
  values: { count?: string; seed?: string; sequence?: string },
  out: NodeJS.WritableStream,
  err: NodeJS.WritableStream,
): number {
  const count = values.count === undefined ? 1 : Number(values.count);
  if (!Number.isSafeInteger(count) || count < 1) throw new GeneratorError('count-not-positive');
  const compiled = gen.compile(pattern);
  const start = toSequence(values.sequence);
  if (start >= compiled.capacity) throw new SequenceExhausted(start, compiled.capacity);
  const left = compiled.capacity - start;
  const printed = BigInt(count) > left ? Number(left) : count;
  const seed = values.seed ?? randomSeed();
  for (let done = 0; done < printed; done += CHUNK) {
    const slugs = gen.forge(compiled, {
      seed,
      sequence: start + BigInt(done),
      count: Math.min(CHUNK, printed - done),
    });
    out.write(`${slugs.join('\n')}\n`);
  }
  if (printed === count) return 0;
  err.write(
    `error: asked for ${count} slugs, but the pattern's capacity is ${compiled.capacity}: printed the ${printed} from position ${start} on\n`,
  );
  return 1;
}
