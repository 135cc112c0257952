import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCount, formatDurationUs } from '../lib/numbers.js';
import { OPERATIONS, type PeriodSummary } from '../lib/stats.js';

/**
 * The current periods side by side: slugs per operation, requests and the mean request
 * duration (product spec §9 number and duration formatting). Resets only where they apply.
 */
export function StatsTable({
  summaries,
  withResets = false,
  caption,
}: {
  summaries: readonly PeriodSummary[];
  withResets?: boolean;
  caption: string;
}) {
  const { t, i18n } = useTranslation('stats');
  const lng = i18n.resolvedLanguage;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped highlightOnHover captionSide="top" data-testid="stats-table">
        <Table.Caption style={{ textAlign: 'start' }}>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('table.period')}</Table.Th>
            {OPERATIONS.map((op) => (
              <Table.Th scope="col" key={op} ta="right">
                {t(`operations.${op}`)}
              </Table.Th>
            ))}
            <Table.Th scope="col" ta="right">
              {t('table.requests')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('table.avgDuration')}
            </Table.Th>
            {withResets && (
              <Table.Th scope="col" ta="right">
                {t('table.resets')}
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {summaries.map((s) => (
            <Table.Tr key={s.datePart} data-testid={`stats-row-${s.datePart}`}>
              <Table.Th scope="row" fw={500} style={{ whiteSpace: 'nowrap' }}>
                {t(`dateParts.${s.datePart}`)}
              </Table.Th>
              {OPERATIONS.map((op) => (
                <Table.Td key={op} ta="right" title={String(s.counts[op])}>
                  {formatCount(s.counts[op], lng)}
                </Table.Td>
              ))}
              <Table.Td ta="right" title={String(s.requests)}>
                {formatCount(s.requests, lng)}
              </Table.Td>
              <Table.Td ta="right">{s.requests > 0 ? formatDurationUs(s.avgDurationUs, lng) : '—'}</Table.Td>
              {withResets && <Table.Td ta="right">{formatCount(s.resets, lng)}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
