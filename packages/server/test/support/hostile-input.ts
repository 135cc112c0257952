import fc from 'fast-check';

/**
 * Values a client can send that pass a careless check and hurt further in: text the database
 * refuses (NUL), numbers that `BigInt()` or `Number()` read otherwise than a digit regex, digits
 * of other scripts, and a timestamp outside what PostgreSQL stores.
 */
export interface HostileString {
  label: string;
  value: string;
}

export const HOSTILE_STRINGS: readonly HostileString[] = [
  { label: 'NUL', value: 'a\u0000b' },
  { label: 'exponent', value: '1e5' },
  { label: 'NaN', value: 'NaN' },
  { label: 'Arabic-Indic digits', value: '\u0661\u0662\u0663' },
  { label: 'full-width digits', value: '\uff11\uff12\uff13' },
  { label: 'year zero', value: '0000-01-01T00:00:00Z' },
];

/** A JSON schema as the OpenAPI document holds it (the parts a sample needs). */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

export interface OpenApiDocument {
  paths: Record<
    string,
    Record<string, { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>
  >;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** Follows `#/components/schemas/…` references. */
export function resolve(doc: OpenApiDocument, schema: JsonSchema): JsonSchema {
  let s = schema;
  while (s.$ref) s = doc.components?.schemas?.[s.$ref.split('/').pop() as string] ?? {};
  return s;
}

function sampleString(s: JsonSchema): string {
  if (s.format === 'email') return 'fuzz@example.com';
  if (s.format === 'date-time') return new Date(Date.now() + 86_400_000).toISOString();
  if (s.format === 'uri' || s.format === 'url') return 'https://example.com';
  if (s.pattern) {
    const [value] = fc.sample(
      fc
        .stringMatching(new RegExp(s.pattern))
        .filter((v) => v.length >= (s.minLength ?? 0) && v.length <= (s.maxLength ?? 100)),
      { numRuns: 1, seed: 1 },
    );
    return value;
  }
  const text = 'fuzz-value-abc';
  return text.padEnd(s.minLength ?? 0, 'x').slice(0, s.maxLength ?? text.length);
}

/** A value the schema accepts, as plain as can be (required properties only). */
export function sample(doc: OpenApiDocument, schema: JsonSchema): unknown {
  const s = resolve(doc, schema);
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  if (s.default !== undefined) return s.default;
  const alternative = s.anyOf ?? s.oneOf;
  if (alternative) return sample(doc, alternative.find((a) => resolve(doc, a).type !== 'null') ?? {});
  if (s.allOf) return Object.assign({}, ...s.allOf.map((a) => sample(doc, a)));
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'string':
      return sampleString(s);
    case 'integer':
    case 'number':
      return Math.max(1, s.minimum ?? 1, (s.exclusiveMinimum ?? 0) + 1);
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => sample(doc, s.items ?? {}));
    case 'object': {
      const body: Record<string, unknown> = {};
      for (const name of s.required ?? []) body[name] = sample(doc, s.properties?.[name] ?? {});
      return body;
    }
    default:
      return {};
  }
}

/** Whether a schema (or one of its alternatives) takes a string, or an array of strings. */
export function takesText(doc: OpenApiDocument, schema: JsonSchema): 'string' | 'array' | undefined {
  const s = resolve(doc, schema);
  const alternatives = [...(s.anyOf ?? []), ...(s.oneOf ?? [])].map((a) => resolve(doc, a));
  const types = [s, ...alternatives].flatMap((a) => (Array.isArray(a.type) ? a.type : [a.type]));
  if (types.includes('string')) return 'string';
  if (s.type === 'array' && s.items && takesText(doc, s.items) === 'string') return 'array';
  return undefined;
}
