import { escapeHtml } from './html.js';
import { interfaceLanguage } from './interface-language.js';
import type { OutgoingMail } from './mail.js';

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

/**
 * Sign-up with an address that already has an account: its owner hears of it (the sign-up page
 * does not say more than it must), with the way back in — the forgotten-password page.
 */
const signUpAttempt: Record<string, LinkMailText> = {
  'en-GB': {
    subject: 'Someone tried to sign up to Slugsmith with your address',
    body: (e) =>
      `Someone tried to create a new Slugsmith account with ${e}, which already has one. If it was you, sign in with your password, or choose a new one here.`,
    action: 'Reset password',
    note: 'If it was not you, ignore this message: nothing has changed in your account.',
  },
  'en-US': {
    subject: 'Someone tried to sign up for Slugsmith with your address',
    body: (e) =>
      `Someone tried to create a new Slugsmith account with ${e}, which already has one. If it was you, sign in with your password, or choose a new one here.`,
    action: 'Reset password',
    note: 'If it was not you, ignore this message: nothing has changed in your account.',
  },
  'de-DE': {
    subject: 'Jemand wollte sich mit Ihrer Adresse bei Slugsmith registrieren',
    body: (e) =>
      `Jemand hat versucht, mit ${e} ein neues Slugsmith-Konto anzulegen, doch für diese Adresse gibt es bereits eines. Wenn Sie das waren, melden Sie sich mit Ihrem Passwort an oder wählen Sie hier ein neues.`,
    action: 'Passwort zurücksetzen',
    note: 'Wenn Sie das nicht waren, ignorieren Sie diese Nachricht: An Ihrem Konto hat sich nichts geändert.',
  },
  'fr-FR': {
    subject: 'Quelqu’un a tenté de s’inscrire sur Slugsmith avec votre adresse',
    body: (e) =>
      `Quelqu’un a tenté de créer un nouveau compte Slugsmith avec ${e}, qui en possède déjà un. Si c’était vous, connectez-vous avec votre mot de passe ou choisissez-en un nouveau ici.`,
    action: 'Réinitialiser le mot de passe',
    note: 'Si ce n’était pas vous, ignorez ce message : rien n’a changé dans votre compte.',
  },
  'es-ES': {
    subject: 'Alguien ha intentado registrarse en Slugsmith con tu dirección',
    body: (e) =>
      `Alguien ha intentado crear una cuenta nueva de Slugsmith con ${e}, que ya tiene una. Si has sido tú, inicia sesión con tu contraseña o elige una nueva aquí.`,
    action: 'Restablecer la contraseña',
    note: 'Si no has sido tú, ignora este mensaje: no ha cambiado nada en tu cuenta.',
  },
  'ru-RU': {
    subject: 'Кто-то пытался зарегистрироваться в Slugsmith с вашим адресом',
    body: (e) =>
      `Кто-то пытался создать новую учётную запись Slugsmith с адресом ${e}, но для него учётная запись уже есть. Если это были вы, войдите со своим паролем или задайте новый здесь.`,
    action: 'Сбросить пароль',
    note: 'Если это были не вы, проигнорируйте письмо: в вашей учётной записи ничего не изменилось.',
  },
  'sr-Cyrl': {
    subject: 'Неко је покушао да се региструје на Slugsmith са вашом адресом',
    body: (e) =>
      `Неко је покушао да направи нови Slugsmith налог са адресом ${e}, која већ има налог. Ако сте то били ви, пријавите се својом лозинком или овде изаберите нову.`,
    action: 'Ресетуј лозинку',
    note: 'Ако то нисте били ви, занемарите ову поруку: на вашем налогу се ништа није променило.',
  },
  'sr-Latn': {
    subject: 'Neko je pokušao da se registruje na Slugsmith sa vašom adresom',
    body: (e) =>
      `Neko je pokušao da napravi novi Slugsmith nalog sa adresom ${e}, koja već ima nalog. Ako ste to bili vi, prijavite se svojom lozinkom ili ovde izaberite novu.`,
    action: 'Resetuj lozinku',
    note: 'Ako to niste bili vi, zanemarite ovu poruku: na vašem nalogu se ništa nije promenilo.',
  },
  'zh-CN': {
    subject: '有人尝试用您的邮箱地址注册 Slugsmith',
    body: (e) =>
      `有人尝试用 ${e} 创建新的 Slugsmith 账户，但该地址已有账户。如果是您本人，请用密码登录，或在此设置新密码。`,
    action: '重置密码',
    note: '如果这不是您本人操作，请忽略此邮件：您的账户没有任何变化。',
  },
  'ja-JP': {
    subject: 'お使いのアドレスで Slugsmith への登録が試みられました',
    body: (e) =>
      `${e} で新しい Slugsmith アカウントの作成が試みられましたが、このアドレスにはすでにアカウントがあります。ご本人の場合は、パスワードでログインするか、ここで新しいパスワードを設定してください。`,
    action: 'パスワードを再設定',
    note: '心当たりがない場合は、このメールを無視してください。アカウントは何も変わっていません。',
  },
  'ko-KR': {
    subject: '누군가 회원님의 주소로 Slugsmith 가입을 시도했습니다',
    body: (e) =>
      `누군가 ${e} 주소로 새 Slugsmith 계정을 만들려고 했지만, 이 주소에는 이미 계정이 있습니다. 본인이라면 비밀번호로 로그인하거나 여기에서 새 비밀번호를 정하세요.`,
    action: '비밀번호 재설정',
    note: '본인이 아니라면 이 메일을 무시하세요. 계정에는 아무 변화도 없습니다.',
  },
};

