import {
  type GeneratorErrorCode,
  type GeneratorErrorParams,
  PATTERN_ERROR_CODES,
  type PatternErrorCode,
  type PatternErrorParams,
} from '@slugsmith/generator';
import { generatorMessageKey, isGeneratorErrorCode } from './generator-messages.js';

/**
 * A pattern error as the console shows it: the parser's own (a PatternError), or one the server
 * answered (its `details.code` and `details.params`: a pattern error's, or another refusal of the
 * engine's such as a bundle it cannot use). Without a code — a refusal the engine did not word —
 * the message is shown as it came.
 */
export interface ShownPatternError {
  message: string;
  start: number;
  end: number;
  expected: string[];
  code?: PatternErrorCode | GeneratorErrorCode;
  params?: PatternErrorParams | GeneratorErrorParams;
}

type Values = Record<string, string | number>;

export interface PatternMessage {
  key: string;
  params: Values;
}

const CODES: ReadonlySet<string> = new Set(PATTERN_ERROR_CODES);

/** A code the engine gives (the server's answer may name anything). */
export const isPatternErrorCode = (code: unknown): code is PatternErrorCode =>
  typeof code === 'string' && CODES.has(code);

/** Closest names as every language lists them: quoted and separated by commas. */
const quoted = (names: readonly string[]) => names.map((n) => `'${n}'`).join(', ');

/**
 * The catalogue key of a pattern error (`playground:parser.<code>`, with `_suggested` when the
 * engine has closest names and `_example` when it found two pairs of words that collide) and
 * the values its translation reads.
 */
export function patternMessageKey(code: PatternErrorCode, params: PatternErrorParams = {}): PatternMessage {
  const { suggestions, collision, ...plain } = params;
  const values: Values = {};
  for (const [name, value] of Object.entries(plain))
    if (typeof value === 'string' || typeof value === 'number') values[name] = value;
  let variant = '';
  if (suggestions && suggestions.length > 0) {
    variant = '_suggested';
    values.names = quoted(suggestions);
  }
  if (collision) {
    variant = '_example';
    [values.a, values.b, values.c, values.d] = collision;
  }
  return { key: `playground:parser.${code}${variant}`, params: values };
}

/** The error's message in the current language, by its code; a message without one as it came. */
export function translatePatternError(
  error: Pick<ShownPatternError, 'message' | 'code' | 'params'>,
  t: (key: string, options: Values) => string,
): string {
  if (!error.code) return error.message;
  const { key, params } = isGeneratorErrorCode(error.code)
    ? generatorMessageKey(error.code, error.params as GeneratorErrorParams)
    : patternMessageKey(error.code, error.params as PatternErrorParams);
  return t(key, params);
}

/** The text the editor shows under a pattern error (1-based position), and the Forge error box too. */
export function patternErrorText(
  error: Pick<ShownPatternError, 'message' | 'code' | 'params' | 'start'>,
  t: (key: string, options: Values) => string,
): string {
  return t('playground:editor.errorAt', {
    message: translatePatternError(error, t),
    position: error.start + 1,
  });
}
