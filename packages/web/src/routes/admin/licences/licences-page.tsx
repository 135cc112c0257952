import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useOnPremise } from '../../../lib/install.js';
import { EmptyState, ErrorState, ListSkeleton } from '../../../ui/states.js';
import { AdminHeader } from '../parts.js';
import { adminLicenceQueries } from './admin-licences-api.js';
import { AdminLicenceTable } from './licence-table.js';
import { SigningKeysPanel } from './signing-keys-panel.js';

/**
 * /admin/licences on the issuing service; an install issues no licences (its own is on the
 * Installation page, where an old link or bookmark is sent).
 */
export function LicencesPage() {
  const onPremise = useOnPremise();
  if (onPremise === undefined) return <ListSkeleton rows={4} height={36} />;
  if (onPremise) return <Navigate to="/admin/install" replace />;
  return <IssuedLicences />;
}

/** Every organisation's on-premise licences, newest first (under the page's h1), and the signing keys. */
function IssuedLicences() {
  const { t } = useTranslation('licences');
  const licences = useQuery(adminLicenceQueries.all());
  return (
    <Stack gap="md">
      <AdminHeader title={t('admin.title')} intro={t('admin.intro')} />
      {licences.isPending && <ListSkeleton rows={4} height={36} />}
      {licences.isError && (
        <ErrorState title={t('loadFailed')} error={licences.error} onRetry={() => licences.refetch()} />
      )}
      {licences.data?.length === 0 && <EmptyState order={2} title={t('admin.empty')} />}
      {licences.data && licences.data.length > 0 && <AdminLicenceTable licences={licences.data} showOrg />}
      <SigningKeysPanel />
    </Stack>
  );
}
