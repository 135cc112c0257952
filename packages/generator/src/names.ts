import type { Element, ParsedPattern } from './ast.js';
import { casedWith, casingOf } from './casing.js';
import { withSuggestion } from './did-you-mean.js';
import { PatternError } from './errors.js';

/** The language a word placeholder without `@xx` reads. */
export const DEFAULT_LANGUAGE = 'en';

/** A dictionary as its kind and language name it (a null language: any language). */
export interface DictionaryName {
  kind: string;
  language: string | null;
}

/**
 * The dictionary a placeholder reads: the exact language (default `en`), else a
 * language-agnostic one. Returns the reason as a message when there is none.
 */
export function findDictionary<D extends DictionaryName>(
  dictionaries: readonly D[],
  kind: string,
  language: string | null,
): D | string {
  const k = kind.toLowerCase();
  const lang = language ?? DEFAULT_LANGUAGE;
  const ofKind = dictionaries.filter((d) => d.kind === k);
  const found = ofKind.find((d) => d.language === lang) ?? ofKind.find((d) => d.language === null);
  if (found) return found;
  if (ofKind.length === 0) {
    // The names a placeholder may start with, spelt in the casing the writer used ({Nuon} → Noun).
    const names = [...dictionaries.map((d) => d.kind), 'number', 'special'].map(casedWith(casingOf(kind)));
    return withSuggestion(`Unknown dictionary '${kind}'`, kind, names);
  }
  return `No '${k}' dictionary for language '${lang}'`;
}

/** Languages that have a dictionary of this kind, sorted. */
export function languagesOf(dictionaries: readonly DictionaryName[], kind: string): string[] {
  const k = kind.toLowerCase();
  return [
    ...new Set(dictionaries.filter((d) => d.kind === k && d.language).map((d) => d.language as string)),
  ].sort();
}

/** A placeholder naming a kind no dictionary of its language has; the languages that do are valid there. */
export function missingDictionaryError(
  reason: string,
  el: Element,
  dictionaries: readonly DictionaryName[],
  kind: string,
): PatternError {
  const languages = languagesOf(dictionaries, kind).map((l) => `@${l}`);
  return new PatternError(reason, el.start, el.end, languages.length > 0 ? languages : ['dictionary']);
}

/**
 * An include tag the dictionary does not have. The message names it (and stays one the consoles
 * translate); the tags the kind does have (`names`, sorted) are what would be valid there.
 */
export function unknownTagError(tag: string, kind: string, names: string[], el: Element): PatternError {
  return new PatternError(
    withSuggestion(`Unknown tag '${tag}' for '${kind}'`, tag, names),
    el.start,
    el.end,
    names,
  );
}

/** What a client knows of the server's dictionaries: their names, and perhaps their tags. */
export interface KnownDictionaries {
  dictionaries: readonly DictionaryName[];
  /** Every tag of every dictionary; without it, tags are not checked. */
  tags?: readonly (DictionaryName & { tag: string })[];
}

/**
 * The first error of a parsed pattern that the names of the dictionaries tell — an unknown
 * dictionary, a kind missing in a language, an unknown include tag — worded and placed as the
 * engine words and places it when it compiles the pattern against those dictionaries. Lets a
 * client without the words (a browser) refuse such a pattern without asking a server. Null when
 * the names raise nothing (the words may still: no word matching, words that run together).
 */
export function checkNames(parsed: ParsedPattern, known: KnownDictionaries): PatternError | null {
  const tagsOf = (d: DictionaryName) =>
    (known.tags ?? [])
      .filter((t) => t.kind === d.kind && t.language === d.language)
      .map((t) => t.tag)
      .sort();
  for (const el of parsed.elements) {
    if (el.type !== 'selector' && el.type !== 'emoji') continue;
    const kind = el.type === 'selector' ? el.kind : 'emoji';
    const dict = findDictionary(known.dictionaries, kind, el.type === 'selector' ? el.language : null);
    if (typeof dict === 'string') {
      if (el.type === 'emoji')
        return new PatternError('No emoji dictionary in this bundle', el.start, el.end, []);
      return missingDictionaryError(dict, el, known.dictionaries, kind);
    }
    if (!known.tags) continue;
    const names = tagsOf(dict);
    const unknown = el.include.find((t) => !names.includes(t));
    if (unknown !== undefined) return unknownTagError(unknown, dict.kind, names, el);
  }
  return null;
}
