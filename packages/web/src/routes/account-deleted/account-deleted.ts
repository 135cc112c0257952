/**
 * Account deletion ends with the provider's sign-out, which may return only to the site's origin
 * (its registered post-logout address). A flag in session storage — the same tab, across that
 * round trip — carries "the account was deleted" to the page that says so.
 */
const KEY = 'account-deleted';
export const ACCOUNT_DELETED_PATH = '/account-deleted';

/** Set just before signing out after a deletion. */
export function rememberAccountDeleted(): void {
  try {
    sessionStorage.setItem(KEY, '1');
  } catch {
    // Storage unavailable (private mode): the user lands on the home page without the notice.
  }
}

/** Whether a deletion just happened in this tab (until the notice page forgets it). */
export function accountDeletedPending(): boolean {
  try {
    return sessionStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

/** The notice was shown: a later visit to the home page is an ordinary one. */
export function forgetAccountDeleted(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
}
