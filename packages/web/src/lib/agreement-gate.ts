/**
 * Calls that need a signed-in account (`auth: 'required'`) wait here while the account check of a
 * sign-in runs and its mandatory agreements are not accepted yet: the server refuses them until
 * then (403 agreements_required), which showed "You don't have permission…" and "This invitation
 * does not exist…" behind the agreements dialog. The account layer closes the gate as soon as a
 * token appears and opens it once every agreement is accepted (or on sign-out, when the waiting
 * calls go on and find no token). Unarmed — no account layer, as in unit tests — it stays open.
 */
let open = true;
let waiters: (() => void)[] = [];

export function agreementGateOpen(): boolean {
  return open;
}

/** A token appeared whose account check has not passed yet. */
export function closeAgreementGate(): void {
  open = false;
}

/** The check passed (or the user signed out): every waiting call goes on. */
export function openAgreementGate(): void {
  open = true;
  const released = waiters;
  waiters = [];
  for (const go of released) go();
}

/** Resolves when the gate opens; rejects with the signal's reason when the call is cancelled first. */
export function waitForAgreementGate(signal?: AbortSignal): Promise<void> {
  if (open) return Promise.resolve();
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const go = () => {
      signal?.removeEventListener('abort', cancel);
      resolve();
    };
    const cancel = () => {
      waiters = waiters.filter((w) => w !== go);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', cancel, { once: true });
    waiters.push(go);
  });
}
