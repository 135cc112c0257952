import type {
  AcceptAgreements,
  AcceptedAgreement,
  Account,
  AdminAgreement,
  Agreement,
  AgreementType,
  Profile,
  UpdateProfile,
} from '@slugsmith/contract';
import { AccountMessages, ErrorMessages, slugify } from '@slugsmith/contract';
import type { CallerAccount } from '../../auth/access.js';
import type { VerifiedToken } from '../../auth/tokens.js';
import type { Db } from '../../db/connect.js';
import { isUniqueViolation } from '../../db/errors.js';
import { ApiError } from '../../platform/errors.js';
import { nearestTranslation, translationLanguage } from '../../platform/reader-language.js';
import { withSuffix } from '../../platform/slugs.js';
import { orgSlugTaken } from '../orgs/read.js';
import * as q from './queries.js';

export async function toAccount(db: Db, row: q.AccountRow): Promise<Account> {
  return {
    email: row.email,
    slug: row.slug,
    permissions: row.permissions ?? null,
    email_verified: await q.isEmailVerified(db, row),
    created_at: row.createdAt.toISOString(),
  };
}

/** Whether the account's e-mail is verified (invitations and staff grants require it). */
export async function accountEmailVerified(db: Db, accountId: string): Promise<boolean> {
  const row = await q.findAccountById(db, accountId);
  return row ? q.isEmailVerified(db, row) : false;
}

/**
 * Refuses an account whose e-mail address is not verified: 403 when it is the caller's own
 * (accepting an invitation), 409 when staff act on it (granting a staff level).
 */
export async function requireVerifiedEmail(
  db: Db,
  accountId: string,
  status: 403 | 409 = 403,
): Promise<void> {
  if (!(await accountEmailVerified(db, accountId)))
    throw new ApiError(status, AccountMessages.emailNotVerified, { reason: 'email_not_verified' });
}

export function toCallerAccount(row: q.AccountRow): CallerAccount {
  return { id: row.id, email: row.email, slug: row.slug, permissions: row.permissions ?? null };
}

/** An agreement with its title in the translation nearest `lang` (English otherwise). */
export function toAgreement(
  row: q.AgreementRow,
  translations: readonly q.AgreementTranslationRow[],
  lang: string | undefined,
): Agreement {
  const own = translations.filter((t) => t.agreementId === row.id);
  const translated = nearestTranslation(own, lang);
  return {
    ...agreementFields(row),
    title: translated?.title ?? row.title,
    language: translated?.language ?? 'en',
  };
}

function agreementFields(row: q.AgreementRow) {
  return {
    type: row.type as AgreementType,
    version: row.version,
    title: row.title,
    url: row.url,
    published_at: row.publishedAt.toISOString(),
    is_mandatory: row.isMandatory,
  };
}

/** A free slug derived from `base`; automatic slugs get a numeric suffix when taken. */
async function freeSlug(base: string, taken: (slug: string) => Promise<boolean>): Promise<string> {
  let slug = slugify(base);
  for (let attempt = 0; attempt < 8 && (await taken(slug)); attempt++) slug = withSuffix(slugify(base));
  return slug;
}

export interface NewAccount {
  issuer: string;
  subject: string;
  email: string;
  permissions?: Record<string, unknown> | null;
  /** The issuer vouches for the address (its email_verified claim). */
  emailVerified?: boolean;
}

/**
 * Creates the account with its personal organisation, or returns the existing one. Safe to call
 * concurrently: a lost race on the unique keys re-reads the winner's row.
 */
export async function createOrFetchAccount(
  db: Db,
  input: NewAccount,
): Promise<{ row: q.AccountRow; created: boolean }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const existing = await q.findAccountBySubject(db, input.issuer, input.subject);
    if (existing) return { row: await noteVerified(db, existing, input), created: false };
    const byEmail = await q.findAccountByEmail(db, input.email);
    if (byEmail?.issuer === input.issuer && byEmail.subject === input.subject)
      return { row: await noteVerified(db, byEmail, input), created: false };
    if (byEmail)
      throw ApiError.conflict('An account with this email already exists', { reason: 'email_taken' });
    const local = input.email.split('@')[0] ?? input.email;
    const slug = await freeSlug(local, (s) => q.slugTaken(db, s));
    const orgSlug = (await orgSlugTaken(db, slug)) ? await freeSlug(local, (s) => orgSlugTaken(db, s)) : slug;
    try {
      const orgName = personalOrgName(input.email);
      const row = await q.insertAccountWithPersonalOrg(db, { ...input, slug, orgSlug, orgName });
      return { row: await noteVerified(db, row, input), created: true };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw ApiError.conflict();
}

/**
 * The personal organisation's first name: the address's local part read as a name
 * (`anna.schmidt@…` → `Anna Schmidt`), so the organisation lists do not show the whole address.
 * The owner can rename it.
 */
