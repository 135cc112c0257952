import { casingOf } from './casing.js';

/** What the editor knows about the dictionaries (from `/gen/dictionary-info` and `/gen/dictionary-tags`). */
export interface SuggestMeta {
  dictionaries: { kind: string; language?: string | null }[];
  tags: { kind: string; tag: string; description?: string; opt_in?: boolean }[];
}

export type SuggestionKind =
  | 'symbol'
  | 'generator'
  | 'dictionary'
  | 'tag'
  | 'operator'
  | 'language'
  | 'base'
  | 'option'
  | 'value';

export interface Suggestion {
  text: string;
  kind: SuggestionKind;
  description: string;
  /** The range of the pattern the text replaces (UTF-16 offsets). */
  replace: { start: number; end: number };
}

const OPERATORS = ['==', '!=', '<', '<=', '>', '>='];
const BASES: [string, string][] = [
  ['d', 'decimal'],
  ['x', 'hexadecimal, lower case'],
  ['X', 'hexadecimal, upper case'],
  ['r', 'roman numerals, lower case'],
  ['R', 'roman numerals, upper case'],
];
const LONG_BASES = ['dec', 'hex', 'HEX', 'roman', 'ROMAN'];
const GENERATORS: [string, string][] = [
  ['number', 'Digits: {number:3d}, {number:4x}, {number:2R}'],
  ['special', 'Punctuation characters: {special}, {special:2-4}'],
  ['emoji', 'Emoji: {emoji}, {emoji:+animal count=2}'],
];

/** Alternating case starting with the given case: nOuN / NoUn. */
function alternating(word: string, upperFirst: boolean): string {
  return [...word].map((c, i) => ((i % 2 === 0) === upperFirst ? c.toUpperCase() : c.toLowerCase())).join('');
}

/** The casing variants of a kind that match what was typed, keeping a mixed spelling as typed. */
function kindSpellings(kind: string, typed: string): string[] {
  if (typed === '')
    return [kind, kind.toUpperCase(), kind[0].toUpperCase() + kind.slice(1), alternating(kind, false)];
  if (!kind.startsWith(typed.toLowerCase())) return [];
  const casing = casingOf(typed);
  const rest = kind.slice(typed.length);
  if (typed.length === 1) {
    return typed === typed.toLowerCase()
      ? [kind, alternating(kind, false)]
      : [kind.toUpperCase(), kind[0].toUpperCase() + kind.slice(1), alternating(kind, true)];
  }
  if (casing === 'as-is') return [kind];
  if (casing === 'upper') return [kind.toUpperCase()];
  if (casing === 'title') return [typed + rest.toLowerCase()];
  const lastUpper = typed[typed.length - 1] !== typed[typed.length - 1].toLowerCase();
  return [typed + alternating(rest, !lastUpper)];
}

/** Where the cursor is: outside, in a placeholder (from its `{`) or in the global settings. */
function locate(
  pattern: string,
  cursor: number,
): { where: 'text' | 'placeholder' | 'globals'; open: number; any: boolean; closedGlobals: boolean } {
  let where: 'text' | 'placeholder' | 'globals' = 'text';
  let open = -1;
  let any = false;
  let closedGlobals = false;
  for (let i = 0; i < cursor; i++) {
    const c = pattern[i];
    if (where === 'text' && c === '\\') {
      i++;
      continue;
    }
    if (where === 'text' && c === '{') {
      where = 'placeholder';
      open = i;
    } else if (where === 'placeholder' && c === '}') {
      where = 'text';
      any = true;
    } else if (where === 'text' && c === '[') {
      where = 'globals';
      open = i;
    } else if (where === 'globals' && c === ']') {
      where = 'text';
      closedGlobals = true;
    }
  }
  return { where, open, any, closedGlobals };
}

/**
 * Completions at `cursor` (generator.md §7): works at any position of any pattern, including
 * after earlier placeholders and inside global settings. Never throws.
 */
