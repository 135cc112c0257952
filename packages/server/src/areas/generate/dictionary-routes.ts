// The word dictionaries a pattern may use, for callers with a key: kinds and sizes, tags.
import {
  DictionaryInfo,
  DictionaryTagPage,
  DictionaryTags,
  DictionaryTagsLanguageQuery,
  DictionaryTagsParams,
  DictionaryTagsQuery,
} from '@slugsmith/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentGenerator } from '../../engine/engine.js';
import { errors, tags } from './route-parts.js';
import * as service from './service.js';

/** Dictionary kinds and sizes per language, their tags, one kind's tags a page at a time. */
export function dictionaryRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/gen/dictionary-info', {
    config: { access: { key: 'any' }, cors: 'any-origin' },
    schema: {
      tags,
      summary: 'Dictionaries of the current bundles and their sizes, per language',
      description:
        'Every word kind a pattern may use ({adjective}, {noun} …), per language, with its word count.',
      response: { 200: DictionaryInfo, ...errors },
    },
    handler: async () => currentGenerator().dictionaryInfo(),
  });

  r.get('/gen/dictionary-tags', {
    config: { access: { key: 'any' }, cors: 'any-origin' },
    schema: {
      tags,
      summary:
        'Tags of the current bundles, per kind, for a language (?language=, default en; all: every language)',
      description:
        'The tags that narrow a kind in a pattern ({noun:+animal-food}), with their meaning, word count and whether they are opt-in.',
      querystring: DictionaryTagsLanguageQuery,
      response: { 200: DictionaryTags, ...errors },
    },
    handler: async (request) => service.dictionaryTags(request.query.language),
  });

  r.get('/gen/dictionary-tags/:kind', {
    config: { access: { key: 'any' }, cors: 'any-origin' },
    schema: {
      tags,
      summary: 'Tags of one dictionary kind in one language (?language=, default en), a page at a time',
      description: 'The tags of one kind, a page at a time (offset, limit), for a language.',
      params: DictionaryTagsParams,
      querystring: DictionaryTagsQuery,
      response: { 200: DictionaryTagPage, ...errors },
    },
    handler: async (request) =>
      service.dictionaryTagPage(
        request.params.kind,
        request.query.language,
        request.query.limit,
        request.query.offset,
      ),
  });
}
