import { type Suggestion, type SuggestMeta, suggest } from '@slugsmith/generator';

/** How many completions the editor lists at once. */
export const MAX_COMPLETIONS = 12;

/**
 * The editor's completions at `cursor`: the generator's suggestions with each dictionary kind
 * listed once. The generator offers every casing of a kind (`adjective`, `ADJECTIVE`, `Adjective`,
 * `aDjEcTiVe`) because the spelling sets the slug's casing; in a list that is four lines of one
 * choice, so the first spelling is kept and the hint explains casing instead.
 */
export function completions(
  pattern: string,
  cursor: number,
  meta: SuggestMeta,
  max = MAX_COMPLETIONS,
): Suggestion[] {
  const seen = new Set<string>();
  const out: Suggestion[] = [];
  for (const s of suggest(pattern, cursor, meta)) {
    if (s.kind === 'dictionary') {
      const key = `${s.replace.start}:${s.text.toLowerCase()}`;
      if (seen.has(key)) continue;
      seen.add(key);
    }
    out.push(s);
    if (out.length === max) break;
  }
  return out;
}
