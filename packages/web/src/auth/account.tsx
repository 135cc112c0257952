import type { AcceptedAgreement, Account, Agreement } from '@slugsmith/contract';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useAuth } from 'react-oidc-context';
import { ApiError, api } from '../lib/api.js';

export type AgreementState =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'done'; unaccepted: Agreement[]; isNew: boolean }
  | { status: 'error'; message: string };

interface AccountContextValue {
  /** The account once created or fetched after sign-in. */
  account: Account | null;
  accountError: string | null;
  agreements: AgreementState;
  /** Sends the versions of every listed agreement; throws on failure. */
  accept: (agreements: Agreement[]) => Promise<void>;
}

const AccountContext = createContext<AccountContextValue>({
  account: null,
  accountError: null,
  agreements: { status: 'idle' },
  accept: async () => {
    throw new ApiError(401, 'Not authenticated');
  },
});

/** Unaccepted agreements: type and version absent from the accepted list (product spec §5). */
export function unaccepted(
  latest: readonly Agreement[],
  accepted: readonly Pick<AcceptedAgreement, 'agreement_type' | 'agreement_version'>[],
  mandatoryOnly = true,
): Agreement[] {
  const seen = new Set(accepted.map((a) => `${a.agreement_type}\u0000${a.agreement_version}`));
  return latest.filter((a) => !seen.has(`${a.type}\u0000${a.version}`) && (!mandatoryOnly || a.is_mandatory));
}

/**
 * After authentication the account is created or fetched, then unaccepted mandatory agreements are
 * checked once; signing out clears both (product spec §4).
 */
export function AccountProvider({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const token = auth.isAuthenticated ? auth.user?.access_token : undefined;
  const [account, setAccount] = useState<Account | null>(null);
  const [accountError, setAccountError] = useState<string | null>(null);
  const [agreements, setAgreements] = useState<AgreementState>({ status: 'idle' });
  const checkedFor = useRef<string | null>(null);

  useEffect(() => {
    if (!token) {
      setAccount(null);
      setAccountError(null);
      setAgreements({ status: 'idle' });
      checkedFor.current = null;
      return;
    }
    if (checkedFor.current === token) return;
    checkedFor.current = token;
    let cancelled = false;
    (async () => {
      try {
        const acc = await api<Account>('/accounts', { method: 'POST', auth: 'required' });
        if (cancelled) return;
        setAccount(acc);
      } catch (error) {
        if (!cancelled)
          setAccountError(error instanceof Error ? error.message : 'Could not load account info');
        return;
      }
      setAgreements({ status: 'checking' });
      try {
        const [latest, accepted] = await Promise.all([
          api<Agreement[]>('/agreements/latest', { auth: 'none' }),
          api<AcceptedAgreement[]>('/accounts/agreements', { auth: 'required' }),
        ]);
        if (!cancelled)
          setAgreements({
            status: 'done',
            unaccepted: unaccepted(latest, accepted),
            isNew: accepted.length === 0,
          });
      } catch {
        if (!cancelled) setAgreements({ status: 'error', message: 'Failed to check agreements' });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [token]);

  const accept = useCallback(
    async (list: Agreement[]) => {
      if (!token) throw new ApiError(401, 'Not authenticated');
      await api('/accounts/agreements', {
        method: 'POST',
        auth: 'required',
        body: {
          agreement_versions: list.map((a) => ({ agreement_type: a.type, agreement_version: a.version })),
        },
      });
      setAgreements((s) =>
        s.status === 'done' ? { ...s, unaccepted: s.unaccepted.filter((a) => !list.includes(a)) } : s,
      );
    },
    [token],
  );

  const value = useMemo(
    () => ({ account, accountError, agreements, accept }),
    [account, accountError, agreements, accept],
  );
  return <AccountContext.Provider value={value}>{children}</AccountContext.Provider>;
}

export const useAccount = () => useContext(AccountContext);
