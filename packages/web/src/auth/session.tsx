import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useState,
} from 'react';
import { setAccessTokenSource } from '../lib/api.js';
import type { Session } from './session-state.js';
import { CALLBACK_PATH } from './sign-in.js';

const notLoaded = () => Promise.reject(new Error('the sign-in library is not loaded'));

/** A visitor with no stored sign-in: what the library would say once it had looked. */
const SIGNED_OUT: Session = {
  isAuthenticated: false,
  isLoading: false,
  user: null,
  settings: {},
  signinRedirect: notLoaded,
  signoutRedirect: notLoaded,
  removeUser: notLoaded,
};
/** The library is on its way (its code and the server's provider settings). */
const LOADING: Session = { ...SIGNED_OUT, isLoading: true };

const SessionContext = createContext<Session>(SIGNED_OUT);
const WantSignIn = createContext<() => void>(() => {});

/** oidc-client-ts keeps the signed-in user in the tab's session storage under this prefix. */
const STORED_USER_PREFIX = 'oidc.user:';

function hasStoredUser(): boolean {
  try {
    for (let i = 0; i < sessionStorage.length; i++) {
      if (sessionStorage.key(i)?.startsWith(STORED_USER_PREFIX)) return true;
    }
  } catch {
    // storage blocked: nobody is signed in
  }
  return false;
}

/**
 * The sign-in library (oidc-client-ts, react-oidc-context, ~70 kB) and the server's provider
 * settings are needed only by someone signed in (a user stored in this tab), the sign-in's return,
 * and the sign-in page: a visitor reads the landing page, docs and products without them.
 */
const neededAtStart = () => window.location.pathname === CALLBACK_PATH || hasStoredUser();

const OidcSession = lazy(() => import('./oidc-session.js'));

/**
 * The session for the whole console: signed out until the library is wanted, then the library's.
 * The library's provider sits beside the app and hands its state up, so loading it remounts nothing.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [wanted, setWanted] = useState(neededAtStart);
  const [session, setSession] = useState<Session>(() => (wanted ? LOADING : SIGNED_OUT));
  const want = useCallback(() => {
    setWanted(true);
    setSession((current) => (current === SIGNED_OUT ? LOADING : current));
  }, []);

  // The provider's sign-in or renewal failed and left no token: calls that need one say so (§8).
  const token = session.user?.access_token;
  const failed = !token && Boolean(session.error);
  const source = () => {
    if (failed) throw new Error('Failed to obtain access token');
    return token;
  };
  useEffect(() => {
    setAccessTokenSource(source);
  });
  // Synchronously available for the first render's queries too.
  setAccessTokenSource(source);

  return (
    <WantSignIn.Provider value={want}>
      {wanted && (
        <Suspense fallback={null}>
          <OidcSession onChange={setSession} />
        </Suspense>
      )}
      <SessionContext.Provider value={session}>{children}</SessionContext.Provider>
    </WantSignIn.Provider>
  );
}

/** The current session (signed out, loading, or the library's state). */
export const useAuth = (): Session => useContext(SessionContext);

/** The session of a page that signs in (sign-in page, its return): loads the library if not yet. */
export function useSignInSession(): Session {
  const want = useContext(WantSignIn);
  useEffect(() => want(), [want]);
  const session = useAuth();
  return session === SIGNED_OUT ? LOADING : session;
}

/** Logs out at the provider and returns to the site origin. */
export async function logout(auth: Session): Promise<void> {
  const origin = window.location.origin;
  try {
    await auth.signoutRedirect({ post_logout_redirect_uri: origin });
  } catch {
    await auth.removeUser();
    window.location.assign(origin);
  }
}
