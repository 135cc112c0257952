/** The console's own rule on an API key's expiry day (the API takes any date). */
export const EXPIRY_IN_PAST = 'The expiry date must be in the future';

/** A message of the catalogues (`namespace:key`) with the values it interpolates. */
export interface CatalogueMessage {
  key: string;
  values?: Record<string, string | number>;
}

/**
 * The validation messages of product spec §5 as the contract's schemas word them (and the API
 * repeats them in `details.issues`), each with the catalogue entry that says it in every language.
 * Named groups carry the figures a message interpolates.
 */
export const CONTRACT_MESSAGES: readonly [RegExp, string][] = [
  [/^This field is required$/, 'errors:validation.required'],
  [/^Invalid format$/, 'errors:validation.invalidFormat'],
  [/^Must be a valid email address$/, 'errors:validation.email'],
  [/^Must be a valid URL$/, 'errors:validation.url'],
  [/^Minimum length is (?<min>\d+) characters$/, 'errors:validation.minLength'],
  [/^Maximum length is (?<max>\d+) characters$/, 'errors:validation.maxLength'],
  // A value is a number, or a rotation period such as 7m or 366d (said as written).
  [/^Minimum value is (?<min>-?\d+|\d+[dhms])$/, 'errors:validation.minValue'],
  [/^Maximum value is (?<max>-?\d+|\d+[dhms])$/, 'errors:validation.maxValue'],
  [/^Pattern is required$/, 'playground:validation.patternRequired'],
  [/^Count must be a positive number$/, 'playground:validation.countPositive'],
  [/^At most (?<max>\d+) origins$/, 'dashboard:sdk.tooManyOrigins'],
  [new RegExp(`^${EXPIRY_IN_PAST}$`), 'dashboard:keys.expiryPast'],
];

/** The catalogue entry of a contract message, or null for words the catalogues do not hold. */
export function catalogueMessage(message: string): CatalogueMessage | null {
  for (const [pattern, key] of CONTRACT_MESSAGES) {
    const match = pattern.exec(message);
    if (!match) continue;
    const values = Object.fromEntries(
      Object.entries(match.groups ?? {}).map(([k, v]) => [k, /^-?\d+$/.test(v) ? Number(v) : v]),
    );
    return Object.keys(values).length > 0 ? { key, values } : { key };
  }
  return null;
}
