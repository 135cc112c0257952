import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.js';
import { adminDocumentRoutes } from './admin-routes.js';
import { publicDocumentRoutes } from './public-routes.js';
import { documentTagRoutes } from './tag-routes.js';

/**
 * Product spec §7.5: the document service. The public reads published documents; staff manage
 * documents, their drafts and translations, and tags.
 */
export function documentRoutes(app: FastifyInstance, { db }: AppDeps): void {
  publicDocumentRoutes(app, db);
  adminDocumentRoutes(app, db);
  documentTagRoutes(app, db);
}
