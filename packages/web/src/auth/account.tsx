import type { AcceptedAgreement, Account, Agreement } from '@slugsmith/contract';
import { useQueryClient } from '@tanstack/react-query';
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
import { closeAgreementGate, openAgreementGate } from '../lib/agreement-gate.js';
import { ApiError, body, client } from '../lib/api.js';
import { useAuth } from './session.js';

export type AgreementState =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'done'; unaccepted: Agreement[]; isNew: boolean }
  /** The check failed; `detail` is the server's message, if it answered. */
  | { status: 'error'; detail?: string };

interface AccountContextValue {
  /** The account once created or fetched after sign-in. */
  account: Account | null;
  /** Creating or fetching the account failed: the server's message ('' when there is none). */
  accountError: string | null;
  agreements: AgreementState;
  /** Runs the account and agreement check again (after a failure). */
  retry: () => void;
  /** Sends the versions of every listed agreement; throws on failure. */
  accept: (agreements: Agreement[]) => Promise<void>;
}

const AccountContext = createContext<AccountContextValue>({
  account: null,
  accountError: null,
  agreements: { status: 'idle' },
  retry: () => {},
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
  const [attempt, setAttempt] = useState(0);
  const queryClient = useQueryClient();
  // Whether this sign-in's account exists with every mandatory agreement accepted. Until then the
  // signed-in calls wait (agreement-gate.ts); closed during render, before any page's query runs.
  const passed = useRef(false);
  if (token && !passed.current) closeAgreementGate();

  useEffect(() => {
    if (!token) {
      setAccount(null);
      setAccountError(null);
      setAgreements({ status: 'idle' });
      checkedFor.current = null;
      passed.current = false;
      openAgreementGate();
      return;
    }
    const key = `${attempt}:${token}`;
    if (checkedFor.current === key) return;
    checkedFor.current = key;
    setAccountError(null);
    let cancelled = false;
    (async () => {
      try {
        const acc = await body(client.POST('/accounts', { auth: 'required', beforeAgreements: true }));
        if (cancelled) return;
        setAccount(acc);
      } catch (error) {
        // The guard shows the translated notice (§8 "Could not load account info") with this detail.
        if (!cancelled) setAccountError(error instanceof Error ? error.message : '');
        return;
      }
      setAgreements({ status: 'checking' });
      try {
        const [latest, accepted] = await Promise.all([
          body(client.GET('/agreements/latest', { auth: 'none' })),
          body(client.GET('/accounts/agreements', { auth: 'required', beforeAgreements: true })),
        ]);
        if (!cancelled)
          setAgreements({
            status: 'done',
            unaccepted: unaccepted(latest, accepted),
            isNew: accepted.length === 0,
          });
      } catch (error) {
        // The guard shows the translated notice (§8 "Failed to check agreements") and holds the page.
        if (!cancelled)
          setAgreements({ status: 'error', ...(error instanceof Error && { detail: error.message }) });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [token, attempt]);

  // The check passed: the waiting calls go on, and anything that failed before (a call made
  // without the gate, e.g. by an older tab's code) is fetched again.
  const cleared = account !== null && agreements.status === 'done' && agreements.unaccepted.length === 0;
  useEffect(() => {
    if (!token || !cleared || passed.current) return;
    passed.current = true;
    openAgreementGate();
    void queryClient.invalidateQueries({ predicate: (query) => query.state.status === 'error' });
  }, [token, cleared, queryClient]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  const accept = useCallback(
    async (list: Agreement[]) => {
      if (!token) throw new ApiError(401, 'Not authenticated');
      await client.POST('/accounts/agreements', {
        auth: 'required',
        beforeAgreements: true,
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
    () => ({ account, accountError, agreements, accept, retry }),
    [account, accountError, agreements, accept, retry],
  );
  return <AccountContext.Provider value={value}>{children}</AccountContext.Provider>;
}

export const useAccount = () => useContext(AccountContext);
