import { AccountMessages, PASSWORD_MIN_LENGTH } from '@slugsmith/contract';
import { estimateScore } from './password-estimator.js';

/**
 * The password policy of the built-in accounts, one check for sign-up, reset, change and
 * ADMIN_PASSWORD: at least 10 characters, not the e-mail address nor its local part, and not
 * guessable from lists of common passwords, names and keyboard walks (zxcvbn score 2 or more,
 * i.e. more than a million guesses; estimated off the event loop, see password-estimator.ts).
 */

const MIN_SCORE = 2;

export interface PasswordVerdict {
  /** 0 (guessed at once) … 4 (very hard to guess). */
  score: number;
  /** The policy message when the password is refused, else undefined. */
  problem?: string;
}

export async function judgePassword(password: string, email?: string): Promise<PasswordVerdict> {
  const normalized = password.normalize('NFKC');
  const address = email?.trim().toLowerCase() ?? '';
  const local = address.split('@')[0] ?? '';
  const score = await estimateScore(normalized, [address, local]);
  if ([...normalized].length < PASSWORD_MIN_LENGTH)
    return { score, problem: AccountMessages.passwordTooShort };
  const lower = normalized.trim().toLowerCase();
  if (address && (lower === address || lower === local))
    return { score, problem: AccountMessages.passwordIsEmail };
  if (score < MIN_SCORE) return { score, problem: AccountMessages.passwordTooCommon };
  return { score };
}

/** The policy message for a refused password, or undefined when it may be used. */
export async function passwordProblem(password: string, email?: string): Promise<string | undefined> {
  return (await judgePassword(password, email)).problem;
}
