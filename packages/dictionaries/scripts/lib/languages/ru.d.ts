export const RU_SOURCE_PACKAGE: string;
