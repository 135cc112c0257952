import { Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { consoleQueries } from '../../../../lib/console-api.js';
import { formatCount, formatDurationUs } from '../../../../lib/numbers.js';
import { ErrorState, ListSkeleton } from '../../../../ui/states.js';

/** A key's slugs, requests and average duration by operation and period. */
export function KeyUsage({ org, keyId }: { org: string; keyId: string }) {
  const { t, i18n } = useTranslation(['dashboard', 'stats']);
  const stats = useQuery(consoleQueries.apiKeyStats(org, keyId));
  if (stats.isPending) return <ListSkeleton rows={1} height={32} />;
  if (stats.isError) return <ErrorState title={t('keys.usageFailed')} error={stats.error} />;
  const rows = stats.data.filter((r) => r.event_type !== 'reset');
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="key-usage-empty">
        {t('keys.noUsage')}
      </Text>
    );
  return (
    <Table withRowBorders={false} verticalSpacing={2} data-testid="key-usage">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('keys.usageOperation')}</Table.Th>
          <Table.Th>{t('keys.usagePeriod')}</Table.Th>
          <Table.Th>{t('keys.usageSlugs')}</Table.Th>
          <Table.Th>{t('keys.usageRequests')}</Table.Th>
          <Table.Th>{t('keys.usageAverage')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={`${r.event_type}-${r.date_part}`}>
            <Table.Td>{t(`stats:operations.${r.event_type}`, { defaultValue: r.event_type })}</Table.Td>
            <Table.Td>{t(`periods.${r.date_part}`)}</Table.Td>
            <Table.Td>{formatCount(r.total_count, i18n.resolvedLanguage)}</Table.Td>
            <Table.Td>{formatCount(r.request_count, i18n.resolvedLanguage)}</Table.Td>
            <Table.Td>{formatDurationUs(r.avg_duration_us, i18n.resolvedLanguage)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
