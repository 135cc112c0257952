import { randomInt } from 'node:crypto';

/** A variant of a taken slug, for automatic slugs only (a slug the user chose is never changed). */
export function withSuffix(slug: string): string {
  return `${slug}-${randomInt(1000, 10000)}`;
}

/**
 * The caller's first language from an Accept-Language header (`de-DE,de;q=0.9` → `de-DE`), for
 * transliterating automatic slugs by that language's rules; undefined when there is none usable.
 */
export function firstLanguage(acceptLanguage: string | undefined): string | undefined {
  const tag = acceptLanguage?.split(',')[0]?.split(';')[0]?.trim();
  return tag && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(tag) ? tag : undefined;
}
