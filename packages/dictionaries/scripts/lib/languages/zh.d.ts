export function zhSourceAvailable(): boolean;
export function zhSource(): string;
export const ZH_SOURCE_PACKAGE: string;
