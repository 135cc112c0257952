import type { DictionaryBundle } from '@slugsmith/generator';

export const WORD_RE: RegExp;
export const SUFFIX_RE: RegExp;
export const MAX_SCOWL_LEVEL: number;
export const KIND_ORDER: string[];
export function fullyQualified(emoji: string): string;

export interface KindWordList {
  entries: { kind: string | null; word: string }[];
  has(kind: string, word: string): boolean;
}

export interface Safety {
  profane: Set<string>;
  allow: KindWordList;
  add: KindWordList;
  sensitive: KindWordList;
  excluded: KindWordList;
  isOffensive(kind: string, word: string): boolean;
  optInTags(kind: string, word: string): string[];
}

export function loadSafety(): Promise<Safety>;
export function buildBundle(options?: { version?: string }): Promise<DictionaryBundle>;
export const DATA_DIR: string;
export const WORD_OPT_IN_TAGS: string[];
export function optInTagsOf(kind: string): string[];
