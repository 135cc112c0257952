import { WebStorageStateStore } from 'oidc-client-ts';
import { type ReactNode, use, useEffect } from 'react';
import { AuthProvider, type AuthProviderNoUserManagerProps, useAuth } from 'react-oidc-context';
import { body, client, setAccessTokenSource } from '../lib/api.js';
import { type ProviderSettings, providerSettings } from './provider-settings.js';

/** Where sign-in returns and where a user goes after it when nothing was stored (product spec §9). */
export const CALLBACK_PATH = '/authn-callback';
export const DEFAULT_RETURN_TO = '/dashboard';
const RETURN_TO_KEY = 'returnTo';

const origin = window.location.origin;

/** Code flow with PKCE against the server's OpenID provider (built-in under /oidc by default). */
const defaultProvider: ProviderSettings = {
  authority: import.meta.env.VITE_OIDC_AUTHORITY || `${origin}/oidc`,
  client_id: import.meta.env.VITE_OIDC_CLIENT_ID || 'slugsmith-console',
  scope: 'openid email',
};
const defaults: AuthProviderNoUserManagerProps = {
  ...defaultProvider,
  redirect_uri: `${origin}${CALLBACK_PATH}`,
  post_logout_redirect_uri: origin,
  response_type: 'code',
  userStore: new WebStorageStateStore({ store: window.sessionStorage }),
  // Only the callback route carries the authorisation response.
  skipSigninCallback: window.location.pathname !== CALLBACK_PATH,
  onSigninCallback: () => {
    // Drop code and state from the address, replacing the history entry.
    window.history.replaceState(window.history.state, document.title, window.location.pathname);
  },
};

const SIGN_IN_CONFIG_TIMEOUT_MS = 5_000;

/** The defaults with the provider the server names (build-time settings win; no answer: defaults). */
async function loadSignInSettings(): Promise<AuthProviderNoUserManagerProps> {
  if (import.meta.env.VITE_OIDC_AUTHORITY) return defaults;
  try {
    const answer = await body(
      client.GET('/auth/config', { auth: 'none', signal: AbortSignal.timeout(SIGN_IN_CONFIG_TIMEOUT_MS) }),
    );
    return { ...defaults, ...providerSettings(answer, defaultProvider) };
  } catch {
    return defaults;
  }
}

const settings = loadSignInSettings();

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

function TokenBridge() {
  const auth = useAuth();
  const token = auth.user?.access_token;
  // The provider's sign-in or renewal failed and left no token: calls that need one say so (§8).
  const failed = !token && Boolean(auth.error);
  const source = () => {
    if (failed) throw new Error('Failed to obtain access token');
    return token;
  };
  useEffect(() => {
    setAccessTokenSource(source);
  });
  // Synchronously available for the first render's queries too.
  setAccessTokenSource(source);
  return null;
}

export function SignInProvider({ children }: { children: ReactNode }) {
  const oidcConfig = use(settings);
  return (
    <AuthProvider {...oidcConfig}>
      <TokenBridge />
      {children}
    </AuthProvider>
  );
}

/** Logs out at the provider and returns to the site origin. */
export async function logout(auth: ReturnType<typeof useAuth>): Promise<void> {
  try {
    await auth.signoutRedirect({ post_logout_redirect_uri: origin });
  } catch {
    await auth.removeUser();
    window.location.assign(origin);
  }
}
