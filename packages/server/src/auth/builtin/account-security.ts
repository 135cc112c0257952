import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connect.js';
import { localUsers } from '../../db/schema.js';
import { interfaceLanguage } from '../../platform/interface-language.js';
import type { Mailer } from '../../platform/mail.js';
import { linkMail } from '../../platform/mail-templates.js';
import { type ThrottleRule, type ThrottleStore, throttleRules } from '../throttle.js';
import {
  consumeLink,
  createLink,
  findLink,
  type LinkPurpose,
  type LinkState,
  linkLifetimeMs,
} from './links.js';
import { judgePassword, type PasswordVerdict, passwordProblem } from './password-policy.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { endSessions } from './sessions.js';
import { findLocalUser, findLocalUserByEmail, type LocalUser, signIn } from './users.js';

/** Paths of the built-in provider's link pages (the e-mailed links open them). */
export const linkPaths = {
  verify_email: '/oidc/verify-email',
  reset_password: '/oidc/reset-password',
} satisfies Record<LinkPurpose, string>;

/** The forgotten-password page outside a sign-in attempt: the way back in that notices offer. */
export const standaloneForgotPath = '/oidc/forgot-password';

export type Throttled = { throttled: number };
export const isThrottled = (x: unknown): x is Throttled =>
  typeof x === 'object' && x !== null && 'throttled' in x;

/** Keys of the throttle counts; e-mail addresses lower-cased so case does not reset a count. */
const keys = {
  signInAccount: (email: string) => `sign-in:account:${email.trim().toLowerCase()}`,
  signInAddress: (ip: string) => `sign-in:address:${ip}`,
  resetAccount: (email: string) => `reset:account:${email.trim().toLowerCase()}`,
  resetAddress: (ip: string) => `reset:address:${ip}`,
  verification: (userId: string) => `verify:account:${userId}`,
  passwordStrength: (ip: string) => `strength:address:${ip}`,
  signUpAddress: (ip: string) => `sign-up:address:${ip}`,
  signUpNotice: (email: string) => `sign-up:notice:${email.trim().toLowerCase()}`,
};

/**
 * E-mail verification, password reset and change, and throttled sign-in of the built-in
 * accounts. Links are e-mailed in the account's language; a changed password ends the
 * account's other sessions.
 */
