/** The parsed form of a pattern (generator.md §2). Offsets are UTF-16 indices into the source. */

export type SizeOp = '==' | '!=' | '<' | '<=' | '>' | '>=';
export type NumberBase = 'dec' | 'hex' | 'HEX' | 'roman' | 'ROMAN';

export interface SizeLimit {
  op: SizeOp;
  value: number;
}

export interface Span {
  start: number;
  end: number;
}

export interface SelectorElement extends Span {
  type: 'selector';
  /** The kind as written; its spelling decides the case of the output. */
  kind: string;
  /** Lower-cased language, or null for the default. */
  language: string | null;
  include: string[];
  exclude: string[];
  sizeLimit: SizeLimit | null;
  /** `ascii=true`: words in plain ASCII letters (see `ascii.ts`). */
  ascii?: boolean;
}

export interface NumberElement extends Span {
  type: 'number';
  length: number;
  base: NumberBase;
}

export interface SpecialElement extends Span {
  type: 'special';
  min: number;
  max: number;
}

export interface EmojiElement extends Span {
  type: 'emoji';
  include: string[];
  exclude: string[];
  countMin: number;
  countMax: number;
  unique: boolean;
}

export type Element = SelectorElement | NumberElement | SpecialElement | EmojiElement;

export interface GlobalSettings extends Span {
  language: string | null;
  include: string[];
  exclude: string[];
  sizeLimit: SizeLimit | null;
}

export interface ParsedPattern {
  source: string;
  /** Decoded literal text around the elements: `chunks.length === elements.length + 1`. */
  chunks: string[];
  /** Elements with the global settings already merged into every selector. */
  elements: Element[];
  globals: GlobalSettings | null;
}
