import {
  ContentParams,
  Document,
  DocumentListQuery,
  DocumentPage,
  DocumentParams,
  DocumentTagList,
  LangQuery,
  LanguageList,
  SUPPORTED_LANGUAGES,
} from '@slugsmith/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/connect.js';
import { errors, publicTags as tags } from './route-parts.js';
import * as service from './service.js';

/** Content types of `GET /content/{name}` by document format. */
const CONTENT_TYPES = {
  markdown: 'text/markdown; charset=utf-8',
  yaml: 'application/yaml; charset=utf-8',
} as const;

/**
 * The public reads: published documents only, in their published text (drafts are staff's), in
 * the requested language or the nearest one (regional → base → English).
 */
export function publicDocumentRoutes(app: FastifyInstance, db: Db): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/docs', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Published documents, by tags (every tag given must match), in a language',
      description:
        'Published documents (guides, articles, legal texts …) a page at a time, optionally only those carrying every tag given, each titled in the language asked for or its nearest translation.',
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
      description: 'The tags of published documents, with how many documents carry each.',
      response: { 200: DocumentTagList, ...errors },
    },
    handler: async () => service.listTags(db, true),
  });

  r.get('/docs/:id', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'A published document by id or slug, in the language asked for or the nearest one',
      description:
        'One published document with its content, in lang or the nearest translation (regional, then base language, then English), and the languages it is written in.',
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
      description: 'The interface languages this server offers; the first is the default.',
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
}
