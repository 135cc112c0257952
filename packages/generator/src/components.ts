import { AGREEMENT_RULES, type Agreement } from './agreement-rules.js';
import type { Element, EmojiElement, NumberElement, SelectorElement, SpecialElement } from './ast.js';
import { applyMask, type Casing, casedWith, casingOf, maskedMaxBytes } from './casing.js';
import type { BundleIndex, DictionaryIndex } from './dictionary-index.js';
import { GeneratorError, PatternError } from './errors.js';
import { alphabetInfo, JOIN_LIST_LIMIT, type JoinInfo, joinInfoOf } from './joins.js';
import { missingDictionaryError, unknownTagError } from './names.js';
import { elementToString } from './parser.js';
import { utf8Length } from './text.js';

/** Limbs stay below 2^31 so the permutation runs on int32 arithmetic. */
export const MAX_LIMB = 2 ** 31 - 1;

/**
 * One placeholder, compiled. The values [0, size) render to distinct strings (injective).
 *
 * - `value`: one integer v in [0, size); the planner lays it out over limbs. `list[v]` when
 *   present (the fast path), else `render(v, mask)`; above 2^53 `renderBig(v)`.
 * - `digits`: a natural product of limbs (`limbs`, least significant first, each < 2^31),
 *   rendered straight from the limb values.
 */
export type Component =
  | {
      shape: 'value';
      size: bigint;
      maxBytes: number;
      /** Every value's rendering in order, when it is a plain list (listed on first call). */
      list?: () => string[];
      join: JoinInfo;
      /**
       * Selectors: the last value whose word as stored in the bundle lower-cases to `lower`, for
       * awkward-pair checks.
       */
      valueOfLower?: (lower: string) => number | undefined;
      /** Selectors of a language with agreement rules: what grouping with a neighbour needs. */
      agreement?: Agreement;
      render(v: number, mask: number): string;
      renderBig?(v: bigint): string;
    }
  | {
      shape: 'digits';
      size: bigint;
      limbs: number[];
      maxBytes: number;
      join: JoinInfo;
      /** `mask`: the component's case mask (used by groups of agreeing words with mixed case). */
      render(x: Int32Array, off: number, mask?: number): string;
    };

// ---- selectors --------------------------------------------------------------------------------

/** An include tag the dictionary does not have (the tags it does have are valid there). */
function unknownTag(tag: string, dict: DictionaryIndex, el: Element): PatternError {
  return unknownTagError(tag, dict.kind, dict.tagNames(), el);
}

export function selectorComponent(el: SelectorElement, index: BundleIndex): Component {
  const dict = index.find(el.kind, el.language);
  if ('missing' in dict) {
    // A language without this kind: the languages that have it are what would be valid there.
    throw missingDictionaryError(dict, el, index.kinds(), el.kind);
  }
  // An unknown include tag is an error (no word could match); excluding a tag no word has is a no-op.
  for (const t of el.include) {
    if (!dict.hasTag(t)) throw unknownTag(t, dict, el);
  }
  // Words that casing makes equal ("polish"/"Polish" under {NOUN}) count once, so every value
  // renders differently (G2); the first in dictionary order stays.
  const casing = casingOf(el.kind);
  const ascii = el.ascii === true;
  let indices = dict.selectIndices(el.include, el.exclude, el.sizeLimit);
  if (ascii) indices = asciiIndices(dict, indices, casing);
  const view = ascii ? dict.casedAscii(casing) : dict.cased(casing);
  const { size, at, words, valueOfLower, maxBytes, join: wordJoin, positions } = view.select(indices);
  if (size === 0) {
    throw new PatternError('no-words', el.start, el.end, [], { placeholder: `{${elementToString(el)}}` });
  }
  const agreement = agreementOf(dict, positions, casing, ascii);
  // An agreeing adjective may render any of its forms: the join check sees them all.
  const join =
    agreement?.role === 'adjective'
      ? joinInfoOf([...new Set([...words(), ...agreement.forms.flat()])], { anyCase: casing === 'mixed' })
      : wordJoin;
  if (casing === 'mixed') {
    return {
      shape: 'value',
      size: BigInt(size),
      maxBytes,
      valueOfLower,
      join,
      agreement,
      render: (v, mask) => applyMask(at(v), mask),
    };
  }
  return {
    shape: 'value',
    size: BigInt(size),
    maxBytes,
    list: words,
    valueOfLower,
    join,
    agreement,
    render: at,
  };
}

