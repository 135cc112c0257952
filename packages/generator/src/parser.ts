import type {
  Element,
  EmojiElement,
  GlobalSettings,
  NumberBase,
  NumberElement,
  ParsedPattern,
  SelectorElement,
  SizeLimit,
  SizeOp,
  SpecialElement,
} from './ast.js';
import { PatternError, type PatternErrorCode, type PatternErrorParams } from './errors.js';

/** Limits of the pattern language (generator.md §2). */
export const LIMITS = {
  decDigits: 18,
  hexDigits: 16,
  romanLength: 15,
  specialLength: 12,
  emojiCount: 6,
  sizeLimitValue: 255,
} as const;

const ESCAPABLE = '{}[]\\';
const SHORT_BASES: Record<string, NumberBase> = { d: 'dec', x: 'hex', X: 'HEX', r: 'roman', R: 'ROMAN' };
const LONG_BASES: readonly NumberBase[] = ['dec', 'hex', 'HEX', 'roman', 'ROMAN'];
const NUMBER_KEYWORDS = new Set(['number', 'num']);
const SPECIAL_KEYWORDS = new Set(['special', 'spec']);

const isWs = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n' || c === '\r';
const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
const isIdentStart = (c: string | undefined) =>
  c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_');
const isIdentPart = (c: string | undefined) => isIdentStart(c) || isDigit(c);
const isTagChar = isIdentPart;

/** Recursive-descent parser over one pattern string. Throws only PatternError. */
class Parser {
  pos = 0;
  constructor(readonly src: string) {}

  peek(): string | undefined {
    return this.src[this.pos];
  }

  /** The span always lies inside the pattern: one past the end is clamped to the end (EOF). */
  fail(
    code: PatternErrorCode,
    start: number,
    end = start,
    expected: string[] = [],
    params: PatternErrorParams = {},
  ): never {
    const length = this.src.length;
    const from = Math.min(start, length);
    throw new PatternError(code, from, Math.min(Math.max(end, from), length), expected, params);
  }

  /** EOF inside a construct gets one message everywhere; `expected` says what could follow. */
  failEnd(expected: string[]): never {
    this.fail('unexpected-end', this.pos, this.pos, expected);
  }

  skipWs(): void {
    while (isWs(this.peek())) this.pos++;
  }

  identifier(): string {
    const start = this.pos;
    if (!isIdentStart(this.peek())) return '';
    while (isIdentPart(this.peek())) this.pos++;
    return this.src.slice(start, this.pos);
  }

  digits(): string {
    const start = this.pos;
    while (isDigit(this.peek())) this.pos++;
    return this.src.slice(start, this.pos);
  }

  /** Reads a non-negative integer or fails with `expected-number`. */
  integer(expected: string[] = ['number']): { value: number; start: number; end: number } {
    const start = this.pos;
    const text = this.digits();
    if (text === '') {
      if (this.peek() === undefined) this.failEnd(expected);
      this.fail('expected-number', start, start + 1, expected);
    }
    // Cap the digits we convert (leading zeros aside): anything this long is over every limit.
    const significant = text.replace(/^0+(?=\d)/, '');
    const value = significant.length > 15 ? Number.MAX_SAFE_INTEGER : Number(significant);
    return { value, start, end: this.pos };
  }

  parse(): ParsedPattern {
    const chunks: string[] = [];
    const elements: Element[] = [];
    let globals: GlobalSettings | null = null;
    let text = '';
    while (this.pos < this.src.length) {
      const c = this.src[this.pos];
      if (c === '\\') {
        const next = this.src[this.pos + 1];
        if (next === undefined || !ESCAPABLE.includes(next)) {
          this.fail('invalid-escape', this.pos, this.pos + (next === undefined ? 1 : 2), [...ESCAPABLE]);
        }
        text += next;
        this.pos += 2;
      } else if (c === '{') {
        chunks.push(text);
        text = '';
        elements.push(this.placeholder());
      } else if (c === '[') {
        if (elements.length === 0) {
          this.fail('unexpected-globals', this.pos, this.pos + 1, ['{']);
        }
        globals = this.globalSettings();
        break;
      } else if (c === '}' || c === ']') {
        this.fail('unexpected-character', this.pos, this.pos + 1, ['text', '{']);
      } else {
        text += c;
        this.pos++;
      }
    }
    chunks.push(text);
    if (globals) {
      this.skipWs();
      if (this.peek() === '{') {
        this.fail('placeholder-after-globals', this.pos, this.pos + 1, []);
      }
      if (this.peek() !== undefined) this.fail('unexpected-character', this.pos, this.pos + 1, []);
      for (const el of elements) if (el.type === 'selector') mergeGlobals(el, globals);
    }
    return { source: this.src, chunks, elements, globals };
  }