export function suggest(pattern: string, cursor: number, meta: SuggestMeta): Suggestion[] {
  const at = Math.max(0, Math.min(cursor, pattern.length));
  const here = { start: at, end: at };
  const { where, open, any, closedGlobals } = locate(pattern, at);
  const out: Suggestion[] = [];
  const add = (text: string, kind: SuggestionKind, description: string, replace = here) =>
    out.push({ text, kind, description, replace });
  const kinds = [...new Set(meta.dictionaries.map((d) => d.kind.toLowerCase()))]
    .filter((k) => k !== 'emoji')
    .sort();
  const tagsOf = (kind: string) => meta.tags.filter((t) => t.kind.toLowerCase() === kind.toLowerCase());

  if (where === 'text') {
    // Only whitespace may follow the global settings, and they may only close the pattern.
    if (closedGlobals) return out;
    add('{', 'symbol', 'Start a new placeholder');
    const rest = pattern.slice(at).replace(/\\./g, '');
    if (any && !rest.includes('{') && !rest.includes('[')) {
      add('[', 'symbol', 'Global settings for every word: [@en +tag -tag <=8]');
    }
    return out;
  }

  const body = pattern.slice(open + 1, at);
  const tagCompletion = (kind: string | null, used: string[], partial: string, from: number) => {
    const list = kind ? tagsOf(kind) : meta.tags.filter((t) => t.kind !== 'emoji');
    const seen = new Set<string>();
    for (const t of list) {
      if (used.includes(t.tag) || seen.has(t.tag) || !t.tag.startsWith(partial.toLowerCase())) continue;
      seen.add(t.tag);
      add(t.tag, 'tag', t.description ?? '', { start: from, end: at });
    }
  };
  const usedTags = (s: string) => [...s.matchAll(/[+-]([A-Za-z0-9_]+)/g)].map((m) => m[1].toLowerCase());

  if (where === 'globals') {
    const tag = /[+-]([A-Za-z0-9_]*)$/.exec(body);
    if (tag) {
      tagCompletion(null, usedTags(body.slice(0, tag.index)), tag[1], at - tag[1].length);
      return out;
    }
    if (/@[A-Za-z]*$/.test(body)) {
      const partial = /@([A-Za-z]*)$/.exec(body)![1];
      languages(meta, null, partial, { start: at - partial.length, end: at }, add);
      return out;
    }
    if (/(==|!=|<=?|>=?)\s*\d*$/.test(body)) {
      add(']', 'symbol', 'Close the global settings');
      return out;
    }
    if (/[=!]$/.test(body)) {
      add('=', 'operator', 'Completes the operator');
      return out;
    }
    if (body.trim() === '') add('@', 'language', 'Language for every word');
    add('+', 'symbol', 'Include a tag in every word');
    add('-', 'symbol', 'Exclude a tag from every word');
    for (const op of OPERATORS) add(op, 'operator', 'Length limit for every word');
    add(']', 'symbol', 'Close the global settings');
    return out;
  }

  // Inside a placeholder.
  const head = /^\s*([A-Za-z_][A-Za-z0-9_]*)?/.exec(body)!;
  const name = head[1] ?? '';
  const rest = body.slice(head[0].length);
  if (rest === '') {
    const replace = { start: at - name.length, end: at };
    for (const [g, description] of GENERATORS)
      if (g.startsWith(name)) add(g, 'generator', description, replace);
    for (const kind of kinds) {
      const count = meta.dictionaries.filter((d) => d.kind.toLowerCase() === kind).length;
      for (const spelling of kindSpellings(kind, name)) {
        add(spelling, 'dictionary', `${kind} words${count > 1 ? ` (${count} languages)` : ''}`, replace);
      }
    }
    if (name !== '' && out.some((s) => s.text === name)) {
      out.splice(0, out.length, ...out.filter((s) => s.text !== name));
      afterName(name, add, kinds);
    }
    return out;
  }

  if (name === 'number' || name === 'num') {
    if (/^\s*$/.test(rest)) {
      add(':', 'symbol', 'Then the number of digits');
      return out;
    }
    if (/^\s*:\s*$/.test(rest)) return out;
    if (/^\s*:\s*\d+$/.test(rest)) {
      for (const [b, description] of BASES) add(b, 'base', description);
      add('}', 'symbol', 'Close the placeholder (decimal)');
      return out;
    }
    const long = /,\s*([A-Za-z]*)$/.exec(rest);
    if (long) {
      for (const b of LONG_BASES)
        if (b.startsWith(long[1])) add(b, 'base', 'Number base', { start: at - long[1].length, end: at });
      return out;
    }
    add('}', 'symbol', 'Close the placeholder');
    return out;
  }
  if (name === 'special' || name === 'spec') {
    if (/^\s*:\s*$/.test(rest)) return out;
    if (/^\s*:\s*\d+$/.test(rest)) {
      add('-', 'symbol', 'A length range: 2-4');
      add('}', 'symbol', 'Close');
      return out;
    }
    add('}', 'symbol', 'Close the placeholder');
    return out;
  }
  if (name === 'emoji') {
    const opt = /\b(count|unique)\s*=\s*([A-Za-z0-9-]*)$/.exec(rest);
    if (opt) {
      if (opt[1] === 'unique') {
        for (const v of ['true', 'false'])
          if (v.startsWith(opt[2]))
            add(v, 'value', 'No emoji twice in one slug', { start: at - opt[2].length, end: at });
      }
      return out;
    }
    const tag = /[+-]([A-Za-z0-9_]*)$/.exec(rest);
    if (tag) {
      tagCompletion('emoji', usedTags(rest.slice(0, tag.index)), tag[1], at - tag[1].length);
      return out;
    }
    const word = /\s([a-z]*)$/.exec(rest);
    const partial = word ? word[1] : '';
    if (!/:/.test(rest) && partial === '') add(':', 'symbol', 'Then tags: +animal -food');
    else if (partial === '') {
      add('+', 'symbol', 'Include emoji with a tag');
      add('-', 'symbol', 'Exclude emoji with a tag');
    }
    for (const o of ['count=', 'unique=']) {
      if (o.startsWith(partial) && !rest.includes(o))
        add(o, 'option', o === 'count=' ? 'How many emoji: 2 or 1-3' : 'No repeats: true', {
          start: at - partial.length,
          end: at,
        });
    }
    if (partial === '') add('}', 'symbol', 'Close the placeholder');
    return out;
  }

  // Dictionary selector.
  const lang = /^@([A-Za-z]*)$/.exec(rest);
  if (lang) {
    languages(meta, name, lang[1], { start: at - lang[1].length, end: at }, add);
    return out;
  }
  if (/^(@[A-Za-z]+)?\s*$/.test(rest)) {
    afterName(name, add, kinds, rest.startsWith('@'));
    return out;
  }
  const tag = /[+-]([A-Za-z0-9_]*)$/.exec(rest);
  if (tag) {
    const used = usedTags(rest.slice(0, tag.index));
    const known = tagsOf(name).some((t) => t.tag === tag[1].toLowerCase());
    tagCompletion(name, used, tag[1], at - tag[1].length);
    if (known && out.length <= 1) {
      out.length = 0;
      afterTag(add);
    }
    return out;
  }
  const asciiValue = /\bascii\s*=\s*([a-z]*)$/.exec(rest);
  if (asciiValue) {
    for (const v of ['true', 'false'])
      if (v.startsWith(asciiValue[1]))
        add(v, 'option', v === 'true' ? 'ASCII letters' : 'As stored (the default)', {
          start: at - asciiValue[1].length,
          end: at,
        });
    return out;
  }
  if (/(==|!=|<=?|>=?)\s*\d+\s*$/.test(rest)) {
    add('}', 'symbol', 'Close the placeholder');
    return out;
  }
  if (/[=!]$/.test(rest)) {
    add('=', 'operator', 'Completes the operator');
    return out;
  }
  if (/[<>]$/.test(rest)) {
    add('=', 'operator', 'Or equal');
    return out;
  }
  if (/:\s*$|[A-Za-z0-9_]\s+$/.test(rest)) afterTag(add, true);
  return out;
}