function personalOrgName(email: string): string {
  const local = email.split('@')[0] ?? '';
  const name = local
    .split(/[._+-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toLocaleUpperCase() + word.slice(1))
    .join(' ');
  return name || email;
}

/** Records the issuer's word that the address is verified (once; a later token may carry it). */
async function noteVerified(db: Db, row: q.AccountRow, input: NewAccount): Promise<q.AccountRow> {
  if (!input.emailVerified || row.emailVerifiedAt || row.email.toLowerCase() !== input.email.toLowerCase())
    return row;
  return q.updateAccount(db, row.id, { emailVerifiedAt: new Date() });
}

/**
 * Makes sure the account of this identity exists and is staff (the built-in provider's admin).
 * The provider calls it only for a fresh or verified local user (never a squatted address).
 */
export async function ensureAdminAccount(db: Db, identity: Omit<NewAccount, 'permissions'>): Promise<void> {
  const { row } = await createOrFetchAccount(db, { ...identity, permissions: { admin: true } });
  if (!row.permissions) await q.updateAccount(db, row.id, { permissions: { admin: true } });
}

export async function createAccountFromToken(db: Db, token: VerifiedToken) {
  if (!token.email) {
    throw ApiError.badRequest('The access token carries no email claim', { reason: 'email_claim_missing' });
  }
  return createOrFetchAccount(db, {
    issuer: token.issuerKey,
    subject: token.subject,
    email: token.email,
    emailVerified: token.claims.email_verified === true,
  });
}

/** The account with this email, for inviting it somewhere; 404 when there is none. */
export async function accountByEmailOrNotFound(db: Db, email: string): Promise<q.AccountRow> {
  const row = await q.findAccountByEmail(db, email);
  if (!row) throw ApiError.notFound(ErrorMessages.accountNotFound, { reason: 'account_not_found' });
  return row;
}

export async function getAccount(db: Db, id: string): Promise<Account> {
  const row = await q.findAccountById(db, id);
  if (!row) throw ApiError.notFound(ErrorMessages.accountNotFound, { reason: 'account_not_found' });
  return toAccount(db, row);
}

function toProfile(row: q.AccountRow): Profile {
  return { email: row.email, slug: row.slug, display_name: row.displayName ?? null };
}

export async function getProfile(db: Db, id: string): Promise<Profile> {
  const row = await q.findAccountById(db, id);
  if (!row) throw ApiError.notFound(ErrorMessages.accountNotFound, { reason: 'account_not_found' });
  return toProfile(row);
}

export async function updateProfile(db: Db, id: string, changes: UpdateProfile): Promise<Profile> {
  try {
    const row = await q.updateAccount(db, id, {
      ...(changes.slug !== undefined && { slug: changes.slug }),
      ...(changes.display_name !== undefined && { displayName: changes.display_name }),
    });
    return toProfile(row);
  } catch (error) {
    if (isUniqueViolation(error))
      throw ApiError.conflict('This slug is taken', { reason: 'slug_taken', field: 'slug' });
    throw error;
  }
}

export async function latestAgreements(db: Db, lang: string | undefined): Promise<Agreement[]> {
  const rows = await q.latestAgreements(db);
  const translations = await q.agreementTranslationsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toAgreement(r, translations, lang));
}

// ---- staff: agreement titles in other languages -------------------------------------------------

export const AgreementMessages = {
  notFound: 'Agreement version not found',
  translationNotFound: 'The agreement has no title in this language',
} as const;

export async function adminAgreements(db: Db): Promise<AdminAgreement[]> {
  const rows = await q.listAgreements(db);
  const translations = await q.agreementTranslationsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    ...agreementFields(r),
    translations: translations
      .filter((t) => t.agreementId === r.id)
      .map((t) => ({ language: t.language, title: t.title, updated_at: t.updatedAt.toISOString() })),
  }));
}

export async function adminAgreement(db: Db, type: string, version: string): Promise<AdminAgreement> {
  const found = (await adminAgreements(db)).find((a) => a.type === type && a.version === version);
  if (!found) throw ApiError.notFound(AgreementMessages.notFound);
  return found;
}

async function agreementOrNotFound(db: Db, type: string, version: string): Promise<q.AgreementRow> {
  const row = await q.findAgreement(db, type, version);
  if (!row) throw ApiError.notFound(AgreementMessages.notFound);
  return row;
}

/** Sets the title of one agreement version in a language other than English. */
export async function setAgreementTitle(
  db: Db,
  type: string,
  version: string,
  language: string,
  title: string,
): Promise<AdminAgreement> {
  const stored = translationLanguage(language);
  const row = await agreementOrNotFound(db, type, version);
  await q.upsertAgreementTitle(db, row.id, stored, title);
  return adminAgreement(db, type, version);
}

export async function deleteAgreementTitle(
  db: Db,
  type: string,
  version: string,
  language: string,
): Promise<void> {
  const stored = translationLanguage(language);
  const row = await agreementOrNotFound(db, type, version);
  if (!(await q.deleteAgreementTitle(db, row.id, stored)))
    throw ApiError.notFound(AgreementMessages.translationNotFound);
}

export async function acceptedAgreements(db: Db, accountId: string): Promise<AcceptedAgreement[]> {
  return (await q.acceptedAgreements(db, accountId)).map((r) => ({
    agreement_type: r.type as AgreementType,
    agreement_version: r.version,
    accepted_at: r.acceptedAt.toISOString(),
  }));
}

/** Records acceptance of the listed versions; every one must exist. Accepting twice is harmless. */
export async function acceptAgreements(
  db: Db,
  accountId: string,
  body: AcceptAgreements,
): Promise<AcceptedAgreement[]> {
  const ids: string[] = [];
  const unknown: AcceptAgreements['agreement_versions'] = [];
  for (const v of body.agreement_versions) {
    const row = await q.findAgreement(db, v.agreement_type, v.agreement_version);
    if (row) ids.push(row.id);
    else unknown.push(v);
  }
  if (unknown.length > 0) throw ApiError.badRequest('Unknown agreement version', { unknown });
  await q.insertAcceptances(db, accountId, ids);
  return acceptedAgreements(db, accountId);
}
