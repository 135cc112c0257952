import { Text, Timestamp } from './common.js';
import type { InterfaceLanguage } from './languages.js';
import { z } from './zod.js';

/**
 * The document service (product spec §2.9, §3, §7.5): documentation, articles, legal texts,
 * landing blocks and the YAML data documents (pattern-examples, feature-hints), each with a
 * translation per language.
 */

/** A language of the interface (product spec §3). */
export const Language = z
  .object({
    code: z.string(),
    name: z.string(),
    nativeName: z.string(),
    script: z.enum(['latin', 'cyrillic', 'cjk']),
    flag: z.string(),
  })
  .meta({ id: 'Language' }) satisfies z.ZodType<InterfaceLanguage>;
export type Language = z.infer<typeof Language>;

export const LanguageList = z.array(Language).meta({ id: 'LanguageList' });

/**
 * Languages translations are stored in. Every enabled language maps to one of them (en-GB → en,
 * de-DE → de, zh-CN → zh, …; the Serbian scripts stay apart); English is the fallback.
 */
export const DOCUMENT_LANGUAGES = [
  'en',
  'de',
  'fr',
  'es',
  'ru',
  'sr-Cyrl',
  'sr-Latn',
  'zh',
  'ja',
  'ko',
] as const;
export type DocumentLanguage = (typeof DOCUMENT_LANGUAGES)[number];
export const FALLBACK_DOCUMENT_LANGUAGE: DocumentLanguage = 'en';

/** A language tag: 2–3 letters, optionally a 4-letter script, optionally a region (product spec §2.4). */
export const LanguageTag = z
  .string()
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z]{4})?(-([A-Za-z]{2}|[0-9]{3}))?$/, 'Invalid format')
  .meta({ description: 'e.g. en, en-GB, de-DE, sr-Cyrl, zh-CN' });

/** `sr-latn-rs` → `sr-Latn-RS`. */
function canonicalTag(tag: string): string {
  return tag
    .split('-')
    .map((part, i) => {
      if (i === 0) return part.toLowerCase();
      if (part.length === 4) return part[0].toUpperCase() + part.slice(1).toLowerCase();
      return part.toUpperCase();
    })
    .join('-');
}

/**
 * The stored languages to try for a requested tag, best first, ending with English: the tag
 * itself, then language + script, then the base language (`sr` → `sr-Cyrl`). Unknown → English.
 */
export function documentLanguageCandidates(tag: string | undefined): DocumentLanguage[] {
  const out: DocumentLanguage[] = [];
  const add = (code: string) => {
    const known = DOCUMENT_LANGUAGES.find((l) => l.toLowerCase() === code.toLowerCase());
    if (known && !out.includes(known)) out.push(known);
  };
  if (tag && LanguageTag.safeParse(tag).success) {
    const parts = canonicalTag(tag).split('-');
    add(parts.join('-'));
    const script = parts.find((p, i) => i > 0 && p.length === 4);
    if (script) add(`${parts[0]}-${script}`);
    add(parts[0] === 'sr' ? (script === 'Latn' ? 'sr-Latn' : 'sr-Cyrl') : parts[0]);
  }
  add(FALLBACK_DOCUMENT_LANGUAGE);
  return out;
}

/** The stored language a tag maps to, without falling back to English (undefined: unsupported). */
export function documentLanguageOf(tag: string): DocumentLanguage | undefined {
  const candidates = documentLanguageCandidates(tag);
  const first = candidates[0];
  if (first !== FALLBACK_DOCUMENT_LANGUAGE) return first;
  return canonicalTag(tag).split('-')[0] === 'en' ? first : undefined;
}

export const DocumentState = z.enum(['draft', 'published']);
export type DocumentState = z.infer<typeof DocumentState>;

/** markdown: documentation, articles, legal texts, landing blocks; yaml: data documents. */
export const DocumentFormat = z.enum(['markdown', 'yaml']);
export type DocumentFormat = z.infer<typeof DocumentFormat>;

/** Kebab-case names, shared by document slugs and tags. */
const kebab = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const DocumentSlug = z
  .string()
  .min(1, 'This field is required')
  .max(100, 'Maximum length is 100 characters')
  .regex(kebab, 'Invalid format')
  .refine((s) => s !== 'tags', 'This name is reserved')
  // `{id}` in paths is an id when it looks like one.
  .refine((s) => !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(s), 'Invalid format');
