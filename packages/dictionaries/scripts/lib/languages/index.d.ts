import type { DictionaryBundle } from '@slugsmith/generator';

export const LANGUAGE_BUILDS: Record<
  string,
  {
    build: () => Promise<Pick<DictionaryBundle, 'dictionaries' | 'tags'>>;
    license: string;
    sources: string[];
  }
>;
