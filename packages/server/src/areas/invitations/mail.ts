import { INVITATION_VALID_DAYS, type OrgRole } from '@slugsmith/contract';
import { interfaceLanguage } from '../../platform/interface-language.js';
import { quotedName, unlinkable } from '../../platform/mail-data.js';
import { brandedMail } from '../../platform/mail-templates.js';

interface InvitationText {
  subject: (org: string) => string;
  body: (p: { inviter: string; org: string; role: string; to: string; days: number }) => string;
  roles: Record<OrgRole, string>;
  action: string;
  note: string;
}

/** The invitation e-mail in the 11 interface languages. */
const texts: Record<string, InvitationText> = {
  'en-GB': {
    subject: (org) => `You are invited to ${org} on Slugsmith`,
    body: (p) =>
      `${p.inviter} invited you to join the organisation ${p.org} on Slugsmith as ${p.role}. Sign in or create an account with this address (${p.to}), verify it, and accept within ${p.days} days.`,
    roles: { member: 'member', admin: 'admin', owner: 'owner' },
    action: 'Accept the invitation',
    note: 'If you did not expect this invitation, ignore this message.',
  },
  'en-US': {
    subject: (org) => `You are invited to ${org} on Slugsmith`,
    body: (p) =>
      `${p.inviter} invited you to join the organization ${p.org} on Slugsmith as ${p.role}. Sign in or create an account with this address (${p.to}), verify it, and accept within ${p.days} days.`,
    roles: { member: 'member', admin: 'admin', owner: 'owner' },
    action: 'Accept the invitation',
    note: 'If you did not expect this invitation, ignore this message.',
  },
  'de-DE': {
    subject: (org) => `Einladung zu ${org} bei Slugsmith`,
    body: (p) =>
      `${p.inviter} hat Sie eingeladen, der Organisation ${p.org} bei Slugsmith als ${p.role} beizutreten. Melden Sie sich mit dieser Adresse (${p.to}) an oder erstellen Sie ein Konto, bestätigen Sie die Adresse und nehmen Sie die Einladung innerhalb von ${p.days} Tagen an.`,
    roles: { member: 'Mitglied', admin: 'Administrator', owner: 'Eigentümer' },
    action: 'Einladung annehmen',
    note: 'Wenn Sie diese Einladung nicht erwartet haben, ignorieren Sie diese Nachricht.',
  },
  'fr-FR': {
    subject: (org) => `Invitation à rejoindre ${org} sur Slugsmith`,
    body: (p) =>
      `${p.inviter} vous invite à rejoindre l’organisation ${p.org} sur Slugsmith en tant que ${p.role}. Connectez-vous ou créez un compte avec cette adresse (${p.to}), vérifiez-la et acceptez sous ${p.days} jours.`,
    roles: { member: 'membre', admin: 'administrateur', owner: 'propriétaire' },
    action: 'Accepter l’invitation',
    note: 'Si vous n’attendiez pas cette invitation, ignorez ce message.',
  },
  'es-ES': {
    subject: (org) => `Invitación a ${org} en Slugsmith`,
    body: (p) =>
      `${p.inviter} te ha invitado a unirte a la organización ${p.org} en Slugsmith como ${p.role}. Inicia sesión o crea una cuenta con esta dirección (${p.to}), verifícala y acepta en un plazo de ${p.days} días.`,
    roles: { member: 'miembro', admin: 'administrador', owner: 'propietario' },
    action: 'Aceptar la invitación',
    note: 'Si no esperabas esta invitación, ignora este mensaje.',
  },
  'ru-RU': {
    subject: (org) => `Приглашение в ${org} на Slugsmith`,
    body: (p) =>
      `${p.inviter} приглашает вас в организацию ${p.org} на Slugsmith с ролью «${p.role}». Войдите или создайте аккаунт с этим адресом (${p.to}), подтвердите его и примите приглашение в течение ${p.days} дней.`,
    roles: { member: 'участник', admin: 'администратор', owner: 'владелец' },
    action: 'Принять приглашение',
    note: 'Если вы не ждали этого приглашения, просто проигнорируйте письмо.',
  },
  'sr-Cyrl': {
    subject: (org) => `Позив у ${org} на Slugsmith-у`,
    body: (p) =>
      `${p.inviter} вас позива да се придружите организацији ${p.org} на Slugsmith-у као ${p.role}. Пријавите се или направите налог са овом адресом (${p.to}), потврдите је и прихватите позив у року од ${p.days} дана.`,
    roles: { member: 'члан', admin: 'администратор', owner: 'власник' },
    action: 'Прихвати позив',
    note: 'Ако нисте очекивали овај позив, занемарите ову поруку.',
  },
  'sr-Latn': {
    subject: (org) => `Poziv u ${org} na Slugsmith-u`,
    body: (p) =>
      `${p.inviter} vas poziva da se pridružite organizaciji ${p.org} na Slugsmith-u kao ${p.role}. Prijavite se ili napravite nalog sa ovom adresom (${p.to}), potvrdite je i prihvatite poziv u roku od ${p.days} dana.`,
    roles: { member: 'član', admin: 'administrator', owner: 'vlasnik' },
    action: 'Prihvati poziv',
    note: 'Ako niste očekivali ovaj poziv, zanemarite ovu poruku.',
  },
  'zh-CN': {
    subject: (org) => `邀请您加入 Slugsmith 上的 ${org}`,
    body: (p) =>
      `${p.inviter} 邀请您以${p.role}身份加入 Slugsmith 上的组织 ${p.org}。请使用此地址（${p.to}）登录或创建账户，验证该地址，并在 ${p.days} 天内接受邀请。`,
    roles: { member: '成员', admin: '管理员', owner: '所有者' },
    action: '接受邀请',
    note: '如果您没有预料到此邀请，请忽略此邮件。',
  },
  'ja-JP': {
    subject: (org) => `Slugsmith の ${org} への招待`,
    body: (p) =>
      `${p.inviter} さんから、Slugsmith の組織 ${p.org} に${p.role}として参加するよう招待されました。このアドレス（${p.to}）でログインまたはアカウントを作成し、アドレスを確認してから ${p.days} 日以内に招待を承認してください。`,
    roles: { member: 'メンバー', admin: '管理者', owner: 'オーナー' },
    action: '招待を承認',
    note: 'この招待に心当たりがない場合は、このメールを無視してください。',
  },
  'ko-KR': {
    subject: (org) => `Slugsmith의 ${org}에 초대되었습니다`,
    body: (p) =>
      `${p.inviter} 님이 Slugsmith의 조직 ${p.org}에 ${p.role}(으)로 참여하도록 초대했습니다. 이 주소(${p.to})로 로그인하거나 계정을 만들고, 주소를 인증한 뒤 ${p.days}일 안에 초대를 수락하세요.`,
    roles: { member: '멤버', admin: '관리자', owner: '소유자' },
    action: '초대 수락',
    note: '이 초대를 예상하지 못했다면 이 메일을 무시하세요.',
  },
};

/**
 * The invitation e-mail to `to`, in `language` (the inviter's interface language; nearest match).
 * The organisation's name and the inviter's address are the sender's choice: shown as data
 * (quoted, never a link), since anyone may name an organisation "restore your account at …".
 */
export function invitationMail(input: {
  to: string;
  language?: string;
  inviter: string;
  orgName: string;
  role: OrgRole;
  url: string;
}) {
  const language = interfaceLanguage(input.language);
  const text = texts[language] ?? (texts['en-GB'] as InvitationText);
  const org = quotedName(language, input.orgName);
  return brandedMail({
    to: input.to,
    kind: 'invitation',
    language,
    subject: text.subject(org),
    paragraphs: [
      text.body({
        inviter: unlinkable(input.inviter),
        org,
        role: text.roles[input.role],
        to: input.to,
        days: INVITATION_VALID_DAYS,
      }),
    ],
    action: { label: text.action, url: input.url },
    note: text.note,
  });
}

export const invitationMailLanguages = Object.keys(texts);
