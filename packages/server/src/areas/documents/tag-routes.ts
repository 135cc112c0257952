import { CreateTag, DocumentTag, DocumentTagList, TagParams } from '@slugsmith/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/connect.js';
import { errors, noContent, adminTags as tags, tagWrite } from './route-parts.js';
import * as service from './service.js';

/** Staff manage the tags documents are filed under; every write is in the audit log. */
export function documentTagRoutes(app: FastifyInstance, db: Db): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/admin/docs/tags', {
    config: { access: 'staff' },
    schema: {
      tags,
      summary: 'Every tag, with the number of documents carrying it',
      description: 'Staff: every document tag, with how many documents carry it.',
      response: { 200: DocumentTagList, ...errors },
    },
    handler: async () => service.listTags(db, false),
  });

  r.post('/admin/docs/tags', {
    config: { access: 'admin' },
    schema: {
      tags,
      summary: 'Create a tag',
      description: 'Staff: creates a tag (409 if it exists).',
      body: CreateTag,
      response: { 201: DocumentTag, ...errors },
    },
    handler: async (request, reply) => {
      const { name } = request.body;
      const created = await tagWrite(
        db,
        request,
        name,
        { action: 'document_tag.create', existing: false },
        () => service.createTag(db, name),
      );
      return reply.status(201).send(created);
    },
  });

  r.put('/admin/docs/tags/:tag', {
    config: { access: 'admin' },
    schema: {
      tags,
      summary: 'Rename a tag',
      description: 'Staff: renames a tag on every document carrying it.',
      params: TagParams,
      body: CreateTag,
      response: { 200: DocumentTag, ...errors },
    },
    handler: async (request) => {
      const { tag } = request.params;
      return tagWrite(db, request, tag, { action: 'document_tag.rename', existing: true }, () =>
        service.renameTag(db, tag, request.body.name),
      );
    },
  });

  r.delete('/admin/docs/tags/:tag', {
    config: { access: 'admin' },
    schema: {
      tags,
      summary: 'Delete a tag (documents lose it)',
      description: 'Staff: deletes a tag; the documents carrying it lose it.',
      params: TagParams,
      response: { ...noContent, ...errors },
    },
    handler: async (request, reply) => {
      const { tag } = request.params;
      await tagWrite(
        db,
        request,
        tag,
        { action: 'document_tag.delete', existing: true, after: () => null },
        () => service.deleteTag(db, tag),
      );
      return reply.status(204).send(null);
    },
  });
}
