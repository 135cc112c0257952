import { randomInt } from 'node:crypto';

/** Turns free text (an email's local part, an organisation name) into a slug of the contract. */
export function slugify(text: string): string {
  let slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 30)
    .replace(/-+$/, '');
  if (!/^[a-z]/.test(slug)) slug = `x-${slug}`.replace(/-+$/, '');
  while (slug.length < 3) slug += 'x';
  return slug;
}

/** A variant of a taken slug, for automatic slugs only (a slug the user chose is never changed). */
export function withSuffix(slug: string): string {
  return `${slug}-${randomInt(1000, 10000)}`;
}
