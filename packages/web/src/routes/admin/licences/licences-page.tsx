import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, ListSkeleton } from '../../../ui/states.js';
import { AdminHeader } from '../parts.js';
import { adminLicenceQueries } from './admin-licences-api.js';
import { AdminLicenceTable } from './licence-table.js';
import { SigningKeysPanel } from './signing-keys-panel.js';

/** /admin/licences: every organisation's on-premise licences, newest first (under the page's h1). */
export function LicencesPage() {
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