export const TagName = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'This field is required')
  .max(50, 'Maximum length is 50 characters')
  .regex(kebab, 'Invalid format');
export const Collection = z.string().regex(kebab, 'Invalid format').max(50);

/** Repeated (`?tags=a&tags=b`) or comma-separated (`?tags=a,b`) tags. */
export const TagFilter = z
  .union([z.string(), z.array(z.string())])
  .transform((v) =>
    (Array.isArray(v) ? v : [v])
      .flatMap((t) => t.split(','))
      .map((t) => t.trim().toLowerCase())
      .filter((t) => t !== ''),
  )
  .pipe(
    z
      .array(
        z
          .string()
          .max(50)
          .regex(/^[a-z0-9._-]+$/, 'Invalid format'),
      )
      .max(20),
  );

export const DocumentListQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000_000).default(0).describe('How many documents to skip'),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(200)
    .default(50)
    .describe('How many documents to answer (at most 200)'),
  /** Documents carrying every one of these tags. */
  tags: TagFilter.optional().describe(
    'Only documents carrying every one of these tags (repeated or comma-separated)',
  ),
  lang: LanguageTag.optional(),
});
export type DocumentListQuery = z.infer<typeof DocumentListQuery>;

export const LangQuery = z.object({ lang: LanguageTag.optional() });

/** A name in a path: letters, digits, `.`, `_`, `-` (anything else cannot name a document or tag). */
const PathName = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9._-]+$/, 'Invalid format');

/** `{id}` in document paths: the document's id (uuid) or its slug. */
export const DocumentParams = z.object({ id: PathName(200).describe("The document's id or slug") });
export const TranslationParams = DocumentParams.extend({
  lang: PathName(40).describe('The language of the translation, e.g. de or pt-BR'),
});
export const TagParams = z.object({ tag: PathName(100).describe("The tag's name") });
export const ContentParams = z.object({
  name: PathName(200).describe("The document's slug, optionally with .md or .yaml"),
});

/** A document in a list: no content. `language` is the translation the title comes from. */
export const DocumentSummary = z
  .object({
    id: z.string(),
    slug: z.string(),
    collection: z.string(),
    format: DocumentFormat,
    tags: z.array(z.string()),
    order: z.number().int(),
    title: z.string(),
    language: z.string(),
    published_at: Timestamp.nullable(),
    updated_at: Timestamp,
  })
  .meta({ id: 'DocumentSummary' });
export type DocumentSummary = z.infer<typeof DocumentSummary>;

export const DocumentPage = z
  .object({
    items: z.array(DocumentSummary),
    total: z.number().int(),
    offset: z.number().int(),
    limit: z.number().int(),
  })
  .meta({ id: 'DocumentPage' });
export type DocumentPage = z.infer<typeof DocumentPage>;

/**
 * A published document in one language. `language` is the translation served (after falling
 * back: regional → base → English), `languages` every translation it has.
 */
export const Document = DocumentSummary.extend({
  content: z.string(),
  languages: z.array(z.string()),
  /** YAML documents only: `content` parsed (null when it does not parse). */
  data: z.unknown().optional(),
}).meta({ id: 'Document' });
export type Document = z.infer<typeof Document>;

export const DocumentTag = z
  .object({ name: z.string(), documents: z.number().int() })
  .meta({ id: 'DocumentTag' });
export const DocumentTagList = z.array(DocumentTag).meta({ id: 'DocumentTagList' });

// ---- admin --------------------------------------------------------------------------------------

/**
 * One language of a document as staff see it: the title of its draft when one is pending, else of
 * the published text.
 */
export const TranslationInfo = z
  .object({
    language: z.string(),
    title: z.string(),
    updated_at: Timestamp,
    /** The published text is still exactly what the content seed wrote (a later seed may replace it). */
    seeded: z.boolean(),
    /** This language has published text (shown once the document is published). */
    published: z.boolean(),
    /** A saved edit waits to be published or discarded. */
    draft: z.boolean(),
  })
  .meta({ id: 'TranslationInfo' });
export type TranslationInfo = z.infer<typeof TranslationInfo>;