/**
 * What agreement needs of a selection (see `agreement.ts`): nouns' genders, adjectives' forms per
 * gender in the selector's casing. Forms of two adjectives that render alike under one gender
 * would make two slugs equal: the bundle must not have them, and this refuses one that does.
 */
/**
 * `ascii=true`: the words that have an ASCII spelling. Of agreeing adjectives whose ASCII forms
 * meet in one gender (or casing) only the first stays, as casing keeps the first of words that
 * render alike: every slug stays distinct.
 */
function asciiIndices(dict: DictionaryIndex, indices: number[], casing: Casing): number[] {
  const spellings = dict.asciiSpellings();
  const spelt = indices.filter((i) => spellings[i] !== null);
  const rule = dict.language ? AGREEMENT_RULES[dict.language] : undefined;
  if (!rule || dict.kind !== 'adjective') return spelt;
  const cased = casedWith(casing);
  const key = (form: string) => (casing === 'mixed' ? form.toLowerCase() : cased(form));
  const taken = rule.genders.map(() => new Set<string>());
  return spelt.filter((i) => {
    const forms = rule.genders.map((g) => dict.asciiForm(i, g));
    if (forms.some((f, g) => f === null || taken[g].has(key(f)))) return false;
    forms.forEach((f, g) => {
      taken[g].add(key(f as string));
    });
    return true;
  });
}

function agreementOf(
  dict: DictionaryIndex,
  positions: Int32Array,
  casing: Casing,
  ascii = false,
): Agreement | undefined {
  const rule = dict.language ? AGREEMENT_RULES[dict.language] : undefined;
  if (!rule || !dict.language) return undefined;
  const { genders } = rule;
  if (dict.kind === 'noun') {
    const gender = Uint8Array.from(positions, (p) => {
      const g = genders.findIndex((name) => dict.wordTags[p].includes(name));
      return g < 0 ? genders.length : g;
    });
    return { language: dict.language, role: 'noun', gender };
  }
  if (dict.kind !== 'adjective' || !dict.wordForms.some((f) => f !== undefined)) return undefined;
  const mixed = casing === 'mixed';
  const cased = casedWith(casing);
  const forms = [...genders, null].map((g) =>
    Array.from(positions, (p) =>
      cased(ascii ? (dict.asciiForm(p, g) ?? '') : (g && dict.wordForms[p]?.[g]) || dict.words[p]),
    ),
  );
  forms.forEach((row, g) => {
    if (new Set(row).size !== row.length)
      throw new GeneratorError('word-forms-coincide', {
        kind: dict.kind,
        language: dict.language,
        form: genders[g] ?? 'plain',
      });
  });
  const maxBytes = forms.map((row) =>
    row.reduce((a, w) => Math.max(a, mixed ? maskedMaxBytes(w) : utf8Length(w)), 0),
  );
  return { language: dict.language, role: 'adjective', forms, mixed, maxBytes };
}

// ---- numbers ----------------------------------------------------------------------------------

const ROMAN_STEPS: [number, string][] = [
  [1000, 'M'],
  [900, 'CM'],
  [500, 'D'],
  [400, 'CD'],
  [100, 'C'],
  [90, 'XC'],
  [50, 'L'],
  [40, 'XL'],
  [10, 'X'],
  [9, 'IX'],
  [5, 'V'],
  [4, 'IV'],
  [1, 'I'],
];

export function toRoman(n: number): string {
  let out = '';
  for (const [v, s] of ROMAN_STEPS) {
    while (n >= v) {
      out += s;
      n -= v;
    }
  }
  return out;
}

const ROMAN_ALL = Array.from({ length: 3999 }, (_, i) => toRoman(i + 1));
const romanLists = new Map<number, string[]>();
/** Standard numerals 1–3999 of at most `maxLength` characters, in increasing value. */
export function romanList(maxLength: number): string[] {
  let list = romanLists.get(maxLength);
  if (!list) {
    list = ROMAN_ALL.filter((r) => r.length <= maxLength);
    romanLists.set(maxLength, list);
  }
  return list;
}

const pad = (s: string, n: number) => s.padStart(n, '0');

/** Components this small render from a precomputed list of all their strings (shared, cached). */
const LIST_LIMIT = 65536n;
const lists = new Map<string, string[]>();
function cachedList(key: string, size: number, render: (v: number) => string): string[] {
  let list = lists.get(key);
  if (!list) {
    list = Array.from({ length: size }, (_, v) => render(v));
    lists.set(key, list);
  }
  return list;
}

