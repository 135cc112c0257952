import { describe, expect, it } from 'vitest';
import type { EmojiElement, NumberElement, SelectorElement, SpecialElement } from '../src/index.js';
import { canonicalPattern, PatternError, parsePattern } from '../src/index.js';
import { parseError } from './helpers.js';

const canonical = (p: string) => canonicalPattern(parsePattern(p));
const only = <T>(p: string) => {
  const parsed = parsePattern(p);
  expect(parsed.elements).toHaveLength(1);
  return parsed.elements[0] as T;
};

describe('product-spec §5 parser messages, each for its case with its offsets', () => {
  // [pattern, message, start, end]: start/end are UTF-16 offsets of the offending span.
  const cases: [string, string, number, number][] = [
    ['{number:0}', 'Max length must be greater than 0', 8, 9],
    ['{number:000}', 'Max length must be greater than 0', 8, 11],
    ['{special:0}', 'Max length must be greater than 0', 9, 10],
    ['{special:}', 'Max length must be greater than 0', 9, 10],
    ['{number}', 'Expected : after number generator name', 7, 8],
    ['{num 5}', 'Expected : after number generator name', 5, 6],
    ['{number:5q}', 'Expected } after number generator', 9, 10],
    ['{number:5x,hex}', 'Expected } after number generator', 10, 11],
    ['{number:5,}', 'Base must be defined', 10, 11],
    ['{number:5, }', 'Base must be defined', 11, 12],
    ['{number:5,Hex}', 'Invalid number base', 10, 13],
    ['{number:5,decimal}', 'Invalid number base', 10, 17],
    ['{special:-1-3}', 'Min length must be greater than or equal to 0', 9, 11],
    ['{special:5-3}', 'Min length must be less than or equal to max length', 9, 12],
    ['{emoji:count=3-2}', 'Min length must be less than or equal to max length', 13, 16],
    ['{emoji:count=0}', 'Number must be greater than 0', 13, 14],
    ['{emoji:count=0-0}', 'Number must be greater than 0', 15, 16],
    ['{emoji:unique=yes}', 'Expected boolean', 14, 17],
    ['{emoji:count=2 unique=True}', 'Expected boolean', 22, 26],
    ['{emoji:count=2 count=3}', 'Option already set', 15, 22],
    ['{emoji:count=2 unique=true unique=false}', 'Option already set', 27, 39],
    ['{noun:x=1}', 'Invalid option', 6, 9],
    ['{noun:+animal case=lower}', 'Invalid option', 14, 24],
    ['{emoji:foo=1}', 'Invalid option', 7, 12],
    ['{emoji:count 2}', 'Expected = after option name', 7, 14],
    ['a\\q', 'Invalid escape sequence', 1, 3],
    ['a\\', 'Invalid escape sequence', 1, 2],
    ['\\n{noun}', 'Invalid escape sequence', 0, 2],
    ['}', 'Unexpected character', 0, 1],
    ['ab]', 'Unexpected character', 2, 3],
    ['{noun}x}', 'Unexpected character', 7, 8],
    ['{noun}[@en]x', 'Unexpected character', 11, 12],
    ['{noun}[@en]  x', 'Unexpected character', 13, 14],
    ['{noun}[@en][@fr]', 'Unexpected character', 11, 12],
    ['{noun}[@en]{noun}', 'Unexpected placeholder after global settings', 11, 12],
    ['{noun}[@en] {noun}', 'Unexpected placeholder after global settings', 12, 13],
    ['[@en]', 'Unexpected global settings', 0, 1],
    ['text [+animal]', 'Unexpected global settings', 5, 6],
  ];

  it.each(cases)('%s → %s', (pattern, message, start, end) => {
    const e = parseError(pattern);
    expect({ message: e.message, start: e.start, end: e.end }).toEqual({ message, start, end });
    expect(e.name).toBe('PatternError');
    expect(Array.isArray(e.expected)).toBe(true);
  });

  it('every §5 message is produced by at least one case above', () => {
    const spec = [
      'Max length must be greater than 0',
      'Base must be defined',
      'Min length must be greater than or equal to 0',
      'Min length must be less than or equal to max length',
      'Number must be greater than 0',
      'Expected : after number generator name',
      'Expected } after number generator',
      'Expected boolean',
      'Invalid number base',
      'Option already set',
      'Invalid option',
      'Expected = after option name',
      'Invalid escape sequence',
      'Unexpected character',
      'Unexpected placeholder after global settings',
      'Unexpected global settings',
    ];
    const produced = new Set(cases.map(([p]) => parseError(p).message));
    expect(spec.filter((m) => !produced.has(m))).toEqual([]);
  });

  it('the operators == and != require their second =', () => {
    const eq = parseError('{noun:=3}');
    expect(eq.message).toMatch(/==.*'='/);
    expect([eq.start, eq.end]).toEqual([6, 7]);
    const ne = parseError('{noun:!3}');
    expect(ne.message).toMatch(/!=.*'='/);
    expect([ne.start, ne.end]).toEqual([6, 7]);
    expect(parseError('{noun}[!5]').message).toMatch(/!=.*'='/);
    expect(parseError('{noun:+animal =5}').message).toMatch(/==.*'='/);
  });

  it('over-limit values report the maximum', () => {
    const cases: [string, string, number, number][] = [
      ['{number:19}', 'Maximum value is 18', 8, 10],
      ['{number:19d}', 'Maximum value is 18', 8, 10],
      ['{number:17x}', 'Maximum value is 16', 8, 10],
      ['{number:17,HEX}', 'Maximum value is 16', 8, 10],
      ['{number:16R}', 'Maximum value is 15', 8, 10],
      ['{number:16,roman}', 'Maximum value is 15', 8, 10],
      ['{special:13}', 'Maximum value is 12', 9, 11],
      ['{special:2-13}', 'Maximum value is 12', 11, 13],
      ['{emoji:count=7}', 'Maximum value is 6', 13, 14],
      ['{emoji:count=1-7}', 'Maximum value is 6', 15, 16],
      ['{noun:<256}', 'Maximum value is 255', 7, 10],
    ];
    for (const [pattern, message, start, end] of cases) {
      const e = parseError(pattern);
      expect({ pattern, message: e.message, start: e.start, end: e.end }).toEqual({
        pattern,
        message,
        start,
        end,
      });
    }
  });

  it('other invalid constructs are PatternErrors with a span inside the pattern', () => {
    for (const pattern of [
      '{',
      '{}',
      '{ }',
      '{noun',
      '{noun@}',
      '{noun @en}',
      '{noun:+}',
      '{noun:+ a}',
      '{noun:+a-a}',
      '{noun:>5 +a}',
      '{noun:==}',
      '{number:}',
      '{number:x}',
      '{number:5,hex',
      '{emoji:unique=true}',
      '{emoji:count=1 unique=true}',
      '{emoji:+face-face}',
      '{emoji:count=2-x}',
      '{emoji:count=}',
      // An option value cut off at the end (found by the fuzz suite: its span ran one past the end).
      '{emoji count=1-',
      '{emoji:count=1-',
      '{number:3',
      '{special:2-',
      '{noun}[',
      '{noun}[@en',
      '{noun}[<=5 +a]',
      '{noun_}x{',
      '{special:1-2-3}',
    ]) {
      const e = parseError(pattern);
      expect(e.message.length, pattern).toBeGreaterThan(0);
      expect(e.start, pattern).toBeGreaterThanOrEqual(0);
      expect(e.end, pattern).toBeGreaterThanOrEqual(e.start);
      expect(e.end, pattern).toBeLessThanOrEqual(pattern.length);
    }
  });

  it('names the offending tag when a selector both includes and excludes it', () => {
    expect(parseError('{noun:+animal-animal}').message).toContain('animal');
    expect(parseError('{noun:-Plant +plant}').message).toContain('plant');
  });

  it('rejects unique=true with a single emoji', () => {
    const e = parseError('{emoji:unique=true}');
    expect(e.message).toMatch(/unique/);
    expect(() => parsePattern('{emoji:count=1-2 unique=true}')).not.toThrow();
  });

  it('throws PatternError (not TypeError) for a non-string pattern', () => {
    expect(() => parsePattern(undefined as unknown as string)).toThrow(PatternError);
    expect(() => parsePattern(42 as unknown as string)).toThrow(PatternError);
  });
});

