import { escapeHtml } from './html.js';
import { type CatalogueLanguage, catalogues, isCatalogueLanguage, type MailTexts } from './i18n/index.js';
import { interfaceLanguage } from './interface-language.js';
import type { OutgoingMail } from './mail.js';

/** What a branded message says: a heading, paragraphs, one button (the link), a closing note. */
interface MailContent {
  to: string;
  kind: string;
  language: string;
  subject: string;
  paragraphs: string[];
  action: { label: string; url: string };
  note: string;
}

/**
 * Plain text and HTML of one message in the house look (brand name, one button, the link also
 * written out for mail clients that strip buttons). Inline styles only: mail clients drop <style>.
 */
function brandedMail(content: MailContent): OutgoingMail {
  const { action } = content;
  const text = [
    'Slugsmith',
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    `${action.label}: ${action.url}`,
    '',
    content.note,
  ].join('\n');
  const paragraph = (p: string) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`;
  const html = `<!doctype html>
<html lang="${escapeHtml(content.language)}"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font:16px/1.5 system-ui,sans-serif;color:#1d2129">
<div style="max-width:520px;margin:0 auto;background:#fff;border-radius:12px;padding:32px">
<p style="margin:0 0 24px;font-weight:700;font-size:20px;color:#2f5bd3">Slugsmith</p>
${content.paragraphs.map(paragraph).join('\n')}
<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#2f5bd3;color:#fff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:6px">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:14px;word-break:break-all"><a href="${escapeHtml(action.url)}" style="color:#2f5bd3">${escapeHtml(action.url)}</a></p>
<p style="margin:24px 0 0;font-size:14px;color:#5b616e">${escapeHtml(content.note)}</p>
</div></body></html>`;
  return { to: content.to, subject: content.subject, text, html, kind: content.kind };
}

/** Messages that carry one link to the account's own address: verification, reset, notices. */
export type LinkMailKind = 'verify_email' | 'reset_password' | 'sign_up_attempt' | 'password_changed';
/** Every message with a catalogue entry (platform/i18n/<language>/mail.json). */
export type MailKind = keyof MailTexts;

/** A stored or sent language as one with catalogues (the nearest; British English for none). */
export function mailLanguage(tag: string | null | undefined): CatalogueLanguage {
  const language = interfaceLanguage(tag);
  return isCatalogueLanguage(language) ? language : 'en-GB';
}

/** The e-mails' words in `language`, for values that come from the catalogue too (a role's name). */
export const mailTexts = (language: CatalogueLanguage): MailTexts => catalogues[language].mail;

/**
 * A catalogue text with its `{name}` placeholders filled, as plain text: brandedMail escapes the
 * whole paragraph for the HTML part, so values are escaped there and stay as typed in the text part.
 */
function fillText(text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The catalogue's message `kind` to `to` in `language`: subject and body filled with `values`, one button to `url`. */
export function catalogueMail(input: {
  kind: MailKind;
  to: string;
  language: CatalogueLanguage;
  values: Readonly<Record<string, string | number>>;
  url: string;
}): OutgoingMail {
  const text = mailTexts(input.language)[input.kind];
  return brandedMail({
    to: input.to,
    kind: input.kind,
    language: input.language,
    subject: fillText(text.subject, input.values),
    paragraphs: [fillText(text.body, input.values)],
    action: { label: text.action, url: input.url },
    note: text.note,
  });
}

/** A message with one link (verification, reset, or a notice's way back in) to `to`, in `language` (any code; the nearest is used). */
export function linkMail(kind: LinkMailKind, to: string, language: string | null | undefined, url: string) {
  return catalogueMail({ kind, to, language: mailLanguage(language), values: { email: to }, url });
}
