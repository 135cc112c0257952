import { Alert, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { accountQueries } from './account-api.js';
import { ResendVerification } from './resend-verification.js';

/**
 * Shown to a signed-in account whose address is not verified yet (it cannot accept invitations
 * nor be made staff until it is). Loaded lazily: the shell's first bundle stays under its cap.
 */
export default function VerificationBanner({ initiallyVerified }: { initiallyVerified: boolean }) {
  const { t } = useTranslation('account');
  // Read again so a verification in another tab takes the banner away on the next visit.
  const account = useQuery(accountQueries.account());
  const verified = account.data?.email_verified ?? initiallyVerified;
  if (verified) return null;
  return (
    <Alert color="orange" radius={0} py="xs" data-testid="verification-banner">
      <Group justify="center" gap="sm">
        <Text size="sm">{t('banner.text')}</Text>
        <ResendVerification />
        <Text size="sm" component={Link} to="/account" td="underline">
          {t('banner.account')}
        </Text>
      </Group>
    </Alert>
  );
}
