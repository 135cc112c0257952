export declare const contentDir: string;
export declare const LANGUAGES: readonly string[];
export declare const DEFAULT_LANGUAGE: string;
export declare const COLLECTIONS: readonly string[];
export declare const DATA_DOCUMENTS: readonly string[];

export interface ContentDocument {
  collection: string;
  slug: string;
  lang: string;
  path: string;
  title: string;
  tags: string[];
  order: number;
  /** markdown without the front matter */
  body: string;
  /** the whole file */
  text: string;
}

export interface DataDocument {
  name: string;
  lang: string;
  path: string;
  text: string;
  data: unknown;
}

export declare function splitFrontMatter(text: string): { data: Record<string, unknown>; body: string };
export declare function listDocuments(): ContentDocument[];
export declare function listDataDocuments(): DataDocument[];
