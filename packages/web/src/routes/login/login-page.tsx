import { Button, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { useSignInSession } from '../../auth/session.js';
import { safeReturnTo, storeReturnTo, takeReturnTo } from '../../auth/sign-in.js';
import { CookieConsentDialog, hasCookieConsent } from '../../components/cookie-consent.js';

type Phase = 'welcome' | 'consent' | 'processing' | 'redirecting' | 'error';

/**
 * /login: signed in → the stored returnTo (default /dashboard); otherwise welcome, the cookie
 * consent when not yet given, then processing and redirecting to the provider (product spec §2.1).
 */
export function LoginPage() {
  const auth = useSignInSession();
  const { t, i18n } = useTranslation('auth');
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo'));
  const signup = params.get('screen_hint') === 'signup';
  const [phase, setPhase] = useState<Phase>('welcome');
  const started = useRef(false);

  const start = useCallback(async () => {
    if (started.current) return;
    started.current = true;
    setPhase('processing');
    storeReturnTo(returnTo);
    try {
      setPhase('redirecting');
      await auth.signinRedirect({
        state: { returnTo },
        // Per-call parameters replace the provider's (an external issuer's audience): keep them.
        // ui_locales: the provider's pages speak the console's language (OpenID Connect).
        extraQueryParams: {
          ...auth.settings.extraQueryParams,
          ui_locales: i18n.resolvedLanguage ?? i18n.language,
          ...(signup ? { screen_hint: 'signup' } : {}),
        },
      });
    } catch {
      started.current = false;
      setPhase('error');
    }
  }, [auth, returnTo, signup, i18n]);

  useEffect(() => {
    if (auth.isLoading || auth.isAuthenticated || phase !== 'welcome') return;
    const timer = setTimeout(() => {
      if (hasCookieConsent()) start();
      else setPhase('consent');
    }, 600);
    return () => clearTimeout(timer);
  }, [auth.isLoading, auth.isAuthenticated, phase, start]);

  if (auth.isAuthenticated) return <Navigate to={returnTo ?? takeReturnTo()} replace />;

  const message =
    phase === 'processing'
      ? t('login.processing')
      : phase === 'redirecting'
        ? t('login.redirecting')
        : t('login.welcomeText');

  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder p="xl" radius="lg" maw={440} w="100%">
        <Stack align="center" ta="center">
          <img src="/favicon.svg" alt="" width={48} height={48} />
          <Title order={1} size="h3">
            {t('login.welcome')}
          </Title>
          <Text aria-live="polite">{phase === 'error' ? t('login.failed') : message}</Text>
          {(phase === 'processing' || phase === 'redirecting' || (phase === 'welcome' && auth.isLoading)) && (
            <Loader size="sm" aria-label={message} />
          )}
          {(phase === 'error' || phase === 'consent') && (
            <Button onClick={() => (hasCookieConsent() ? start() : setPhase('consent'))}>
              {t('login.continue')}
            </Button>
          )}
        </Stack>
      </Paper>
      <CookieConsentDialog
        opened={phase === 'consent'}
        onAccepted={() => start()}
        onClose={() => setPhase('error')}
      />
    </Center>
  );
}
