export function ptSourceAvailable(): boolean;
export function ptSourceDir(): string;
export const PT_SOURCE_PACKAGE: string;
