/**
 * Why the engine refused a pattern: a stable code clients translate (with `PatternError.params`),
 * while the message stays the engine's English sentence for people and logs.
 */
export const PATTERN_ERROR_CODES = [
  // the parser (product spec §5)
  'pattern-required',
  'unexpected-end',
  'unexpected-character',
  'invalid-escape',
  'unexpected-globals',
  'placeholder-after-globals',
  'expected-name',
  'expected-number',
  'expected-colon',
  'expected-number-close',
  'max-length-not-positive',
  'number-not-positive',
  'min-length-negative',
  'min-above-max',
  'maximum-value',
  'base-required',
  'invalid-base',
  'expected-tag',
  'tag-both-ways',
  'operator-needs-equals',
  'tags-before-size',
  'expected-equals',
  'invalid-option',
  'option-already-set',
  'expected-boolean',
  'expected-language',
  'unique-needs-count',
  // the pattern against the dictionaries
  'unknown-dictionary',
  'no-dictionary-for-language',
  'unknown-tag',
  'no-emoji-dictionary',
  'no-words',
  'no-emoji',
  'run-together',
] as const;
export type PatternErrorCode = (typeof PATTERN_ERROR_CODES)[number];

/** The variable parts of a pattern error; which ones a code has is fixed by PATTERN_MESSAGES. */
export interface PatternErrorParams {
  /** maximum-value: the largest allowed number. */
  max?: number;
  /** operator-needs-equals: `!=` or `==`. */
  operator?: string;
  /** tag-both-ways, unknown-tag: the tag as written (lower case). */
  tag?: string;
  /** unknown-dictionary (as written), no-dictionary-for-language, unknown-tag: the dictionary. */
  kind?: string;
  /** no-dictionary-for-language: the language asked for. */
  language?: string;
  /** unknown-dictionary, unknown-tag: the closest known names (at most three), maybe none. */
  suggestions?: string[];
  /** no-words, no-emoji: the placeholder as the engine writes it, braces included. */
  placeholder?: string;
  /** run-together: the two placeholders (`{adjective}`, `text`) whose words may merge. */
  first?: string;
  second?: string;
  /** run-together, when one was found: two different pairs giving the same text, a + b = c + d. */
  collision?: [string, string, string, string];
}

const quoted = (names: readonly string[]) => names.map((n) => `'${n}'`).join(', ');
const suggesting = (names: readonly string[] | undefined) =>
  names && names.length > 0 ? `. Did you mean ${quoted(names)}?` : '';

/** The engine's English message of each code: the wording clients and logs have always seen. */
const PATTERN_MESSAGES: { [C in PatternErrorCode]: (p: PatternErrorParams) => string } = {
  'pattern-required': () => 'Pattern is required',
  'unexpected-end': () => 'Unexpected end of pattern',
  'unexpected-character': () => 'Unexpected character',
  'invalid-escape': () => 'Invalid escape sequence',
  'unexpected-globals': () => 'Unexpected global settings',
  'placeholder-after-globals': () => 'Unexpected placeholder after global settings',
  'expected-name': () => 'Expected a generator or dictionary name',
  'expected-number': () => 'Expected a number',
  'expected-colon': () => 'Expected : after number generator name',
  'expected-number-close': () => 'Expected } after number generator',
  'max-length-not-positive': () => 'Max length must be greater than 0',
  'number-not-positive': () => 'Number must be greater than 0',
  'min-length-negative': () => 'Min length must be greater than or equal to 0',
  'min-above-max': () => 'Min length must be less than or equal to max length',
  'maximum-value': (p) => `Maximum value is ${p.max}`,
  'base-required': () => 'Base must be defined',
  'invalid-base': () => 'Invalid number base',
  'expected-tag': () => 'Expected a tag name',
  'tag-both-ways': (p) => `Tag '${p.tag}' cannot be both included and excluded`,
  'operator-needs-equals': (p) => `Operator ${p.operator} requires '='`,
  'tags-before-size': () => 'Tags must come before the size limit',
  'expected-equals': () => 'Expected = after option name',
  'invalid-option': () => 'Invalid option',
  'option-already-set': () => 'Option already set',
  'expected-boolean': () => 'Expected boolean',
  'expected-language': () => 'Expected a language code',
  'unique-needs-count': () => 'Option unique=true needs a count of at least 2',
  'unknown-dictionary': (p) => `Unknown dictionary '${p.kind}'${suggesting(p.suggestions)}`,
  'no-dictionary-for-language': (p) => `No '${p.kind}' dictionary for language '${p.language}'`,
  'unknown-tag': (p) => `Unknown tag '${p.tag}' for '${p.kind}'${suggesting(p.suggestions)}`,
  'no-emoji-dictionary': () => 'No emoji dictionary in this bundle',
  'no-words': (p) => `No words available for the given constraints: ${p.placeholder}`,
  'no-emoji': (p) => `No emoji available for the given constraints: ${p.placeholder}`,
  'run-together': (p) => {
    const c = p.collision;
    const example = c ? ` ('${c[0]}' + '${c[1]}' and '${c[2]}' + '${c[3]}')` : '';
    return (
      `${p.first} and ${p.second} can run together into the same slug${example}; ` +
      'put a separator between them (for example -) or capitalise the words ({Adjective}{Noun})'
    );
  },
};

