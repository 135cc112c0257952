import type { DictionaryBundle } from '@slugsmith/generator';

type Content = Pick<DictionaryBundle, 'dictionaries' | 'tags' | 'avoid_pairs'>;
export function canonicalContent(bundle: Content): Required<Content>;
export function canonicalString(bundle: Content): string;
export function contentHash(bundle: Content): string;
export function bundleId(version: string, hash: string): string;
export function seal(content: Content, version: string): DictionaryBundle;
export function serializeBundle(bundle: DictionaryBundle): string;
export function compareVersions(a: string, b: string): number;
