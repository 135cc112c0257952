import { describe, expect, it } from 'vitest';
import { agreeNeighbours } from '../src/agreement.js';
import { main } from '../src/cli.js';
import type { Component } from '../src/components.js';
import {
  type DictionaryBundle,
  GENERATOR_ERROR_CODES,
  Generator,
  GeneratorError,
  type GeneratorErrorCode,
  type GeneratorErrorParams,
  generatorMessage,
  PATTERN_ERROR_CODES,
  SAMPLE_BUNDLE,
  SAMPLE_LANGUAGE_BUNDLES,
  toSequence,
} from '../src/index.js';

const engine = new Generator(SAMPLE_BUNDLE, { languages: SAMPLE_LANGUAGE_BUNDLES });
const german = SAMPLE_LANGUAGE_BUNDLES.find((b) => b.language === 'de') as DictionaryBundle;

function refusal(run: () => unknown): GeneratorError {
  try {
    run();
  } catch (error) {
    if (error instanceof GeneratorError) return error;
    throw error;
  }
  throw new Error('accepted');
}

/** The German bundle with its first two adjectives given the same forms. */
function germanWithTwins(): DictionaryBundle {
  return {
    ...german,
    dictionaries: german.dictionaries.map((d) => {
      if (d.kind !== 'adjective') return d;
      const [first, second, ...rest] = d.words;
      return { ...d, words: [first, { ...second, forms: first.forms }, ...rest] };
    }),
  };
}

/** A value component of `size` values that agrees in German as `role`. */
const agreeing = (size: bigint, role: 'noun' | 'adjective') =>
  ({
    shape: 'value',
    size,
    maxBytes: 1,
    join: {},
    agreement:
      role === 'noun'
        ? { language: 'de', role, gender: new Uint8Array(0) }
        : { language: 'de', role, forms: [], mixed: false, maxBytes: [] },
    render: () => '',
  }) as unknown as Component;

/** [what, code, parameters, refused call]: one refusal of the engine for each code but the CLI's. */
const CASES: [string, GeneratorErrorCode, GeneratorErrorParams, () => unknown][] = [
  ['a count of 0', 'count-not-positive', {}, () => engine.forge('{noun}', { count: 0 })],
  ['a slice of 1.5', 'count-not-positive', {}, () => engine.slice('{noun}', { seed: 's', count: 1.5 })],
  ['a numeric seed', 'seed-not-string', {}, () => engine.forge('{noun}', { seed: 1 as never, count: 1 })],
  ['a slice without seed', 'seed-not-string', {}, () => engine.slice('{noun}', { count: 1 } as never)],
  ['a sequence of 1.5', 'sequence-not-whole', {}, () => toSequence(1.5)],
  ['a sequence of 0x10', 'sequence-not-whole', {}, () => toSequence('0x10')],
  ['a sequence of 2^64', 'sequence-out-of-range', {}, () => toSequence((2n ** 64n).toString())],
  ['a sequence of −1', 'sequence-out-of-range', {}, () => toSequence(-1n)],
  ['a bundle without lists', 'bundle-malformed', {}, () => new Generator({} as never)],
  [
    'a language bundle of another language',
    'bundle-wrong-language',
    { bundle: german.id, bundleLanguage: 'fr', kind: 'adjective', language: 'de' },
    () => new Generator(SAMPLE_BUNDLE, { languages: [{ ...german, language: 'fr' }] }),
  ],
  [
    'one language bundle twice',
    'dictionary-twice',
    { kind: 'adjective', language: 'de' },
    () => new Generator(SAMPLE_BUNDLE, { languages: [german, german] }),
  ],
  [
    'two adjectives with the same forms',
    'word-forms-coincide',
    { kind: 'adjective', language: 'de', form: 'masculine' },
    () =>
      new Generator(SAMPLE_BUNDLE, { languages: [germanWithTwins()] }).compile('{adjective@de}-{noun@de}'),
  ],
  [
    'an agreeing group with 2^31 nouns',
    'word-list-too-large',
    {},
    () =>
      agreeNeighbours([agreeing(2n, 'adjective'), agreeing(2n ** 31n, 'noun')], ['', '-', ''], ['a', 'n']),
  ],
];

