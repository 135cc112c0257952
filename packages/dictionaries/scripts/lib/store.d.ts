import type { DictionaryBundle } from '@slugsmith/generator';

export interface IndexFile {
  current: string | null;
  bundles: { id: string; version: string; hash: string; file: string }[];
}
export function readIndex(dir: string): IndexFile;
export function serializeIndex(index: IndexFile): string;
export function writeBundle(
  dir: string,
  bundle: DictionaryBundle,
  options?: { makeCurrent?: boolean },
): { file: string; path: string };