export function numberComponent(el: NumberElement): Component {
  if (el.base === 'roman' || el.base === 'ROMAN') {
    const upper = romanList(el.length);
    const list = el.base === 'roman' ? upper.map((r) => r.toLowerCase()) : upper;
    const maxBytes = Math.max(...list.map((r) => r.length));
    const join = joinInfoOf(list);
    return {
      shape: 'value',
      size: BigInt(list.length),
      maxBytes,
      list: () => list,
      join,
      render: (v) => list[v],
    };
  }
  const radix = el.base === 'dec' ? 10 : 16;
  const upper = el.base === 'HEX';
  const str = (v: number, width: number) => {
    const s = pad(v.toString(radix), width);
    return upper ? s.toUpperCase() : s;
  };
  const size = BigInt(radix) ** BigInt(el.length);
  const digits = radix === 10 ? '0123456789' : upper ? '0123456789ABCDEF' : '0123456789abcdef';
  const join = alphabetInfo(digits, el.length, false);
  const group = radix === 10 ? 9 : 7; // the most digits whose values stay below 2^31
  if (el.length <= group) {
    const render = (v: number) => str(v, el.length);
    const list = size <= LIST_LIMIT ? cachedList(`${el.base}${el.length}`, Number(size), render) : undefined;
    return { shape: 'value', size, maxBytes: el.length, list: list && (() => list), join, render };
  }
  return { ...digitGroups(size, el.length, group, radix, str), join };
}

/** A fixed-width string in some base, split into groups of `group` digits (least significant first). */
function digitGroups(
  size: bigint,
  length: number,
  group: number,
  radix: number,
  str: (v: number, width: number) => string,
) {
  const widths: number[] = [];
  for (let rest = length; rest > 0; rest -= group) widths.push(Math.min(group, rest));
  return {
    shape: 'digits' as const,
    size,
    limbs: widths.map((w) => radix ** w),
    maxBytes: length,
    render: (x: Int32Array, off: number) => {
      let out = '';
      for (let t = 0; t < widths.length; t++) out = str(x[off + t], widths[t]) + out;
      return out;
    },
  };
}

// ---- specials ---------------------------------------------------------------------------------

/** The 32 printable ASCII punctuation characters, in ASCII order: all distinct. */
export const SPECIAL_ALPHABET = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';

function base32String(v: number, length: number): string {
  let s = '';
  for (let i = 0; i < length; i++) {
    s += SPECIAL_ALPHABET[v % 32];
    v = Math.floor(v / 32);
  }
  return s;
}

function base32Big(v: bigint, length: number): string {
  let s = '';
  for (let i = 0; i < length; i++) {
    s += SPECIAL_ALPHABET[Number(v % 32n)];
    v /= 32n;
  }
  return s;
}

/**
 * Sizes of a variable-length (or variable-count) component: block L holds `perLength(L)` values,
 * blocks in increasing L; a value is (block, offset inside the block).
 */
function blocks(min: number, max: number, perLength: (l: number) => bigint): bigint[] {
  const out: bigint[] = [];
  for (let l = min; l <= max; l++) out.push(perLength(l));
  return out;
}

function locate(v: bigint, sizes: bigint[]): [number, bigint] {
  let i = 0;
  while (v >= sizes[i]) v -= sizes[i++];
  return [i, v];
}

export function specialComponent(el: SpecialElement): Component {
  const maxBytes = el.max;
  if (el.min === el.max) {
    const len = el.max;
    const size = 32n ** BigInt(len);
    const join = alphabetInfo(SPECIAL_ALPHABET, len, false);
    if (len <= 6) {
      const render = (v: number) => base32String(v, len);
      const list = size <= LIST_LIMIT ? cachedList(`special${len}`, Number(size), render) : undefined;
      return { shape: 'value', size, maxBytes, list: list && (() => list), join, render };
    }
    // base32String writes the least significant character first, so groups read in reverse.
    const widths: number[] = [];
    for (let rest = len; rest > 0; rest -= 6) widths.push(Math.min(6, rest));
    return {
      shape: 'digits',
      size,
      limbs: widths.map((w) => 32 ** w),
      maxBytes,
      join,
      render: (x, off) => {
        let out = '';
        for (let t = 0; t < widths.length; t++) out += base32String(x[off + t], widths[t]);
        return out;
      },
    };
  }
  const sizes = blocks(el.min, el.max, (l) => 32n ** BigInt(l));
  const size = sizes.reduce((a, b) => a + b, 0n);
  const small = sizes.map(Number);
  const render = (v: number) => {
    let i = 0;
    while (v >= small[i]) v -= small[i++];
    return base32String(v, el.min + i);
  };
  return {
    shape: 'value',
    size,
    maxBytes,
    join: listedLazily(alphabetInfo(SPECIAL_ALPHABET, null, el.min === 0), size, render),
    render,
    renderBig: (v) => {
      const [i, rest] = locate(v, sizes);
      return base32Big(rest, el.min + i);
    },
  };
}

