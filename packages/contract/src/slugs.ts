import transliterate from '@sindresorhus/transliterate';

/**
 * Text in Latin letters by the rules of its language where they differ (de: ü → ue, ß → ss;
 * sv: ä → a; sr, ru: Cyrillic → Latin); without a language, the common rules. Letters of scripts
 * the library does not transliterate (Chinese, Japanese) stay as they are.
 */
export function toLatin(text: string, language?: string): string {
  if (!language) return transliterate(text);
  // Serbian, Croatian and Bosnian in Latin letters write đ as dj, as their Cyrillic ђ becomes.
  const southSlavic = /^(sr|hr|bs)(-|$)/i.test(language);
  return transliterate(text, {
    locale: language,
    ...(southSlavic ? { customReplacements: DJ } : {}),
  });
}

const DJ: [string, string][] = [
  ['đ', 'dj'],
  ['Đ', 'Dj'],
];

/**
 * Free text (an organisation or series name, an email's local part) as a slug of the contract:
 * lower-case ASCII letters, digits and single hyphens, starting with a letter, 3 to 30
 * characters, transliterated by the rules of `language` ("Müller & Söhne" → `mueller-soehne`).
 * The server derives automatic slugs with it and the console suggests the same ones.
 */
export function slugify(text: string, language?: string): string {
  let slug = toLatin(text, language)
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