/** The English message of a pattern error's code and parameters. */
export function patternMessage(code: PatternErrorCode, params: PatternErrorParams = {}): string {
  return PATTERN_MESSAGES[code](params);
}

/** A pattern that cannot be parsed or compiled. Offsets are UTF-16 indices into the pattern. */
export class PatternError extends Error {
  override readonly name = 'PatternError';
  constructor(
    /** What is wrong, for clients to switch on and translate. */
    readonly code: PatternErrorCode,
    /** First offending offset (inclusive). */
    readonly start: number,
    /** End of the offending span (exclusive); equals `start` for a position between characters. */
    readonly end: number,
    /** Tokens that would have been valid at `start`, for editors. */
    readonly expected: string[] = [],
    /** The variable parts of the message (a maximum, the offending name, suggestions). */
    readonly params: PatternErrorParams = {},
  ) {
    super(patternMessage(code, params));
  }
}

/** A sequence position at or beyond the pattern's capacity (generator.md G4): never a wrap-around. */
export class SequenceExhausted extends Error {
  override readonly name = 'SequenceExhausted';
  constructor(
    readonly sequence: bigint,
    readonly capacity: bigint,
  ) {
    super(`Sequence ${sequence} is beyond the capacity ${capacity} of this pattern`);
  }
}

/**
 * Why the engine refused an argument, a dictionary bundle or a command line (a GeneratorError): a
 * stable code clients translate (with `GeneratorError.params`). Disjoint from PATTERN_ERROR_CODES,
 * so `details.code` of an answer names one engine error whichever kind it is.
 */
export const GENERATOR_ERROR_CODES = [
  // arguments of forge, slice and sequences
  'count-not-positive',
  'seed-not-string',
  'sequence-not-whole',
  'sequence-out-of-range',
  // dictionary bundles
  'bundle-malformed',
  'bundle-wrong-language',
  'dictionary-twice',
  'word-forms-coincide',
  'word-list-too-large',
  // the command line
  'pattern-needed',
  'unknown-command',
  'unknown-language',
] as const;
export type GeneratorErrorCode = (typeof GENERATOR_ERROR_CODES)[number];

/** The variable parts of a generator error; which ones a code has is fixed by GENERATOR_MESSAGES. */
export interface GeneratorErrorParams {
  /** bundle-wrong-language: the language bundle's id. */
  bundle?: string;
  /** bundle-wrong-language: the language the bundle says it holds (none when it says none). */
  bundleLanguage?: string;
  /** bundle-wrong-language, dictionary-twice, word-forms-coincide: the dictionary's kind. */
  kind?: string;
  /** The dictionary's language (null: language-agnostic); unknown-language: the one asked for. */
  language?: string | null;
  /** word-forms-coincide: the gender whose forms coincide, or `plain` for the word itself. */
  form?: string;
  /** pattern-needed, unknown-command: the command as written. */
  command?: string;
  /** unknown-language: the languages that have dictionaries. */
  languages?: string[];
  /** unknown-command, unknown-language: the closest known names (at most three), maybe none. */
  suggestions?: string[];
}

/** The engine's English message of each code: the wording clients and logs have always seen. */
const GENERATOR_MESSAGES: { [C in GeneratorErrorCode]: (p: GeneratorErrorParams) => string } = {
  'count-not-positive': () => 'Count must be a positive number',
  'seed-not-string': () => 'Seed must be a string',
  'sequence-not-whole': () => 'Sequence must be a whole number',
  'sequence-out-of-range': () => 'Sequence must be between 0 and 2^64 - 1',
  'bundle-malformed': () => 'A dictionary bundle needs `dictionaries` and `tags` arrays',
  'bundle-wrong-language': (p) =>
    `Language bundle ${p.bundle} holds a '${p.kind}' dictionary for '${p.language}', not its language '${p.bundleLanguage}'`,
  'dictionary-twice': (p) => `Two bundles hold the '${p.kind}' dictionary for '${p.language}'`,
  'word-forms-coincide': (p) =>
    `Dictionary '${p.kind}@${p.language}' has two words with the same ${p.form} form`,
  'word-list-too-large': () => 'An agreeing word list is too large',
  'pattern-needed': (p) => `'${p.command}' needs a pattern`,
  'unknown-command': (p) => `Unknown command '${p.command}'${suggesting(p.suggestions)}`,
  'unknown-language': (p) =>
    `No dictionaries for language '${p.language}' (languages: ${(p.languages ?? []).join(', ')}, all)` +
    suggesting(p.suggestions),
};

/** The English message of a generator error's code and parameters. */
export function generatorMessage(code: GeneratorErrorCode, params: GeneratorErrorParams = {}): string {
  return GENERATOR_MESSAGES[code](params);
}

/** An invalid argument to the generator (count, sequence, seed), a bundle it cannot use, a bad command line. */
export class GeneratorError extends Error {
  override readonly name = 'GeneratorError';
  constructor(
    /** What is wrong, for clients to switch on and translate. */
    readonly code: GeneratorErrorCode,
    /** The variable parts of the message (the dictionary, the command, suggestions). */
    readonly params: GeneratorErrorParams = {},
  ) {
    super(generatorMessage(code, params));
  }
}