  placeholder(): Element {
    const start = this.pos;
    this.pos++; // {
    this.skipWs();
    const name = this.identifier();
    if (name === '') {
      if (this.peek() === undefined) this.failEnd(['identifier']);
      this.fail('expected-name', this.pos, this.pos + 1, ['identifier']);
    }
    if (NUMBER_KEYWORDS.has(name)) return this.numberGen(start);
    if (SPECIAL_KEYWORDS.has(name)) return this.specialGen(start);
    if (name === 'emoji') return this.emojiGen(start);
    return this.selector(start, name);
  }

  /** Consumes optional whitespace and the closing brace. */
  close(code: PatternErrorCode, expected: string[]): number {
    this.skipWs();
    if (this.peek() === '}') {
      this.pos++;
      return this.pos;
    }
    if (this.peek() === undefined) this.failEnd(expected);
    this.fail(code, this.pos, this.pos + 1, expected);
  }

  numberGen(start: number): NumberElement {
    this.skipWs();
    if (this.peek() !== ':') {
      if (this.peek() === undefined) this.failEnd([':']);
      this.fail('expected-colon', this.pos, this.pos + 1, [':']);
    }
    this.pos++;
    this.skipWs();
    const len = this.integer();
    if (len.value === 0) this.fail('max-length-not-positive', len.start, len.end, ['number']);
    let base: NumberBase = 'dec';
    const short = SHORT_BASES[this.peek() ?? ''];
    if (short) {
      base = short;
      this.pos++;
    } else {
      this.skipWs();
      if (this.peek() === ',') {
        this.pos++;
        this.skipWs();
        const nameStart = this.pos;
        const name = this.identifier();
        if (name === '') {
          if (this.peek() === undefined) this.failEnd([...LONG_BASES]);
          this.fail('base-required', this.pos, this.pos + 1, [...LONG_BASES]);
        }
        if (!(LONG_BASES as readonly string[]).includes(name)) {
          this.fail('invalid-base', nameStart, this.pos, [...LONG_BASES]);
        }
        base = name as NumberBase;
      }
    }
    const max =
      base === 'dec'
        ? LIMITS.decDigits
        : base === 'roman' || base === 'ROMAN'
          ? LIMITS.romanLength
          : LIMITS.hexDigits;
    if (len.value > max) this.fail('maximum-value', len.start, len.end, ['number'], { max });
    const end = this.close('expected-number-close', ['}']);
    return { type: 'number', length: len.value, base, start, end };
  }

  /** `N`, `A-B` or `-B`; a written negative lower bound (`-1-3`) is reported as such. */
  range(
    what: 'length' | 'count',
    max: number,
  ): { min: number; max: number; start: number; end: number; minStart: number } {
    const start = this.pos;
    let min: number;
    if (this.peek() === '-') {
      this.pos++;
      const b = this.integer();
      if (this.peek() === '-') {
        this.fail('min-length-negative', start, b.end, ['number']);
      }
      min = 0;
      this.checkMax(b, max, what);
      return { min, max: b.value, start, end: this.pos, minStart: start };
    }
    const a = this.integer();
    min = a.value;
    let hi = a;
    if (this.peek() === '-') {
      this.pos++;
      hi = this.integer();
    }
    this.checkMax(hi, max, what);
    if (min > hi.value) {
      this.fail('min-above-max', start, this.pos, ['number']);
    }
    return { min, max: hi.value, start, end: this.pos, minStart: start };
  }

  checkMax(v: { value: number; start: number; end: number }, max: number, what: 'length' | 'count'): void {
    if (v.value === 0) {
      this.fail(what === 'count' ? 'number-not-positive' : 'max-length-not-positive', v.start, v.end, [
        'number',
      ]);
    }
    if (v.value > max) this.fail('maximum-value', v.start, v.end, ['number'], { max });
  }

  specialGen(start: number): SpecialElement {
    this.skipWs();
    let min = 1;
    let max = 1;
    if (this.peek() === ':') {
      this.pos++;
      this.skipWs();
      if (this.peek() === '}' || (this.peek() !== undefined && isWs(this.peek()))) {
        this.fail('max-length-not-positive', this.pos, this.pos + 1, ['number']);
      }
      const r = this.range('length', LIMITS.specialLength);
      min = r.min;
      max = r.max;
    }
    const end = this.close('unexpected-character', ['}', ':']);
    return { type: 'special', min, max, start, end };
  }