describe('valid syntax', () => {
  it('parses the empty pattern and plain text', () => {
    expect(parsePattern('')).toMatchObject({ chunks: [''], elements: [], globals: null });
    expect(parsePattern('just text')).toMatchObject({ chunks: ['just text'], elements: [] });
  });

  it('keeps chunks.length === elements.length + 1, empty chunks included', () => {
    const p = parsePattern('{noun}{verb}-{number:2}');
    expect(p.chunks).toEqual(['', '', '-', '']);
    expect(p.elements.map((e) => e.type)).toEqual(['selector', 'selector', 'number']);
  });

  it('records element spans', () => {
    const p = parsePattern('ab{noun} {number:3}');
    expect(p.elements.map((e) => [e.start, e.end])).toEqual([
      [2, 8],
      [9, 19],
    ]);
  });

  it('decodes escapes in text', () => {
    expect(parsePattern('a\\{b').chunks).toEqual(['a{b']);
    expect(parsePattern('\\\\\\{\\}\\[\\]').chunks).toEqual(['\\{}[]']);
    expect(parsePattern('\\{{noun}\\}').chunks).toEqual(['{', '}']);
    expect(parsePattern('x\\[y\\]{noun}[@en]').chunks).toEqual(['x[y]', '']);
  });

  it('keeps whitespace before [ in the last chunk', () => {
    expect(parsePattern('{noun} [@en]').chunks).toEqual(['', ' ']);
    expect(parsePattern('{noun}[@en]  \n').chunks).toEqual(['', '']);
  });

  it('allows whitespace after {, around :, between tags, after an operator and before }', () => {
    const s = only<SelectorElement>('{ noun : +a +b -c <= 5 }');
    expect(s).toMatchObject({
      kind: 'noun',
      include: ['a', 'b'],
      exclude: ['c'],
      sizeLimit: { op: '<=', value: 5 },
    });
    expect(only<SelectorElement>('{noun:+a+b-c}')).toMatchObject({ include: ['a', 'b'], exclude: ['c'] });
    expect(only<NumberElement>('{ number : 5 , hex }')).toMatchObject({ length: 5, base: 'hex' });
    expect(only<NumberElement>('{number:5 }')).toMatchObject({ length: 5, base: 'dec' });
    expect(only<SpecialElement>('{ special : 2-3 }')).toMatchObject({ min: 2, max: 3 });
    expect(only<EmojiElement>('{ emoji : +face  count=2  unique=true }')).toMatchObject({
      include: ['face'],
      countMin: 2,
      countMax: 2,
      unique: true,
    });
  });

  it('dispatches keywords case-sensitively; other identifiers are dictionary kinds', () => {
    expect(only<NumberElement>('{num:4}').type).toBe('number');
    expect(only<SpecialElement>('{spec:2}').type).toBe('special');
    expect(only<EmojiElement>('{emoji}').type).toBe('emoji');
    for (const kind of ['Number', 'NUMBER', 'numbers', 'Emoji', 'Special', 'noun_x', '_x1']) {
      expect(only<SelectorElement>(`{${kind}}`)).toMatchObject({ type: 'selector', kind });
    }
  });

  it('parses every number base, short and long', () => {
    const bases = { d: 'dec', x: 'hex', X: 'HEX', r: 'roman', R: 'ROMAN' } as const;
    for (const [short, long] of Object.entries(bases)) {
      expect(only<NumberElement>(`{number:3${short}}`).base).toBe(long);
      expect(only<NumberElement>(`{number:3,${long}}`).base).toBe(long);
    }
    expect(only<NumberElement>('{number:3}').base).toBe('dec');
  });

  it('accepts the limits exactly: dec 18, hex 16, roman 15, special 12, emoji count 6, size limit 255', () => {
    expect(only<NumberElement>('{number:18}').length).toBe(18);
    expect(only<NumberElement>('{number:16x}').length).toBe(16);
    expect(only<NumberElement>('{number:16X}').length).toBe(16);
    expect(only<NumberElement>('{number:15R}').length).toBe(15);
    expect(only<NumberElement>('{number:15r}').length).toBe(15);
    expect(only<NumberElement>('{number:1}').length).toBe(1);
    expect(only<SpecialElement>('{special:12}')).toMatchObject({ min: 12, max: 12 });
    expect(only<SpecialElement>('{special:0-12}')).toMatchObject({ min: 0, max: 12 });
    expect(only<EmojiElement>('{emoji:count=6}')).toMatchObject({ countMin: 6, countMax: 6 });
    expect(only<EmojiElement>('{emoji:count=0-6}')).toMatchObject({ countMin: 0, countMax: 6 });
    expect(only<SelectorElement>('{noun:<=255}').sizeLimit).toEqual({ op: '<=', value: 255 });
  });

  it('parses special lengths: none, N, A-B, -B', () => {
    expect(only<SpecialElement>('{special}')).toMatchObject({ min: 1, max: 1 });
    expect(only<SpecialElement>('{special:4}')).toMatchObject({ min: 4, max: 4 });
    expect(only<SpecialElement>('{special:2-5}')).toMatchObject({ min: 2, max: 5 });
    expect(only<SpecialElement>('{special:-3}')).toMatchObject({ min: 0, max: 3 });
  });

  it('parses emoji options in any order, with and without tags', () => {
    expect(only<EmojiElement>('{emoji}')).toMatchObject({ countMin: 1, countMax: 1, unique: false });
    expect(only<EmojiElement>('{emoji count=2}')).toMatchObject({ countMin: 2, countMax: 2 });
    expect(only<EmojiElement>('{emoji:unique=true count=1-3}')).toMatchObject({
      countMin: 1,
      countMax: 3,
      unique: true,
    });
    expect(only<EmojiElement>('{emoji:+face-nsfw count=-2 unique=false}')).toMatchObject({
      include: ['face'],
      exclude: ['nsfw'],
      countMin: 0,
      countMax: 2,
      unique: false,
    });
  });

  it('parses selector languages (lower-cased), tags (lower-cased) and every size operator', () => {
    expect(only<SelectorElement>('{noun@EN}').language).toBe('en');
    expect(only<SelectorElement>('{noun:+Animal}').include).toEqual(['animal']);
    expect(only<SelectorElement>('{noun:}')).toMatchObject({ include: [], exclude: [], sizeLimit: null });
    for (const op of ['==', '!=', '<', '<=', '>', '>=']) {
      expect(only<SelectorElement>(`{noun:${op}4}`).sizeLimit).toEqual({ op, value: 4 });
      expect(only<SelectorElement>(`{noun:+a ${op} 4}`).sizeLimit).toEqual({ op, value: 4 });
    }
  });
});