function afterName(
  name: string,
  add: (t: string, k: SuggestionKind, d: string) => void,
  kinds: string[],
  hasLang = false,
) {
  if (name === 'number' || name === 'num') return add(':', 'symbol', 'Then the number of digits');
  if (name === 'special' || name === 'spec') {
    add(':', 'symbol', 'Then a length: 3 or 2-4');
    return add('}', 'symbol', 'One punctuation character');
  }
  if (!hasLang && kinds.includes(name.toLowerCase())) add('@', 'language', 'Choose a language');
  add(':', 'symbol', 'Then tags and a length limit');
  add('}', 'symbol', 'Close the placeholder');
}

/** After a selector's `:` or its tags; `option`: where an option may start (after `:` or a space). */
function afterTag(add: (t: string, k: SuggestionKind, d: string) => void, option = false) {
  add('+', 'symbol', 'Include words with a tag');
  add('-', 'symbol', 'Exclude words with a tag');
  for (const op of OPERATORS) add(op, 'operator', 'Length limit, e.g. <=8');
  if (option) add('ascii=true', 'option', 'Words in ASCII letters (muede, peche)');
  add('}', 'symbol', 'Close the placeholder');
}

function languages(
  meta: SuggestMeta,
  kind: string | null,
  partial: string,
  replace: { start: number; end: number },
  add: (t: string, k: SuggestionKind, d: string, r: { start: number; end: number }) => void,
) {
  const langs = new Set(
    meta.dictionaries
      .filter((d) => d.language && (kind === null || d.kind.toLowerCase() === kind.toLowerCase()))
      .map((d) => d.language!.toLowerCase()),
  );
  for (const l of [...langs].sort())
    if (l.startsWith(partial.toLowerCase())) add(l, 'language', `Words in ${l}`, replace);
}
