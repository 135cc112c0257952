import { type Suggestion, type SuggestMeta, suggest } from '@slugsmith/generator';

/** How many completions the editor lists at once. */
export const MAX_COMPLETIONS = 12;

/** A dictionary tag as the API lists it: with its dictionary's language (null: any language). */
export type LanguageTag = SuggestMeta['tags'][number] & { language?: string | null };

/** What the editor completes from: dictionary kinds per language and the tags of every language. */
export interface EditorMeta {
  dictionaries: SuggestMeta['dictionaries'];
  tags: readonly LanguageTag[];
  /** Asks for the tags: they are fetched (hundreds of kB) only once completions are opened. */
  requestTags?: () => void;
}

/**
 * The editor's completions at `cursor`: the generator's suggestions with each dictionary kind
 * listed once, and the tags of the language the placeholder at the cursor reads. The generator
 * offers every casing of a kind (`adjective`, `ADJECTIVE`, `Adjective`, `aDjEcTiVe`) because the
 * spelling sets the slug's casing; in a list that is four lines of one choice, so the first
 * spelling is kept and the hint explains casing instead.
 */
export function completions(
  pattern: string,
  cursor: number,
  meta: EditorMeta,
  max = MAX_COMPLETIONS,
): Suggestion[] {
  const language = languageAt(pattern, cursor);
  const tags = meta.tags.filter((t) => t.language == null || t.language === language);
  const seen = new Set<string>();
  const out: Suggestion[] = [];
  for (const s of suggest(pattern, cursor, { dictionaries: meta.dictionaries, tags })) {
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

const LANGUAGE = /@([a-z]{2,3})\b/i;

/**
 * The language of the placeholder around `cursor`: its own `@xx`, else the pattern's global
 * `[@xx]`, else English (tags without a language, such as emoji's, are offered whatever it is).
 */
export function languageAt(pattern: string, cursor: number): string {
  const open = pattern.lastIndexOf('{', cursor - 1);
  if (open >= 0 && pattern.lastIndexOf('}', cursor - 1) < open) {
    const close = pattern.indexOf('}', open);
    const own = pattern
      .slice(open, close < 0 ? undefined : close)
      .split(':')[0]
      .match(LANGUAGE);
    if (own) return own[1].toLowerCase();
  }
  const global = pattern.match(/\[\s*@([a-z]{2,3})\b[^\]]*\]\s*$/i);
  return global ? global[1].toLowerCase() : 'en';
}