describe('global settings (notes §1.8 merge rules)', () => {
  const selectors = (p: string) => parsePattern(p).elements as SelectorElement[];

  it('sets the language only where the selector has none', () => {
    expect(selectors('test-{noun@fr}-{noun}-{noun}-slug[@en]').map((s) => s.language)).toEqual([
      'fr',
      'en',
      'en',
    ]);
  });

  it('adds global tags to every selector', () => {
    const [first, second] = selectors('{noun:+tagN}-{noun}[+tag1+tag2]');
    expect([...first.include].sort()).toEqual(['tag1', 'tag2', 'tagn']);
    expect([...second.include].sort()).toEqual(['tag1', 'tag2']);
  });

  it('keeps a selector size limit and fills in the others', () => {
    expect(selectors('{noun:<=8}-{noun}-{verb}[<=10]').map((s) => s.sizeLimit)).toEqual([
      { op: '<=', value: 8 },
      { op: '<=', value: 10 },
      { op: '<=', value: 10 },
    ]);
  });

  it('never adds +t where the selector has -t, nor -t where it has +t', () => {
    const [a, b] = selectors('{noun:-x}-{noun:+y}[+x-y]');
    expect(a).toMatchObject({ include: [], exclude: ['x', 'y'] });
    expect(b).toMatchObject({ include: ['y', 'x'], exclude: [] });
  });

  it('applies to dictionary selectors only, never to number, special or emoji', () => {
    const p = parsePattern('{number:3}{special:2}{emoji}{noun}[@de +face -nsfw <5]');
    const [num, spec, emoji, noun] = p.elements;
    expect(num).toMatchObject({ type: 'number', length: 3, base: 'dec' });
    expect(spec).toMatchObject({ type: 'special', min: 2, max: 2 });
    expect(emoji).toMatchObject({ type: 'emoji', include: [], exclude: [] });
    expect(noun).toMatchObject({
      language: 'de',
      include: ['face'],
      exclude: ['nsfw'],
      sizeLimit: { op: '<', value: 5 },
    });
    expect(p.globals).toMatchObject({ language: 'de', include: ['face'], exclude: ['nsfw'] });
  });

  it('accepts an empty block and whitespace inside it', () => {
    expect(parsePattern('{noun}[]').globals).not.toBeNull();
    expect(selectors('{noun}[ @en  +a  -b  >=  3 ]')[0]).toMatchObject({
      language: 'en',
      include: ['a'],
      exclude: ['b'],
      sizeLimit: { op: '>=', value: 3 },
    });
  });
});

