/**
 * The dashboard forms check the request body they are about to send against the contract's
 * schema, the one the API applies (product spec §5); each field shows the first refusal in the
 * reader's language.
 */
import type { FormErrors } from '@mantine/form';
import { slugify, toLatin } from '@slugsmith/contract';
import i18n from 'i18next';
import { type CatalogueMessage, type IssueFigures, issueMessage } from '../lib/validation-messages.js';

type Body = Record<string, unknown>;
type Issue = IssueFigures & { path: readonly PropertyKey[] };
/** A contract schema (or one the console extends with its own rules). */
interface Schema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: readonly Issue[] } };
}

/** A field's own wording of a refusal (e.g. naming the bad line of a list), given the generic one. */
export type Wording<B extends Body> = Partial<
  Record<keyof B & string, (said: CatalogueMessage, line: number | undefined, body: B) => CatalogueMessage>
>;

export interface ContractForm<V, B extends Body> {
  /** The body the form sends. */
  body(values: V): B;
  /** The first refusal of each field, as a catalogue message. */
  errors(values: V): Record<string, CatalogueMessage>;
  /** `validate` of `useForm`: the same refusals, translated. */
  validate(values: V): FormErrors;
}

const REQUIRED: CatalogueMessage = { key: 'errors:validation.required' };
/** What a refusal of a value's form comes to (a timestamp, a pattern of characters). */
export const INVALID_FORMAT: CatalogueMessage = { key: 'errors:validation.invalidFormat' };
const FORMAT_REFUSALS = new Set([INVALID_FORMAT.key, 'errors:validation.email']);

export interface ContractFormOptions<B extends Body> {
  /** A field's own wording of its refusals. */
  wording?: Wording<B>;
  /** The form field a refusal's path lands on, where the inputs are not named as the body's fields. */
  fieldOf?: (path: readonly PropertyKey[]) => string;
}

/**
 * A form whose refusals are the contract's, worded from zod's issue codes: `body` builds the
 * request from the form's values (the fields keep the body's names, so a refusal lands on its
 * field, unless `fieldOf` places it); `wording` lets a field say a refusal its own way.
 */
export function contractForm<V, B extends Body>(
  schema: Schema,
  body: (values: V) => B,
  { wording = {}, fieldOf }: ContractFormOptions<B> = {},
): ContractForm<V, B> {
  const errors = (values: V) => {
    const sent = body(values);
    const found: Record<string, CatalogueMessage> = {};
    const parsed = schema.safeParse(sent);
    if (parsed.success) return found;
    // A field keeps its first refusal; a list's lines have paths of their own (`allowed_origins.2`).
    for (const issue of parsed.error.issues) {
      const [head = '', line] = issue.path.map(String);
      const field = fieldOf ? fieldOf(issue.path) : head;
      if (field in found) continue;
      const said = issueMessage(issue);
      const own = wording[field as keyof B & string];
      // An empty field is not badly written but missing.
      if (sent[field] === '' && FORMAT_REFUSALS.has(said.key)) found[field] = REQUIRED;
      else found[field] = own ? own(said, line === undefined ? undefined : Number(line), sent) : said;
    }
    return found;
  };
  return {
    body,
    errors,
    validate: (values) =>
      Object.fromEntries(
        Object.entries(errors(values)).map(([field, { key, values: params }]) => [
          field,
          i18n.t(key, params),
        ]),
      ),
  };
}

/**
 * The slug suggested for a name: the one the server would derive (transliterated by `language`'s
 * rules); none while the name has no Latin letter or digit even after transliteration.
 */
export function slugFromName(name: string, language?: string): string {
  return /[a-z0-9]/i.test(toLatin(name, language).normalize('NFKD')) ? slugify(name, language) : '';
}

/** An expiry date picked as YYYY-MM-DD means the end of that day in UTC; empty means never. */
export function expiryFromDate(date: string): string | null {
  if (!date) return null;
  const end = new Date(`${date}T23:59:59.000Z`);
  // Not a day: sent as typed, for the contract's timestamp rule to refuse.
  return Number.isNaN(end.getTime()) ? date : end.toISOString();
}
