// The invitation e-mail: its words are platform/i18n/<language>/mail.json (`invitation`).
import { INVITATION_VALID_DAYS, type OrgRole } from '@slugsmith/contract';
import { quotedName, unlinkable } from '../../platform/mail-data.js';
import { catalogueMail, mailLanguage, mailTexts } from '../../platform/mail-templates.js';

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
  const language = mailLanguage(input.language);
  return catalogueMail({
    kind: 'invitation',
    to: input.to,
    language,
    values: {
      inviter: unlinkable(input.inviter),
      org: quotedName(language, input.orgName),
      role: mailTexts(language).invitation.roles[input.role],
      email: input.to,
      days: INVITATION_VALID_DAYS,
    },
    url: input.url,
  });
}
