import { ErrorBody, OutboxMail, OutboxMailPage, Page } from '@slugsmith/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/connect.js';
import { ApiError } from '../../platform/errors.js';
import { findOutboxMail, listOutbox, type OutboxRow } from '../../platform/mail.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

const summary = (row: OutboxRow) => ({
  id: row.id,
  created_at: row.createdAt.toISOString(),
  to: row.recipient,
  subject: row.subject,
  kind: row.kind,
});

/** The embedded mailer's outbox (no SMTP_URL): staff read what was sent, with its links. */
export function outboxRoutes(app: FastifyInstance, db: Db): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];

  r.get('/admin/mail', {
    config: { access: 'staff' },
    schema: {
      tags,
      summary: 'Messages kept in the outbox, newest first',
      querystring: Page,
      response: { 200: OutboxMailPage, ...errors },
    },
    handler: async (request) => {
      const { rows, total } = await listOutbox(db, request.query);
      return { items: rows.map(summary), total, offset: request.query.offset, limit: request.query.limit };
    },
  });

  r.get('/admin/mail/:mailId', {
    config: { access: 'staff' },
    schema: {
      tags,
      summary: 'One message of the outbox with its plain text and HTML',
      params: z.object({ mailId: z.string().max(64) }),
      response: { 200: OutboxMail, ...errors },
    },
    handler: async (request) => {
      const row = await findOutboxMail(db, request.params.mailId);
      if (!row) throw ApiError.notFound();
      return { ...summary(row), text: row.textBody, html: row.htmlBody };
    },
  });
}