describe('canonical form', () => {
  const cases: [string, string][] = [
    ['{num:10}', '{number:10d}'],
    ['{number:5,hex}', '{number:5x}'],
    ['{number:5,HEX}', '{number:5X}'],
    ['{number:7,roman}', '{number:7r}'],
    ['{number:7,ROMAN}', '{number:7R}'],
    ['{spec}', '{special:1}'],
    ['{spec:-3}', '{special:0-3}'],
    ['{special:3-3}', '{special:3}'],
    ['{noun:}', '{noun}'],
    ['{ noun@EN : -b +a <= 10 }', '{noun@en:+a-b<=10}'],
    ['{Noun:+zeta+alpha}', '{Noun:+alpha+zeta}'],
    ['{emoji:+happy+face count=2-2 unique=false}', '{emoji:+face+happy count=2}'],
    ['{emoji count=1}', '{emoji}'],
    ['{emoji count=-3 unique=true}', '{emoji count=0-3 unique=true}'],
    ['a\\{b', 'a\\{b'],
    ['\\[{noun}\\]\\\\', '\\[{noun}\\]\\\\'],
    ['test-{noun}-{noun}-slug[@en]', 'test-{noun@en}-{noun@en}-slug'],
    ['{noun:<=8}-{verb}[+x <=10]', '{noun:+x<=8}-{verb:+x<=10}'],
    ['{adjective} [-nsfw]', '{adjective:-nsfw} '],
    ['', ''],
  ];

  it.each(cases)('%s → %s', (pattern, expected) => {
    expect(canonical(pattern)).toBe(expected);
  });

  it('is idempotent and means the same pattern', () => {
    for (const [pattern] of cases) {
      const once = canonical(pattern);
      expect(canonical(once)).toBe(once);
      const strip = (p: string) =>
        parsePattern(p).elements.map(({ start: _s, end: _e, ...rest }) => ({
          ...rest,
          ...('include' in rest
            ? { include: [...rest.include].sort(), exclude: [...rest.exclude].sort() }
            : {}),
        }));
      expect(strip(once)).toEqual(strip(pattern));
      expect(parsePattern(once).chunks).toEqual(parsePattern(pattern).chunks);
    }
  });
});