export class AccountSecurity {
  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    readonly throttle: ThrottleStore,
    private readonly publicUrl: string,
    private readonly log: FastifyBaseLogger,
    /** Free sign-ups per client address and hour (SIGN_UPS_PER_ADDRESS). */
    private readonly signUpsPerAddress = throttleRules.signUpAddress.free,
  ) {}

  /**
   * Counts a sign-up from this client address before its password is judged and hashed; each one
   * beyond the free count waits longer (each creates an account and e-mails an address).
   */
  async reserveSignUp(clientAddress: string): Promise<{ failureWait: number } | Throttled> {
    const rule = { ...throttleRules.signUpAddress, free: this.signUpsPerAddress };
    return this.reserve([[keys.signUpAddress(clientAddress), rule]]);
  }

  /**
   * Counts one attempt against every key before its work starts; refused when any key waits (the
   * others' reservations are given back). Answers the longest wait a failure would now cause.
   */
  private async reserve(
    entries: [key: string, rule: ThrottleRule][],
  ): Promise<{ failureWait: number } | Throttled> {
    const answers = await Promise.all(entries.map(([key, rule]) => this.throttle.reserve(key, rule)));
    if (answers.every((a) => a.granted)) return { failureWait: Math.max(0, ...answers.map((a) => a.wait)) };
    await Promise.all(
      entries.map(([key, rule], i) => (answers[i]?.granted ? this.throttle.release(key, rule) : undefined)),
    );
    return { throttled: Math.max(...answers.filter((a) => !a.granted).map((a) => a.wait)) };
  }

  private async sendLink(purpose: LinkPurpose, user: LocalUser): Promise<void> {
    const token = await createLink(this.db, purpose, user);
    // The page the link opens speaks the language of the message.
    const language = interfaceLanguage(user.language);
    const url = `${this.publicUrl}${linkPaths[purpose]}?token=${token}&ui_locales=${language}`;
    await this.mailer.send(linkMail(purpose, user.email, language, url));
  }

  /**
   * A notice to the account's owner with the way back in (the forgotten-password page); a failing
   * mailer is logged, not the caller's problem.
   */
  private async sendNotice(kind: 'sign_up_attempt' | 'password_changed', user: LocalUser): Promise<void> {
    const language = interfaceLanguage(user.language);
    const url = `${this.publicUrl}${standaloneForgotPath}?ui_locales=${language}`;
    await this.mailer
      .send(linkMail(kind, user.email, language, url))
      .catch((err) => this.log.error({ err, user: user.id, kind }, 'notice e-mail not sent'));
  }

  /**
   * Someone tried to sign up with an address that has an account: its owner is told (at most a
   * few times a day per address, so the notice cannot be used to flood them). Not awaited, so
   * the answer's timing does not depend on it.
   */
  signUpAttempted(email: string): void {
    void (async () => {
      const user = await findLocalUserByEmail(this.db, email);
      if (!user) return;
      const reserved = await this.reserve([[keys.signUpNotice(email), throttleRules.signUpNotice]]);
      if (!isThrottled(reserved)) await this.sendNotice('sign_up_attempt', user);
    })().catch((err) => this.log.error({ err }, 'sign-up notice not sent'));
  }

  /**
   * Sends a new account its verification link. Not awaited, like `signUpAttempted`, so the
   * sign-up's answer takes as long for a new address as for a taken one; failures are logged.
   */
  welcome(user: LocalUser): void {
    this.sendLink('verify_email', user).catch((err) =>
      this.log.error({ err, user: user.id }, 'verification e-mail not sent'),
    );
  }

  /**
   * Sends the verification link again (throttled per account). Answers `sent: false` when the
   * address is verified already.
   */
  async resendVerification(userId: string): Promise<{ sent: boolean } | Throttled> {
    const user = await findLocalUser(this.db, userId);
    if (!user) return { sent: false };
    if (user.emailVerifiedAt) return { sent: false };
    const reserved = await this.reserve([[keys.verification(user.id), throttleRules.verificationRequest]]);
    if (isThrottled(reserved)) return reserved;
    await this.sendLink('verify_email', user);
    return { sent: true };
  }

  /** The policy's verdict on a password, throttled per client address (the route is anonymous). */
  async passwordStrength(
    password: string,
    email: string | undefined,
    clientAddress: string,
  ): Promise<PasswordVerdict | Throttled> {
    const reserved = await this.reserve([
      [keys.passwordStrength(clientAddress), throttleRules.passwordStrengthAddress],
    ]);
    if (isThrottled(reserved)) return reserved;
    return judgePassword(password, email);
  }

  /** Uses a verification link: the address it was sent to is verified if it is still the account's. */
  async verifyEmail(token: string): Promise<'ok' | Exclude<LinkState, 'valid'>> {
    const found = await findLink(this.db, 'verify_email', token);
    if (found.state !== 'valid') return found.state;
    const link = await consumeLink(this.db, 'verify_email', token);
    if (!link) return 'used';
    const updated = await this.db
      .update(localUsers)
      .set({ emailVerifiedAt: sql`coalesce(${localUsers.emailVerifiedAt}, now())` })
      .where(sql`${localUsers.id} = ${link.userId} AND lower(${localUsers.email}) = lower(${link.email})`)
      .returning({ id: localUsers.id });
    return updated.length > 0 ? 'ok' : 'invalid';
  }

  /**
   * A reset link for this address, if it has an account. The answer is the same either way and
   * the work for an existing account is not awaited, so neither words nor timing tell.
   */
  async requestReset(email: string, clientAddress: string): Promise<{ requested: true } | Throttled> {
    const reserved = await this.reserve([
      [keys.resetAccount(email), throttleRules.resetAccount],
      [keys.resetAddress(clientAddress), throttleRules.resetAddress],
    ]);
    if (isThrottled(reserved)) return reserved;
    void findLocalUserByEmail(this.db, email)
      .then((user) => user && this.sendLink('reset_password', user))
      .catch((err) => this.log.error({ err }, 'password reset e-mail not sent'));
    return { requested: true };
  }

  /** The account a reset link is for (the form shows it), while the link works. */
  async resetLink(token: string) {
    return findLink(this.db, 'reset_password', token);
  }

  /**
   * Sets a new password from a reset link: the link is used up, the address counts as verified
   * (the link reached it), sign-in failures are forgotten and every session of the account ends.
   */
  async resetPassword(
    token: string,
    password: string,
  ): Promise<{ ok: true } | { problem: string } | { link: Exclude<LinkState, 'valid'> }> {
    const link = await findLink(this.db, 'reset_password', token);
    if (link.state !== 'valid' || !('email' in link))
      return { link: link.state === 'valid' ? 'invalid' : link.state };
    const problem = await passwordProblem(password, link.email);
    if (problem) return { problem };
    const used = await consumeLink(this.db, 'reset_password', token);
    if (!used) return { link: 'used' };
    const [user] = await this.db
      .update(localUsers)
      .set({
        passwordHash: await hashPassword(password),
        emailVerifiedAt: sql`coalesce(${localUsers.emailVerifiedAt}, now())`,
      })
      .where(sql`${localUsers.id} = ${used.userId} AND lower(${localUsers.email}) = lower(${used.email})`)
      .returning();
    if (!user) return { link: 'invalid' };
    await this.throttle.clear(keys.signInAccount(user.email));
    await endSessions(this.db, user.id);
    await this.sendNotice('password_changed', user);
    return { ok: true };
  }

  /**
   * Changes the password after checking the current one (wrong guesses count as failed
   * sign-ins); ends the account's other sessions, keeping the grant `keepGrantId`.
   */
  async changePassword(
    userId: string,
    current: string,
    next: string,
    keepGrantId?: string,
  ): Promise<'changed' | 'wrong' | { problem: string } | Throttled | 'unknown'> {
    const user = await findLocalUser(this.db, userId);
    if (!user) return 'unknown';
    const key = keys.signInAccount(user.email);
    // The guess is counted before scrypt runs, so parallel guesses cannot all be checked.
    const reserved = await this.reserve([[key, throttleRules.signInAccount]]);
    if (isThrottled(reserved)) return reserved;
    if (!(await verifyPassword(current, user.passwordHash))) return 'wrong';
    await this.throttle.release(key, throttleRules.signInAccount);
    const problem = await passwordProblem(next, user.email);
    if (problem) return { problem };
    await this.db
      .update(localUsers)
      .set({ passwordHash: await hashPassword(next) })
      .where(eq(localUsers.id, user.id));
    await endSessions(this.db, user.id, keepGrantId);
    await this.sendNotice('password_changed', user);
    return 'changed';
  }

  /**
   * Sign-in with growing delays: refused without checking the password while the account or the
   * client address waits; every attempt is counted against both BEFORE the password is checked
   * (parallel guesses cannot all pass the check); a success clears the account's count and gives
   * the address its attempt back.
   *
   * An account whose address is not verified does not sign in: the right password answers as a
   * wrong one does (else signing in with the password a sign-up chose would tell whether that
   * address was new) and the verification link is sent again (throttled per account).
   */
  async signIn(
    email: string,
    password: string,
    clientAddress: string,
  ): Promise<LocalUser | 'invalid' | Throttled> {
    const accountKey = keys.signInAccount(email);
    const addressKey = keys.signInAddress(clientAddress);
    const reserved = await this.reserve([
      [accountKey, throttleRules.signInAccount],
      [addressKey, throttleRules.signInAddress],
    ]);
    if (isThrottled(reserved)) return reserved;
    const user = await signIn(this.db, email, password);
    if (user && !user.emailVerifiedAt) {
      this.resendVerification(user.id).catch((err) =>
        this.log.error({ err, user: user.id }, 'verification e-mail not sent'),
      );
    } else if (user) {
      await Promise.all([
        this.throttle.clear(accountKey),
        this.throttle.release(addressKey, throttleRules.signInAddress),
      ]);
      return user;
    }
    return reserved.failureWait > 0 ? { throttled: reserved.failureWait } : 'invalid';
  }
}

/** Minutes a reset link works (the "sent" page says it). */
export const resetLinkMinutes = linkLifetimeMs.reset_password / 60_000;
/** Hours a verification link works (the sign-up's answer says it). */
export const verifyLinkHours = linkLifetimeMs.verify_email / 3_600_000;
