import type { MecabEntry } from './mecab-dic.js';

export function koSourceAvailable(): boolean;
export function koSourceDir(): string;
export function ruleAttributive(stem: string): string;
export function attributive(stem: string, listed: ReadonlyMap<string, readonly string[]>): string | null;
export function listedAttributives(entries: readonly MecabEntry[]): Map<string, string[]>;
export const KO_SOURCE_PACKAGE: string;
