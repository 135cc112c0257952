import { SUPPORTED_LANGUAGES } from '@slugsmith/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitationMail } from '../src/areas/invitations/mail.js';
import { interfaceLanguage } from '../src/platform/interface-language.js';
import { createMailer } from '../src/platform/mail.js';
import { catalogueMail, linkMail, mailLanguage } from '../src/platform/mail-templates.js';
import { MailCatcher } from './support/mail-catcher.js';

const silentLog = { info() {}, warn() {}, error() {} } as never;

describe('account e-mail through a real SMTP server (smtp-server, in process)', () => {
  let catcher: MailCatcher;
  beforeAll(async () => {
    catcher = await new MailCatcher().start();
  });
  afterAll(async () => {
    await catcher.close();
  });

  it('arrives with its subject, plain text, HTML and link, in the recipient language', async () => {
    const mailer = createMailer(
      { smtpUrl: catcher.url, from: 'Slugsmith <no-reply@example.test>' },
      {} as never,
      silentLog,
    );
    const url = 'http://127.0.0.1:8080/oidc/verify-email?token=abc';
    await mailer.send(linkMail('verify_email', 'anna@example.test', 'de-DE', url));
    const mail = await catcher.next('anna@example.test');
    await mailer.close();
    expect(mail.from).toBe('no-reply@example.test');
    expect(mail.subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse für Slugsmith');
    expect(mail.text).toContain('anna@example.test');
    expect(mail.text).toContain(url);
    expect(MailCatcher.link(mail)).toBe(url);
    expect(mail.html).toContain('<html lang="de-DE">');
    expect(mail.html).toContain(`href="${url}"`);
    expect(mail.html).toContain('E-Mail-Adresse bestätigen');
  });
});

describe('mail texts', () => {
  it('exist for every interface language, each its own, with the link in text and HTML', () => {
    const subjects = new Set<string>();
    for (const { code } of SUPPORTED_LANGUAGES) {
      for (const kind of ['verify_email', 'reset_password', 'sign_up_attempt', 'password_changed'] as const) {
        const mail = linkMail(kind, 'x@example.test', code, 'https://s.example/l?t=1&u=2');
        subjects.add(`${kind}:${mail.subject}`);
        expect(mail.text).toContain('https://s.example/l?t=1&u=2');
        expect(mail.html).toContain('https://s.example/l?t=1&amp;u=2');
        expect(mail.html).toContain(`lang="${code}"`);
      }
    }
    // en-GB and en-US share the reset and password-changed subjects; everything else is distinct.
    expect(subjects.size).toBe(SUPPORTED_LANGUAGES.length * 4 - 2);
  });

  it('fills every placeholder of every message in every language (catalogue and code agree)', () => {
    const unfilled = /\{\w+\}/;
    for (const { code } of SUPPORTED_LANGUAGES) {
      const language = mailLanguage(code);
      const mails = [
        ...(['verify_email', 'reset_password', 'sign_up_attempt', 'password_changed'] as const).map((kind) =>
          linkMail(kind, 'x@example.test', code, 'https://s.example/l'),
        ),
        ...(['member', 'admin', 'owner'] as const).map((role) =>
          invitationMail({
            to: 'x@example.test',
            language: code,
            inviter: 'boss@example.test',
            orgName: 'Acme',
            role,
            url: 'https://s.example/i',
          }),
        ),
        // The values receipt-mail.ts fills.
        catalogueMail({
          kind: 'receipt',
          to: 'x@example.test',
          language,
          values: { org: 'Acme', number: 'INV-1', amount: '€1', date: '1 May 2026' },
          url: 'https://s.example/r',
        }),
      ];
      for (const mail of mails) {
        expect(`${mail.subject}\n${mail.text}`, `${code} ${mail.kind}`).not.toMatch(unfilled);
        expect(mail.html, `${code} ${mail.kind}`).not.toMatch(unfilled);
      }
    }
  });

  it('picks the nearest interface language', () => {
    expect(interfaceLanguage('de')).toBe('de-DE');
    expect(interfaceLanguage('de-AT')).toBe('de-DE');
    expect(interfaceLanguage('sr')).toBe('sr-Cyrl');
    expect(interfaceLanguage('sr-latn')).toBe('sr-Latn');
    expect(interfaceLanguage('xx')).toBe('en-GB');
    expect(interfaceLanguage(undefined)).toBe('en-GB');
  });

  it('escapes what it puts into HTML', () => {
    const mail = linkMail('verify_email', '<b>@example.test', 'en-GB', 'https://x.test/"><script>');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>@');
    const invitation = invitationMail({
      to: 'x@example.test',
      language: 'en-GB',
      inviter: '<i>boss</i>@example.test',
      orgName: '<script>alert(1)</script>',
      role: 'admin',
      url: 'https://s.example/i',
    });
    expect(invitation.html).not.toContain('<script>');
    expect(invitation.html).not.toContain('<i>');
    expect(invitation.html).toContain('&lt;script&gt;');
  });
});
