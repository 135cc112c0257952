export function jaSourceAvailable(): boolean;
export function jaSourceDir(): string;
export function hepburn(reading: string): string | null;
export const JA_SOURCE_PACKAGE: string;
