import { lazy, Suspense } from 'react';
import { useAccount } from '../../auth/account.js';

// The banner and its texts load only for an account that needs them (landing bundle cap).
const VerificationBanner = lazy(() => import('../../routes/account/verification-banner.js'));

/** Where the "verify your address" banner appears, under the header, for unverified accounts. */
export function VerificationSlot() {
  const { account } = useAccount();
  if (!account || account.email_verified) return null;
  return (
    <Suspense fallback={null}>
      <VerificationBanner initiallyVerified={false} />
    </Suspense>
  );
}
