import { AccountMessages, PASSWORD_MIN_LENGTH } from '@slugsmith/contract';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

/**
 * The password policy of the built-in accounts, one check for sign-up, reset, change and
 * ADMIN_PASSWORD: at least 10 characters, not the e-mail address nor its local part, and not
 * guessable from lists of common passwords, names and keyboard walks (zxcvbn score 2 or more,
 * i.e. more than a million guesses).
 */

let estimator: ZxcvbnFactory | undefined;
/** Built on first use: loading the dictionaries takes ~80 ms, not every process needs them. */
function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({ dictionary: { ...dictionary }, graphs: adjacencyGraphs });
  return estimator;
}

const MIN_SCORE = 2;
/** zxcvbn's time grows with length; beyond this the estimate of the prefix is enough. */
const ESTIMATED_LENGTH = 100;

export interface PasswordVerdict {
  /** 0 (guessed at once) … 4 (very hard to guess). */
  score: number;
  /** The policy message when the password is refused, else undefined. */
  problem?: string;
}

export function judgePassword(password: string, email?: string): PasswordVerdict {
  const normalized = password.normalize('NFKC');
  const address = email?.trim().toLowerCase() ?? '';
  const local = address.split('@')[0] ?? '';
  const score = zxcvbn().check(normalized.slice(0, ESTIMATED_LENGTH), [address, local].filter(Boolean)).score;
  if ([...normalized].length < PASSWORD_MIN_LENGTH)
    return { score, problem: AccountMessages.passwordTooShort };
  const lower = normalized.trim().toLowerCase();
  if (address && (lower === address || lower === local))
    return { score, problem: AccountMessages.passwordIsEmail };
  if (score < MIN_SCORE) return { score, problem: AccountMessages.passwordTooCommon };
  return { score };
}

/** The policy message for a refused password, or undefined when it may be used. */
export function passwordProblem(password: string, email?: string): string | undefined {
  return judgePassword(password, email).problem;
}
