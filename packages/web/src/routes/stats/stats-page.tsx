import { Alert, Button, Container, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { StatsTable } from '../../components/stats-table.js';
import { formatCount, formatDurationUs } from '../../lib/numbers.js';
import { hasActivity, OPERATION_COLORS, OPERATIONS, statsQueries, summarise } from '../../lib/stats.js';

const StatsChart = lazy(() => import('../../components/stats-chart.js'));

/** Same refresh as the ticker: the server aggregates every minute (product spec §9). */
export const STATS_REFRESH_MS = 60_000;
/** Height of the placeholder while the figures load, and the least height of the empty state. */
const LOADING_HEIGHT = 320;

/** /stats: the whole service's latest statistics, public. */
export function StatsPage() {
  const { t, i18n } = useTranslation('stats');
  const lng = i18n.resolvedLanguage;
  const stats = useQuery({
    ...statsQueries.total(),
    refetchInterval: STATS_REFRESH_MS,
    retry: 1,
  });
  const summaries = useMemo(() => summarise(stats.data ?? []), [stats.data]);
  const total = summaries.find((s) => s.datePart === 'total');
  const chartData = useMemo(
    () =>
      summaries
        .filter((s) => s.datePart !== 'total')
        .map((s) => ({ period: t(`dateParts.${s.datePart}`), ...s.counts })),
    [summaries, t],
  );

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('title')}</Title>
          <Text c="dimmed">{t('intro')}</Text>
        </div>
        {stats.isPending && <Skeleton height={LOADING_HEIGHT} radius="md" />}
        {stats.isError && (
          <Alert color="red" variant="light" role="alert" title={t('loadFailed')} data-testid="stats-error">
            <Button size="xs" variant="default" onClick={() => stats.refetch()}>
              {t('retry')}
            </Button>
          </Alert>
        )}
        {stats.data && !hasActivity(summaries) && (
          // As tall as the placeholder before it: what follows stays where it was.
          <Paper withBorder radius="md" p="xl" mih={LOADING_HEIGHT} display="flex" data-testid="stats-empty">
            <Stack align="center" justify="center" gap="xs" ta="center" flex={1}>
              <Title order={2} size="h4">
                {t('empty.title')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('empty.public')}
              </Text>
            </Stack>
          </Paper>
        )}
        {stats.data && total && hasActivity(summaries) && (
          <>
            <SimpleGrid cols={{ base: 1, sm: 3 }} data-testid="stats-totals">
              <Figure label={t('totals.slugs')} value={formatCount(total.slugs, lng)} exact={total.slugs} />
              <Figure
                label={t('totals.requests')}
                value={formatCount(total.requests, lng)}
                exact={total.requests}
              />
              <Figure
                label={t('totals.avgDuration')}
                value={total.requests > 0 ? formatDurationUs(total.avgDurationUs, lng) : '—'}
              />
            </SimpleGrid>
            <Paper withBorder radius="md" p="lg">
              <Stack>
                <Title order={2} size="h3">
                  {t('chart.title')}
                </Title>
                <Suspense fallback={<Skeleton height={260} radius="md" />}>
                  <StatsChart
                    data={chartData}
                    dataKey="period"
                    locale={lng}
                    testId="stats-chart"
                    label={t('chart.title')}
                    series={OPERATIONS.map((op) => ({
                      name: op,
                      label: t(`operations.${op}`),
                      color: OPERATION_COLORS[op],
                    }))}
                  />
                </Suspense>
              </Stack>
            </Paper>
            <Paper withBorder radius="md" p="lg">
              <StatsTable summaries={summaries} caption={t('table.caption')} />
            </Paper>
          </>
        )}
        <Text size="xs" c="dimmed">
          {t('utc')}
        </Text>
      </Stack>
    </Container>
  );
}

function Figure({ label, value, exact }: { label: string; value: string; exact?: number }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700} title={exact === undefined ? undefined : String(exact)}>
        {value}
      </Text>
    </Paper>
  );
}
