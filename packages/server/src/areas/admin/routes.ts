import { AdminOrganisationPage, ErrorBody, Page } from '@slugsmith/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/connect.js';
import { listOrganisations } from './queries.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** Product spec §7.4, staff only. */
export function adminRoutes(app: FastifyInstance, db: Db): void {
  app.withTypeProvider<ZodTypeProvider>().get('/admin/orgs', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Every organisation, oldest first',
      querystring: Page,
      response: { 200: AdminOrganisationPage, ...errors },
    },
    handler: async (request) => {
      const { offset, limit } = request.query;
      const { rows, total } = await listOrganisations(db, offset, limit);
      return {
        items: rows.map((r) => ({
          slug: r.slug,
          name: r.name,
          personal: r.personalAccountId !== null,
          members: Number(r.members),
          created_at: r.createdAt.toISOString(),
        })),
        total: Number(total),
        offset,
        limit,
      };
    },
  });
}
