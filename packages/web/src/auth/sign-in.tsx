/** Where sign-in returns and where a user goes after it when nothing was stored (product spec §9). */
export const CALLBACK_PATH = '/authn-callback';
export const DEFAULT_RETURN_TO = '/dashboard';
const RETURN_TO_KEY = 'returnTo';

/** A safe in-app path: starts with one slash, never the sign-in routes themselves. */
export function safeReturnTo(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return null;
  if (value.startsWith('/login') || value.startsWith(CALLBACK_PATH)) return null;
  return value;
}

export function storeReturnTo(path: string | null): void {
  try {
    if (path) sessionStorage.setItem(RETURN_TO_KEY, path);
    else sessionStorage.removeItem(RETURN_TO_KEY);
  } catch {
    // ignore
  }
}

export function takeReturnTo(fromState?: unknown): string {
  let stored: string | null = null;
  try {
    stored = sessionStorage.getItem(RETURN_TO_KEY);
    sessionStorage.removeItem(RETURN_TO_KEY);
  } catch {
    // ignore
  }
  const state = (fromState ?? {}) as { returnTo?: unknown };
  return safeReturnTo(state.returnTo) ?? safeReturnTo(stored) ?? DEFAULT_RETURN_TO;
}
