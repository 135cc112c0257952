import { COUNTRY_CODES } from '@slugsmith/contract';

export { COUNTRY_CODES };

/** The countries as a picker lists them: names in the page's language, sorted by name. */
export function countryOptions(locale: string | undefined): { value: string; label: string }[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames(locale ? [locale] : undefined, { type: 'region' });
  } catch {
    names = null;
  }
  const collator = new Intl.Collator(locale);
  return COUNTRY_CODES.map((code) => ({ value: code, label: names?.of(code) ?? code })).sort((a, b) =>
    collator.compare(a.label, b.label),
  );
}
