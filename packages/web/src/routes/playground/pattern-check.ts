import { useDebouncedValue } from '@mantine/hooks';
import type { DictionaryTags } from '@slugsmith/contract';
import {
  checkNames,
  type KnownDictionaries,
  type ParsedPattern,
  type PatternErrorParams,
} from '@slugsmith/generator';
import { type UseQueryResult, useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ApiError } from '../../lib/api.js';
import { patternInfo } from '../../lib/generator-api.js';
import { isGeneratorErrorCode } from '../../ui/generator-messages.js';
import { isPatternErrorCode, type ShownPatternError } from '../../ui/pattern-messages.js';
import { type Validation, validatePattern } from './pattern-editor.js';
import { dictionaryInfoQuery, dictionaryTagsQuery } from './use-suggest-meta.js';

/**
 * A pattern the server refused as an editor error: a 400 names the engine's code and parameters
 * in `details.code`/`details.params` (a pattern error's, or the engine's other refusals) and the offending span in `details.start`/`details.end`
 * (unknown dictionary or tag, words that run together); without a
 * span the whole pattern is marked, unless `spanRequired` (a call with other fields than the
 * pattern, whose 400 may be about them). Null for any other failure (offline, signed out, limits).
 */
export function serverPatternError(
  error: unknown,
  pattern: string,
  { spanRequired = false } = {},
): ShownPatternError | null {
  if (!(error instanceof ApiError) || error.code !== 400) return null;
  const details = (error.details ?? {}) as Record<string, unknown>;
  if (spanRequired && typeof details.start !== 'number') return null;
  const at = (value: unknown, fallback: number) =>
    typeof value === 'number' && Number.isInteger(value)
      ? Math.max(0, Math.min(value, pattern.length))
      : fallback;
  const start = at(details.start, 0);
  const end = Math.max(start, at(details.end, pattern.length));
  const expected = Array.isArray(details.expected) ? details.expected.map(String) : [];
  const shown: ShownPatternError = { message: error.message, start, end, expected };
  if (isPatternErrorCode(details.code) || isGeneratorErrorCode(details.code)) {
    shown.code = details.code;
    const params = details.params;
    shown.params = params && typeof params === 'object' ? (params as PatternErrorParams) : {};
  }
  return shown;
}

/** A tag list as the API answers it, or nothing when the answer is not a list. */
const listOr = <T>(data: T[] | undefined): T[] | undefined => (Array.isArray(data) ? data : undefined);

/**
 * The pattern in the browser: the parser, then the names of the server's dictionaries (when
 * known) — an unknown dictionary or tag needs no request. What is left is for the server.
 */
export function checkPatternLocally(pattern: string, known: KnownDictionaries | null): Validation {
  const syntax = validatePattern(pattern);
  if (!syntax.parsed || !known) return syntax;
  const error = checkNames(syntax.parsed, known);
  return error ? { parsed: null, error } : syntax;
}

/** The languages whose tag lists the pattern's include tags are checked against (`en` by default). */
export function tagLanguages(parsed: ParsedPattern | null): string[] {
  const languages = new Set<string>();
  for (const el of parsed?.elements ?? []) {
    if (el.type === 'selector' && el.include.length > 0) languages.add(el.language ?? 'en');
    // Emoji have no language: every language's list holds them.
    if (el.type === 'emoji' && el.include.length > 0) languages.add('en');
  }
  return [...languages].sort();
}

/**
 * What the browser knows of the server's dictionaries for checking `patterns`: their names (loaded
 * with the page), and the tags once a pattern names one (the tag lists of its languages, or the
 * list of every language when the completions loaded it). `settled` once nothing is on its way,
 * so the server is asked only about what the browser cannot tell.
 */
function useKnownDictionaries(patterns: string[]): { known: KnownDictionaries | null; settled: boolean } {
  const info = useQuery(dictionaryInfoQuery);
  const dictionaries = listOr(info.data);
  const offered = new Set(dictionaries?.map((d) => d.language ?? 'en'));
  const wanted = [...new Set(patterns.flatMap((p) => tagLanguages(validatePattern(p).parsed)))].filter((l) =>
    offered.has(l),
  );
  const every = useQuery({ ...dictionaryTagsQuery('all'), enabled: false });
  const perLanguage = useQueries({
    queries: wanted.map((language) => ({ ...dictionaryTagsQuery(language), enabled: !every.data })),
    combine: tagLists,
  });
  return useMemo(() => {
    if (!dictionaries) return { known: null, settled: !info.isPending };
    const all = listOr(every.data);
    if (all) return { known: { dictionaries, tags: all }, settled: true };
    if (perLanguage.pending) return { known: { dictionaries }, settled: false };
    return { known: { dictionaries, tags: perLanguage.tags }, settled: true };
  }, [dictionaries, info.isPending, every.data, perLanguage]);
}

/**
 * The tag lists of the wanted languages as one (undefined when none is wanted or one failed to
 * load: the server checks the tags then). Module-level, so the query library keeps its result.
 */
function tagLists(results: UseQueryResult<DictionaryTags>[]): { pending: boolean; tags?: DictionaryTags } {
  if (results.some((q) => q.isPending)) return { pending: true };
  const lists = results.map((q) => listOr(q.data));
  if (lists.length === 0 || lists.some((l) => !l)) return { pending: false };
  return { pending: false, tags: lists.flatMap((l) => l ?? []) };
}

/**
 * A pattern checked while it is typed: the parser and the dictionaries' names in the browser
 * first, then the server's pattern-info (capacity, and the errors only the words can tell:
 * no word matching, words that run together). `delayMs` spaces the server calls out; the
 * server's answer counts only for the pattern currently in the editor.
 */
export function usePatternCheck(pattern: string, delayMs = 0) {
  const [debounced] = useDebouncedValue(pattern, delayMs);
  const checked = delayMs > 0 ? debounced : pattern;
  const { known, settled } = useKnownDictionaries(checked === pattern ? [pattern] : [pattern, checked]);
  const local = useMemo(() => checkPatternLocally(pattern, known), [pattern, known]);
  const checkedLocally = useMemo(
    () => (checked === pattern ? local : checkPatternLocally(checked, known)),
    [checked, pattern, local, known],
  );
  const info = useQuery({
    queryKey: ['pattern-info', checked],
    queryFn: ({ signal }) => patternInfo(checked, signal),
    enabled: settled && !!checkedLocally.parsed,
    retry: 0,
    staleTime: 60_000,
  });
  const current = checked === pattern;
  const serverError =
    current && !local.error && info.isError ? serverPatternError(info.error, pattern) : null;
  const validation: Validation = serverError ? { parsed: null, error: serverError, fromServer: true } : local;
  return {
    validation,
    /** Capacity, length and complexity of the pattern in the editor, once the server answered. */
    data: current && !local.error ? info.data : undefined,
    /** A failure that is not about the pattern (offline, refused): the caller says what it means. */
    otherError: current && !local.error && info.isError && !serverError ? info.error : null,
  };
}