export const AdminDocument = z
  .object({
    id: z.string(),
    slug: z.string(),
    collection: z.string(),
    format: DocumentFormat,
    state: DocumentState,
    tags: z.array(z.string()),
    order: z.number().int(),
    published_at: Timestamp.nullable(),
    created_at: Timestamp,
    updated_at: Timestamp,
    translations: z.array(TranslationInfo),
    /** Some translation has a saved edit the public does not see yet. */
    draft_pending: z.boolean(),
  })
  .meta({ id: 'AdminDocument' });
export type AdminDocument = z.infer<typeof AdminDocument>;

export const AdminDocumentPage = z
  .object({
    items: z.array(AdminDocument),
    total: z.number().int(),
    offset: z.number().int(),
    limit: z.number().int(),
  })
  .meta({ id: 'AdminDocumentPage' });

export const AdminDocumentListQuery = DocumentListQuery.omit({ lang: true }).extend({
  state: DocumentState.optional().describe('Only documents in this state'),
});

const Title = Text.trim().min(1, 'This field is required').max(300, 'Maximum length is 300 characters');
const Content = Text.max(1_000_000, 'Maximum length is 1000000 characters');

export const CreateDocument = z
  .object({
    slug: DocumentSlug,
    collection: Collection.default('docs'),
    format: DocumentFormat.default('markdown'),
    tags: z.array(TagName).max(20).optional(),
    order: z.number().int().min(0).max(1_000_000).default(0),
    /** The first translation (English unless said otherwise). */
    language: LanguageTag.default('en'),
    title: Title,
    content: Content.default(''),
  })
  .strict()
  .meta({ id: 'CreateDocument' });
export type CreateDocument = z.infer<typeof CreateDocument>;

export const UpdateDocument = z
  .object({
    slug: DocumentSlug.optional(),
    collection: Collection.optional(),
    format: DocumentFormat.optional(),
    tags: z.array(TagName).max(20).optional(),
    order: z.number().int().min(0).max(1_000_000).optional(),
  })
  .strict()
  .meta({ id: 'UpdateDocument' });
export type UpdateDocument = z.infer<typeof UpdateDocument>;

/**
 * `publish`: the drafts become the published text and the document is shown; `discard`: the
 * drafts are dropped; `unpublish`: the document is hidden (its texts and drafts are kept). With
 * `language`, publish and discard touch that translation's draft only.
 */
export const DocumentAction = z
  .object({
    action: z.enum(['publish', 'unpublish', 'discard']),
    language: LanguageTag.optional(),
  })
  .strict()
  .refine((a) => a.action !== 'unpublish' || a.language === undefined, {
    message: 'Unpublishing applies to the whole document',
    path: ['language'],
  })
  .meta({ id: 'DocumentAction' });
export type DocumentAction = z.infer<typeof DocumentAction>;

/** One language's text for staff: its draft when one is pending, else the published text. */
export const Translation = z
  .object({
    language: z.string(),
    title: z.string(),
    content: z.string(),
    updated_at: Timestamp,
    seeded: z.boolean(),
    published: z.boolean(),
    draft: z.boolean(),
  })
  .meta({ id: 'Translation' });
export type Translation = z.infer<typeof Translation>;

export const PutTranslation = z
  .object({ title: Title, content: Content })
  .strict()
  .meta({ id: 'PutTranslation' });

export const CreateTag = z.object({ name: TagName }).strict().meta({ id: 'CreateTag' });
export const DocumentTagsBody = z
  .object({ tags: z.array(TagName).min(1).max(20) })
  .strict()
  .meta({ id: 'DocumentTags' });
export const DocumentTagsQuery = z.object({
  tags: TagFilter.describe('The tags (repeated or comma-separated)'),
});
export const TagNames = z.array(z.string()).meta({ id: 'TagNames' });

/** Messages of the document service. */
export const DocumentMessages = {
  notFound: 'Document not found',
  translationNotFound: 'Translation not found',
  tagNotFound: 'Tag not found',
  slugTaken: 'A document with this slug already exists',
  tagTaken: 'A tag with this name already exists',
  unsupportedLanguage: 'Unsupported language',
  nothingToPublish: 'The document has no text to publish',
} as const;
