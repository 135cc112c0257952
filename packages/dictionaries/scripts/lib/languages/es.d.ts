export function esSourceAvailable(): boolean;
export function esSourceDir(): string;
export const ES_SOURCE_PACKAGE: string;
