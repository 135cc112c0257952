import { Slug, Text, Timestamp } from './common.js';
import { z } from './zod.js';

/** The signed-in person as the API knows them (product spec §3). */
export const Account = z
  .object({
    email: z.string(),
    slug: z.string(),
    /** Present (an object) only for staff; the web console shows the Admin link when it is. */
    permissions: z.record(z.string(), z.unknown()).nullable(),
    /** Whether the e-mail address is verified (the console's banner offers to resend the link). */
    email_verified: z.boolean(),
    created_at: Timestamp,
  })
  .meta({ id: 'Account' });
export type Account = z.infer<typeof Account>;

export const Profile = z
  .object({
    email: z.string(),
    slug: z.string(),
    display_name: z.string().nullable(),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof Profile>;

export const UpdateProfile = z
  .object({
    slug: Slug.optional(),
    display_name: Text.trim().min(1).max(100).nullable().optional(),
  })
  .strict()
  .meta({ id: 'UpdateProfile' });
export type UpdateProfile = z.infer<typeof UpdateProfile>;

export const AgreementType = z.enum(['eula', 'privacy_policy', 'terms_of_service']);
export type AgreementType = z.infer<typeof AgreementType>;

/** An agreement version; `title` is in `language`, the stored language nearest the reader's. */
export const Agreement = z
  .object({
    type: AgreementType,
    version: z.string(),
    title: z.string(),
    language: z.string(),
    url: z.string(),
    published_at: Timestamp,
    is_mandatory: z.boolean(),
  })
  .meta({ id: 'Agreement' });
export type Agreement = z.infer<typeof Agreement>;

export const AgreementList = z.array(Agreement);

/** Every version of every agreement as staff see it: the English title and its translations. */
export const AdminAgreement = Agreement.omit({ language: true })
  .extend({
    translations: z.array(z.object({ language: z.string(), title: z.string(), updated_at: Timestamp })),
  })
  .meta({ id: 'AdminAgreement' });
export type AdminAgreement = z.infer<typeof AdminAgreement>;
export const AdminAgreementList = z.array(AdminAgreement);

export const AgreementTranslationParams = z.object({
  type: AgreementType.describe('Which agreement'),
  version: z.string().min(1).max(64).describe('The version of the agreement'),
  language: z.string().min(1).max(35).describe('The language of the title, e.g. de or pt-BR'),
});
export const SetAgreementTitle = z
  .object({
    title: Text.trim().min(1, 'This field is required').max(200, 'Maximum length is 200 characters'),
  })
  .strict()
  .meta({ id: 'SetAgreementTitle' });
export type SetAgreementTitle = z.infer<typeof SetAgreementTitle>;

export const AgreementVersion = z.object({
  agreement_type: AgreementType,
  agreement_version: Text.min(1).max(40),
});
export type AgreementVersion = z.infer<typeof AgreementVersion>;

export const AcceptedAgreement = AgreementVersion.extend({ accepted_at: Timestamp }).meta({
  id: 'AcceptedAgreement',
});
export type AcceptedAgreement = z.infer<typeof AcceptedAgreement>;

export const AcceptedAgreementList = z.array(AcceptedAgreement);

export const AcceptAgreements = z
  .object({ agreement_versions: z.array(AgreementVersion).min(1).max(20) })
  .strict()
  .meta({ id: 'AcceptAgreements' });
export type AcceptAgreements = z.infer<typeof AcceptAgreements>;

/**
 * Unaccepted agreements (product spec §5): those whose type and version are absent from the
 * accepted list; optionally only the mandatory ones.
 */
export function unacceptedAgreements(
  latest: readonly Agreement[],
  accepted: readonly AgreementVersion[],
  options: { mandatoryOnly?: boolean } = {},
): Agreement[] {
  const seen = new Set(accepted.map((a) => `${a.agreement_type}\u0000${a.agreement_version}`));
  return latest.filter(
    (a) => !seen.has(`${a.type}\u0000${a.version}`) && (!options.mandatoryOnly || a.is_mandatory),
  );
}

/**
 * What a browser needs to sign in (served at runtime so one console build works with the built-in
 * provider, Auth0 or Keycloak): authorization code + PKCE against `issuer`, asking for `scope` and
 * the API audience (`resource` for the built-in provider, `audience` for Auth0).
 */
export const SignInConfig = z
  .object({
    issuer: z.string(),
    client_id: z.string().nullable(),
    audience: z.string(),
    scope: z.string(),
    redirect_path: z.string(),
    /** `builtin` when this server is its own provider (it understands `screen_hint=signup`). */
    provider: z.enum(['builtin', 'external']),
  })
  .meta({ id: 'SignInConfig' });
export type SignInConfig = z.infer<typeof SignInConfig>;

// ---- account security ---------------------------------------------------------------------

/** Messages of the account-security calls (sign-in pages translate them by these texts). */
export const AccountMessages = {
  invalidCredentials: 'Invalid email or password',
  tooManyAttempts: 'Too many attempts. Try again later',
  passwordTooShort: 'Minimum length is 10 characters',
  passwordIsEmail: 'The password must not be your email address',
  passwordTooCommon: 'This password is too common or too easy to guess',
  passwordsDoNotMatch: 'Passwords do not match',
  currentPasswordWrong: 'The current password is wrong',
  emailNotVerified: 'The email address of this account is not verified',
  linkInvalid: 'This link is invalid, expired or already used',
  notBuiltinAccount: 'This account signs in with another provider',
} as const;

/** The minimum length of a password (product spec §5 message: Minimum length is 10 characters). */
export const PASSWORD_MIN_LENGTH = 10;

export const ChangePassword = z
  .object({ current_password: Text.max(1024), new_password: Text.max(1024) })
  .strict()
  .meta({ id: 'ChangePassword' });
export type ChangePassword = z.infer<typeof ChangePassword>;

export const PasswordStrengthRequest = z
  .object({ password: Text.max(1024), email: Text.max(254).optional() })
  .strict()
  .meta({ id: 'PasswordStrengthRequest' });

/** `score` 0 (guessed at once) to 4 (very hard); `problem` is the policy message when refused. */
export const PasswordStrength = z
  .object({
    score: z.number().int().min(0).max(4),
    acceptable: z.boolean(),
    problem: z.string().nullable(),
  })
  .meta({ id: 'PasswordStrength' });
export type PasswordStrength = z.infer<typeof PasswordStrength>;

/** A message of the embedded mailer's outbox (staff read it). */
export const OutboxMail = z
  .object({
    id: z.string(),
    created_at: Timestamp,
    to: z.string(),
    subject: z.string(),
    kind: z.string(),
    text: z.string(),
    html: z.string(),
  })
  .meta({ id: 'OutboxMail' });
export type OutboxMail = z.infer<typeof OutboxMail>;

export const OutboxMailPage = z
  .object({
    items: z.array(OutboxMail.omit({ text: true, html: true })),
    total: z.number().int(),
    offset: z.number().int(),
    limit: z.number().int(),
  })
  .meta({ id: 'OutboxMailPage' });
export type OutboxMailPage = z.infer<typeof OutboxMailPage>;