// ---- emoji ------------------------------------------------------------------------------------

/** Number of k-sequences of n items, with or without repetition. */
function sequences(n: bigint, k: number, unique: boolean): bigint {
  let out = 1n;
  for (let i = 0; i < k; i++) out *= unique ? n - BigInt(i) : n;
  return out < 0n ? 0n : out;
}

/** Digits (least significant first) → items; unique digits pick the d-th smallest unused item. */
function emojiString(list: string[], digits: number[], unique: boolean): string {
  if (!unique) return digits.map((d) => list[d]).join('');
  const used: number[] = [];
  let out = '';
  for (const d of digits) {
    let item = d;
    for (const u of [...used].sort((a, b) => a - b)) if (u <= item) item++;
    used.push(item);
    out += list[item];
  }
  return out;
}

/** Splits a local index into k digits: radix N (or N, N−1, … when unique). */
function emojiDigits(j: bigint, n: number, k: number, unique: boolean): number[] {
  const out: number[] = [];
  for (let t = 0; t < k; t++) {
    const r = BigInt(unique ? n - t : n);
    out.push(Number(j % r));
    j /= r;
  }
  return out;
}

export function emojiComponent(el: EmojiElement, index: BundleIndex): Component {
  const dict = index.find('emoji', null);
  if ('missing' in dict) throw new PatternError('no-emoji-dictionary', el.start, el.end, []);
  for (const t of el.include) {
    if (!dict.hasTag(t)) throw unknownTag(t, dict, el);
  }
  const list = dict.select(el.include, el.exclude, null);
  const n = list.length;
  if (n === 0 || (el.unique && n < el.countMin)) {
    const placeholder = `{${elementToString(el)}}`;
    throw new PatternError('no-emoji', el.start, el.end, [], { placeholder });
  }
  const { unique, countMin } = el;
  const countMax = unique ? Math.min(el.countMax, n) : el.countMax;
  const bytes = list.map(utf8Length).sort((a, b) => b - a);
  const maxBytes = unique ? bytes.slice(0, countMax).reduce((a, b) => a + b, 0) : bytes[0] * countMax;
  const one = joinInfoOf(list);
  if (countMin === countMax) {
    const k = countMax;
    const limbs = Array.from({ length: k }, (_, t) => (unique ? n - t : n));
    const size = sequences(BigInt(n), k, unique);
    if (k === 1)
      return { shape: 'value', size, maxBytes, list: () => list, join: one, render: (v) => list[v] };
    const render = (x: Int32Array, off: number) =>
      emojiString(
        list,
        Array.from({ length: k }, (_, t) => x[off + t]),
        unique,
      );
    const digitsOf = (v: number) => Int32Array.from(emojiDigits(BigInt(v), n, k, unique));
    const join = { ...one, fixedLength: one.fixedLength === null ? null : one.fixedLength * k };
    return {
      shape: 'digits',
      size,
      limbs,
      maxBytes,
      join: listedLazily(join, size, (v) => render(digitsOf(v), 0)),
      render,
    };
  }
  const sizes = blocks(countMin, countMax, (k) => sequences(BigInt(n), k, unique));
  const size = sizes.reduce((a, b) => a + b, 0n);
  const renderBig = (v: bigint) => {
    const [i, rest] = locate(v, sizes);
    const k = countMin + i;
    return emojiString(list, emojiDigits(rest, n, k, unique), unique);
  };
  const render = (v: number) => renderBig(BigInt(v));
  const join = listedLazily({ ...one, fixedLength: null, canBeEmpty: countMin === 0 }, size, render);
  return { shape: 'value', size, maxBytes, join, render, renderBig };
}

/** Join info whose outputs are listed on demand when there are few enough. */
function listedLazily(info: JoinInfo, size: bigint, render: (v: number) => string): JoinInfo {
  const strings = () =>
    size <= BigInt(JOIN_LIST_LIMIT) ? Array.from({ length: Number(size) }, (_, v) => render(v)) : null;
  return { ...info, strings };
}

/** Compiles one parsed placeholder against the bundle. Throws PatternError. */
export function componentOf(el: Element, index: BundleIndex): Component {
  if (el.type === 'selector') return selectorComponent(el, index);
  if (el.type === 'number') return numberComponent(el);
  if (el.type === 'special') return specialComponent(el);
  return emojiComponent(el, index);
}
