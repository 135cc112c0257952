import { count, desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';
import type { Db } from '../db/connect.js';
import { mailOutbox } from '../db/schema.js';
import type { MailConfig } from './config.js';
import { maskLinkSecrets } from './link-secrets.js';

/** One message to one person; `kind` names what it is (verify_email, reset_password, invitation…). */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
}

/** The first web link of a message: what the log line shows so a fresh install can follow it. */
export function firstLink(text: string): string | undefined {
  return /https?:\/\/\S+/.exec(text)?.[0];
}

/** Sends through the SMTP server of SMTP_URL (nodemailer; one pooled connection). */
export function smtpMailer(config: Required<MailConfig>, log: FastifyBaseLogger): Mailer {
  const transport = createTransport(config.smtpUrl, { from: config.from });
  return {
    async send(mail) {
      await transport.sendMail({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      log.info({ mail: { to: mail.to, kind: mail.kind } }, 'mail sent');
    },
    async close() {
      transport.close();
    },
  };
}

/**
 * Without SMTP: every message is kept in the database (admin staff read it in the admin console)
 * and logged as one line naming its link with the token masked: logs travel further than the
 * database, and a live token there would let any reader reset the account.
 */
export function outboxMailer(db: Db, log: FastifyBaseLogger): Mailer {
  return {
    async send(mail) {
      await db.insert(mailOutbox).values({
        recipient: mail.to,
        subject: mail.subject,
        kind: mail.kind,
        textBody: mail.text,
        htmlBody: mail.html,
      });
      const found = firstLink(mail.text);
      const link = found && maskLinkSecrets(found);
      log.info(
        { mail: { to: mail.to, kind: mail.kind } },
        `Mail kept in the outbox (no SMTP_URL; admin console, Mail) to ${mail.to}: "${mail.subject}"${link ? ` ${link}` : ''}`,
      );
    },
    async close() {},
  };
}

export function createMailer(config: MailConfig, db: Db, log: FastifyBaseLogger): Mailer {
  return config.smtpUrl
    ? smtpMailer({ smtpUrl: config.smtpUrl, from: config.from }, log)
    : outboxMailer(db, log);
}

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** Outbox messages, newest first. */
export async function listOutbox(
  db: Db,
  page: { limit: number; offset: number },
): Promise<{ rows: OutboxRow[]; total: number }> {
  const rows = await db
    .select()
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(page.limit)
    .offset(page.offset);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(mailOutbox);
  return { rows, total };
}

export async function findOutboxMail(db: Db, id: string): Promise<OutboxRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row;
}
