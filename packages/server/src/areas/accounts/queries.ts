import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.js';
import {
  accounts,
  agreementAcceptances,
  agreements,
  agreementTranslations,
  localUsers,
  memberships,
  organisations,
} from '../../db/schema.js';

export type AccountRow = typeof accounts.$inferSelect;
export type AgreementRow = typeof agreements.$inferSelect;
export type AgreementTranslationRow = typeof agreementTranslations.$inferSelect;

export async function findAccountBySubject(db: Db, issuer: string, subject: string) {
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.issuer, issuer), eq(accounts.subject, subject)));
  return row;
}

export async function findAccountByEmail(db: Db, email: string) {
  const [row] = await db.select().from(accounts).where(sql`lower(${accounts.email}) = lower(${email})`);
  return row;
}

export async function findAccountById(db: Db, id: string) {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id));
  return row;
}

export async function slugTaken(db: Db, slug: string): Promise<boolean> {
  const rows = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.slug, slug));
  return rows.length > 0;
}

export async function insertAccountWithPersonalOrg(
  db: Db,
  input: {
    issuer: string;
    subject: string;
    email: string;
    slug: string;
    orgSlug: string;
    orgName: string;
    permissions?: Record<string, unknown> | null;
  },
): Promise<AccountRow> {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .insert(accounts)
      .values({
        issuer: input.issuer,
        subject: input.subject,
        email: input.email,
        slug: input.slug,
        permissions: input.permissions ?? null,
      })
      .returning();
    const [org] = await tx
      .insert(organisations)
      .values({ slug: input.orgSlug, name: input.orgName, personalAccountId: account.id })
      .returning();
    await tx.insert(memberships).values({ orgId: org.id, accountId: account.id, role: 'owner' });
    return account;
  });
}

/**
 * Whether the account's e-mail address is verified: by its issuer's email_verified claim, or, for
 * the built-in provider, by the link e-mailed to that same address.
 */
export async function isEmailVerified(db: Db, row: AccountRow): Promise<boolean> {
  if (row.emailVerifiedAt) return true;
  if (row.issuer !== 'builtin' || !/^[0-9a-f-]{36}$/i.test(row.subject)) return false;
  const [user] = await db
    .select({ verifiedAt: localUsers.emailVerifiedAt })
    .from(localUsers)
    .where(and(eq(localUsers.id, row.subject), sql`lower(${localUsers.email}) = lower(${row.email})`));
  return Boolean(user?.verifiedAt);
}

export async function updateAccount(
  db: Db,
  id: string,
  changes: Partial<Pick<AccountRow, 'slug' | 'displayName' | 'permissions' | 'emailVerifiedAt'>>,
): Promise<AccountRow> {
  const [row] = await db
    .update(accounts)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(accounts.id, id))
    .returning();
  return row;
}

/** The newest version of each agreement type. */
export async function latestAgreements(db: Db): Promise<AgreementRow[]> {
  const rows = await db
    .selectDistinctOn([agreements.type])
    .from(agreements)
    .orderBy(agreements.type, desc(agreements.publishedAt), desc(agreements.version));
  return rows;
}

/** Every version of every agreement, newest first within a type. */
export async function listAgreements(db: Db): Promise<AgreementRow[]> {
  return db
    .select()
    .from(agreements)
    .orderBy(agreements.type, desc(agreements.publishedAt), desc(agreements.version));
}

/** The titles of these agreements in other languages. */
export async function agreementTranslationsOf(
  db: Db,
  agreementIds: readonly string[],
): Promise<AgreementTranslationRow[]> {
  if (agreementIds.length === 0) return [];
  return db
    .select()
    .from(agreementTranslations)
    .where(inArray(agreementTranslations.agreementId, [...agreementIds]))
    .orderBy(agreementTranslations.language);
}

export async function upsertAgreementTitle(
  db: Db,
  agreementId: string,
  language: string,
  title: string,
): Promise<void> {
  await db
    .insert(agreementTranslations)
    .values({ agreementId, language, title })
    .onConflictDoUpdate({
      target: [agreementTranslations.agreementId, agreementTranslations.language],
      set: { title, updatedAt: new Date() },
    });
}

export async function deleteAgreementTitle(db: Db, agreementId: string, language: string): Promise<boolean> {
  const rows = await db
    .delete(agreementTranslations)
    .where(
      and(eq(agreementTranslations.agreementId, agreementId), eq(agreementTranslations.language, language)),
    )
    .returning({ language: agreementTranslations.language });
  return rows.length > 0;
}

export async function findAgreement(db: Db, type: string, version: string) {
  const [row] = await db
    .select()
    .from(agreements)
    .where(and(eq(agreements.type, type), eq(agreements.version, version)));
  return row;
}

export async function acceptedAgreements(db: Db, accountId: string) {
  return db
    .select({
      type: agreements.type,
      version: agreements.version,
      acceptedAt: agreementAcceptances.acceptedAt,
    })
    .from(agreementAcceptances)
    .innerJoin(agreements, eq(agreements.id, agreementAcceptances.agreementId))
    .where(eq(agreementAcceptances.accountId, accountId))
    .orderBy(agreements.type, agreementAcceptances.acceptedAt);
}

export async function insertAcceptances(db: Db, accountId: string, agreementIds: string[]): Promise<void> {
  if (agreementIds.length === 0) return;
  await db
    .insert(agreementAcceptances)
    .values(agreementIds.map((agreementId) => ({ accountId, agreementId })))
    .onConflictDoNothing();
}

/** Whether a mandatory latest agreement is missing from the account's acceptances. */
export async function hasPendingMandatoryAgreements(db: Db, accountId: string): Promise<boolean> {
  const rows = await db.execute<{ pending: boolean }>(sql`
    SELECT EXISTS (
      SELECT 1 FROM (
        SELECT DISTINCT ON (type) id, is_mandatory FROM agreements ORDER BY type, published_at DESC, version DESC
      ) latest
      WHERE latest.is_mandatory
        AND NOT EXISTS (
          SELECT 1 FROM agreement_acceptances a WHERE a.agreement_id = latest.id AND a.account_id = ${accountId}
        )
    ) AS pending`);
  return Boolean(rowsOf<{ pending: boolean }>(rows)[0]?.pending);
}

/** node-postgres answers `execute` with a result object, PGlite too; both carry `rows`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