/** The password of an account was changed or reset: its owner hears of it, with the way back in. */
const passwordChanged: Record<string, LinkMailText> = {
  'en-GB': {
    subject: 'Your Slugsmith password was changed',
    body: (e) =>
      `The password of the Slugsmith account ${e} was just changed, and its other sessions were ended.`,
    action: 'Reset password',
    note: 'If it was you, there is nothing to do. If it was not, reset your password now.',
  },
  'en-US': {
    subject: 'Your Slugsmith password was changed',
    body: (e) =>
      `The password of the Slugsmith account ${e} was just changed, and its other sessions were ended.`,
    action: 'Reset password',
    note: 'If it was you, there is nothing to do. If it was not, reset your password now.',
  },
  'de-DE': {
    subject: 'Ihr Slugsmith-Passwort wurde geändert',
    body: (e) =>
      `Das Passwort des Slugsmith-Kontos ${e} wurde soeben geändert, und seine anderen Sitzungen wurden beendet.`,
    action: 'Passwort zurücksetzen',
    note: 'Wenn Sie das waren, ist nichts zu tun. Wenn nicht, setzen Sie Ihr Passwort jetzt zurück.',
  },
  'fr-FR': {
    subject: 'Votre mot de passe Slugsmith a été modifié',
    body: (e) =>
      `Le mot de passe du compte Slugsmith ${e} vient d’être modifié, et ses autres sessions ont été fermées.`,
    action: 'Réinitialiser le mot de passe',
    note: 'Si c’était vous, il n’y a rien à faire. Sinon, réinitialisez votre mot de passe maintenant.',
  },
  'es-ES': {
    subject: 'Se ha cambiado tu contraseña de Slugsmith',
    body: (e) =>
      `Se acaba de cambiar la contraseña de la cuenta de Slugsmith ${e} y se han cerrado sus demás sesiones.`,
    action: 'Restablecer la contraseña',
    note: 'Si has sido tú, no tienes que hacer nada. Si no, restablece tu contraseña ahora.',
  },
  'ru-RU': {
    subject: 'Пароль Slugsmith изменён',
    body: (e) => `Пароль учётной записи Slugsmith ${e} только что изменён, а её остальные сеансы завершены.`,
    action: 'Сбросить пароль',
    note: 'Если это были вы, ничего делать не нужно. Если нет, сбросьте пароль прямо сейчас.',
  },
  'sr-Cyrl': {
    subject: 'Ваша Slugsmith лозинка је промењена',
    body: (e) => `Лозинка Slugsmith налога ${e} је управо промењена, а његове остале сесије су завршене.`,
    action: 'Ресетуј лозинку',
    note: 'Ако сте то били ви, не морате ништа да радите. Ако нисте, одмах ресетујте лозинку.',
  },
  'sr-Latn': {
    subject: 'Vaša Slugsmith lozinka je promenjena',
    body: (e) => `Lozinka Slugsmith naloga ${e} je upravo promenjena, a njegove ostale sesije su završene.`,
    action: 'Resetuj lozinku',
    note: 'Ako ste to bili vi, ne morate ništa da radite. Ako niste, odmah resetujte lozinku.',
  },
  'zh-CN': {
    subject: '您的 Slugsmith 密码已更改',
    body: (e) => `Slugsmith 账户 ${e} 的密码刚刚已更改，该账户的其他会话已结束。`,
    action: '重置密码',
    note: '如果是您本人操作，无需任何处理。如果不是，请立即重置密码。',
  },
  'ja-JP': {
    subject: 'Slugsmith のパスワードが変更されました',
    body: (e) => `Slugsmith アカウント ${e} のパスワードが変更され、ほかのセッションは終了しました。`,
    action: 'パスワードを再設定',
    note: 'ご本人による変更であれば、何もする必要はありません。心当たりがない場合は、今すぐパスワードを再設定してください。',
  },
  'ko-KR': {
    subject: 'Slugsmith 비밀번호가 변경되었습니다',
    body: (e) => `Slugsmith 계정 ${e}의 비밀번호가 방금 변경되었고, 다른 세션은 모두 종료되었습니다.`,
    action: '비밀번호 재설정',
    note: '본인이 변경했다면 아무것도 하지 않아도 됩니다. 아니라면 지금 바로 비밀번호를 재설정하세요.',
  },
};

const linkMails = {
  verify_email: verifyEmail,
  reset_password: resetPassword,
  sign_up_attempt: signUpAttempt,
  password_changed: passwordChanged,
} as const;
export type LinkMailKind = keyof typeof linkMails;

/** A message with one link (verification, reset, or a notice's way back in) to `to`, in `language` (any code; the nearest is used). */
export function linkMail(kind: LinkMailKind, to: string, language: string | null | undefined, url: string) {
  const lang = interfaceLanguage(language);
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
