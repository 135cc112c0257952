import { Alert, Button, Container, Stack, Text } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '../components/error-boundary.js';
import { Layout } from '../components/layout/layout.js';
import { PageLoader } from '../components/root-shell.js';
import { useAccount } from './account.js';
import { AgreementDialog } from './agreement-dialog.js';
import { FeatureHintsProvider } from './feature-hints.js';
import { useAuth } from './session.js';

/**
 * The access guard: authentication, then the agreement check, then the layout, feature hints and
 * suspense (product spec §2.2).
 */
export function AccessGuard({
  requireAuth = false,
  requireAdmin = false,
}: {
  requireAuth?: boolean;
  requireAdmin?: boolean;
}) {
  const auth = useAuth();
  const location = useLocation();
  const { account, accountError, agreements, retry } = useAccount();
  const { t } = useTranslation('errors');

  if (requireAuth && !auth.isAuthenticated) {
    if (auth.isLoading) return <PageLoader />;
    const returnTo = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={`/login?returnTo=${encodeURIComponent(returnTo)}`} replace />;
  }

  let content = <Outlet />;
  // Signed in, the account and agreement check comes before every guarded page: while it fails,
  // the page is held back behind a notice with a retry (product spec §2.2, §4, §8).
  const checkFailed = auth.isAuthenticated && (accountError !== null || agreements.status === 'error');
  if (checkFailed) {
    content = (
      <CheckFailed
        title={t(accountError !== null ? 'other.accountInfo' : 'other.checkAgreements')}
        detail={accountError ?? (agreements.status === 'error' ? agreements.detail : undefined)}
        onRetry={retry}
      />
    );
  } else if (requireAdmin) {
    if (!account) content = <PageLoader />;
    else if (!account.permissions) content = <Notice text={t('general.forbidden')} />;
  }

  return (
    <Layout>
      <AgreementDialog />
      <FeatureHintsProvider>
        <ErrorBoundary key={location.pathname}>
          <Suspense fallback={<PageLoader />}>{content}</Suspense>
        </ErrorBoundary>
      </FeatureHintsProvider>
    </Layout>
  );
}

function CheckFailed({ title, detail, onRetry }: { title: string; detail?: string; onRetry: () => void }) {
  const { t } = useTranslation('errors');
  return (
    <Container size="sm" py="xl">
      <Alert color="red" variant="light" role="alert" title={title} data-testid="account-check-failed">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('account.heldBack')}</Text>
          {detail && (
            <Text size="xs" c="dimmed">
              {detail}
            </Text>
          )}
          <Button size="xs" variant="default" onClick={onRetry}>
            {t('boundary.tryAgain')}
          </Button>
        </Stack>
      </Alert>
    </Container>
  );
}

function Notice({ text }: { text: string }) {
  return (
    <Container size="sm" py="xl">
      <Alert color="yellow" variant="light" role="alert">
        {text}
      </Alert>
    </Container>
  );
}