  tags(include: string[], exclude: string[]): void {
    for (;;) {
      const save = this.pos;
      this.skipWs();
      const sign = this.peek();
      if (sign !== '+' && sign !== '-') {
        this.pos = save;
        return;
      }
      const tagStart = this.pos;
      this.pos++;
      const nameStart = this.pos;
      while (isTagChar(this.peek())) this.pos++;
      if (this.pos === nameStart) {
        if (this.peek() === undefined) this.failEnd(['tag']);
        this.fail('expected-tag', tagStart, this.pos + 1, ['tag']);
      }
      const tag = this.src.slice(nameStart, this.pos).toLowerCase();
      const same = sign === '+' ? include : exclude;
      const other = sign === '+' ? exclude : include;
      if (other.includes(tag)) {
        this.fail('tag-both-ways', tagStart, this.pos, ['tag'], { tag });
      }
      if (!same.includes(tag)) same.push(tag);
    }
  }

  sizeLimit(): SizeLimit | null {
    const save = this.pos;
    this.skipWs();
    const opStart = this.pos;
    const c = this.peek();
    const n = this.src[this.pos + 1];
    let op: SizeOp;
    if (c === '=' || c === '!') {
      if (n !== '=') {
        this.fail('operator-needs-equals', opStart, opStart + 1, ['='], { operator: `${c}=` });
      }
      op = c === '=' ? '==' : '!=';
      this.pos += 2;
    } else if (c === '<' || c === '>') {
      if (n === '=') {
        op = c === '<' ? '<=' : '>=';
        this.pos += 2;
      } else {
        op = c;
        this.pos++;
      }
    } else {
      this.pos = save;
      return null;
    }
    this.skipWs();
    const v = this.integer();
    if (v.value > LIMITS.sizeLimitValue) {
      this.fail('maximum-value', v.start, v.end, ['number'], { max: LIMITS.sizeLimitValue });
    }
    return { op, value: v.value };
  }

  /** `key=value` options; selectors accept none today (generator.md §2). */
  options(onOption: (key: string, keyStart: number, value: string, valueStart: number) => void): void {
    for (;;) {
      this.skipWs();
      if (!isIdentStart(this.peek())) return;
      const keyStart = this.pos;
      const key = this.identifier();
      this.skipWs();
      if (this.peek() !== '=') {
        if (this.peek() === undefined) this.failEnd(['=']);
        this.fail('expected-equals', keyStart, this.pos + 1, ['=']);
      }
      this.pos++;
      this.skipWs();
      const valueStart = this.pos;
      while (this.peek() !== undefined && this.peek() !== '}' && !isWs(this.peek())) this.pos++;
      onOption(key, keyStart, this.src.slice(valueStart, this.pos), valueStart);
    }
  }

  /** An optional `@lang`, lower-cased. */
  language(): string | null {
    if (this.peek() !== '@') return null;
    this.pos++;
    const lang = this.identifier();
    if (lang === '') {
      if (this.peek() === undefined) this.failEnd(['language']);
      this.fail('expected-language', this.pos, this.pos + 1, ['language']);
    }
    return lang.toLowerCase();
  }

  selector(start: number, kind: string): SelectorElement {
    const language = this.language();
    const include: string[] = [];
    const exclude: string[] = [];
    let sizeLimit: SizeLimit | null = null;
    let ascii: boolean | undefined;
    this.skipWs();
    if (this.peek() === ':') {
      this.pos++;
      this.tags(include, exclude);
      sizeLimit = this.sizeLimit();
      if (sizeLimit) {
        this.skipWs();
        if (this.peek() === '+' || this.peek() === '-') {
          this.fail('tags-before-size', this.pos, this.pos + 1, ['}']);
        }
      }
      // One option: `ascii=true` (words in ASCII letters, see ascii.ts).
      this.options((key, keyStart, value, valueStart) => {
        if (key !== 'ascii') this.fail('invalid-option', keyStart, this.pos, ['ascii', '}']);
        if (ascii !== undefined) this.fail('option-already-set', keyStart, this.pos, []);
        if (value !== 'true' && value !== 'false')
          this.fail('expected-boolean', valueStart, Math.max(this.pos, valueStart + 1), ['true', 'false']);
        ascii = value === 'true';
      });
    }
    const expected = sizeLimit ? ['}'] : [':', '}', '@', '+', '-', 'operator'];
    const end = this.close('unexpected-character', expected);
    const el: SelectorElement = { type: 'selector', kind, language, include, exclude, sizeLimit, start, end };
    if (ascii) el.ascii = true;
    return el;
  }

