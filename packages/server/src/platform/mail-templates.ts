import { SUPPORTED_LANGUAGES } from '@slugsmith/contract';
import type { OutgoingMail } from './mail.js';

/** The interface language code closest to `wanted` (`de`, `de-AT` → `de-DE`); the default otherwise. */
export function mailLanguage(wanted: string | null | undefined): string {
  const codes = SUPPORTED_LANGUAGES.map((l) => l.code);
  if (!wanted) return codes[0] as string;
  const exact = codes.find((c) => c.toLowerCase() === wanted.toLowerCase());
  if (exact) return exact;
  const base = wanted.toLowerCase().split('-')[0];
  // Serbian without a script is written in Cyrillic (its official script).
  if (wanted.toLowerCase() === 'sr') return 'sr-Cyrl';
  return codes.find((c) => c.toLowerCase().split('-')[0] === base) ?? (codes[0] as string);
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** What a branded message says: a heading, paragraphs, one button (the link), a closing note. */
export interface MailContent {
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
export function brandedMail(content: MailContent): OutgoingMail {
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

interface LinkMailText {
  subject: string;
  body: (email: string) => string;
  action: string;
  note: string;
}

/** The verification message, per interface language. */
const verifyEmail: Record<string, LinkMailText> = {
  'en-GB': {
    subject: 'Verify your e-mail address for Slugsmith',
    body: (e) => `Open this link to confirm that ${e} is your address. It works once, within 24 hours.`,
    action: 'Verify e-mail address',
    note: 'If you did not create a Slugsmith account, ignore this message.',
  },
  'en-US': {
    subject: 'Verify your email address for Slugsmith',
    body: (e) => `Open this link to confirm that ${e} is your address. It works once, within 24 hours.`,
    action: 'Verify email address',
    note: 'If you did not create a Slugsmith account, ignore this message.',
  },
  'de-DE': {
    subject: 'Bestätigen Sie Ihre E-Mail-Adresse für Slugsmith',
    body: (e) =>
      `Öffnen Sie diesen Link, um zu bestätigen, dass ${e} Ihre Adresse ist. Er funktioniert einmal, innerhalb von 24 Stunden.`,
    action: 'E-Mail-Adresse bestätigen',
    note: 'Wenn Sie kein Slugsmith-Konto angelegt haben, ignorieren Sie diese Nachricht.',
  },
  'fr-FR': {
    subject: 'Confirmez votre adresse e-mail pour Slugsmith',
    body: (e) =>
      `Ouvrez ce lien pour confirmer que ${e} est bien votre adresse. Il fonctionne une seule fois, pendant 24 heures.`,
    action: 'Confirmer l’adresse e-mail',
    note: 'Si vous n’avez pas créé de compte Slugsmith, ignorez ce message.',
  },
  'es-ES': {
    subject: 'Verifica tu dirección de correo para Slugsmith',
    body: (e) =>
      `Abre este enlace para confirmar que ${e} es tu dirección. Funciona una sola vez, durante 24 horas.`,
    action: 'Verificar dirección de correo',
    note: 'Si no has creado una cuenta de Slugsmith, ignora este mensaje.',
  },
  'ru-RU': {
    subject: 'Подтвердите адрес электронной почты для Slugsmith',
    body: (e) =>
      `Откройте эту ссылку, чтобы подтвердить, что ${e} — ваш адрес. Она действует один раз в течение 24 часов.`,
    action: 'Подтвердить адрес',
    note: 'Если вы не создавали учётную запись Slugsmith, просто проигнорируйте это письмо.',
  },
  'sr-Cyrl': {
    subject: 'Потврдите своју адресу е-поште за Slugsmith',
    body: (e) => `Отворите ову везу да потврдите да је ${e} ваша адреса. Ради једном, у року од 24 сата.`,
    action: 'Потврди адресу е-поште',
    note: 'Ако нисте направили Slugsmith налог, занемарите ову поруку.',
  },
  'sr-Latn': {
    subject: 'Potvrdite svoju adresu e-pošte za Slugsmith',
    body: (e) => `Otvorite ovu vezu da potvrdite da je ${e} vaša adresa. Radi jednom, u roku od 24 sata.`,
    action: 'Potvrdi adresu e-pošte',
    note: 'Ako niste napravili Slugsmith nalog, zanemarite ovu poruku.',
  },
  'zh-CN': {
    subject: '验证您的 Slugsmith 电子邮件地址',
    body: (e) => `打开此链接，确认 ${e} 是您的地址。该链接只能使用一次，24 小时内有效。`,
    action: '验证电子邮件地址',
    note: '如果您没有创建 Slugsmith 账户，请忽略此邮件。',
  },
  'ja-JP': {
    subject: 'Slugsmith のメールアドレスを確認してください',
    body: (e) =>
      `このリンクを開いて、${e} があなたのアドレスであることを確認してください。リンクは 24 時間以内に一度だけ使えます。`,
    action: 'メールアドレスを確認',
    note: 'Slugsmith のアカウントを作成していない場合は、このメールを無視してください。',
  },
  'ko-KR': {
    subject: 'Slugsmith 이메일 주소를 인증하세요',
    body: (e) =>
      `이 링크를 열어 ${e}이(가) 본인의 주소임을 확인하세요. 링크는 24시간 안에 한 번만 사용할 수 있습니다.`,
    action: '이메일 주소 인증',
    note: 'Slugsmith 계정을 만들지 않았다면 이 메일을 무시하세요.',
  },
};

/** The password reset message, per interface language. */
const resetPassword: Record<string, LinkMailText> = {
  'en-GB': {
    subject: 'Reset your Slugsmith password',
    body: (e) =>
      `Someone asked to reset the password of the Slugsmith account ${e}. Open this link to choose a new one. It works once, within 30 minutes.`,
    action: 'Choose a new password',
    note: 'If it was not you, ignore this message: your password stays as it is.',
  },
  'en-US': {
    subject: 'Reset your Slugsmith password',
    body: (e) =>
      `Someone asked to reset the password of the Slugsmith account ${e}. Open this link to choose a new one. It works once, within 30 minutes.`,
    action: 'Choose a new password',
    note: 'If it was not you, ignore this message: your password stays as it is.',
  },
  'de-DE': {
    subject: 'Setzen Sie Ihr Slugsmith-Passwort zurück',
    body: (e) =>
      `Jemand hat verlangt, das Passwort des Slugsmith-Kontos ${e} zurückzusetzen. Öffnen Sie diesen Link, um ein neues zu wählen. Er funktioniert einmal, innerhalb von 30 Minuten.`,
    action: 'Neues Passwort wählen',
    note: 'Wenn Sie das nicht waren, ignorieren Sie diese Nachricht: Ihr Passwort bleibt unverändert.',
  },
  'fr-FR': {
    subject: 'Réinitialisez votre mot de passe Slugsmith',
    body: (e) =>
      `Quelqu’un a demandé la réinitialisation du mot de passe du compte Slugsmith ${e}. Ouvrez ce lien pour en choisir un nouveau. Il fonctionne une seule fois, pendant 30 minutes.`,
    action: 'Choisir un nouveau mot de passe',
    note: 'Si ce n’était pas vous, ignorez ce message : votre mot de passe reste inchangé.',
  },
  'es-ES': {
    subject: 'Restablece tu contraseña de Slugsmith',
    body: (e) =>
      `Alguien ha pedido restablecer la contraseña de la cuenta de Slugsmith ${e}. Abre este enlace para elegir una nueva. Funciona una sola vez, durante 30 minutos.`,
    action: 'Elegir una contraseña nueva',
    note: 'Si no has sido tú, ignora este mensaje: tu contraseña sigue siendo la misma.',
  },
  'ru-RU': {
    subject: 'Сброс пароля Slugsmith',
    body: (e) =>
      `Кто-то запросил сброс пароля учётной записи Slugsmith ${e}. Откройте эту ссылку, чтобы задать новый пароль. Она действует один раз в течение 30 минут.`,
    action: 'Задать новый пароль',
    note: 'Если это были не вы, проигнорируйте письмо: ваш пароль останется прежним.',
  },
  'sr-Cyrl': {
    subject: 'Ресетујте своју Slugsmith лозинку',
    body: (e) =>
      `Неко је затражио ресетовање лозинке Slugsmith налога ${e}. Отворите ову везу да изаберете нову. Ради једном, у року од 30 минута.`,
    action: 'Изабери нову лозинку',
    note: 'Ако то нисте били ви, занемарите ову поруку: лозинка остаје иста.',
  },
  'sr-Latn': {
    subject: 'Resetujte svoju Slugsmith lozinku',
    body: (e) =>
      `Neko je zatražio resetovanje lozinke Slugsmith naloga ${e}. Otvorite ovu vezu da izaberete novu. Radi jednom, u roku od 30 minuta.`,
    action: 'Izaberi novu lozinku',
    note: 'Ako to niste bili vi, zanemarite ovu poruku: lozinka ostaje ista.',
  },
  'zh-CN': {
    subject: '重置您的 Slugsmith 密码',
    body: (e) =>
      `有人请求重置 Slugsmith 账户 ${e} 的密码。打开此链接设置新密码。该链接只能使用一次，30 分钟内有效。`,
    action: '设置新密码',
    note: '如果这不是您本人操作，请忽略此邮件：您的密码不会改变。',
  },
  'ja-JP': {
    subject: 'Slugsmith のパスワードを再設定',
    body: (e) =>
      `Slugsmith アカウント ${e} のパスワード再設定が依頼されました。このリンクを開いて新しいパスワードを設定してください。リンクは 30 分以内に一度だけ使えます。`,
    action: '新しいパスワードを設定',
    note: '心当たりがない場合は、このメールを無視してください。パスワードは変わりません。',
  },
  'ko-KR': {
    subject: 'Slugsmith 비밀번호 재설정',
    body: (e) =>
      `누군가 Slugsmith 계정 ${e}의 비밀번호 재설정을 요청했습니다. 이 링크를 열어 새 비밀번호를 정하세요. 링크는 30분 안에 한 번만 사용할 수 있습니다.`,
    action: '새 비밀번호 정하기',
    note: '본인이 요청하지 않았다면 이 메일을 무시하세요. 비밀번호는 그대로 유지됩니다.',
  },
};

const linkMails = { verify_email: verifyEmail, reset_password: resetPassword } as const;
export type LinkMailKind = keyof typeof linkMails;

/** The verification or reset message to `to`, in `language` (any code; the nearest is used). */
export function linkMail(kind: LinkMailKind, to: string, language: string | null | undefined, url: string) {
  const lang = mailLanguage(language);
  const text = linkMails[kind][lang] ?? linkMails[kind]['en-GB'];
  if (!text) throw new Error(`no ${kind} message`);
  return brandedMail({
    to,
    kind,
    language: lang,
    subject: text.subject,
    paragraphs: [text.body(to)],
    action: { label: text.action, url },
    note: text.note,
  });
}
