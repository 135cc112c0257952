import {
  AdminDocument,
  AdminDocumentListQuery,
  AdminDocumentPage,
  CreateDocument,
  DocumentAction,
  DocumentParams,
  DocumentTagsBody,
  DocumentTagsQuery,
  PutTranslation,
  TagNames,
  Translation,
  TranslationParams,
  UpdateDocument,
} from '@slugsmith/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/connect.js';
import { audited, orNull } from '../audit/service.js';
import { documentWrite, errors, noContent, adminTags as tags } from './route-parts.js';
import * as service from './service.js';

/**
 * Staff manage documents (support staff read, administrators write; every write is in the audit
 * log). A translation's text is saved as a draft the public does not see until it is published.
 */
export function adminDocumentRoutes(app: FastifyInstance, db: Db): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/admin/docs', {
    config: { access: 'staff' },
    schema: {
      tags,
      summary: 'Every document, drafts included',
      description: 'Staff: every document, drafts and unpublished ones included, a page at a time.',
      querystring: AdminDocumentListQuery,
      response: { 200: AdminDocumentPage, ...errors },
    },
    handler: async (request) => service.adminList(db, request.query),
  });

  r.post('/admin/docs', {
    // A document's text (up to a million characters) is the one body larger than a form.
    config: { access: 'admin', body: 'large' },
    schema: {
      tags,
      summary: 'Create a document (unpublished) with its first translation as a draft',
      description: 'Staff: creates a document, unpublished, with its first translation as a draft.',
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

  r.get('/admin/docs/:id', {
    config: { access: 'staff' },
    schema: {
      tags,
      summary: 'A document by id or slug, with its translations and whether drafts are pending',
      description: 'Staff: one document with all its translations and whether drafts wait to be published.',
      params: DocumentParams,
      response: { 200: AdminDocument, ...errors },
    },
    handler: async (request) => service.adminGet(db, request.params.id),
  });

  r.put('/admin/docs/:id', {
    config: { access: 'admin' },
    schema: {
      tags,
      summary: 'Change slug, collection, format, tags or order',
      description:
        "Staff: changes the document's slug, collection, format, tags or order; the texts are untouched.",
      params: DocumentParams,
      body: UpdateDocument,
      response: { 200: AdminDocument, ...errors },
    },
    handler: async (request) =>
      documentWrite(db, request, request.params.id, { action: 'document.update' }, (doc) =>
        service.updateDocument(db, doc.id, request.body),
      ),
  });

  r.patch('/admin/docs/:id', {
    config: { access: 'admin' },
    schema: {
      tags,
      summary: 'Publish the drafts, discard them, or unpublish the document',
      description:
        '`publish` makes the pending drafts (of `language` only, when given) the published text and shows the ' +
        'document; `discard` drops them; `unpublish` hides the document and keeps its texts. 409 when a ' +
        'document with no text at all is published.',
      params: DocumentParams,
      body: DocumentAction,
      response: { 200: AdminDocument, ...errors },
    },
    handler: async (request) =>
      documentWrite(db, request, request.params.id, { action: `document.${request.body.action}` }, (doc) =>
        service.act(db, doc.id, request.body),
      ),
  });

  r.delete('/admin/docs/:id', {
    config: { access: 'admin' },
    schema: {
      tags,
      summary: 'Delete a document and its translations (a seeded one is not seeded again)',
      description:
        'Staff: deletes the document and its translations; a document of the content seed is not seeded again.',
      params: DocumentParams,
      response: { ...noContent, ...errors },
    },
    handler: async (request, reply) => {
      await documentWrite(
        db,
        request,
        request.params.id,
        { action: 'document.delete', after: () => null },
        (doc) => service.deleteDocument(db, doc.id),
      );
      return reply.status(204).send(null);
    },
  });

  r.get('/admin/docs/:id/tr/:lang', {
    config: { access: 'staff' },
    schema: {
      tags,
      summary: 'One translation (no fallback): its pending draft, else its published text',
      description:
        'Staff: one translation exactly as stored (no fallback): its pending draft, else its published text.',
      params: TranslationParams,
      response: { 200: Translation, ...errors },
    },
    handler: async (request) => service.getTranslation(db, request.params.id, request.params.lang),
  });

  r.put('/admin/docs/:id/tr/:lang', {
    // A document's text (up to a million characters) is the one body larger than a form.
    config: { access: 'admin', body: 'large' },
    schema: {
      tags,
      summary: 'Save a translation as a draft (published by PATCH; the content seed never overwrites it)',
      description:
        'Staff: saves a translation as a draft, published by PATCH; the content seed never overwrites it afterwards.',
      params: TranslationParams,
      body: PutTranslation,
      response: { 200: Translation, ...errors },
    },
    handler: async (request) => {
      const { id, lang } = request.params;
      return documentWrite(
        db,
        request,
        id,
        {
          action: 'document.translation.put',
          before: (doc) => orNull(() => service.getTranslation(db, doc.id, lang)),
        },
        (doc) => service.putTranslation(db, doc.id, lang, request.body),
      );
    },
  });

  r.get('/admin/docs/:id/tags', {
    config: { access: 'staff' },
    schema: {
      tags,
      summary: 'Tags of a document',
      description: 'Staff: the tags of one document.',
      params: DocumentParams,
      response: { 200: TagNames, ...errors },
    },
    handler: async (request) => service.documentTagNames(db, request.params.id),
  });

  const tagsBefore = (doc: AdminDocument) => service.documentTagNames(db, doc.id);

  r.post('/admin/docs/:id/tags', {
    config: { access: 'admin' },
    schema: {
      tags,
      summary: 'Add tags to a document (missing tags are created)',
      description: 'Staff: adds tags to a document, creating those that do not exist yet.',
      params: DocumentParams,
      body: DocumentTagsBody,
      response: { 200: TagNames, ...errors },
    },
    handler: async (request) =>
      documentWrite(
        db,
        request,
        request.params.id,
        { action: 'document.tags.add', before: tagsBefore },
        (doc) => service.changeDocumentTags(db, doc.id, { add: request.body.tags }),
      ),
  });

  r.delete('/admin/docs/:id/tags', {
    config: { access: 'admin' },
    schema: {
      tags,
      summary: 'Remove tags from a document: ?tags=a&tags=b',
      description: 'Staff: removes the tags given in the query (?tags=a&tags=b) from a document.',
      params: DocumentParams,
      querystring: DocumentTagsQuery,
      response: { 200: TagNames, ...errors },
    },
    handler: async (request) =>
      documentWrite(
        db,
        request,
        request.params.id,
        { action: 'document.tags.remove', before: tagsBefore },
        (doc) => service.changeDocumentTags(db, doc.id, { remove: request.query.tags }),
      ),
  });
}
