export function frSourceAvailable(): boolean;
export function frSourceDir(): string;
export const FR_SOURCE_PACKAGE: string;