  emojiGen(start: number): EmojiElement {
    const include: string[] = [];
    const exclude: string[] = [];
    let countMin = 1;
    let countMax = 1;
    let unique = false;
    const seen = new Set<string>();
    this.skipWs();
    if (this.peek() === ':') {
      this.pos++;
      this.tags(include, exclude);
    }
    this.options((key, keyStart, value, valueStart) => {
      if (key !== 'count' && key !== 'unique')
        this.fail('invalid-option', keyStart, this.pos, ['count', 'unique']);
      if (seen.has(key)) this.fail('option-already-set', keyStart, this.pos, []);
      seen.add(key);
      if (key === 'unique') {
        if (value !== 'true' && value !== 'false') {
          this.fail('expected-boolean', valueStart, Math.max(this.pos, valueStart + 1), ['true', 'false']);
        }
        unique = value === 'true';
        return;
      }
      const sub = new Parser(value);
      try {
        const r = sub.range('count', LIMITS.emojiCount);
        if (sub.pos !== value.length) sub.fail('expected-number', sub.pos, sub.pos + 1, ['number']);
        countMin = r.min;
        countMax = r.max;
      } catch (e) {
        if (!(e instanceof PatternError)) throw e;
        const code = e.code === 'unexpected-end' ? 'expected-number' : e.code;
        const end = valueStart + Math.max(e.end, e.start + 1);
        this.fail(code, valueStart + e.start, end, e.expected, e.params);
      }
    });
    if (unique && countMax < 2) {
      this.fail('unique-needs-count', start, this.pos, ['count']);
    }
    const end = this.close('unexpected-character', ['}']);
    return { type: 'emoji', include, exclude, countMin, countMax, unique, start, end };
  }

  globalSettings(): GlobalSettings {
    const start = this.pos;
    this.pos++; // [
    this.skipWs();
    const language = this.language();
    const include: string[] = [];
    const exclude: string[] = [];
    this.tags(include, exclude);
    const sizeLimit = this.sizeLimit();
    this.skipWs();
    if (this.peek() !== ']') {
      if (this.peek() === undefined) this.failEnd([']']);
      this.fail(
        'unexpected-character',
        this.pos,
        this.pos + 1,
        sizeLimit ? [']'] : ['+', '-', 'operator', ']'],
      );
    }
    this.pos++;
    return { language, include, exclude, sizeLimit, start, end: this.pos };
  }
}

/** The reference merge rules: a selector's own language and size limit win; `+t`/`-t` never contradict. */
function mergeGlobals(el: SelectorElement, g: GlobalSettings): void {
  if (el.language === null) el.language = g.language;
  if (el.sizeLimit === null) el.sizeLimit = g.sizeLimit;
  for (const t of g.include) if (!el.exclude.includes(t) && !el.include.includes(t)) el.include.push(t);
  for (const t of g.exclude) if (!el.include.includes(t) && !el.exclude.includes(t)) el.exclude.push(t);
}

/** Parses a pattern. Throws PatternError (and nothing else) for any invalid input. */
export function parsePattern(pattern: string): ParsedPattern {
  if (typeof pattern !== 'string') throw new PatternError('pattern-required', 0, 0, ['text']);
  return new Parser(pattern).parse();
}

const escapeText = (s: string) => s.replace(/[{}[\]\\]/g, (c) => `\\${c}`);

function tagsText(include: string[], exclude: string[]): string {
  return (
    [...include]
      .sort()
      .map((t) => `+${t}`)
      .join('') +
    [...exclude]
      .sort()
      .map((t) => `-${t}`)
      .join('')
  );
}

export function elementToString(el: Element): string {
  switch (el.type) {
    case 'number': {
      const short = { dec: 'd', hex: 'x', HEX: 'X', roman: 'r', ROMAN: 'R' }[el.base];
      return `number:${el.length}${short}`;
    }
    case 'special':
      return el.min === el.max ? `special:${el.min}` : `special:${el.min}-${el.max}`;
    case 'emoji': {
      const tags = tagsText(el.include, el.exclude);
      let s = tags ? `emoji:${tags}` : 'emoji';
      if (el.countMin !== 1 || el.countMax !== 1) {
        s += el.countMin === el.countMax ? ` count=${el.countMin}` : ` count=${el.countMin}-${el.countMax}`;
      }
      if (el.unique) s += ' unique=true';
      return s;
    }
    case 'selector': {
      let s = el.kind + (el.language ? `@${el.language}` : '');
      const tags = tagsText(el.include, el.exclude);
      const limit = el.sizeLimit ? `${el.sizeLimit.op}${el.sizeLimit.value}` : '';
      if (tags || limit) s += `:${tags}${limit}`;
      if (el.ascii) s += tags || limit ? ' ascii=true' : ':ascii=true';
      return s;
    }
  }
}

/** Canonical text: globals merged into the selectors, `[…]` dropped, tags sorted, escapes re-applied. */
export function canonicalPattern(parsed: ParsedPattern): string {
  let out = escapeText(parsed.chunks[0]);
  parsed.elements.forEach((el, i) => {
    out += `{${elementToString(el)}}${escapeText(parsed.chunks[i + 1])}`;
  });
  return out;
}
