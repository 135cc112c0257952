import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connect.js';
import { isUniqueViolation } from '../../db/errors.js';
import { localUsers } from '../../db/schema.js';
import { ConfigError } from '../../platform/config.js';
import { passwordProblem } from './password-policy.js';
import { hashPassword, verifyPassword } from './passwords.js';

export type LocalUser = typeof localUsers.$inferSelect;

/** The built-in provider's accounts: the issuer key of their API accounts. */
export const builtinIssuerKey = 'builtin';

/** Makes sure this identity has an API account with staff permissions (the accounts area does). */
export type EnsureAdminAccount = (identity: {
  issuer: string;
  subject: string;
  email: string;
}) => Promise<void>;

export async function findLocalUserByEmail(db: Db, email: string): Promise<LocalUser | undefined> {
  const [row] = await db.select().from(localUsers).where(sql`lower(${localUsers.email}) = lower(${email})`);
  return row;
}

export async function findLocalUser(db: Db, id: string): Promise<LocalUser | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [row] = await db.select().from(localUsers).where(eq(localUsers.id, id));
  return row;
}

export async function signUp(
  db: Db,
  email: string,
  password: string,
  options: { language?: string; verified?: boolean } = {},
): Promise<LocalUser | 'taken'> {
  try {
    const [row] = await db
      .insert(localUsers)
      .values({
        email,
        passwordHash: await hashPassword(password),
        language: options.language ?? null,
        emailVerifiedAt: options.verified ? new Date() : null,
      })
      .returning();
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken';
    throw error;
  }
}

/** The language the account's e-mail is written in (an interface language code). */
export async function setUserLanguage(db: Db, id: string, language: string): Promise<void> {
  await db.update(localUsers).set({ language }).where(eq(localUsers.id, id));
}

/** The user for these credentials, or undefined; as slow for an unknown email as for a known one. */
export async function signIn(db: Db, email: string, password: string): Promise<LocalUser | undefined> {
  const user = await findLocalUserByEmail(db, email);
  const ok = await verifyPassword(password, user?.passwordHash ?? dummyHash);
  return ok && user ? user : undefined;
}

const dummyHash = `scrypt$32768$8$1$${randomBytes(16).toString('base64url')}$${randomBytes(32).toString('base64url')}`;

/** The admin account a start created, with the password it generated (to be shown once). */
export interface CreatedAdmin {
  email: string;
  password: string;
}

/**
 * Makes sure the staff account exists: a local user with the configured email and an API account
 * with a permissions object. A user created without ADMIN_PASSWORD gets a generated password,
 * returned to be shown once; ADMIN_PASSWORD, when set, replaces the password at every start.
 *
 * Staff permissions go only to an account this start creates (the operator names the address, so
 * it counts as verified) or to one whose address is verified: someone who signed up with
 * ADMIN_EMAIL before the operator set it gains nothing, and its password stays as it is.
 */
export async function seedAdmin(
  db: Db,
  email: string,
  password: string | undefined,
  log: FastifyBaseLogger,
  ensureAdminAccount: EnsureAdminAccount,
): Promise<CreatedAdmin | undefined> {
  const weak = password === undefined ? undefined : await passwordProblem(password, email);
  if (weak) throw new ConfigError(`invalid environment: ADMIN_PASSWORD: ${weak}`);
  let user = await findLocalUserByEmail(db, email);
  let generated: string | undefined;
  if (!user) {
    generated = password ? undefined : randomBytes(12).toString('base64url');
    const created = await signUp(db, email, password ?? (generated as string), { verified: true });
    // Taken: another node created it a moment ago, with its own password.
    if (created === 'taken') generated = undefined;
    user = created === 'taken' ? await findLocalUserByEmail(db, email) : created;
    if (!user) throw new Error('admin user could not be created');
  }
  // An account whose password already is ADMIN_PASSWORD was set up by the operator (an earlier
  // start, before addresses were verified): it counts as verified.
  if (!user.emailVerifiedAt && password && (await verifyPassword(password, user.passwordHash))) {
    await db.update(localUsers).set({ emailVerifiedAt: new Date() }).where(eq(localUsers.id, user.id));
    user = { ...user, emailVerifiedAt: new Date() };
  }
  if (!user.emailVerifiedAt) {
    log.warn(
      `ADMIN_EMAIL ${email} belongs to an account whose e-mail address is not verified: it gets no staff ` +
        'permissions and its password is left unchanged. Verify the address from that account (or pick ' +
        'another ADMIN_EMAIL) and restart.',
    );
    return;
  }
  if (password && !(await verifyPassword(password, user.passwordHash))) {
    await db
      .update(localUsers)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(localUsers.id, user.id));
  }
  await ensureAdminAccount({ issuer: builtinIssuerKey, subject: user.id, email: user.email });

  // A generated password is shown once, by the caller, as a banner on standard output rather than
  // as a log record (log records may be shipped elsewhere; where standard output is kept, so is
  // the banner).
  if (generated) return { email, password: generated };
  log.info(
    `Admin account: ${email}. ${password ? 'Its password is ADMIN_PASSWORD.' : 'Set ADMIN_PASSWORD (and restart) to change its password.'}`,
  );
  return undefined;
}
