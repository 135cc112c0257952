import type { Element, ParsedPattern } from './ast.js';
import { casedWith, casingOf } from './casing.js';
import { closestNames } from './did-you-mean.js';
import { PatternError, type PatternErrorParams } from './errors.js';

/** The language a word placeholder without `@xx` reads. */
export const DEFAULT_LANGUAGE = 'en';

/** A dictionary as its kind and language name it (a null language: any language). */
export interface DictionaryName {
  kind: string;
  language: string | null;
}

/** Why no dictionary answers a placeholder: the pattern error's code and parameters. */
export interface MissingDictionary {
  missing: 'unknown-dictionary' | 'no-dictionary-for-language';
  params: PatternErrorParams;
}

/**
 * The dictionary a placeholder reads: the exact language (default `en`), else a
 * language-agnostic one. Says why when there is none.
 */
export function findDictionary<D extends DictionaryName>(
  dictionaries: readonly D[],
  kind: string,
  language: string | null,
): D | MissingDictionary {
  const k = kind.toLowerCase();
  const lang = language ?? DEFAULT_LANGUAGE;
  const ofKind = dictionaries.filter((d) => d.kind === k);
  const found = ofKind.find((d) => d.language === lang) ?? ofKind.find((d) => d.language === null);
  if (found) return found;
  if (ofKind.length === 0) {
    // The names a placeholder may start with, spelt in the casing the writer used ({Nuon} → Noun).
    const names = [...dictionaries.map((d) => d.kind), 'number', 'special'].map(casedWith(casingOf(kind)));
    return { missing: 'unknown-dictionary', params: { kind, suggestions: closestNames(kind, names) } };
  }
  return { missing: 'no-dictionary-for-language', params: { kind: k, language: lang } };
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
  reason: MissingDictionary,
  el: Element,
  dictionaries: readonly DictionaryName[],
  kind: string,
): PatternError {
  const languages = languagesOf(dictionaries, kind).map((l) => `@${l}`);
  const expected = languages.length > 0 ? languages : ['dictionary'];
  return new PatternError(reason.missing, el.start, el.end, expected, reason.params);
}

/**
 * An include tag the dictionary does not have. The message names it (and stays one the consoles
 * translate); the tags the kind does have (`names`, sorted) are what would be valid there.
 */
export function unknownTagError(tag: string, kind: string, names: string[], el: Element): PatternError {
  const suggestions = closestNames(tag, names);
  return new PatternError('unknown-tag', el.start, el.end, names, { tag, kind, suggestions });
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
    if ('missing' in dict) {
      if (el.type === 'emoji') return new PatternError('no-emoji-dictionary', el.start, el.end, []);
      return missingDictionaryError(dict, el, known.dictionaries, kind);
    }
    if (!known.tags) continue;
    const names = tagsOf(dict);
    const unknown = el.include.find((t) => !names.includes(t));
    if (unknown !== undefined) return unknownTagError(unknown, dict.kind, names, el);
  }
  return null;
}
