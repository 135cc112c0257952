import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { useSignInSession } from '../../auth/session.js';
import { takeReturnTo } from '../../auth/sign-in.js';

/** The sign-in return: 'Completing login...', then the stored returnTo, replacing history. */
export function CallbackPage() {
  const auth = useSignInSession();
  const { t } = useTranslation(['auth', 'errors']);
  if (auth.isAuthenticated && !auth.isLoading)
    return <Navigate to={takeReturnTo(auth.user?.state)} replace />;
  if (auth.error && !auth.isLoading)
    return (
      <Center mih="100vh" component="main">
        <Stack align="center">
          <Text role="alert">{t('callback.failed')}</Text>
          {/* The code exchange is where the token is obtained: §8's 401 variant says what failed. */}
          <Text size="sm" c="dimmed">
            {t('errors:auth.noAccessToken')}
          </Text>
          <Button component={Link} to="/login">
            {t('callback.retry')}
          </Button>
        </Stack>
      </Center>
    );
  return (
    <Center mih="100vh" component="main">
      <Stack align="center">
        <Loader size="sm" aria-hidden="true" />
        <Text aria-live="polite">{t('callback.completing')}</Text>
      </Stack>
    </Center>
  );
}
