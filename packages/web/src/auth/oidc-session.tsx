/**
 * The sign-in library itself, loaded only when the console needs it (session.tsx): the server's
 * provider settings, react-oidc-context's provider, and its state handed up to the session.
 */
import { WebStorageStateStore } from 'oidc-client-ts';
import { use, useLayoutEffect } from 'react';
import { AuthProvider, type AuthProviderNoUserManagerProps, useAuth } from 'react-oidc-context';
import { body, client } from '../lib/api.js';
import { type ProviderSettings, providerSettings } from './provider-settings.js';
import type { Session } from './session-state.js';
import { CALLBACK_PATH } from './sign-in.js';

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

function HandUp({ onChange }: { onChange: (session: Session) => void }) {
  const auth = useAuth();
  // Before paint, so a page never shows a state the library has already left.
  useLayoutEffect(() => onChange(auth), [auth, onChange]);
  return null;
}

export default function OidcSession({ onChange }: { onChange: (session: Session) => void }) {
  const oidcConfig = use(settings);
  return (
    <AuthProvider {...oidcConfig}>
      <HandUp onChange={onChange} />
    </AuthProvider>
  );
}
