import { Group, Paper, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatsTable } from '../../components/stats-table.js';
import {
  HISTORY_PARTS,
  type HistoryPart,
  hasActivity,
  historyPoints,
  OPERATION_COLORS,
  OPERATIONS,
  periodLabel,
  statsQueries,
  summarise,
} from '../../lib/stats.js';
import { EmptyState, ErrorState } from '../../ui/states.js';

const StatsChart = lazy(() => import('../../components/stats-chart.js'));

/**
 * A series' statistics: the current periods in a table, and a chart of the last periods of the
 * chosen kind (hourly … yearly). Empty until the first calls are aggregated (every minute).
 */
export function SeriesStats({ org, series }: { org: string; series: string }) {
  const { t, i18n } = useTranslation('stats');
  const lng = i18n.resolvedLanguage;
  const [datePart, setDatePart] = useState<HistoryPart>('day');
  const latest = useQuery(statsQueries.series(org, series));
  const history = useQuery(statsQueries.series(org, series, datePart));
  const summaries = useMemo(() => summarise(latest.data ?? []), [latest.data]);
  const points = useMemo(
    () => historyPoints(history.data ?? [], datePart, new Date(), periodLabel(datePart, lng)),
    [history.data, datePart, lng],
  );

  return (
    <Paper withBorder radius="md" p="lg" data-testid="series-stats">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={2} size="h3">
              {t('title')}
            </Title>
            <Text size="xs" c="dimmed">
              {t('utc')}
            </Text>
          </div>
        </Group>
        {latest.isPending && <Skeleton height={200} radius="md" />}
        {latest.isError && (
          <ErrorState title={t('loadFailed')} error={latest.error} onRetry={() => latest.refetch()} />
        )}
        {latest.data && !hasActivity(summaries) && (
          <EmptyState title={t('empty.title')}>{t('empty.series')}</EmptyState>
        )}
        {latest.data && hasActivity(summaries) && (
          <>
            <StatsTable summaries={summaries} withResets caption={t('table.caption')} />
            <Group justify="space-between" align="center" wrap="wrap">
              <Title order={3} size="h5">
                {t('history.title')}
              </Title>
              <SegmentedControl
                size="xs"
                value={datePart}
                onChange={(v) => setDatePart(v as HistoryPart)}
                aria-label={t('history.choose')}
                data={HISTORY_PARTS.map((p) => ({ value: p, label: t(`history.parts.${p}`) }))}
              />
            </Group>
            {history.isError ? (
              <ErrorState title={t('loadFailed')} error={history.error} onRetry={() => history.refetch()} />
            ) : history.isPending ? (
              <Skeleton height={260} radius="md" />
            ) : (
              <Suspense fallback={<Skeleton height={260} radius="md" />}>
                <StatsChart
                  data={points as unknown as Record<string, string | number>[]}
                  dataKey="label"
                  locale={lng}
                  testId="series-history-chart"
                  label={t('history.chartLabel', { period: t(`history.parts.${datePart}`) })}
                  series={OPERATIONS.map((op) => ({
                    name: op,
                    label: t(`operations.${op}`),
                    color: OPERATION_COLORS[op],
                  }))}
                />
              </Suspense>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
