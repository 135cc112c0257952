// The dictionaries without credentials, on the paths the reference clients call.
import { DictionaryInfo, DictionaryTags, DictionaryTagsLanguageQuery } from '@slugsmith/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentGenerator } from '../../engine/engine.js';
import { tags } from './route-parts.js';
import * as service from './service.js';

/** The same answers as /gen/dictionary-info and /gen/dictionary-tags, public. */
export function publicDictionaryRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/generator/dictionary-stats', {
    config: { access: 'public', cors: 'any-origin' },
    schema: {
      tags,
      summary: 'Dictionaries of the current bundles and their sizes, per language',
      description: "The same as /gen/dictionary-info, without credentials (the reference clients' path).",
      response: { 200: DictionaryInfo },
    },
    handler: async () => currentGenerator().dictionaryInfo(),
  });

  r.get('/tags', {
    config: { access: 'public', cors: 'any-origin' },
    schema: {
      tags,
      summary:
        'Tags of the current bundles, per kind, for a language (?language=, default en; all: every language)',
      description: "The same as /gen/dictionary-tags, without credentials (the reference clients' path).",
      querystring: DictionaryTagsLanguageQuery,
      response: { 200: DictionaryTags },
    },
    handler: async (request) => service.dictionaryTags(request.query.language),
  });
}
