import type { AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

/** A message as it arrived at the in-process SMTP server, parsed. */
export interface CaughtMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  parsed: Email;
}

/**
 * A real SMTP server in this process (smtp-server): the app sends to `url` over TCP, tests read
 * what arrived (`next(to)` waits for the next message to that address).
 */
export class MailCatcher {
  readonly messages: CaughtMail[] = [];
  private waiters: { to: string; resolve: (m: CaughtMail) => void }[] = [];
  private server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        const parsed = await PostalMime.parse(Buffer.concat(chunks));
        const mail: CaughtMail = {
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          html: parsed.html ?? '',
          parsed,
        };
        this.messages.push(mail);
        for (const w of this.waiters.filter((w) => mail.to.includes(w.to))) w.resolve(mail);
        this.waiters = this.waiters.filter((w) => !mail.to.includes(w.to));
        callback();
      });
    },
  });
  url = '';

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `smtp://127.0.0.1:${(this.server.server.address() as AddressInfo).port}`;
    return this;
  }

  /** The next message to `to` that arrives (or one that did, not yet taken). */
  next(to: string, timeoutMs = 10_000): Promise<CaughtMail> {
    const address = to.toLowerCase();
    const index = this.messages.findIndex((m) => m.to.includes(address));
    if (index >= 0) return Promise.resolve(this.messages.splice(index, 1)[0] as CaughtMail);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no mail to ${to} within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({
        to: address,
        resolve: (m) => {
          clearTimeout(timer);
          this.messages.splice(this.messages.indexOf(m), 1);
          resolve(m);
        },
      });
    });
  }

  /** The first link of a message's plain text. */
  static link(mail: CaughtMail): string {
    const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
    if (!link) throw new Error(`no link in: ${mail.text}`);
    return link;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
