/** Token classes of the pattern editor's syntax highlighting. */
export type TokenClass = 'text' | 'brace' | 'kind' | 'gen' | 'tag' | 'op' | 'global' | 'plain';

export interface Token {
  text: string;
  cls: TokenClass;
  start: number;
}

const GENERATORS = new Set(['number', 'special', 'emoji']);

/**
 * A forgiving lexer for highlighting only (the parser decides validity): literal text, braces,
 * the placeholder's kind or generator name, tags (+x / -x), comparison operators, @language and
 * global settings in brackets.
 */
export function tokenize(pattern: string): Token[] {
  const out: Token[] = [];
  const push = (text: string, cls: TokenClass, start: number) => {
    if (!text) return;
    const last = out[out.length - 1];
    if (last && last.cls === cls && last.start + last.text.length === start) last.text += text;
    else out.push({ text, cls, start });
  };
  let i = 0;
  let mode: 'text' | 'placeholder' | 'globals' = 'text';
  let first = false;
  while (i < pattern.length) {
    const c = pattern[i];
    if (mode === 'text') {
      if (c === '\\' && i + 1 < pattern.length) {
        push(pattern.slice(i, i + 2), 'text', i);
        i += 2;
      } else if (c === '{') {
        push(c, 'brace', i);
        mode = 'placeholder';
        first = true;
        i++;
      } else if (c === '[') {
        push(c, 'brace', i);
        mode = 'globals';
        i++;
      } else {
        push(c, 'text', i);
        i++;
      }
      continue;
    }
    const close = mode === 'placeholder' ? '}' : ']';
    if (c === close) {
      push(c, 'brace', i);
      mode = 'text';
      i++;
      continue;
    }
    const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(pattern.slice(i));
    if (first && mode === 'placeholder' && word) {
      push(word[0], GENERATORS.has(word[0].toLowerCase()) ? 'gen' : 'kind', i);
      i += word[0].length;
      first = false;
      continue;
    }
    first = false;
    if ((c === '+' || c === '-') && /[A-Za-z0-9_]/.test(pattern[i + 1] ?? '')) {
      const tag = /^[+-][A-Za-z0-9_]+/.exec(pattern.slice(i))![0];
      push(tag, 'tag', i);
      i += tag.length;
      continue;
    }
    const op = /^(==|!=|<=|>=|<|>)/.exec(pattern.slice(i));
    if (op) {
      push(op[0], 'op', i);
      i += op[0].length;
      continue;
    }
    push(c, mode === 'globals' ? 'global' : 'plain', i);
    i++;
  }
  return out;
}
