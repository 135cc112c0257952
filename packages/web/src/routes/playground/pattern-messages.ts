/**
 * The engine's pattern messages (product spec §5) in the reader's language: each English message
 * of @slugsmith/generator maps to a `playground:parser.*` key, its variable parts to parameters.
 * The English catalogue reproduces the engine's wording, so en-GB shows exactly what it says.
 */
const EXACT: Record<string, string> = {
  'Max length must be greater than 0': 'maxLengthPositive',
  'Base must be defined': 'baseRequired',
  'Min length must be greater than or equal to 0': 'minLengthNonNegative',
  'Min length must be less than or equal to max length': 'minNotAboveMax',
  'Number must be greater than 0': 'numberPositive',
  'Expected : after number generator name': 'expectedColon',
  'Expected } after number generator': 'expectedNumberClose',
  'Expected boolean': 'expectedBoolean',
  'Invalid number base': 'invalidBase',
  'Option already set': 'optionAlreadySet',
  'Invalid option': 'invalidOption',
  'Expected = after option name': 'expectedEquals',
  'Invalid escape sequence': 'invalidEscape',
  'Unexpected character': 'unexpectedCharacter',
  'Unexpected placeholder after global settings': 'placeholderAfterGlobal',
  'Unexpected global settings': 'unexpectedGlobal',
  'Unexpected end of pattern': 'unexpectedEnd',
  'Expected a number': 'expectedNumber',
  'Expected a generator or dictionary name': 'expectedName',
  'Expected a language code': 'expectedLanguage',
  'Expected a tag name': 'expectedTag',
  'Option unique=true needs a count of at least 2': 'uniqueNeedsCount',
  'Tags must come before the size limit': 'tagsBeforeSize',
  'Pattern is required': 'patternRequired',
  'No emoji dictionary in this bundle': 'noEmojiDictionary',
};

/** Messages with variable parts: the groups become the named parameters, in order. */
const WITH_PARAMETERS: [RegExp, string, string[]][] = [
  [/^Maximum value is (\d+)$/, 'maximumValue', ['max']],
  [/^Operator ([!=]=) requires '='$/, 'operatorNeedsEquals', ['operator']],
  [/^Tag '(.+)' cannot be both included and excluded$/, 'tagBothWays', ['tag']],
  // A likely typo ends with the closest names, quoted and separated by commas in every language.
  [
    /^Unknown tag '(.+)' for '(.+)'\. Did you mean ('.+')\?$/,
    'unknownTagSuggested',
    ['tag', 'kind', 'names'],
  ],
  [/^Unknown dictionary '(.+)'\. Did you mean ('.+')\?$/, 'unknownDictionarySuggested', ['kind', 'names']],
  [/^Unknown tag '(.+)' for '(.+)'$/, 'unknownTag', ['tag', 'kind']],
  [/^Unknown dictionary '(.+)'$/, 'unknownDictionary', ['kind']],
  [/^No '(.+)' dictionary for language '(.+)'$/, 'noDictionaryForLanguage', ['kind', 'language']],
  [/^No words available for the given constraints: (.+)$/, 'noWords', ['placeholder']],
  [/^No emoji available for the given constraints: (.+)$/, 'noEmoji', ['constraints']],
  [
    /^(.+) and (.+) can run together into the same slug(.*); put a separator between them \(for example -\) or capitalise the words \(\{Adjective\}\{Noun\}\)$/,
    'runTogether',
    ['first', 'second', 'example'],
  ],
];

export interface PatternMessage {
  key: string;
  params: Record<string, string>;
}

/** The catalogue key of an engine message and its parameters; null for a message we do not know. */
export function patternMessageKey(message: string): PatternMessage | null {
  const exact = EXACT[message];
  if (exact) return { key: exact, params: {} };
  for (const [pattern, key, names] of WITH_PARAMETERS) {
    const match = pattern.exec(message);
    if (match) return { key, params: Object.fromEntries(names.map((name, i) => [name, match[i + 1] ?? ''])) };
  }
  return null;
}

/** The message in the current language; an unknown message is shown as the engine wrote it. */
export function translatePatternMessage(
  message: string,
  t: (key: string, options: Record<string, string>) => string,
): string {
  const known = patternMessageKey(message);
  return known ? t(`playground:parser.${known.key}`, known.params) : message;
}

/** The text the editor shows under a pattern error (1-based position), and the Forge error box too. */
export function patternErrorText(
  error: { message: string; start: number },
  t: (key: string, options: Record<string, string | number>) => string,
): string {
  return t('playground:editor.errorAt', {
    message: translatePatternMessage(error.message, t),
    position: error.start + 1,
  });
}
