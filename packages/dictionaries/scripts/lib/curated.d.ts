export const DATA_DIR: string;
export function readLines(file: string, dataDir?: string): string[];
export function readTokens(file: string, dataDir?: string): string[];
export function readKindWordList(
  file: string,
  dataDir?: string,
): { entries: { kind: string | null; word: string }[]; has(kind: string, word: string): boolean };
export function readAvoidPairs(file?: string, dataDir?: string): [string, string][];
export function readEmojiList(file: string, dataDir?: string): Set<string>;
