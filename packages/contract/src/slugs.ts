/**
 * Free text (an organisation or series name, an email's local part) as a slug of the contract:
 * lower-case ASCII letters, digits and single hyphens, starting with a letter, 3 to 30
 * characters. The server derives automatic slugs with it and the console suggests the same ones.
 */
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
