import { randomInt } from 'node:crypto';

/** A variant of a taken slug, for automatic slugs only (a slug the user chose is never changed). */
export function withSuffix(slug: string): string {
  return `${slug}-${randomInt(1000, 10000)}`;
}
