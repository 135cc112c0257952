import { ErrorBody, OutboxMail, OutboxMailPage, Page, staffLevelOf } from '@slugsmith/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import type { CallerAccount } from '../../auth/access.js';
import type { Db } from '../../db/connect.js';
import { ApiError } from '../../platform/errors.js';
import { maskLinkSecrets } from '../../platform/link-secrets.js';
import { findOutboxMail, listOutbox, type OutboxRow } from '../../platform/mail.js';
import { findAccountByEmail } from './queries.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

const summary = (row: OutboxRow) => ({
  id: row.id,
  created_at: row.createdAt.toISOString(),
  to: row.recipient,
  subject: row.subject,
  kind: row.kind,
});

/**
 * Whether `reader` may see the live links of `row`. Links are credentials (a reset link sets the
 * recipient's password): read-only support staff never see them, and no one sees those sent to
 * another staff account, so no staff member can take over another through the outbox.
 */
async function linksVisible(db: Db, row: OutboxRow, reader: CallerAccount) {
  if (staffLevelOf(reader.permissions) !== 'admin') return false;
  if (row.recipient.toLowerCase() === reader.email.toLowerCase()) return true;
  const recipient = await findAccountByEmail(db, row.recipient);
  return !recipient || staffLevelOf(recipient.permissions) === null;
}

/**
 * The embedded mailer's outbox (no SMTP_URL): staff read what was sent; only admin staff see the
 * live links, and only those of non-staff recipients.
 */
export function outboxRoutes(app: FastifyInstance, { db }: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];

  r.get('/admin/mail', {
    config: { access: 'staff' },
    schema: {
      tags,
      summary: 'Messages kept in the outbox, newest first',
      description:
        'Staff: the e-mail messages the server sent or tried to send, newest first, with their state.',
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
      description: 'Staff: one message of the outbox with its headers, plain text and HTML.',
      params: z.object({ mailId: z.string().max(64).describe("The message's id") }),
      response: { 200: OutboxMail, ...errors },
    },
    handler: async (request) => {
      const row = await findOutboxMail(db, request.params.mailId);
      if (!row) throw ApiError.notFound();
      const reader = request.caller.account;
      if (reader && (await linksVisible(db, row, reader)))
        return { ...summary(row), text: row.textBody, html: row.htmlBody };
      return { ...summary(row), text: maskLinkSecrets(row.textBody), html: maskLinkSecrets(row.htmlBody) };
    },
  });
}
