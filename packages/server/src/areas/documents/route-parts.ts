import { type AdminDocument, ErrorBody } from '@slugsmith/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/connect.js';
import { audited } from '../audit/service.js';
import * as service from './service.js';

/** What every document route may answer besides its result. */
export const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
export const noContent = { 204: z.null().describe('Done') };

/** OpenAPI tags of the public and the staff routes. */
export const publicTags = ['documents'];
export const adminTags = ['admin documents'];

/**
 * A staff write on one document, recorded in the audit log under the document's id (the log
 * names it by its title): the document is found first (404 before anything is written), `before`
 * reads what the write changes (the document itself unless said), `after` what to record of the
 * result (the result unless said).
 */
export async function documentWrite<T>(
  db: Db,
  request: FastifyRequest,
  idOrSlug: string,
  entry: {
    action: string;
    before?: (doc: AdminDocument) => Promise<unknown>;
    after?: (result: T) => unknown;
  },
  write: (doc: AdminDocument) => Promise<T>,
): Promise<T> {
  const doc = await service.adminGet(db, idOrSlug);
  return audited(
    db,
    request,
    {
      action: entry.action,
      objectType: 'document',
      objectId: doc.id,
      before: async () => (entry.before ? entry.before(doc) : doc),
      after: entry.after,
    },
    () => write(doc),
  );
}

/** A staff write on one tag, recorded under the tag's name (a new tag has nothing before). */
export function tagWrite<T>(
  db: Db,
  request: FastifyRequest,
  name: string,
  entry: { action: string; existing: boolean; after?: (result: T) => unknown },
  write: () => Promise<T>,
): Promise<T> {
  return audited(
    db,
    request,
    {
      action: entry.action,
      objectType: 'document_tag',
      objectId: name,
      ...(entry.existing && { before: async () => ({ name }) }),
      after: entry.after,
    },
    write,
  );
}
