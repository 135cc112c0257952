import {
  GENERATOR_ERROR_CODES,
  type GeneratorErrorCode,
  type GeneratorErrorParams,
} from '@slugsmith/generator';

type Values = Record<string, string | number>;

const CODES: ReadonlySet<string> = new Set(GENERATOR_ERROR_CODES);

/** A code of the engine's other refusals (a count, seed or sequence, a bundle it cannot use). */
export const isGeneratorErrorCode = (code: unknown): code is GeneratorErrorCode =>
  typeof code === 'string' && CODES.has(code);

/** Names as every language lists them: quoted and separated by commas. */
const quoted = (names: readonly string[]) => names.map((n) => `'${n}'`).join(', ');

/**
 * The catalogue key of a generator error (`errors:engine.<code>`, with `_suggested` when the
 * engine has closest names) and the values its translation reads; lists are given joined
 * (`languages`) or quoted (`names`), as the engine's English gives them.
 */
export function generatorMessageKey(
  code: GeneratorErrorCode,
  params: GeneratorErrorParams = {},
): { key: string; params: Values } {
  const { suggestions, languages, ...plain } = params;
  const values: Values = {};
  for (const [name, value] of Object.entries(plain))
    if (typeof value === 'string' || typeof value === 'number') values[name] = value;
  if (languages) values.languages = languages.join(', ');
  const suggested = suggestions !== undefined && suggestions.length > 0;
  if (suggested) values.names = quoted(suggestions);
  return { key: `errors:engine.${code}${suggested ? '_suggested' : ''}`, params: values };
}
