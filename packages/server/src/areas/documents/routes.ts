import {
  AdminDocument,
  AdminDocumentListQuery,
  AdminDocumentPage,
  ContentParams,
  CreateDocument,
  CreateTag,
  Document,
  DocumentAction,
  DocumentListQuery,
  DocumentPage,
  DocumentParams,
  DocumentTag,
  DocumentTagList,
  DocumentTagsBody,
  DocumentTagsQuery,
  ErrorBody,
  LangQuery,
  LanguageList,
  PutTranslation,
  SUPPORTED_LANGUAGES,
  TagNames,
  TagParams,
  Translation,
  TranslationParams,
  UpdateDocument,
} from '@slugsmith/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/connect.js';
import { audited, orNull } from '../admin/audit.js';
import * as service from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const noContent = { 204: z.null().describe('Done') };

/** Content types of `GET /content/{name}` by document format. */
export const CONTENT_TYPES = {
  markdown: 'text/markdown; charset=utf-8',
  yaml: 'application/yaml; charset=utf-8',
} as const;

/**
 * Product spec §7.5: the document service. Public reads serve published documents only, in the
 * requested language or the nearest one (regional → base → English); staff manage everything.
 */
export function documentRoutes(app: FastifyInstance, db: Db): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['documents'];
  const adminTags = ['admin documents'];

  // ---- public ---------------------------------------------------------------------------------

  r.get('/docs', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Published documents, by tags (every tag given must match), in a language',
      querystring: DocumentListQuery,
      response: { 200: DocumentPage, ...errors },
    },
    handler: async (request) => service.listPublished(db, request.query),
  });

  r.get('/docs/tags', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Tags of published documents, with the number of documents carrying each',
      response: { 200: DocumentTagList, ...errors },
    },
    handler: async () => service.listTags(db, true),
  });

  r.get('/docs/:id', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'A published document by id or slug, in the language asked for or the nearest one',
      params: DocumentParams,
      querystring: LangQuery,
      response: { 200: Document, ...errors },
    },
    handler: async (request) => service.getPublished(db, request.params.id, request.query.lang),
  });

  r.get('/supported-languages', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'The enabled languages (the first is the default)',
      response: { 200: LanguageList },
    },
    handler: async () => [...SUPPORTED_LANGUAGES],
  });

  r.get('/content/:name', {
    config: { access: 'public' },
    schema: {
      tags,
      summary:
        'A published document as text: YAML (pattern-examples, feature-hints) or markdown (landing blocks, …)',
      description:
        '`name` is the slug, optionally with `.yaml` or `.md`. Answers `application/yaml` or `text/markdown` with ' +
        '`Content-Language` naming the translation served (regional → base → English).',
      params: ContentParams,
      querystring: LangQuery,
      produces: ['application/yaml', 'text/markdown', 'application/json'],
      response: {
        200: z.string().describe('The document text'),
        ...errors,
      },
    },
    handler: async (request, reply) => {
      const content = await service.getContent(db, request.params.name, request.query.lang);
      return reply
        .type(CONTENT_TYPES[content.format])
        .header('content-language', content.language)
        .serializer((payload: unknown) => payload as string)
        .send(content.text);
    },
  });

  // ---- admin ----------------------------------------------------------------------------------

  r.get('/admin/docs', {
    config: { access: 'staff' },
    schema: {
      tags: adminTags,
      summary: 'Every document, drafts included',
      querystring: AdminDocumentListQuery,
      response: { 200: AdminDocumentPage, ...errors },
    },
    handler: async (request) => service.adminList(db, request.query),
  });

  r.post('/admin/docs', {
    // A document's text (up to a million characters) is the one body larger than a form.
    config: { access: 'admin', body: 'large' },
    schema: {
      tags: adminTags,
      summary: 'Create a document (a draft) with its first translation',
      body: CreateDocument,
      response: { 201: AdminDocument, ...errors },
    },
    handler: async (request, reply) => {
      const created = await audited(
        db,
        request,
        { action: 'document.create', objectType: 'document', objectId: (d) => d.id },
        () => service.createDocument(db, request.body),
      );
      return reply.status(201).send(created);
    },
  });

  r.get('/admin/docs/tags', {
    config: { access: 'staff' },
    schema: {
      tags: adminTags,
      summary: 'Every tag, with the number of documents carrying it',
      response: { 200: DocumentTagList, ...errors },
    },
    handler: async () => service.listTags(db, false),
  });

  r.post('/admin/docs/tags', {
    config: { access: 'admin' },
    schema: {
      tags: adminTags,
      summary: 'Create a tag',
      body: CreateTag,
      response: { 201: DocumentTag, ...errors },
    },
    handler: async (request, reply) => {
      const created = await audited(
        db,
        request,
        { action: 'document_tag.create', objectType: 'document_tag', objectId: request.body.name },
        () => service.createTag(db, request.body.name),
      );
      return reply.status(201).send(created);
    },
  });

  r.put('/admin/docs/tags/:tag', {
    config: { access: 'admin' },
    schema: {
      tags: adminTags,
      summary: 'Rename a tag',
      params: TagParams,
      body: CreateTag,
      response: { 200: DocumentTag, ...errors },
    },
    handler: async (request) =>
      audited(
        db,
        request,
        {
          action: 'document_tag.rename',
          objectType: 'document_tag',
          objectId: request.params.tag,
          before: async () => ({ name: request.params.tag }),
        },
        () => service.renameTag(db, request.params.tag, request.body.name),
      ),
  });

  r.delete('/admin/docs/tags/:tag', {
    config: { access: 'admin' },
    schema: {
      tags: adminTags,
      summary: 'Delete a tag (documents lose it)',
      params: TagParams,
      response: { ...noContent, ...errors },
    },
    handler: async (request, reply) => {
      await audited(
        db,
        request,
        {
          action: 'document_tag.delete',
          objectType: 'document_tag',
          objectId: request.params.tag,
          before: async () => ({ name: request.params.tag }),
          after: () => null,
        },
        () => service.deleteTag(db, request.params.tag),
      );
      return reply.status(204).send(null);
    },
  });

  r.get('/admin/docs/:id', {
    config: { access: 'staff' },
    schema: {
      tags: adminTags,
      summary: 'A document by id or slug, with its translations',
      params: DocumentParams,
      response: { 200: AdminDocument, ...errors },
    },
    handler: async (request) => service.adminGet(db, request.params.id),
  });

  r.put('/admin/docs/:id', {
    config: { access: 'admin' },
    schema: {
      tags: adminTags,
      summary: 'Change slug, collection, format, tags or order',
      params: DocumentParams,
      body: UpdateDocument,
      response: { 200: AdminDocument, ...errors },
    },
    handler: async (request) =>
      audited(
        db,
        request,
        {
          action: 'document.update',
          objectType: 'document',
          objectId: (d) => d.id,
          before: () => service.adminGet(db, request.params.id),
        },
        () => service.updateDocument(db, request.params.id, request.body),
      ),
  });

  r.patch('/admin/docs/:id', {
    config: { access: 'admin' },
    schema: {
      tags: adminTags,
      summary: 'Publish (or unpublish) a document',
      params: DocumentParams,
      body: DocumentAction,
      response: { 200: AdminDocument, ...errors },
    },
    handler: async (request) =>
      audited(
        db,
        request,
        {
          action: `document.${request.body.action}`,
          objectType: 'document',
          objectId: (d) => d.id,
          before: () => service.adminGet(db, request.params.id),
        },
        () => service.setState(db, request.params.id, request.body.action),
      ),
  });

  r.delete('/admin/docs/:id', {
    config: { access: 'admin' },
    schema: {
      tags: adminTags,
      summary: 'Delete a document and its translations (a seeded one is not seeded again)',
      params: DocumentParams,
      response: { ...noContent, ...errors },
    },
    handler: async (request, reply) => {
      await audited(
        db,
        request,
        {
          action: 'document.delete',
          objectType: 'document',
          objectId: (_, before) => before?.id ?? request.params.id,
          before: () => service.adminGet(db, request.params.id),
          after: () => null,
        },
        () => service.deleteDocument(db, request.params.id),
      );
      return reply.status(204).send(null);
    },
  });

  r.get('/admin/docs/:id/tr/:lang', {
    config: { access: 'staff' },
    schema: {
      tags: adminTags,
      summary: 'One translation (no fallback)',
      params: TranslationParams,
      response: { 200: Translation, ...errors },
    },
    handler: async (request) => service.getTranslation(db, request.params.id, request.params.lang),
  });

  r.put('/admin/docs/:id/tr/:lang', {
    // A document's text (up to a million characters) is the one body larger than a form.
    config: { access: 'admin', body: 'large' },
    schema: {
      tags: adminTags,
      summary: 'Create or replace a translation (the content seed never overwrites it afterwards)',
      params: TranslationParams,
      body: PutTranslation,
      response: { 200: Translation, ...errors },
    },
    handler: async (request) => {
      const { id, lang } = request.params;
      const doc = await service.adminGet(db, id);
      return audited(
        db,
        request,
        {
          action: 'document.translation.put',
          objectType: 'document',
          objectId: doc.id,
          before: () => orNull(() => service.getTranslation(db, id, lang)),
        },
        () => service.putTranslation(db, id, lang, request.body),
      );
    },
  });

  r.get('/admin/docs/:id/tags', {
    config: { access: 'staff' },
    schema: {
      tags: adminTags,
      summary: 'Tags of a document',
      params: DocumentParams,
      response: { 200: TagNames, ...errors },
    },
    handler: async (request) => service.documentTagNames(db, request.params.id),
  });

  r.post('/admin/docs/:id/tags', {
    config: { access: 'admin' },
    schema: {
      tags: adminTags,
      summary: 'Add tags to a document (missing tags are created)',
      params: DocumentParams,
      body: DocumentTagsBody,
      response: { 200: TagNames, ...errors },
    },
    handler: async (request) => {
      const doc = await service.adminGet(db, request.params.id);
      return audited(
        db,
        request,
        {
          action: 'document.tags.add',
          objectType: 'document',
          objectId: doc.id,
          before: () => service.documentTagNames(db, doc.id),
        },
        () => service.changeDocumentTags(db, request.params.id, { add: request.body.tags }),
      );
    },
  });

  r.delete('/admin/docs/:id/tags', {
    config: { access: 'admin' },
    schema: {
      tags: adminTags,
      summary: 'Remove tags from a document: ?tags=a&tags=b',
      params: DocumentParams,
      querystring: DocumentTagsQuery,
      response: { 200: TagNames, ...errors },
    },
    handler: async (request) => {
      const doc = await service.adminGet(db, request.params.id);
      return audited(
        db,
        request,
        {
          action: 'document.tags.remove',
          objectType: 'document',
          objectId: doc.id,
          before: () => service.documentTagNames(db, doc.id),
        },
        () => service.changeDocumentTags(db, request.params.id, { remove: request.query.tags }),
      );
    },
  });
}