describe('generator errors carry a stable code and its parameters', () => {
  it.each(CASES)('%s → %s', (_what, code, params, run) => {
    const e = refusal(run);
    expect({ code: e.code, params: e.params }).toEqual({ code, params });
    // The English message is the code's.
    expect(e.message).toBe(generatorMessage(code, params));
  });

  it('keeps the English wording clients and logs have always seen', () => {
    expect(refusal(() => engine.forge('{noun}', { count: -1 })).message).toBe(
      'Count must be a positive number',
    );
    expect(refusal(() => toSequence(1.5)).message).toBe('Sequence must be a whole number');
    expect(refusal(() => toSequence(2n ** 64n)).message).toBe('Sequence must be between 0 and 2^64 - 1');
    expect(refusal(() => new Generator(SAMPLE_BUNDLE, { languages: [german, german] })).message).toBe(
      "Two bundles hold the 'adjective' dictionary for 'de'",
    );
    expect(
      refusal(() =>
        new Generator(SAMPLE_BUNDLE, { languages: [germanWithTwins()] }).compile('{adjective@de}-{noun@de}'),
      ).message,
    ).toBe("Dictionary 'adjective@de' has two words with the same masculine form");
  });

  it('gives every code a message and shares none with the pattern errors', () => {
    for (const code of GENERATOR_ERROR_CODES) expect(generatorMessage(code).length).toBeGreaterThan(0);
    const patternCodes: readonly string[] = PATTERN_ERROR_CODES;
    expect(GENERATOR_ERROR_CODES.filter((code) => patternCodes.includes(code))).toEqual([]);
    // Every code is given by a refusal below (unknown-language by its own test).
    const tested = new Set([...CASES, ...CLI_CASES].map(([, code]) => code)).add('unknown-language');
    expect(GENERATOR_ERROR_CODES.filter((code) => !tested.has(code))).toEqual([]);
  });
});

/** What the CLI writes to stderr for `argv`, and its exit code. */
async function cliError(...argv: string[]) {
  let stderr = '';
  const sink = { write: () => true } as unknown as NodeJS.WritableStream;
  const err = {
    write: (s: string) => {
      stderr += s;
      return true;
    },
  } as unknown as NodeJS.WritableStream;
  const code = await main(argv, sink, err);
  return { code, stderr };
}

/** [argv, code, parameters, the English the CLI always printed]. */
const CLI_CASES: [string[], GeneratorErrorCode, GeneratorErrorParams, string][] = [
  [['info'], 'pattern-needed', { command: 'info' }, "'info' needs a pattern"],
  [
    ['froge', '{noun}'],
    'unknown-command',
    { command: 'froge', suggestions: ['forge'] },
    "Unknown command 'froge'. Did you mean 'forge'?",
  ],
  [['xyzzy', '{noun}'], 'unknown-command', { command: 'xyzzy', suggestions: [] }, "Unknown command 'xyzzy'"],
];

describe('the command line says its refusals in the codes’ words', () => {
  it.each(CLI_CASES)('%j → %s', async (argv, code, params, english) => {
    expect(generatorMessage(code, params)).toBe(english);
    expect(await cliError(...argv)).toEqual({ code: 2, stderr: `error: ${english}\n` });
  });

  it('unknown-language lists the languages there are and the closest', async () => {
    const { code, stderr } = await cliError('tags', '--language', 'dee');
    expect(code).toBe(2);
    const languages = stderr.match(/\(languages: ([^)]*), all\)/)?.[1].split(', ') ?? [];
    expect(languages).toContain('de');
    expect(stderr).toBe(
      `error: ${generatorMessage('unknown-language', { language: 'dee', languages, suggestions: ['de'] })}\n`,
    );
    expect(stderr).toMatch(
      /^error: No dictionaries for language 'dee' \(languages: .*, all\)\. Did you mean 'de'/,
    );
  });
});
