import { Alert, Container } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from 'react-oidc-context';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '../components/error-boundary.js';
import { Layout } from '../components/layout/layout.js';
import { PageLoader } from '../components/root-shell.js';
import { useAccount } from './account.js';
import { AgreementDialog } from './agreement-dialog.js';
import { FeatureHintsProvider } from './feature-hints.js';

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
  const { account, accountError } = useAccount();
  const { t } = useTranslation('errors');

  if (requireAuth && !auth.isAuthenticated) {
    if (auth.isLoading) return <PageLoader />;
    const returnTo = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={`/login?returnTo=${encodeURIComponent(returnTo)}`} replace />;
  }

  let content = <Outlet />;
  if (requireAdmin) {
    if (accountError) content = <Notice text={t('general.accountNotFound')} />;
    else if (!account) content = <PageLoader />;
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

function Notice({ text }: { text: string }) {
  return (
    <Container size="sm" py="xl">
      <Alert color="yellow" variant="light" role="alert">
        {text}
      </Alert>
    </Container>
  );
}
