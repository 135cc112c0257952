import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isLanguagePrefix } from '@slugsmith/contract';

/** `dist/route-paths.json` as the console's build writes it. */
export interface RoutePaths {
  indexed: string[];
  other: string[];
  /** The title key (web `navigation` catalogue, `titles.*`) of each indexed page. */
  titles?: Record<string, string>;
}

/** Console pages that show one document of a collection: the slug must name a published one. */
export const documentPages: Record<string, string> = {
  '/docs/:docSlug': 'docs',
  '/articles/:slug': 'articles',
  '/legal/:slug': 'legal',
};

/** What a path is to the console: one of its pages (a document page names its document), or none. */
export type ConsolePath =
  | { kind: 'page' }
  | { kind: 'document'; collection: string; slug: string }
  | undefined;

/** The route table of a built console; undefined for a build without one (every path is a page). */
export function readRoutePaths(dist: string): RoutePaths | undefined {
  const file = join(dist, 'route-paths.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as RoutePaths) : undefined;
}

/** The path's segments without a language prefix (§2.4: the console moves it to the rest). */
function segmentsOf(path: string): string[] | undefined {
  const segments = path.split('/').slice(1);
  if (segments.at(-1) === '') segments.pop();
  try {
    const decoded = segments.map(decodeURIComponent);
    // No page's slug holds a NUL (nor may one reach the database, which refuses it).
    if (decoded.some((segment) => segment.includes('\u0000'))) return undefined;
    return decoded[0] !== undefined && isLanguagePrefix(decoded[0]) ? decoded.slice(1) : decoded;
  } catch {
    return undefined;
  }
}

/** A matcher of paths against the console's patterns (`:name` is one non-empty segment). */
export function consolePathMatcher(paths: RoutePaths): (path: string) => ConsolePath {
  const patterns = [...paths.indexed, ...paths.other].map((pattern) => ({
    pattern,
    segments: pattern.split('/').slice(1).filter(Boolean),
  }));
  return (path) => {
    const segments = segmentsOf(path);
    if (!segments) return undefined;
    for (const { pattern, segments: expected } of patterns) {
      if (expected.length !== segments.length) continue;
      if (!expected.every((part, i) => (part.startsWith(':') ? segments[i] !== '' : part === segments[i])))
        continue;
      const collection = documentPages[pattern];
      return collection ? { kind: 'document', collection, slug: segments.at(-1) ?? '' } : { kind: 'page' };
    }
    return undefined;
  };
}
