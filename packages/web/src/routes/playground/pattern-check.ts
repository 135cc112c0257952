import { useDebouncedValue } from '@mantine/hooks';
import { PatternError } from '@slugsmith/generator';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ApiError } from '../../lib/api.js';
import { patternInfo } from '../../lib/generator-api.js';
import { type Validation, validatePattern } from './pattern-editor.js';

/**
 * A pattern the server refused as an editor error: a 400 names the offending span in
 * `details.start`/`details.end` (unknown dictionary or tag, words that run together); without a
 * span the whole pattern is marked, unless `spanRequired` (a call with other fields than the
 * pattern, whose 400 may be about them). Null for any other failure (offline, signed out, limits).
 */
export function serverPatternError(
  error: unknown,
  pattern: string,
  { spanRequired = false } = {},
): PatternError | null {
  if (!(error instanceof ApiError) || error.code !== 400) return null;
  const details = (error.details ?? {}) as { start?: unknown; end?: unknown; expected?: unknown };
  if (spanRequired && typeof details.start !== 'number') return null;
  const at = (value: unknown, fallback: number) =>
    typeof value === 'number' && Number.isInteger(value)
      ? Math.max(0, Math.min(value, pattern.length))
      : fallback;
  const start = at(details.start, 0);
  const end = Math.max(start, at(details.end, pattern.length));
  const expected = Array.isArray(details.expected) ? details.expected.map(String) : [];
  return new PatternError(error.message, start, end, expected);
}

/**
 * A pattern checked while it is typed: the parser in the browser first, then the server's
 * pattern-info (capacity, and the errors only the dictionaries can tell). `delayMs` spaces the
 * server calls out; the server's answer counts only for the pattern currently in the editor.
 */
export function usePatternCheck(pattern: string, delayMs = 0) {
  const local = useMemo(() => validatePattern(pattern), [pattern]);
  const [debounced] = useDebouncedValue(pattern, delayMs);
  const checked = delayMs > 0 ? debounced : pattern;
  const info = useQuery({
    queryKey: ['pattern-info', checked],
    queryFn: ({ signal }) => patternInfo(checked, signal),
    enabled: !!validatePattern(checked).parsed,
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
    data: current ? info.data : undefined,
    /** A failure that is not about the pattern (offline, refused): the caller says what it means. */
    otherError: current && info.isError && !serverError ? info.error : null,
  };
}
