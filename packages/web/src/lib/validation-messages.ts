/** A message of the catalogues (`namespace:key`) with the values it interpolates. */
export interface CatalogueMessage {
  key: string;
  values?: Record<string, string | number>;
}

/**
 * A validation issue by its zod code and figures: a zod issue of the contract's schemas, or an
 * entry of the API's `details.issues` with its `params` spread in.
 */
export interface IssueFigures {
  code?: string;
  origin?: unknown;
  minimum?: unknown;
  maximum?: unknown;
  format?: unknown;
  params?: unknown;
}

/**
 * A refinement's options that name their catalogue entry: a custom issue carries it in
 * `params.catalogue` (its English words are for logs only).
 */
export const refinement = (catalogue: string, error: string) => ({ error, params: { catalogue } });

/** The console's own rule on an API key's expiry day (the API takes any date). */
export const EXPIRY_IN_PAST = refinement(
  'dashboard:keys.expiryPast',
  'The expiry date must be in the future',
);

const REQUIRED: CatalogueMessage = { key: 'errors:validation.required' };
const INVALID_FORMAT: CatalogueMessage = { key: 'errors:validation.invalidFormat' };
const FORMATS: Record<string, string> = { email: 'errors:validation.email', url: 'errors:validation.url' };

/** A bound as the catalogue says it: a number, or a text such as a rotation period (7m). */
const figure = (value: unknown): string | number | undefined =>
  typeof value === 'number' || typeof value === 'string'
    ? value
    : typeof value === 'bigint'
      ? value.toString()
      : undefined;

const isText = (origin: unknown) => origin === 'string';
const isList = (origin: unknown) => origin === 'array' || origin === 'set';

/**
 * The catalogue entry of a validation issue (product spec §5), chosen by zod's issue code and its
 * figures — never by the issue's words: an empty text or list is missing, a length or value out
 * of bounds says its bound, an e-mail or URL says which format; a custom issue names its entry in
 * `params` (or its bound, as a rotation period does); anything else is a bad format.
 */
export function issueMessage(issue: IssueFigures): CatalogueMessage {
  const params = (issue.params ?? {}) as Record<string, unknown>;
  switch (issue.code) {
    case 'too_small': {
      const min = figure(issue.minimum);
      if (isList(issue.origin) || (isText(issue.origin) && (min === undefined || Number(min) <= 1)))
        return REQUIRED;
      if (min === undefined) return INVALID_FORMAT;
      return isText(issue.origin)
        ? { key: 'errors:validation.minLength', values: { min } }
        : { key: 'errors:validation.minValue', values: { min } };
    }
    case 'too_big': {
      const max = figure(issue.maximum);
      if (max === undefined) return INVALID_FORMAT;
      if (isText(issue.origin)) return { key: 'errors:validation.maxLength', values: { max } };
      if (isList(issue.origin)) return { key: 'errors:validation.maxItems', values: { max } };
      return { key: 'errors:validation.maxValue', values: { max } };
    }
    case 'invalid_format':
      return { key: FORMATS[String(issue.format)] ?? INVALID_FORMAT.key };
    case 'custom': {
      if (typeof params.catalogue === 'string') return { key: params.catalogue };
      const min = figure(params.minimum);
      if (min !== undefined) return { key: 'errors:validation.minValue', values: { min } };
      const max = figure(params.maximum);
      if (max !== undefined) return { key: 'errors:validation.maxValue', values: { max } };
      return INVALID_FORMAT;
    }
    default:
      return INVALID_FORMAT;
  }
}
