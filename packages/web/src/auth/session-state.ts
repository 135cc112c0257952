// The session's shape on its own, so the lazily loaded library (oidc-session.tsx) and the
// provider that loads it (session.tsx) both read it without importing each other.
import type { User } from 'oidc-client-ts';
import type { AuthContextProps } from 'react-oidc-context';

/** What the console reads of the sign-in library's state (react-oidc-context's `useAuth`). */
export interface Session {
  isAuthenticated: boolean;
  isLoading: boolean;
  user?: User | null;
  error?: Error;
  settings: { extraQueryParams?: Record<string, string | number | boolean> };
  signinRedirect: AuthContextProps['signinRedirect'];
  signoutRedirect: AuthContextProps['signoutRedirect'];
  removeUser: AuthContextProps['removeUser'];
}
